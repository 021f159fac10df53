# SPDX-License-Identifier: Apache-2.0
# System assembly and the hardware contract: the register block generated from the register-map model
# (regmap_rtl), checked on hand-made maps and, in Icarus Verilog, against the published map of real images;
# the Verilog twin of contract.h against the C header.
SYSTEM_TEST_DIR := $(BUILD)/test/system
SYSTEM_TESTS := $(SYSTEM_TEST_DIR)/regmap_rtl_test $(SYSTEM_TEST_DIR)/regblock-sim-test \
	$(SYSTEM_TEST_DIR)/contract-vh-test
TESTS += $(SYSTEM_TESTS)

$(SYSTEM_TEST_DIR)/regmap_rtl_test: $(BUILD)/obj/test/system/regmap_rtl_test.o $(HLS_OBJS) $(COMMON_LIB)
	$(HLS_LINK)

$(SYSTEM_TEST_DIR)/regblock-sim-test: test/system/regblock-sim-test.sh test/system/regblock_tb.py $(KILN_CC) \
		$(wildcard rtl/*.v) test/libkiln/boards/fake.json
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec sh "%s/test/system/regblock-sim-test.sh" "%s" "%s"\n' '$(SRC)' '$(SRC)' '$(abspath $(BUILD))' >$@
	chmod +x $@

$(SYSTEM_TEST_DIR)/contract-vh-test: test/system/contract-vh-test.sh $(CONTRACT_VH)
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec sh "%s/test/system/contract-vh-test.sh" "%s" "%s"\n' '$(SRC)' '$(SRC)' '$(abspath $(CONTRACT_VH))' >$@
	chmod +x $@

.PHONY: test-system
test-system: $(SYSTEM_TESTS)
	@python3 scripts/run-tests $(SYSTEM_TESTS)
