// SPDX-License-Identifier: Apache-2.0
/* A large function of the kernel C library, or a function the user marked noinline, called from several
 * places in a kernel is built once: its calls
 * become branches to one call site that takes the arguments of whichever caller came (phis) and a return
 * number, and goes back by a switch on it; that single call is then inlined. Inlined at every call, each
 * printf of a run-time format was a formatter of ~1,000 states and each sin() a copy of the reduction and
 * the polynomial (a test of 24 math calls: a kernel of 15,000 states). The calls take turns, as they do in
 * software. A kernel's other functions are inlined everywhere: sharing costs a few cycles a call (the jump to
 * the one copy and the switch back, and values the optimiser no longer sees across it: CHStone sha +0.6%,
 * aes +26%, blowfish +13% with every function of 200 instructions shared), so it is the user's choice, as
 * Vitis' "inline off" is (sha's LUTs -42%, FFs -40% with sha_transform shared). Measured again with pooled
 * stage registers, sharing every function of 100 instructions with a loop, called twice or more, whose calls
 * agree on every constant they pass: sha LUTs -35%, FFs -10%, cycles +0.6% (above Bambu's), but jpeg cycles
 * +19% (decodehuffman's short loop), aes +5.6%, motion +1.2%; a rule would need the callee's run time. */
#ifndef KILN_SHARE_CALLS_H
#define KILN_SHARE_CALLS_H
#include <llvm-c/Core.h>

/* A library function of at least this many instructions (before its own callees are inlined) is shared. */
#define SHARE_CALLS_MIN_INSTS 100

/* Whether FN is to be shared: from the kernel C library (KERNEL_LIBC_ATTR) and at least SHARE_CALLS_MIN_INSTS
 * instructions, or USER_NOINLINE (the user's noinline, not -O0's), and no call through a pointer (a
 * caller's constant resolves those). */
int share_calls_wanted(LLVMValueRef fn, int user_noinline);

/* Marks FN, a function share_calls_wanted() took, noinline until share_calls() has merged its calls. */
void share_calls_mark(LLVMValueRef fn);

/* In each kernel of MOD, merges the calls to each marked function into one, then inlines it; again for
 * the marked functions the inlined bodies call. 0, or -1 after reporting. */
int share_calls(LLVMModuleRef mod);

#endif
