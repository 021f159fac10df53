// SPDX-License-Identifier: Apache-2.0
/* printf and exit in kernels, through the board's debug channel (host/common/contract.h). printf, puts,
 * putchar and fprintf/fputs/fputc/putc to stdout or stderr become records the kernel C library writes
 * (hls/libc/debug.c) and the runtime prints; exit, _Exit, abort and a failed assert end the kernel and tell
 * the host how, where and with which status. The formats and stop sites are tables in the module's named
 * metadata kiln.printf and kiln.stops, which become the image's [Kiln/printf] and [Kiln/stops] sets. */
#ifndef KILN_DEBUG_CHANNEL_H
#define KILN_DEBUG_CHANNEL_H
#include <llvm-c/Core.h>

#include "../../host/common/board.h"
#include "../../host/common/propset.h"

/* The kernel C library's constant for the channel's bytes (hls/libc/channel.h). */
#define DEBUG_BYTES_SYMBOL "__kiln_debug_bytes"

/* Before the kernel C library is linked and calls are inlined: rewrites the calls above in every function
 * of MOD. PRINT 0 (no channel on the board, or --no-printf) drops printf output instead; NOTE, when set,
 * is said once as a warning if a print is dropped. Returns the number of diagnostics. */
int debug_lower_calls(LLVMModuleRef mod, int print, const char *note);

/* Builds at B's position a stop of KIND (contract.h's KILN_STOP_*, status 0) whose site is AT's source line
 * and TEXT; like exit, it does not return: the caller ends the block in unreachable. */
void debug_build_stop(LLVMBuilderRef b, unsigned kind, LLVMValueRef at, const char *text);

/* After inlining: each stop writes the channel's STOP, CODE and SITE words (with CHANNEL) unless an earlier
 * stop of the run did, and ends the kernel there (its block ends in unreachable, which hardware reads as the
 * end of the run: an nd-range kernel starts no further work-item). */
void debug_lower_stops(LLVMModuleRef mod, int channel);

/* Once the kernel C library is linked into MOD: defines its DEBUG_BYTES_SYMBOL as BOARD's channel bytes, an
 * internal constant that folds away. Returns the number of diagnostics. */
int debug_define_channel(LLVMModuleRef mod, const kiln_board_config *board);

/* Adds MOD's [Kiln/printf] and [Kiln/stops] sets to PS (none when the tables are empty); 0 or -1. */
int debug_propsets(LLVMModuleRef mod, kiln_propsets *ps);

/* Once PS holds the image's other sets: records BOARD's channel bytes in a KILN_DEBUG_CHANNEL_SET set when
 * the image uses the channel, for the runtime to refuse a board whose channel is no longer that; 0 or -1. */
int debug_channel_propset(kiln_propsets *ps, const kiln_board_config *board);

#endif
