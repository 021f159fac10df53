# SPDX-License-Identifier: Apache-2.0
# Post-link tests: kiln-post-link on DPC++-style IR, SPIR-V round trips, and that IR compiled and run.
PL_TEST_DIR := $(BUILD)/test/postlink
PL_IMG := $(PL_TEST_DIR)/dpcpp_device.kimg
PL_USM_IMG := $(PL_TEST_DIR)/dpcpp_usm_dg.kimg
TESTS += $(PL_TEST_DIR)/postlink-test $(PL_TEST_DIR)/foreign_ir_test $(PL_TEST_DIR)/foreign_usm_test

$(PL_IMG): test/postlink/dpcpp_device.ll $(KILN_CC) $(SIM_MODEL_DEPS) $(wildcard rtl/*.v)
	@mkdir -p $(@D)
	$(KILN_CC) -q -o $@ $<

$(PL_USM_IMG): test/postlink/dpcpp_usm_dg.ll $(KILN_CC) $(SIM_MODEL_DEPS) $(wildcard rtl/*.v)
	@mkdir -p $(@D)
	$(KILN_CC) -q -o $@ $<

$(PL_TEST_DIR)/%.bin: $(BUILD)/obj/test/postlink/%.o $(LIBKILN)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $< $(LIBKILN_LINK)

$(PL_TEST_DIR)/foreign_ir_test: $(PL_TEST_DIR)/foreign_ir_test.bin $(PL_IMG)
	printf '#!/bin/sh\nexec "%s" "%s"\n' '$(abspath $<)' '$(abspath $(PL_IMG))' >$@
	chmod +x $@

$(PL_TEST_DIR)/foreign_usm_test: $(PL_TEST_DIR)/foreign_usm_test.bin $(PL_USM_IMG)
	printf '#!/bin/sh\nexec "%s" "%s"\n' '$(abspath $<)' '$(abspath $(PL_USM_IMG))' >$@
	chmod +x $@

$(PL_TEST_DIR)/postlink-test: test/postlink/postlink-test.sh $(KILN_CC) $(KILN_POST_LINK) $(wildcard test/postlink/*.ll)
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec sh "%s/test/postlink/postlink-test.sh" "%s" "%s"\n' '$(SRC)' '$(SRC)' '$(abspath $(BUILD))' >$@
	chmod +x $@
