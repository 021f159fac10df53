# SPDX-License-Identifier: Apache-2.0
# Recursion's stack bound (issue 30): --recursion-depth and KILN_RECURSION_DEPTH on the Verilated board.
REC_DIR := $(BUILD)/test/recursion
TESTS += $(REC_DIR)/recursion-test

$(REC_DIR)/depth.kimg: test/recursion/kernels.c $(KILN_CC) $(KERNEL_LIBC_BC) hls/include/kiln/device.h \
		$(SIM_MODEL_DEPS) $(wildcard rtl/*.v)
	@mkdir -p $(@D)
	$(KILN_CC) -q --recursion-depth 65 -o $@ test/recursion/kernels.c
$(REC_DIR)/recursion-test: test/recursion/recursion-test.sh $(REC_DIR)/depth.kimg $(CPROG_RUN_MAIN)
	printf '#!/bin/sh\nexec sh "%s/test/recursion/recursion-test.sh" "%s" "%s" "%s"\n' '$(SRC)' '$(SRC)' \
		'$(abspath $(BUILD))' '$(abspath $(REC_DIR)/depth.kimg)' >$@
	chmod +x $@
