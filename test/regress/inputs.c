// SPDX-License-Identifier: Apache-2.0
/* kiln test's own test: a test whose input is a file (KT_BUF_FILE, read in the manifest's folder), and one
 * whose file is missing (a setup failure). */
#include <kiln/device.h>

KILN_SINGLE_TASK_KERNEL void checksum(unsigned *out, const unsigned char *in, int n)
{
	unsigned s = 0;
	for (int i = 0; i < n; i++)
		s = s * 31u + in[i];
	out[0] = s;
}

#ifdef KILN_HARNESS
KT_TEST(from_file)
{
	unsigned *o = KT_BUF(unsigned, 1);
	unsigned char *in = KT_BUF_FILE(unsigned char, 64, "inputs/text.bin");
	KT_RUN(checksum, KT_P(o), KT_P(in), KT_V(int, 64));
}
KT_TEST(missing_file)
{
	unsigned *o = KT_BUF(unsigned, 1);
	unsigned char *in = KT_BUF_FILE(unsigned char, 64, "inputs/no-such.bin");
	KT_RUN(checksum, KT_P(o), KT_P(in), KT_V(int, 64));
}
#endif
