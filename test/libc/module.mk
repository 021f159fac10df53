# SPDX-License-Identifier: Apache-2.0
# The kernel C library (hls/libc, its headers in hls/libc/include) natively against glibc: the library's sources and
# kiln_headers.c are compiled by gcc with Kiln's headers and the compiler's own only (-nostdinc, freestanding
# so that gcc's stdint.h needs no system header; _LIBC_LIMITS_H_ keeps gcc's limits.h from looking for one),
# every library name renamed to kl_* (kl_rename.h), and without builtins or loop-to-libcall rewriting so that
# the library's own loops run; libc_test.c sees glibc and compares. spir-test: the same sources compile
# warning-free for the SPIR target as kiln-cc compiles kernels.
LIBC_TEST_DIR := $(BUILD)/test/libc
LIBC_NATIVE_DIR := $(BUILD)/obj/test/libc/native
LIBC_NATIVE_SRCS := $(sort $(wildcard hls/libc/*.c)) test/libc/kiln_headers.c test/libc/streams.c
LIBC_NATIVE_OBJS := $(addprefix $(LIBC_NATIVE_DIR)/,$(notdir $(LIBC_NATIVE_SRCS:.c=.o)))
LIBC_NATIVE_CFLAGS := -std=gnu11 -Wall -Wextra -Werror $(OPT) -g $(SAN) -ffile-prefix-map=$(SRC)=. \
	-ffreestanding -nostdinc -D_LIBC_LIMITS_H_ -Ihls/libc/include -Ihls/include -include test/libc/kl_rename.h \
	-ffp-contract=off \
	-fno-builtin -fno-tree-loop-distribute-patterns
# The test program itself: glibc's headers without the C2x strtol (0b prefixes) that _GNU_SOURCE turns on in
# newer glibc, and glibc's functions really called.
EXTRA_CFLAGS_test/libc := -U_GNU_SOURCE -D_DEFAULT_SOURCE -fno-builtin
TESTS += $(LIBC_TEST_DIR)/libc_test $(LIBC_TEST_DIR)/spir-test $(LIBC_TEST_DIR)/math_test $(LIBC_TEST_DIR)/complex_test $(LIBC_TEST_DIR)/strtod_test $(LIBC_TEST_DIR)/tables-test

$(LIBC_NATIVE_DIR)/%.o: hls/libc/%.c test/libc/kl_rename.h | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(LIBC_NATIVE_CFLAGS) -isystem "$$($(CC) -print-file-name=include)" -MMD -MP -c $< -o $@

$(LIBC_NATIVE_DIR)/kiln_headers.o $(LIBC_NATIVE_DIR)/streams.o: $(LIBC_NATIVE_DIR)/%.o: test/libc/%.c test/libc/kl_rename.h | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(LIBC_NATIVE_CFLAGS) -isystem "$$($(CC) -print-file-name=include)" -MMD -MP -c $< -o $@

$(LIBC_TEST_DIR)/libc_test: $(BUILD)/obj/test/libc/libc_test.o $(LIBC_NATIVE_OBJS)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $^ -lm

# The same test on the library built with ASan and UBSan, in every make test (make asan runs the whole suite so,
# but CI runs make test): a read past a format's end or an overflow in the library fails here.
ifeq ($(SAN),)
LIBC_ASAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
LIBC_ASAN_CFLAGS := $(filter-out $(OPT),$(LIBC_NATIVE_CFLAGS)) -O1 $(LIBC_ASAN_FLAGS)
LIBC_ASAN_DIR := $(BUILD)/obj/test/libc/native-asan
LIBC_ASAN_OBJS := $(addprefix $(LIBC_ASAN_DIR)/,$(notdir $(LIBC_NATIVE_SRCS:.c=.o)))
TESTS += $(LIBC_TEST_DIR)/libc_test_asan

$(LIBC_ASAN_DIR)/%.o: hls/libc/%.c test/libc/kl_rename.h | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(LIBC_ASAN_CFLAGS) -isystem "$$($(CC) -print-file-name=include)" -MMD -MP -c $< -o $@

$(LIBC_ASAN_DIR)/kiln_headers.o $(LIBC_ASAN_DIR)/streams.o: $(LIBC_ASAN_DIR)/%.o: test/libc/%.c test/libc/kl_rename.h | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(LIBC_ASAN_CFLAGS) -isystem "$$($(CC) -print-file-name=include)" -MMD -MP -c $< -o $@

$(LIBC_TEST_DIR)/libc_test_asan: $(BUILD)/obj/test/libc/libc_test.o $(LIBC_ASAN_OBJS)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) $(LIBC_ASAN_FLAGS) -o $@ $^ -lm
endif

$(LIBC_TEST_DIR)/spir-test: test/libc/spir-test.sh
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec sh "%s/test/libc/spir-test.sh" "%s"\n' '$(SRC)' '$(SRC)' >$@
	chmod +x $@

# The math library against the exact values (math_test.c: x87 long double references), and its tables
# against the script that computes them.
EXTRA_CFLAGS_test/libc += -ffp-contract=off
$(LIBC_TEST_DIR)/math_test: $(BUILD)/obj/test/libc/math_test.o $(filter $(LIBC_NATIVE_DIR)/math_%.o,$(LIBC_NATIVE_OBJS))
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $^ -lm

# strtod and its family against glibc (strtod_test.c).
$(LIBC_TEST_DIR)/strtod_test: $(BUILD)/obj/test/libc/strtod_test.o $(filter-out %/kiln_headers.o,$(LIBC_NATIVE_OBJS))
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $^ -lm

# complex.h and the complex helpers against glibc and libgcc (complex_test.c).
$(LIBC_TEST_DIR)/complex_test: $(BUILD)/obj/test/libc/complex_test.o $(filter $(LIBC_NATIVE_DIR)/math_%.o,$(LIBC_NATIVE_OBJS))
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $^ -lm

$(LIBC_TEST_DIR)/tables-test: scripts/gen-libm-tables hls/libc/math_tables.c
	@mkdir -p $(@D)
	printf '#!/bin/sh\nif python3 "%s/scripts/gen-libm-tables" | cmp -s - "%s/hls/libc/math_tables.c"; then echo "ok - hls/libc/math_tables.c is what scripts/gen-libm-tables computes"; else echo "not ok - hls/libc/math_tables.c differs from scripts/gen-libm-tables"; fi\n' '$(SRC)' '$(SRC)' >$@
	chmod +x $@
