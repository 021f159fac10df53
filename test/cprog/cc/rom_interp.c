// SPDX-License-Identifier: Apache-2.0
// interpreters over programs in tables: a constant program (kiln-cc keeps only the instructions it holds:
// no MUL, SUB or SHL, no immediate ADD, no bad opcode) and the same machine over a program it patches
// at run time (every instruction kept), each with what it prints checked against the native run
#include <stdio.h>

enum { LI, ADD, SUB, MUL, SHL, XOR, DEC, JNZ, OUT, HALT };
/* opcode in bits 0-3, register a in 4-5, register b in 6-7, bit 8 "b is an immediate", immediate 16-31 */
#define INS(op, a, b, imm) ((unsigned)(op) | (unsigned)(a) << 4 | (unsigned)(b) << 6 | (unsigned)(imm) << 16)
#define IMM 0x100u

static const unsigned fixed[] = {
    INS(LI, 0, 0, 10),  /* r0 = 10 */
    INS(LI, 1, 0, 0),   /* r1 = 0 */
    INS(LI, 2, 0, 7),   /* r2 = 7 */
    INS(ADD, 1, 0, 0),  /* 3: r1 += r0 */
    INS(XOR, 2, 1, 0),  /* r2 ^= r1 */
    INS(DEC, 0, 0, 0),  /* r0-- */
    INS(JNZ, 0, 0, 3),  /* if r0 goto 3 */
    INS(OUT, 1, 0, 0),
    INS(OUT, 2, 0, 0),
    INS(HALT, 0, 0, 0),
};

static unsigned patched[] = {
    INS(LI, 0, 0, 6),
    INS(LI, 1, 0, 1),
    INS(LI, 3, 0, 3),
    INS(MUL, 1, 0, 0),        /* 3: r1 *= r0 */
    INS(SUB, 3, 0, 0),        /* r3 -= r0 */
    INS(ADD, 3, 0, 5) | IMM,  /* r3 += 5 */
    INS(SHL, 3, 0, 1),        /* r3 <<= 1 */
    INS(DEC, 0, 0, 0),
    INS(JNZ, 0, 0, 3),
    INS(OUT, 1, 0, 0),
    INS(OUT, 3, 0, 0),
    INS(12, 0, 0, 0),         /* no such opcode: the machine stops with -1 */
};

/* The same machine twice, so that each is decided over its own table. */
#define MACHINE(name, prog)                                                                                      \
	static int name(int steps)                                                                                   \
	{                                                                                                            \
		int r[4] = {0, 0, 0, 0};                                                                                 \
		unsigned pc = 0;                                                                                         \
		while (steps-- > 0) {                                                                                    \
			unsigned ins = prog[pc % (sizeof prog / sizeof prog[0])];                                            \
			unsigned a = ins >> 4 & 3, b = ins >> 6 & 3;                                                         \
			int imm = (int)(ins >> 16), y = ins & IMM ? imm : r[b];                                              \
			pc++;                                                                                                \
			switch (ins & 15) {                                                                                  \
			case LI: r[a] = imm; break;                                                                          \
			case ADD: r[a] += y; break;                                                                          \
			case SUB: r[a] -= y; break;                                                                          \
			case MUL: r[a] *= y; break;                                                                          \
			case SHL: r[a] <<= imm; break;                                                                       \
			case XOR: r[a] ^= y; break;                                                                          \
			case DEC: r[a]--; break;                                                                             \
			case JNZ:                                                                                            \
				if (r[a])                                                                                        \
					pc = (unsigned)imm;                                                                          \
				break;                                                                                           \
			case OUT: printf("r%u = %d\n", a, r[a]); break;                                                      \
			case HALT: return 0;                                                                                 \
			default: return -1;                                                                                  \
			}                                                                                                    \
		}                                                                                                        \
		return -2;                                                                                               \
	}
MACHINE(run_fixed, fixed)
MACHINE(run_patched, patched)

int main(void)
{
	int fails = 0;
	int s = run_fixed(100);
	printf("fixed: %d\n", s);
	fails += s != 0;
	s = run_fixed(5); /* out of steps */
	printf("fixed, 5 steps: %d\n", s);
	fails += s != -2;
	s = run_patched(100);
	printf("patched: %d\n", s);
	fails += s != -1;
	patched[0] = INS(LI, 0, 0, 4); /* a table the kernel writes is decided over nothing */
	patched[11] = INS(HALT, 0, 0, 0);
	s = run_patched(100);
	printf("patched again: %d\n", s);
	fails += s != 0;
	if (fails)
		printf("failed %d\n", fails);
	else
		printf("ok\n");
	return fails;
}
