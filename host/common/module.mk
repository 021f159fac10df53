# SPDX-License-Identifier: Apache-2.0
# host/common: code linked by both kiln-cc and libkiln (image format, property sets, image description,
# register maps, board configs). Others link $(COMMON_LIB) $(COMMON_LDLIBS).

COMMON_SRCS := $(addprefix host/common/,board.c desc.c fileio.c handles.c image.c jsonutil.c model_trust.c paths.c propset.c regmap.c regmap_export.c \
	regmap_util.c sha256.c strbuf.c)
COMMON_OBJS := $(COMMON_SRCS:%.c=$(BUILD)/obj/%.o)
COMMON_LIB := $(BUILD)/lib/libkiln-common.a
COMMON_LDLIBS := -ljansson -lz -ldl -pthread

$(COMMON_LIB): $(COMMON_OBJS)
	@mkdir -p $(@D)
	rm -f $@
	ar rcs $@ $^

BIN += $(COMMON_LIB)
