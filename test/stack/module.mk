# SPDX-License-Identifier: Apache-2.0
# The bounds of what C puts on a stack (issue 30): recursion depth and variable-length arrays on the
# Verilated board.
STACK_DIR := $(BUILD)/test/stack
TESTS += $(STACK_DIR)/stack-test

$(STACK_DIR)/depth.kimg: test/stack/kernels.c $(KILN_CC) $(KERNEL_LIBC_BC) hls/include/kiln/device.h \
		$(SIM_MODEL_DEPS) $(wildcard rtl/*.v)
	@mkdir -p $(@D)
	$(KILN_CC) -q --recursion-depth 65 -o $@ test/stack/kernels.c
$(STACK_DIR)/stack-test: test/stack/stack-test.sh $(STACK_DIR)/depth.kimg $(CPROG_RUN_MAIN)
	printf '#!/bin/sh\nexec sh "%s/test/stack/stack-test.sh" "%s" "%s" "%s"\n' '$(SRC)' '$(SRC)' \
		'$(abspath $(BUILD))' '$(abspath $(STACK_DIR)/depth.kimg)' >$@
	chmod +x $@
