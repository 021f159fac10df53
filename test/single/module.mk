# SPDX-License-Identifier: Apache-2.0
# if_device and single-source programs (issue 15, seed 000): both modes of if_device/if_host, the split's
# modules and footer, device diagnostics that skip if_host code, and single-source executables on the board.
SINGLE_TEST_DIR := $(BUILD)/test/single
SINGLE_APP := $(SINGLE_TEST_DIR)/app
TESTS += $(SINGLE_TEST_DIR)/single-test

$(SINGLE_APP): test/single/app.c test/single/sides.c $(KILN_CC) $(LIBKILN) hls/include/kiln/device.h \
		$(BUILD)/include/kiln/single.h $(BUILD)/include/kiln/kiln.h $(KERNEL_LIBC_BC) $(SIM_MODEL_DEPS) \
		$(wildcard rtl/*.v)
	@mkdir -p $(@D)
	$(KILN_CC) -q --single-source -o $@ $<

$(SINGLE_TEST_DIR)/single-test: test/single/single-test.sh $(SINGLE_APP) $(COUNTER_SINGLE) $(COUNTER_HOST) \
		$(COUNTER_IMG) $(KILN_CC)
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec sh "%s/test/single/single-test.sh" "%s" "%s" "%s" "%s" "%s" "%s"\n' '$(SRC)' '$(SRC)' \
		'$(abspath $(BUILD))' '$(abspath $(SINGLE_APP))' '$(abspath $(COUNTER_SINGLE))' \
		'$(abspath $(COUNTER_HOST))' '$(abspath $(COUNTER_IMG))' >$@
	chmod +x $@
