# SPDX-License-Identifier: Apache-2.0
# The HTML report in a real browser (Chromium, headless): a kernel whose names and source hold markup, and
# the saxpy example's image.
REPORT_TEST_DIR := $(BUILD)/test/report
TESTS += $(REPORT_TEST_DIR)/report-test
$(REPORT_TEST_DIR)/report-test: test/report/report-test.sh test/report/report_check.py test/report/report_kernel.c \
		$(KILN_CC) $(SAXPY_IMG)
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec sh "%s/test/report/report-test.sh" "%s" "%s" "%s"\n' '$(SRC)' '$(SRC)' \
		'$(abspath $(BUILD))' '$(abspath $(SAXPY_IMG))' >$@
	chmod +x $@
