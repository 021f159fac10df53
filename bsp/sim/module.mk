# SPDX-License-Identifier: Apache-2.0
# bsp/sim: the default, Verilator-simulated board.
# - The shell RTL and the model wrapper are compiled per image by bsp/sim/build-model (kiln-cc calls it; so do
#   the sim tests). A rule building a model lists $(SIM_MODEL_DEPS) so that a shell change rebuilds it.
# - libkiln links $(SIM_BACKEND_OBJS) and $(SIM_BACKEND_LDLIBS) for the "sim" backend.

SIM_BUILD_MODEL := bsp/sim/build-model
SIM_SHELL_RTL := bsp/sim/rtl/kiln_sim_board.v bsp/common/rtl/kiln_shell.v
SIM_MODEL_DEPS := $(SIM_BUILD_MODEL) $(SIM_SHELL_RTL) bsp/sim/model/sim_model.cpp bsp/sim/model/sim_model.h \
	bsp/sim/model/trace_merge.cpp
SIM_BACKEND_OBJS := $(BUILD)/obj/bsp/sim/host/sim_backend.o
SIM_BACKEND_LDLIBS := -ldl -pthread

# Runs only the simulated-board tests; test/sim/module.mk adds the programs as prerequisites.
.PHONY: test-sim
test-sim:
	@python3 scripts/run-tests $(SIM_TESTS)
