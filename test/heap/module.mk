# SPDX-License-Identifier: Apache-2.0
# The heap (issue 30): kernels' malloc on the Verilated board, and what the runtime reports of it.
HEAP_DIR := $(BUILD)/test/heap
HEAP_DEPS := test/heap/kernels.c $(KILN_CC) $(KERNEL_LIBC_BC) hls/include/kiln/device.h $(SIM_MODEL_DEPS) \
	$(wildcard rtl/*.v)
TESTS += $(HEAP_DIR)/heap_test

$(HEAP_DIR)/heap.kimg: $(HEAP_DEPS)
	@mkdir -p $(@D)
	$(KILN_CC) -q -o $@ test/heap/kernels.c
$(HEAP_DIR)/default.kimg: $(HEAP_DEPS)
	@mkdir -p $(@D)
	$(KILN_CC) -q -DONLY_KEEP -o $@ test/heap/kernels.c

$(HEAP_DIR)/sized.kimg: $(HEAP_DEPS)
	@mkdir -p $(@D)
	$(KILN_CC) -q -DONLY_KEEP --heap-size 2M -o $@ test/heap/kernels.c

$(HEAP_DIR)/heap_test.bin: $(BUILD)/obj/test/heap/heap_test.o $(LIBKILN)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $< $(LIBKILN_LINK) -pthread
$(HEAP_DIR)/heap_test: $(HEAP_DIR)/heap_test.bin $(HEAP_DIR)/heap.kimg $(HEAP_DIR)/default.kimg \
		$(HEAP_DIR)/sized.kimg $(KILN_SMOKE_IMG)
	printf '#!/bin/sh\nexec "%s" "%s" "%s" "%s" "%s"\n' '$(abspath $<)' '$(abspath $(HEAP_DIR)/heap.kimg)' \
		'$(abspath $(HEAP_DIR)/default.kimg)' '$(abspath $(KILN_SMOKE_IMG))' \
		'$(abspath $(HEAP_DIR)/sized.kimg)' >$@
	chmod +x $@
