// SPDX-License-Identifier: Apache-2.0
// Recursion deeper than any stack, expect: segv (natively the process dies of SIGSEGV, status 139; on the
// board the call past the recursion's stack, 64 frames by default, stops the kernel with that status, naming
// the function; no output before it)
static unsigned down(unsigned n)
{
	if (n == 0)
		return 0;
	unsigned d = down(n - 1);
	return (d ^ (d >> 1)) + n;
}

int main(void)
{
	return (int)(down(1u << 30) & 1);
}
