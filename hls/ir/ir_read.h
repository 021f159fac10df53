// SPDX-License-Identifier: Apache-2.0
/* Reading a module of LLVM IR that came from outside the compiler (a user's .ll/.bc, another tool's output,
 * standard input, clang's output): the one way in for kiln-cc and kiln-post-link. */
#ifndef KILN_IR_READ_H
#define KILN_IR_READ_H
#include <llvm-c/Core.h>

/* The sed command that rewrites newer IR's "getelementptr inrange(LO, HI) (...)" for LLVM 15. */
#define IR_INRANGE_REWRITE "sed -E 's/ inrange\\([^)]*\\)//g'"

/* PATH (standard input for "-", named <stdin>) parsed as text IR or bitcode and checked by LLVM's verifier;
 * NULL after an error naming the file and the reader's or verifier's message. A file that makes LLVM's reader
 * itself crash or abort (corrupt bitcode) is reported the same way: the tool never crashes on its input. */
LLVMModuleRef ir_read_file(LLVMContextRef ctx, const char *path);

#endif
