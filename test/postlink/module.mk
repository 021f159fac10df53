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

# test/postlink/lit: IR in DPC++'s shapes, each a lit-style test whose RUN lines name kiln-post-link (and
# kiln-cc) and whose checks are FileCheck lines, run by the same runner as DPC++'s own tests
# (scripts/run-dpcpp-lit.sh; see kiln-post-link(1), DIFFERENCES FROM SYCL-POST-LINK).
TESTS += $(PL_TEST_DIR)/lit-test

$(PL_TEST_DIR)/lit-test: scripts/run-dpcpp-lit.sh $(KILN_CC) $(KILN_POST_LINK) $(KERNEL_LIBC_BC) $(wildcard test/postlink/lit/*.ll)
	@mkdir -p $(@D)
	printf '#!/bin/sh\nKILN_LIT_TAP=1 KILN_POST_LINK="%s" KILN_CC="%s" exec sh "%s/scripts/run-dpcpp-lit.sh" "%s/test/postlink/lit"\n' \
		'$(abspath $(KILN_POST_LINK))' '$(abspath $(KILN_CC))' '$(SRC)' '$(SRC)' >$@
	chmod +x $@

# Virtual-function sets (seed 001): kiln-post-link against intel/llvm's own sycl-post-link tests (vf-test.sh),
# and the AOT half of the library that kiln-cc --board calls (vf_aot_test, linked with the compiler's objects).
TESTS += $(PL_TEST_DIR)/vf-test $(PL_TEST_DIR)/vf_aot_test
EXTRA_CFLAGS_test/postlink = $(LLVM_CFLAGS)

$(PL_TEST_DIR)/vf-test: test/postlink/vf-test.sh $(KILN_POST_LINK) $(wildcard test/postlink/vf_*.ll)
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec sh "%s/test/postlink/vf-test.sh" "%s" "%s"\n' '$(SRC)' '$(SRC)' '$(abspath $(BUILD))' >$@
	chmod +x $@

$(PL_TEST_DIR)/vf_aot_test.bin: $(BUILD)/obj/test/postlink/vf_aot_test.o $(HLS_OBJS) $(COMMON_LIB)
	$(HLS_LINK)

$(PL_TEST_DIR)/vf_aot_test: $(PL_TEST_DIR)/vf_aot_test.bin test/postlink/vf_aspects.ll
	printf '#!/bin/sh\nexec "%s" "%s"\n' '$(abspath $<)' '$(SRC)' >$@
	chmod +x $@

# Seed 001's runtime linking (kiln_program_create_linked, vf_link_test): vf_link.ll through kiln-post-link,
# its images linked and run on boards with and without fp64, the cache and the errors.
PL_VF_LINK := $(PL_TEST_DIR)/vf_link
TESTS += $(PL_TEST_DIR)/vf_link_test

$(PL_VF_LINK)/vf_link.table: test/postlink/vf_link.ll $(KILN_POST_LINK)
	@mkdir -p $(@D)
	$(KILN_POST_LINK) -split=source -properties -symbols -o $(abspath $@) $<

$(PL_TEST_DIR)/vf_link_test: $(PL_TEST_DIR)/vf_link_test.bin $(PL_VF_LINK)/vf_link.table $(KILN_CC) \
		$(SIM_MODEL_DEPS) $(wildcard rtl/*.v) configs/boards/sim-nofp64.json
	printf '#!/bin/sh\nexec "%s" "%s" "%s"\n' '$(abspath $<)' '$(abspath $(PL_VF_LINK))' '$(abspath $(KILN_CC))' >$@
	chmod +x $@
