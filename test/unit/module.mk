# SPDX-License-Identifier: Apache-2.0
# Unit tests of host/common: one program per module, each linked against the common library only.

UNIT_TESTS := $(addprefix $(BUILD)/test/unit/,test_image test_propset test_desc test_regmap test_board test_trust test_sort)
# kiln test's manifest and reports (host/regress/), besides the common library.
UNIT_TESTS += $(BUILD)/test/unit/test_regress
$(BUILD)/test/unit/test_regress: $(BUILD)/obj/host/regress/manifest.o $(BUILD)/obj/host/regress/report.o
$(BUILD)/test/unit/test_regress: UNIT_EXTRA_OBJS = $(BUILD)/obj/host/regress/manifest.o $(BUILD)/obj/host/regress/report.o

$(BUILD)/test/unit/%: $(BUILD)/obj/test/unit/%.o $(COMMON_LIB)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) $< $(UNIT_EXTRA_OBJS) $(COMMON_LIB) $(COMMON_LDLIBS) -o $@

TESTS += $(UNIT_TESTS)
