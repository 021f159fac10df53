# SPDX-License-Identifier: Apache-2.0
# Flow tests: kiln-cc as a user runs it, and compiled images running through libkiln on the sim board.
FLOW_TEST_DIR := $(BUILD)/test/flow
FLOW_TESTS := $(FLOW_TEST_DIR)/counter_test $(FLOW_TEST_DIR)/kiln-cc-test
TESTS += $(FLOW_TESTS)
EXTRA_CFLAGS_test/flow := -Wno-unused-value

$(FLOW_TEST_DIR)/counter_test.bin: $(BUILD)/obj/test/flow/counter_test.o $(LIBKILN)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $< $(LIBKILN_LINK)

# Wrappers give each test its inputs, so that the runner can start them without arguments.
$(FLOW_TEST_DIR)/counter_test: $(FLOW_TEST_DIR)/counter_test.bin $(COUNTER_IMG)
	printf '#!/bin/sh\nexec "%s" "%s"\n' '$(abspath $<)' '$(abspath $(COUNTER_IMG))' >$@
	chmod +x $@

$(FLOW_TEST_DIR)/kiln-cc-test: test/flow/kiln-cc-test.sh $(KILN_CC) $(wildcard test/flow/bad/*.c)
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec sh "%s/test/flow/kiln-cc-test.sh" "%s" "%s"\n' '$(SRC)' '$(SRC)' '$(abspath $(BUILD))' >$@
	chmod +x $@

FLOW_TESTS += $(FLOW_TEST_DIR)/examples-test
TESTS += $(FLOW_TEST_DIR)/examples-test
$(FLOW_TEST_DIR)/examples-test: test/flow/examples-test.sh $(SAXPY_IMG) $(LIBKILN) $(OCL_ICD) $(KILN_PC) \
		examples/saxpy_host.c examples/saxpy_ocl.c
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec sh "%s/test/flow/examples-test.sh" "%s" "%s" "%s"\n' '$(SRC)' '$(SRC)' \
		'$(abspath $(BUILD))' '$(abspath $(SAXPY_IMG))' >$@
	chmod +x $@

TESTS += $(FLOW_TEST_DIR)/shapes-test
$(FLOW_TEST_DIR)/shapes-test: test/flow/shapes-test.sh $(SHAPES_IMG) $(SHAPES32_IMG) $(LIBKILN) examples/shapes_host.c \
		examples/shapes.h
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec sh "%s/test/flow/shapes-test.sh" "%s" "%s"\n' '$(SRC)' '$(SRC)' '$(abspath $(BUILD))' >$@
	chmod +x $@
