// SPDX-License-Identifier: Apache-2.0
/* The kernel C library's <fenv.h>: one environment, round to nearest and non-stop, with no flags (the
 * units raise none), so every call that asks for nothing else succeeds. */
#include <fenv.h>

int fegetround(void)
{
	return FE_TONEAREST;
}

int fesetround(int round)
{
	return round != FE_TONEAREST;
}

/* The environment a kernel has: all exceptions masked (non-stop), nearest, no flag raised. */
static void the_env(fenv_t *envp)
{
	fenv_t e = {0};
	e.__control_word = 0x37f; /* x87: all masked, double extended, nearest (glibc's default) */
	e.__tags = 0xffff;
	e.__mxcsr = 0x1f80; /* SSE: all masked, nearest */
	*envp = e;
}

int fegetenv(fenv_t *envp)
{
	the_env(envp);
	return 0;
}

/* Only the one environment exists; another rounding mode in ENVP cannot be installed. */
int fesetenv(const fenv_t *envp)
{
	return envp != FE_DFL_ENV && ((envp->__control_word & 0xc00) || (envp->__mxcsr & 0x6000));
}

int feholdexcept(fenv_t *envp)
{
	the_env(envp);
	return 0;
}

int feupdateenv(const fenv_t *envp)
{
	return fesetenv(envp);
}

int feclearexcept(int excepts)
{
	(void)excepts;
	return 0;
}
