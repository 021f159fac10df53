# SPDX-License-Identifier: Apache-2.0
# The ecosystem's own tools read what Kiln writes: systemrdl-compiler and PeakRDL's C header generator on
# regmap.rdl (offsets compared with regmap.h), FuseSoC on the exported .core files. The tools live in a
# virtual environment under $(BUILD), made by scripts/python-venv (after install-deps gives python3-venv).
ECO_DIR := $(BUILD)/test/ecosystem
ECO_VENV := $(BUILD)/venv
ECO_VENV_STAMP := $(ECO_VENV)/.kiln-pins
# Images of modules read after this one: named lazily, the rules expand them a second time.
ECO_IMAGES = $(COUNTER_IMG) $(RT_IMG) $(OCL_TEST_IMG) $(DG_IMG)
ECO_TESTS := $(ECO_DIR)/rdl-test $(ECO_DIR)/fusesoc-test
TESTS += $(ECO_TESTS)

$(ECO_VENV_STAMP): scripts/python-venv | $(DEPS_STAMP)
	sh scripts/python-venv $(ECO_VENV)

.SECONDEXPANSION:
$(ECO_DIR)/rdl-test: test/ecosystem/rdl_check.py $(ECO_VENV_STAMP) $$(ECO_IMAGES)
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec "%s" "%s" %s\n' '$(abspath $(ECO_VENV))/bin/python' '$(abspath test/ecosystem/rdl_check.py)' \
		'$(foreach i,$(ECO_IMAGES),"$(abspath $(i)).d")' >$@
	chmod +x $@

$(ECO_DIR)/fusesoc-test: test/ecosystem/fusesoc-test.sh $(ECO_VENV_STAMP) $$(COUNTER_IMG) $$(RT_IMG)
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec sh "%s" "%s" %s\n' '$(abspath test/ecosystem/fusesoc-test.sh)' '$(abspath $(ECO_VENV))' \
		'"$(abspath $(COUNTER_IMG)).d" "$(abspath $(RT_IMG)).d"' >$@
	chmod +x $@
