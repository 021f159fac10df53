# SPDX-License-Identifier: Apache-2.0
# Wild memory accesses (issue 26): the null page and addresses above 4 GiB are reported, and kiln-cc --checks
# bounds-checks on-chip accesses. One kernel file, built without and with --checks.
MC_DIR := $(BUILD)/test/memcheck
MC_DEPS := test/memcheck/kernels.c $(KILN_CC) hls/include/kiln/device.h $(SIM_MODEL_DEPS) $(wildcard rtl/*.v)
TESTS += $(MC_DIR)/memcheck_test

$(MC_DIR)/plain.kimg: $(MC_DEPS)
	@mkdir -p $(@D)
	$(KILN_CC) -q -o $@ test/memcheck/kernels.c
$(MC_DIR)/checked.kimg: $(MC_DEPS)
	@mkdir -p $(@D)
	$(KILN_CC) -q --checks -o $@ test/memcheck/kernels.c

$(MC_DIR)/memcheck_test.bin: $(BUILD)/obj/test/memcheck/memcheck_test.o $(LIBKILN)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $< $(LIBKILN_LINK) -pthread
$(MC_DIR)/memcheck_test: $(MC_DIR)/memcheck_test.bin $(MC_DIR)/plain.kimg $(MC_DIR)/checked.kimg
	printf '#!/bin/sh\nexec "%s" "%s" "%s" "%s"\n' '$(abspath $<)' '$(abspath $(MC_DIR)/plain.kimg)' \
		'$(abspath $(MC_DIR)/checked.kimg)' '$(abspath test/memcheck/kernels.c)' >$@
	chmod +x $@
