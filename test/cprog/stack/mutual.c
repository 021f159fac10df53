// SPDX-License-Identifier: Apache-2.0
// Functions that call each other: parity by mutual recursion (its calls are not tail calls here), a pair of
// functions of different parameter and result types, and a recursive-descent expression parser.
#include <stdio.h>

static int is_even(unsigned n);

static int is_odd(unsigned n)
{
	return n == 0 ? 0 : is_even(n - 1) & 1;
}

static int is_even(unsigned n)
{
	if (n == 0)
		return 1;
	int o = is_odd(n - 1);
	return o | 0;
}

static long walk_b(int n, long acc);

static unsigned char walk_a(int n, unsigned short x)
{
	if (n <= 0)
		return (unsigned char)x;
	return (unsigned char)(5 + walk_b(n - 1, (long)x * 3) / 7);
}

static long walk_b(int n, long acc)
{
	if (n <= 0)
		return acc;
	return acc + walk_a(n - 1, (unsigned short)(acc / 2 + 1));
}

/* expr := term { (+|-) term }, term := factor { (*|/) factor }, factor := number | ( expr ) | - factor */
static const char *at;

static int expr(void);

static int factor(void)
{
	if (*at == '(') {
		at++;
		int v = expr();
		at++; /* ')' */
		return v;
	}
	if (*at == '-') {
		at++;
		return -factor();
	}
	int v = 0;
	while (*at >= '0' && *at <= '9')
		v = v * 10 + (*at++ - '0');
	return v;
}

static int term(void)
{
	int v = factor();
	while (*at == '*' || *at == '/') {
		char op = *at++;
		int r = factor();
		v = op == '*' ? v * r : r ? v / r : 0;
	}
	return v;
}

static int expr(void)
{
	int v = term();
	while (*at == '+' || *at == '-') {
		char op = *at++;
		int r = term();
		v = op == '+' ? v + r : v - r;
	}
	return v;
}

static int eval(const char *s)
{
	return at = s, expr();
}

int main(void)
{
	printf("even(10) %d even(7) %d odd(9) %d odd(20) %d\n", is_even(10), is_even(7), is_odd(9),
	       is_odd(20));
	printf("walk %d %ld\n", walk_a(9, 1500), walk_b(6, 4));
	static const char *const exprs[] = {"1+2*3", "(1+2)*3", "-(4-10)*(2+3)/3", "((((7))))-(-(-2))",
	                                    "100/(3*(2+1))-4*-2"};
	for (unsigned i = 0; i < sizeof exprs / sizeof *exprs; i++)
		printf("%s = %d\n", exprs[i], eval(exprs[i]));
	if (eval("2*(3+4)-5") != 9 || !is_even(30) || is_odd(30))
		return 1;
	printf("ok\n");
	return 0;
}
