# SPDX-License-Identifier: Apache-2.0
# libkiln tests (issue 5): contexts and re-initialisation, the device-global database and its copy rules,
# queues and events, and host threads, on the simulated board. Two images only (each is a model build):
# "reset" (every device_image_scope global init_mode reset) and "reprogram" (one init_mode reprogram), sharing
# the unique ids `twin` (device_image_scope) and `shared` (device memory).
LK_DIR := $(BUILD)/test/libkiln
LK_IMGS := $(LK_DIR)/kernels_reset.kimg $(LK_DIR)/kernels_reprogram.kimg
LK_PROGS := context_test dgdb_test queue_test threads_test misuse_test
TESTS += $(addprefix $(LK_DIR)/,$(LK_PROGS))

$(LK_DIR)/kernels_%.kimg: test/libkiln/kernels_%.c $(KILN_CC) hls/include/kiln/device.h $(SIM_MODEL_DEPS) \
		$(wildcard rtl/*.v)
	@mkdir -p $(@D)
	$(KILN_CC) -q -o $@ $<

$(LK_DIR)/%.bin: $(BUILD)/obj/test/libkiln/%.o $(LIBKILN)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $< $(LIBKILN_LINK) -pthread

# Wrappers give each program both images, so that the runner can start them without arguments.
$(LK_DIR)/%_test: $(LK_DIR)/%_test.bin $(LK_IMGS)
	printf '#!/bin/sh\nexec "%s" "%s" "%s"\n' '$(abspath $<)' '$(abspath $(word 1,$(LK_IMGS)))' \
		'$(abspath $(word 2,$(LK_IMGS)))' >$@
	chmod +x $@

.PRECIOUS: $(LK_DIR)/%.bin $(LK_DIR)/kernels_%.kimg

# The fake board (bsp/fake): libkiln's register-level behaviour in milliseconds; its image has no model, so it
# builds without Verilator. The board's config lives with the test (KILN_CONFIG_DIR).
LK_FAKE_BOARDS := $(abspath test/libkiln/boards)
LK_FAKE_IMG := $(LK_DIR)/fake.kimg
TESTS += $(LK_DIR)/fake_test
$(LK_FAKE_IMG): test/libkiln/kernels_fake.c test/libkiln/boards/fake.json $(KILN_CC) hls/include/kiln/device.h
	@mkdir -p $(@D)
	KILN_CONFIG_DIR=$(LK_FAKE_BOARDS) $(KILN_CC) -q --board fake -o $@ $<

$(LK_DIR)/fake_test.bin: $(BUILD)/obj/test/libkiln/fake_test.o $(LIBKILN) $(COMMON_LIB)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $< $(COMMON_LIB) $(LIBKILN_LINK) $(COMMON_LDLIBS) -pthread

$(LK_DIR)/fake_test: $(LK_DIR)/fake_test.bin $(LK_FAKE_IMG)
	printf '#!/bin/sh\nexport KILN_CONFIG_DIR="%s"\nexec "%s" "%s"\n' '$(LK_FAKE_BOARDS)' '$(abspath $<)' \
		'$(abspath $(LK_FAKE_IMG))' >$@
	chmod +x $@
