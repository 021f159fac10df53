# SPDX-License-Identifier: Apache-2.0
# The Python package (python/: ctypes over libkiln, and its pytest plugin) tested as users run it: pytest -n 2
# with a JUnit report over test/python, on the sim board, from the venv scripts/python-venv makes (with the
# package installed editable, so the tree's current Python code is what runs).
PY_TEST_DIR := $(BUILD)/test/python
TESTS += $(PY_TEST_DIR)/pytest-test

# The venv records python/pyproject.toml (its entry points are copied at install): a change remakes it.
$(BUILD)/venv/.kiln-pins: python/pyproject.toml

$(PY_TEST_DIR)/pytest-test: test/python/pytest-test.sh $(BUILD)/venv/.kiln-pins $(LIBKILN) $(KILN_CC) \
		$(KERNEL_LIBC_BC) $(SIM_MODEL_DEPS)
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec sh "%s/test/python/pytest-test.sh" "%s" "%s"\n' '$(SRC)' '$(SRC)' '$(abspath $(BUILD))' >$@
	chmod +x $@
