# SPDX-License-Identifier: Apache-2.0
# The install test: make install into a temporary prefix, then the installed copy alone (source and build trees
# hidden) compiles and runs the counter example, a pkg-config host program and an OpenCL host.
INSTALL_TEST := $(BUILD)/test/install/install-test
TESTS += $(INSTALL_TEST)

$(INSTALL_TEST): test/install/install-test.sh test/install/ocl_host.c test/opencl/ocl_test.h test/harness.h
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec sh "%s/test/install/install-test.sh" "%s" "%s"\n' '$(SRC)' '$(SRC)' '$(abspath $(BUILD))' >$@
	chmod +x $@

# The first command on a bare machine: no installed tool runs before the install step (make run, test, -j8).
FIRST_CMD_TEST := $(BUILD)/test/install/first-command-test
TESTS += $(FIRST_CMD_TEST)
$(FIRST_CMD_TEST): test/install/first-command-test.sh
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec sh "%s/test/install/first-command-test.sh" "%s"\n' '$(SRC)' '$(SRC)' >$@
	chmod +x $@

LICENSE_TEST := $(BUILD)/test/install/license-test
TESTS += $(LICENSE_TEST)
$(LICENSE_TEST): test/install/license-test.sh
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec sh "%s/test/install/license-test.sh" "%s"\n' '$(SRC)' '$(SRC)' >$@
	chmod +x $@
