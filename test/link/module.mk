# SPDX-License-Identifier: Apache-2.0
# The serial host link's board side (bsp/common/rtl): the UART bridge's Icarus Verilog testbench, its lint
# and its iCE40 synthesis. `make test-link` runs only these.

LINK_TEST_DIR := $(BUILD)/test/link
LINK_TESTS := $(LINK_TEST_DIR)/link-test
TESTS += $(LINK_TESTS)

# A wrapper so the runner can execute the script from any directory.
$(LINK_TEST_DIR)/link-test: test/link/link-test.sh $(CONTRACT_VH)
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec sh "%s/test/link/link-test.sh" "%s" "%s"\n' '$(SRC)' '$(SRC)' '$(abspath $(dir $(CONTRACT_VH)))' >$@
	chmod +x $@

.PHONY: test-link
test-link: $(LINK_TESTS)
	@python3 scripts/run-tests $(LINK_TESTS)
