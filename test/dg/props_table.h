// SPDX-License-Identifier: Apache-2.0
/* Every combination of host_access x init_mode x implement_in_csr, as an X-macro shared by the kernel source
 * (props.c) and its host test (props_test.c): X(name, host_access, init_mode, implement_in_csr). */
#define KILN_DG_PROPS_TABLE(X)                                                                               \
	X(r_rp_on, READ, REPROGRAM, ON)                                                                      \
	X(r_rp_off, READ, REPROGRAM, OFF)                                                                    \
	X(r_rs_on, READ, RESET, ON)                                                                          \
	X(r_rs_off, READ, RESET, OFF)                                                                        \
	X(w_rp_on, WRITE, REPROGRAM, ON)                                                                     \
	X(w_rp_off, WRITE, REPROGRAM, OFF)                                                                   \
	X(w_rs_on, WRITE, RESET, ON)                                                                         \
	X(w_rs_off, WRITE, RESET, OFF)                                                                       \
	X(rw_rp_on, READ_WRITE, REPROGRAM, ON)                                                               \
	X(rw_rp_off, READ_WRITE, REPROGRAM, OFF)                                                             \
	X(rw_rs_on, READ_WRITE, RESET, ON)                                                                   \
	X(rw_rs_off, READ_WRITE, RESET, OFF)                                                                 \
	X(n_rp_on, NONE, REPROGRAM, ON)                                                                      \
	X(n_rp_off, NONE, REPROGRAM, OFF)                                                                    \
	X(n_rs_on, NONE, RESET, ON)                                                                          \
	X(n_rs_off, NONE, RESET, OFF)

#define KILN_DG_ARRAY_LEN 8
#define KILN_DG_SCALAR_INIT 7
