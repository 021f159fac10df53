# SPDX-License-Identifier: Apache-2.0
# Kiln: top-level, non-recursive build. Each room adds its targets in its own module.mk.
# Outputs go under $(BUILD) (default build/); nothing generated is written elsewhere.

BUILD ?= build
CC := gcc
CXX := g++
LLVM_CONFIG := llvm-config-15
SAN ?=
OPT ?= -O2
SRC := $(CURDIR)
# The one place the release number lives; the shared libraries' SONAME carries its major part.
VERSION := $(shell cat VERSION)
SOVERSION := $(firstword $(subst ., ,$(VERSION)))

# No path of this tree is compiled in (tools find their files from where they are installed, see
# host/common/paths.h), and debug info and __FILE__ name sources relative to it.
CFLAGS := -std=c11 -Wall -Wextra -Werror $(OPT) -g -fPIC -D_GNU_SOURCE $(SAN) -ffile-prefix-map=$(SRC)=. \
	-Ihost/include -I. -DKILN_VERSION='"$(VERSION)"'
CXXFLAGS := -std=c++17 -Wall -Wextra -Werror $(OPT) -g -fPIC $(SAN) -ffile-prefix-map=$(SRC)=. -I.
LDFLAGS := $(SAN)
# LLVM's flags are asked for when a recipe first needs them, never while the Makefile is parsed: on a bare
# machine llvm-config-15 only exists once the $(DEPS_STAMP) prerequisite has installed it. Each query runs once
# (the variable redefines itself as its value).
lazy = $(eval $(1) := $$(shell $(2)))$($(1))
LLVM_CFLAGS = $(call lazy,LLVM_CFLAGS,$(LLVM_CONFIG) --cflags | sed 's/-std=[^ ]*//g; s/-I/-isystem /g')
LLVM_CXXFLAGS = $(call lazy,LLVM_CXXFLAGS,$(LLVM_CONFIG) --cxxflags | sed 's/-std=[^ ]*//g; s/-fno-exceptions//; s/-I/-isystem /g')
LLVM_LIBS = $(call lazy,LLVM_LIBS,$(LLVM_CONFIG) --ldflags --libs)

# Builds and tests keep their Verilator models in this tree (shared by every BUILD); an installed Kiln uses
# $XDG_CACHE_HOME/kiln.
export KILN_CACHE ?= $(SRC)/build/cache

# Parallel by default, one job per CPU (model builds dominate `make test`); a -j on the command line decides.
ifeq ($(filter -j%,$(MAKEFLAGS)),)
MAKEFLAGS += -j$(shell nproc 2>/dev/null || echo 2)
endif

DEPS_STAMP := $(BUILD)/.deps-ok.mk
INSTALL_DEPS := sh scripts/install-deps
TESTS :=
BIN :=

.PHONY: all run test asan bench conformance deps clean format install uninstall
all:

# Installs the Debian packages when any is missing (scripts/install-deps is a no-op otherwise). The stamp is an
# included makefile, so make brings it up to date before it runs any other recipe, and restarts: no rule, at any
# -j, can run a tool that the install step provides before that step has run, whether or not its prerequisites
# name the stamp. Goals that need no tool (clean, uninstall) skip it.
NO_DEPS_GOALS := clean uninstall
ifneq ($(if $(MAKECMDGOALS),$(filter-out $(NO_DEPS_GOALS),$(MAKECMDGOALS)),all),)
include $(DEPS_STAMP)
endif
$(DEPS_STAMP): scripts/install-deps
	@$(INSTALL_DEPS)
	@mkdir -p $(@D) && echo '# scripts/install-deps has run for this build tree' >$@
deps: $(DEPS_STAMP)

# The dependency files name each object both ways, relative to the source tree and absolute, so that a header
# change rebuilds it whichever BUILD (relative or absolute: the install tests) last compiled it. ($@ alone was
# absolute when an absolute BUILD compiled it, and a later relative make then saw no header behind it: a
# kiln-cc linked from stale objects after kir.h changed.)
DEPFLAGS = -MMD -MP -MT $(patsubst $(SRC)/%,%,$(abspath $@)) -MT $(abspath $@)

$(BUILD)/obj/%.o: %.c | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(EXTRA_CFLAGS_$(<D)) $(DEPFLAGS) -c $< -o $@

$(BUILD)/obj/%.o: %.cpp | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) $(EXTRA_CXXFLAGS_$(<D)) $(DEPFLAGS) -c $< -o $@

# Each fragment appends to BIN (things `all` builds) and TESTS (programs scripts/run-tests runs).
include host/common/module.mk
include bsp/sim/module.mk
include host/lib/module.mk
include host/opencl/module.mk
include hls/module.mk
include examples/module.mk
include host/cli/module.mk
include $(wildcard test/*/module.mk)
include docs/module.mk
include install.mk

all: $(BIN)

test: all $(TESTS)
	@python3 scripts/run-tests --junit $(BUILD)/test-results.xml $(TESTS)

# Programs that modules append to BENCH_PROGS (each writes build/bench/*.json and prints a table); a module
# may add its own recipe to `bench` as well.
.PHONY: bench-progs
bench: bench-progs
bench-progs: all $(BENCH_PROGS)
	@rc=0; for p in $(BENCH_PROGS); do echo "== $$p"; "$$p" || rc=1; done; exit $$rc

# Host programs that tests compile on the fly (examples, the installed tree) link the sanitized libkiln
# without the sanitizer flags: its runtime then loads as a dependency rather than first, which is sound here.
# Every sanitizer report is fatal: UBSan's checks do not recover (a report exits non-zero), so a report in any
# program the suite runs fails its test; test/unit/test_sort checks that this holds. Leaks inside Debian's
# libLLVM on its error paths are suppressed (test/lsan.supp), nothing of Kiln's.
asan:
	ASAN_OPTIONS=verify_asan_link_order=0$${ASAN_OPTIONS:+:$$ASAN_OPTIONS} \
	UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1$${UBSAN_OPTIONS:+:$$UBSAN_OPTIONS} \
	LSAN_OPTIONS=suppressions=$(SRC)/test/lsan.supp$${LSAN_OPTIONS:+:$$LSAN_OPTIONS} \
		$(MAKE) BUILD=build/asan OPT=-O1 \
		SAN="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer" test

format:
	clang-format -i $$(git ls-files '*.c' '*.h' '*.cpp')

clean:
	rm -rf $(BUILD)

-include $(shell find $(BUILD)/obj -name '*.d' 2>/dev/null)
