# SPDX-License-Identifier: Apache-2.0
# Real boards without a board: their bitstream flows with the real tools.
BOARDS_TEST_DIR := $(BUILD)/test/boards
TESTS += $(BOARDS_TEST_DIR)/bitstream-test
$(BOARDS_TEST_DIR)/bitstream-test: test/boards/bitstream-test.sh configs/boards/icebreaker.json $(KILN_CC)
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec sh "%s/test/boards/bitstream-test.sh" "%s" "%s"\n' '$(SRC)' '$(SRC)' '$(abspath $(BUILD))' >$@
	chmod +x $@
