# SPDX-License-Identifier: Apache-2.0
# host/common: code linked by both kiln-cc and libkiln (image format, property sets, image description,
# register maps, board configs), and the online build libkiln and the OpenCL ICD share (libkiln exports only
# kiln.h). Others link $(COMMON_LIB) $(COMMON_LDLIBS).

COMMON_SRCS := $(addprefix host/common/,aspect_names.c board.c desc.c fileio.c handles.c image.c jsonutil.c model_trust.c online_build.c paths.c printf_fmt.c private_dir.c propset.c \
	regmap.c regmap_export.c regmap_util.c sha256.c strbuf.c text_escape.c)
COMMON_OBJS := $(COMMON_SRCS:%.c=$(BUILD)/obj/%.o)
COMMON_LIB := $(BUILD)/lib/libkiln-common.a
COMMON_LDLIBS := -ljansson -lz -ldl -pthread

$(COMMON_LIB): $(COMMON_OBJS)
	@mkdir -p $(@D)
	rm -f $@
	ar rcs $@ $^

BIN += $(COMMON_LIB)

# rtl/kiln_contract.vh in the data folder: contract.h's constants for Verilog (the shells include it), printed
# by a small program compiled against contract.h itself. The names come from contract.h's own #define lines,
# so the two cannot drift; test/system checks the twin against the C values.
CONTRACT_VH := $(BUILD)/share/kiln/rtl/kiln_contract.vh
CONTRACT_GEN_DIR := $(BUILD)/gen/contract
$(CONTRACT_GEN_DIR)/contract_names.h: host/common/contract.h
	@mkdir -p $(@D)
	sed -n 's/^#define \(KILN_[A-Z0-9_]*\)[[:space:]]\{1,\}[^[:space:]].*/C(\1)/p' $< >$@.tmp && mv $@.tmp $@
$(CONTRACT_GEN_DIR)/contract-vh: host/common/contract_vh.c host/common/contract.h $(CONTRACT_GEN_DIR)/contract_names.h
	$(CC) $(CFLAGS) -I$(CONTRACT_GEN_DIR) -o $@ $<
$(CONTRACT_VH): $(CONTRACT_GEN_DIR)/contract-vh
	@mkdir -p $(@D)
	$< >$@.tmp && mv $@.tmp $@
BIN += $(CONTRACT_VH)
