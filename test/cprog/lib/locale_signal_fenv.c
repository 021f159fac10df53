// SPDX-License-Identifier: Apache-2.0
// the C locale, signal handlers run by raise(), and the rounding mode of fenv.h
#include <fenv.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

static volatile sig_atomic_t got;

static void on_usr1(int sig)
{
	got += sig;
}

static void on_term(int sig)
{
	got += 100 * sig;
}

int main(void)
{
	int fails = 0;
	const char *c = setlocale(LC_ALL, "C");
	fails += !c || strcmp(c, "C") || setlocale(LC_NUMERIC, "no_SUCH") != NULL;
	struct lconv *lc = localeconv();
	printf("locale %s, decimal point '%s'\n", setlocale(LC_ALL, NULL), lc->decimal_point);
	fails += strcmp(lc->decimal_point, ".") != 0;

	fails += signal(SIGUSR1, on_usr1) != SIG_DFL;
	fails += signal(SIGTERM, on_term) != SIG_DFL;
	for (int i = 0; i < 3; i++)
		raise(SIGUSR1);
	raise(SIGTERM);
	fails += signal(SIGUSR1, SIG_IGN) != on_usr1;
	raise(SIGUSR1);
	printf("handlers ran: %d\n", (int)got);
	fails += got != 3 * SIGUSR1 + 100 * SIGTERM;

	fails += fegetround() != FE_TONEAREST || fesetround(FE_TONEAREST) != 0;
	feclearexcept(FE_ALL_EXCEPT);
	volatile double third = 1.0 / 3.0;
	printf("1/3 = %.17g, rounding %d\n", third, fegetround());
	return fails;
}
