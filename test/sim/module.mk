# SPDX-License-Identifier: Apache-2.0
# Simulated-board tests: the fixture model through the C ABI and through the sim backend, plus RTL lint and
# synthesis of the shell. `make test-sim` runs only these.

SIM_TEST_DIR := $(BUILD)/test/sim
SIM_FIXTURE_MODEL := $(SIM_TEST_DIR)/fixture_model.so
SIM_TESTS := $(SIM_TEST_DIR)/model_test $(SIM_TEST_DIR)/backend_test $(SIM_TEST_DIR)/rtl-lint
TESTS += $(SIM_TESTS)

EXTRA_CFLAGS_test/sim := -DKSIM_FIXTURE_MODEL='"$(abspath $(SIM_FIXTURE_MODEL))"' \
	-DKSIM_TEST_DIR='"$(abspath $(SIM_TEST_DIR))"'

# The staged build-model, whose rtl/ holds the generated contract header the shell and the fixture include; the
# fixture reports FIXTURE_HASH (sim_test_util.h) through the shell's hash parameters, as an image would.
SIM_STAGED_MODEL_DEPS := $(patsubst %,$(BUILD)/share/kiln/%,$(SIM_MODEL_DEPS)) $(CONTRACT_VH)
$(SIM_FIXTURE_MODEL): test/sim/fixture_image.v $(SIM_STAGED_MODEL_DEPS) | $(DEPS_STAMP)
	@mkdir -p $(@D)
	KILN_CACHE_DIR=$(KILN_CACHE) sh $(BUILD)/share/kiln/$(SIM_BUILD_MODEL) --trace $@ $(SIM_TEST_DIR)/fixture_model \
		test/sim/fixture_image.v -G "IMAGE_HASH_LO=32'h89ABCDEF" -G "IMAGE_HASH_HI=32'h01234567"

$(SIM_TEST_DIR)/model_test: $(BUILD)/obj/test/sim/model_test.o | $(SIM_FIXTURE_MODEL)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $^ -ldl

$(SIM_TEST_DIR)/backend_test: $(BUILD)/obj/test/sim/backend_test.o $(SIM_BACKEND_OBJS) $(COMMON_LIB) \
		| $(SIM_FIXTURE_MODEL)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $^ $(COMMON_LDLIBS) $(SIM_BACKEND_LDLIBS)

# A wrapper so the runner can execute the script from any directory.
$(SIM_TEST_DIR)/rtl-lint: test/sim/rtl-lint.sh $(CONTRACT_VH)
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec sh "%s/test/sim/rtl-lint.sh" "%s" "%s"\n' '$(SRC)' '$(SRC)' '$(abspath $(dir $(CONTRACT_VH)))' >$@
	chmod +x $@

test-sim: $(SIM_TESTS)
