# SPDX-License-Identifier: Apache-2.0
# kiln test, the users' regression runner (host/regress/), on real manifests: corpus kernels, a self-checking
# program, a host program, and a manifest of faults (test/regress/kiln-test-test.sh).
REGRESS_TEST := $(BUILD)/test/regress/kiln-test-test
TESTS += $(REGRESS_TEST)
$(REGRESS_TEST): test/regress/kiln-test-test.sh $(wildcard test/regress/*.json test/regress/*.c) $(KILN_TOOL) \
		$(KILN_CC) $(LIBKILN) $(KILN_DIFFTEST_FILES)
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec sh "%s/test/regress/kiln-test-test.sh" "%s" "%s"\n' '$(SRC)' '$(SRC)' '$(abspath $(BUILD))' >$@
	chmod +x $@

# make bench: a 40-test regression of corpus kernels, cold and warm, -j1 and -j2, against the sum of its parts,
# and the time from a source edit to its verdict (scripts/bench-regress).
$(BUILD)/bench/bench-regress: scripts/bench-regress test/regress/slurm-node.sh $(KILN_TOOL) $(KILN_CC) $(KILN_DIFFTEST_FILES)
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec python3 "%s/scripts/bench-regress" "%s" "%s"\n' '$(SRC)' '$(abspath $(BUILD))' '$(SRC)' >$@
	chmod +x $@
BENCH_PROGS += $(BUILD)/bench/bench-regress

# kiln test --slurm on a single-node Slurm the test starts and stops (skipped, saying why, without Slurm).
SLURM_TEST := $(BUILD)/test/regress/slurm-test
TESTS += $(SLURM_TEST)
$(SLURM_TEST): test/regress/slurm-test.sh test/regress/slurm-node.sh scripts/bench-regress $(KILN_TOOL) $(KILN_CC) $(LIBKILN) $(KILN_DIFFTEST_FILES)
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec sh "%s/test/regress/slurm-test.sh" "%s" "%s"\n' '$(SRC)' '$(SRC)' '$(abspath $(BUILD))' >$@
	chmod +x $@
