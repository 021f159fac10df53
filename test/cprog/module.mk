# SPDX-License-Identifier: Apache-2.0
# The C-program corpus (issue 13): small self-checking programs in test/cprog/<group>/, each exercising one
# construct of real C, and programs scripts/gen-cprog generates (random pointer graphs and call tables, fixed
# seed). Each runs natively and on the simulated board; what it prints and how it ends must match
# (cprog-test.sh). Programs keep every name but main static, so that a group's programs link into images of
# CPROG_PER_IMAGE kernels, each program's main a kernel of its own (a wrapper per program).
CPROG_DIR := $(BUILD)/test/cprog
CPROG_RUN_MAIN := $(CPROG_DIR)/run_main
CPROG_PER_IMAGE := 16
# Groups whose programs are large (the math library's): one per image, so that their models build in
# parallel and each stays small enough for the C++ compiler (one model of them all took 20 minutes of a core).
CPROG_ONE_PER_IMAGE := libm
CPROG_GEN_SEED := 20261126
CPROG_GEN_COUNT := 40
CPROG_GEN_DIR := $(CPROG_DIR)/gen-src/gen
CPROG_HAND := $(sort $(wildcard test/cprog/*/*.c))
# gen-cprog names them gen_00.c ... (numbered like seq -w).
CPROG_GEN := $(foreach i,$(shell seq -w 0 $$(($(CPROG_GEN_COUNT) - 1))),$(CPROG_GEN_DIR)/gen_$(i).c)
# PROGRAM=IMAGE for every program: a group's programs fill images of CPROG_PER_IMAGE (or one) in name order.
CPROG_ENTRIES := $(shell printf '%s\n' $(CPROG_HAND) $(CPROG_GEN) | \
	awk -F/ -v one=" $(CPROG_ONE_PER_IMAGE) " '{ g = $$(NF-1); n[g]++; k = index(one, " " g " ") ? 1 : $(CPROG_PER_IMAGE); \
		printf "%s=%s_%d ", $$0, g, int((n[g] - 1) / k) }')
CPROG_IMAGES := $(sort $(foreach e,$(CPROG_ENTRIES),$(lastword $(subst =, ,$(e)))))
cprog_of = $(foreach e,$(CPROG_ENTRIES),$(if $(filter $(1),$(lastword $(subst =, ,$(e)))),$(firstword $(subst =, ,$(e)))))
# group_name: the program's kernel (and native binary) name
cprog_name = $(notdir $(patsubst %/,%,$(dir $(1))))_$(subst -,_,$(basename $(notdir $(1))))
CPROG_TESTS := $(addprefix $(CPROG_DIR)/cprog_,$(CPROG_IMAGES))
TESTS += $(CPROG_TESTS)

$(CPROG_RUN_MAIN): test/cprog/run_main.c $(LIBKILN)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ $< $(LIBKILN_LINK)

# One run writes them all (a stamp, so that parallel make runs it once).
$(CPROG_GEN_DIR)/.stamp: scripts/gen-cprog test/cprog/module.mk
	@mkdir -p $(CPROG_GEN_DIR)
	python3 scripts/gen-cprog $(CPROG_GEN_SEED) $(CPROG_GEN_COUNT) $(CPROG_GEN_DIR)
	touch $@
$(CPROG_GEN): $(CPROG_GEN_DIR)/.stamp

# Group libm tests the kernel math library on the board: its native builds run the same library (hls/libc/math_*.c,
# compiled natively with Kiln's headers and no builtins; glibc's libm only for fma, sqrt, rint and trunc, which
# are correctly rounded like the units), so that the board must match them bit for bit; test/libc measures the
# library against the exact values.
cprog_group = $(notdir $(patsubst %/,%,$(dir $(1))))
CPROG_LIBM := $(sort $(wildcard hls/libc/math_*.c))
CPROG_LIBM_FLAGS := -std=gnu11 -O1 -w -ffp-contract=off -fno-builtin -ffreestanding -nostdinc -D_LIBC_LIMITS_H_ \
	-Ihls/libc/include -Ihls/include -isystem "$$($(CC) -print-file-name=include)"

# Per program: the wrapper that makes its main kernel c_NAME, and its native build.
define CPROG_RULES
$(CPROG_DIR)/wrap/$(call cprog_name,$(1)).c: $(1) test/cprog/module.mk
	@mkdir -p $$(@D)
	printf '#include <kiln/device.h>\n#define main c_$(call cprog_name,$(1))_main\n#include "%s"\n#undef main\nKILN_SINGLE_TASK_KERNEL void c_$(call cprog_name,$(1))(int *result)\n{\n\t*result = c_$(call cprog_name,$(1))_main();\n}\n' '$(abspath $(1))' >$$@
$(CPROG_DIR)/native/$(call cprog_name,$(1)): $(1) $(if $(filter libm,$(call cprog_group,$(1))),$(CPROG_LIBM))
	@mkdir -p $$(@D)
	$(if $(filter libm,$(call cprog_group,$(1))),$$(CC) $$(CPROG_LIBM_FLAGS) -o $$@ $$< $$(CPROG_LIBM) -lm,$$(CC) -std=gnu11 -O1 -w -ffp-contract=off -o $$@ $$< -lm)
endef
$(foreach p,$(CPROG_HAND) $(CPROG_GEN),$(eval $(call CPROG_RULES,$(p))))

# Per image: its programs' wrappers compiled together, and the test that runs them.
define CPROG_IMAGE_RULES
$(CPROG_DIR)/img/$(1).kimg: $(foreach p,$(call cprog_of,$(1)),$(CPROG_DIR)/wrap/$(call cprog_name,$(p)).c) $$(KILN_CC) $$(KERNEL_LIBC_BC) $$(SIM_MODEL_DEPS) $$(wildcard rtl/*.v)
	@mkdir -p $$(@D)
	$$(KILN_CC) -q -o $$@ $(foreach p,$(call cprog_of,$(1)),$(CPROG_DIR)/wrap/$(call cprog_name,$(p)).c)
$(CPROG_DIR)/cprog_$(1): $(CPROG_DIR)/img/$(1).kimg $(CPROG_RUN_MAIN) test/cprog/cprog-test.sh $(foreach p,$(call cprog_of,$(1)),$(CPROG_DIR)/native/$(call cprog_name,$(p)))
	printf '#!/bin/sh\nexec sh "%s/test/cprog/cprog-test.sh" "%s" "%s" "%s" cprog %s\n' '$$(SRC)' '$$(abspath $(CPROG_RUN_MAIN))' '$$(abspath $(CPROG_DIR)/img/$(1).kimg)' '$$(abspath $(CPROG_DIR)/native)' '$(foreach p,$(call cprog_of,$(1)),$(call cprog_name,$(p))=c_$(call cprog_name,$(p)))' >$$@
	chmod +x $$@
endef
$(foreach i,$(CPROG_IMAGES),$(eval $(call CPROG_IMAGE_RULES,$(i))))
