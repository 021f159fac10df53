# SPDX-License-Identifier: Apache-2.0
# Real boards without a board: their bitstream flows with the real tools.
BOARDS_TEST_DIR := $(BUILD)/test/boards
TESTS += $(BOARDS_TEST_DIR)/bitstream-test
# The ECP5 tools come from the virtual environment the ecosystem tests make (test/ecosystem/module.mk).
$(BOARDS_TEST_DIR)/bitstream-test: test/boards/bitstream-test.sh configs/boards/icebreaker.json \
		configs/boards/ulx3s.json $(KILN_CC) $(BUILD)/venv/.kiln-pins
	@mkdir -p $(@D)
	printf '#!/bin/sh\nPATH="%s/bin:$$PATH" exec sh "%s/test/boards/bitstream-test.sh" "%s" "%s"\n' \
		'$(abspath $(BUILD)/venv)' '$(SRC)' '$(SRC)' '$(abspath $(BUILD))' >$@
	chmod +x $@
