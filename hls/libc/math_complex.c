// SPDX-License-Identifier: Apache-2.0
/* complex.h's functions, and the multiply and divide the compiler calls for complex operands (__muldc3,
 * __divdc3 and their float forms, whose results must be the ones gcc's runtime gives natively: C's Annex G
 * algorithms, and for division the scaled form of Smith's method that gcc 12 uses, from McGehearty's
 * "Improving complex division"). The elementary functions follow Annex G at zeros, infinities and NaNs, and
 * compute from the real functions of math_*.c with the usual identities, arranged against overflow and
 * cancellation; the float forms compute in double and round once per part. Nothing here uses a complex
 * operator, so the same code gives the same bits natively and on the device. */
#include <complex.h>
#include <float.h>
#include <math.h>

#define PI_2 1.57079632679489661923
#define LN2 0.69314718055994530942

/* ---- multiply and divide (the compiler's helpers) ---- */

/* The product (a + ib)(c + id) in type T, with the infinities C99 G.5.1 recovers when the plain product
 * came out NaN + iNaN (an infinite operand times a nonzero one, or a product that overflowed). One body
 * for both widths. */
#define MULC3(name, T, CPLX, copysignT)                                                                      \
	T _Complex name(T a, T b, T c, T d)                                                                  \
	{                                                                                                    \
		T ac = a * c, bd = b * d, ad = a * d, bc = b * c;                                            \
		T x = ac - bd, y = ad + bc;                                                                  \
		if (isnan(x) && isnan(y)) {                                                                  \
			int recalc = 0;                                                                      \
			if (isinf(a) || isinf(b)) {                                                          \
				a = copysignT(isinf(a) ? 1 : 0, a);                                          \
				b = copysignT(isinf(b) ? 1 : 0, b);                                          \
				c = isnan(c) ? copysignT(0, c) : c;                                          \
				d = isnan(d) ? copysignT(0, d) : d;                                          \
				recalc = 1;                                                                  \
			}                                                                                    \
			if (isinf(c) || isinf(d)) {                                                          \
				c = copysignT(isinf(c) ? 1 : 0, c);                                          \
				d = copysignT(isinf(d) ? 1 : 0, d);                                          \
				a = isnan(a) ? copysignT(0, a) : a;                                          \
				b = isnan(b) ? copysignT(0, b) : b;                                          \
				recalc = 1;                                                                  \
			}                                                                                    \
			if (!recalc && (isinf(ac) || isinf(bd) || isinf(ad) || isinf(bc))) {                 \
				a = isnan(a) ? copysignT(0, a) : a;                                          \
				b = isnan(b) ? copysignT(0, b) : b;                                          \
				c = isnan(c) ? copysignT(0, c) : c;                                          \
				d = isnan(d) ? copysignT(0, d) : d;                                          \
				recalc = 1;                                                                  \
			}                                                                                    \
			if (recalc) {                                                                        \
				x = INFINITY * (a * c - b * d);                                              \
				y = INFINITY * (a * d + b * c);                                              \
			}                                                                                    \
		}                                                                                            \
		return CPLX(x, y);                                                                           \
	}
MULC3(__muldc3, double, CMPLX, copysign)
MULC3(__mulsc3, float, CMPLXF, copysignf)

/* G.5.1's recovery of the infinities and zeros a quotient computed as NaN + iNaN. */
static double _Complex div_recover(double a, double b, double c, double d, double x, double y)
{
	if (!isnan(x) || !isnan(y))
		return CMPLX(x, y);
	if (c == 0.0 && d == 0.0 && (!isnan(a) || !isnan(b))) {
		x = copysign(INFINITY, c) * a;
		y = copysign(INFINITY, c) * b;
	} else if ((isinf(a) || isinf(b)) && isfinite(c) && isfinite(d)) {
		a = copysign(isinf(a) ? 1.0 : 0.0, a);
		b = copysign(isinf(b) ? 1.0 : 0.0, b);
		x = INFINITY * (a * c + b * d);
		y = INFINITY * (b * c - a * d);
	} else if ((isinf(c) || isinf(d)) && isfinite(a) && isfinite(b)) {
		c = copysign(isinf(c) ? 1.0 : 0.0, c);
		d = copysign(isinf(d) ? 1.0 : 0.0, d);
		x = 0.0 * (a * c + b * d);
		y = 0.0 * (b * c - a * d);
	}
	return CMPLX(x, y);
}

/* Smith's method on the larger of c and d, with the operands scaled first so that neither the ratio nor
 * the denominator overflows or loses its bits to underflow. */
#define RBIG (DBL_MAX / 2)
#define RMIN DBL_MIN
#define RMIN2 DBL_EPSILON
#define RMINSCAL (1 / DBL_EPSILON)
#define RMAX2 (RBIG * RMIN2)

double _Complex __divdc3(double a, double b, double c, double d)
{
	double x, y;
	/* big: the larger of |c| and |d|, which the ratio divides by */
	int dbig = fabs(c) < fabs(d);
	double big = dbig ? fabs(d) : fabs(c);
	if (big >= RBIG) {
		a /= 2, b /= 2, c /= 2, d /= 2;
		big /= 2;
	}
	if (big < RMIN2 || ((fabs(a) < RMIN && fabs(b) < RMAX2 && big < RMAX2) ||
	                    (fabs(b) < RMIN && fabs(a) < RMAX2 && big < RMAX2))) {
		a *= RMINSCAL, b *= RMINSCAL, c *= RMINSCAL, d *= RMINSCAL;
	}
	if (dbig) {
		double ratio = c / d, denom = c * ratio + d;
		if (fabs(ratio) > RMIN) {
			x = (a * ratio + b) / denom;
			y = (b * ratio - a) / denom;
		} else {
			x = (c * (a / d) + b) / denom;
			y = (c * (b / d) - a) / denom;
		}
	} else {
		double ratio = d / c, denom = d * ratio + c;
		if (fabs(ratio) > RMIN) {
			x = (b * ratio + a) / denom;
			y = (b - a * ratio) / denom;
		} else {
			x = (a + d * (b / c)) / denom;
			y = (b - d * (a / c)) / denom;
		}
	}
	return div_recover(a, b, c, d, x, y); /* of the scaled operands, as gcc's */
}

/* gcc's float division computes in double, where the plain formula neither overflows nor underflows. */
float _Complex __divsc3(float a, float b, float c, float d)
{
	double aa = a, bb = b, cc = c, dd = d;
	double denom = cc * cc + dd * dd;
	float x = (float)((aa * cc + bb * dd) / denom), y = (float)((bb * cc - aa * dd) / denom);
	if (isnan(x) && isnan(y)) {
		double _Complex r = div_recover(a, b, c, d, x, y);
		return CMPLXF((float)creal(r), (float)cimag(r));
	}
	return CMPLXF(x, y);
}

/* ---- parts ---- */

double creal(double _Complex z)
{
	return __real__ z;
}

double cimag(double _Complex z)
{
	return __imag__ z;
}

double _Complex conj(double _Complex z)
{
	return CMPLX(creal(z), -cimag(z));
}

double cabs(double _Complex z)
{
	return hypot(creal(z), cimag(z));
}

double carg(double _Complex z)
{
	return atan2(cimag(z), creal(z));
}

double _Complex cproj(double _Complex z)
{
	if (isinf(creal(z)) || isinf(cimag(z)))
		return CMPLX(INFINITY, copysign(0.0, cimag(z)));
	return z;
}

/* ---- exponential, logarithm, power, root ---- */

double _Complex cexp(double _Complex z)
{
	double x = creal(z), y = cimag(z);
	if (y == 0 && !isnan(x))
		return CMPLX(exp(x), y);
	if (isinf(x)) {
		if (!isfinite(y))
			return x > 0 ? CMPLX(x, y - y) : CMPLX(0.0, copysign(0.0, y));
		double c = cos(y), s = sin(y);
		return x > 0 ? CMPLX(x * c, x * s) : CMPLX(copysign(0.0, c), copysign(0.0, s));
	}
	if (isnan(x))
		return CMPLX(x, y == 0 ? y : NAN);
	if (!isfinite(y))
		return CMPLX(NAN, NAN);
	double c = cos(y), s = sin(y);
	if (fabs(x) >
	    708.0) { /* exp(x) overflows where exp(x) cos(y) may not, or loses bits as a subnormal */
		double h = exp(x * 0.5);
		return CMPLX(h * c * h, h * s * h);
	}
	double e = exp(x);
	return CMPLX(e * c, e * s);
}

double _Complex clog(double _Complex z)
{
	double x = creal(z), y = cimag(z), ax = fabs(x), ay = fabs(y);
	double h = hypot(x, y), re;
	/* log |z| near |z| = 1 from |z|^2 - 1, which fma gives without the cancellation */
	if (h > 0.7 && h < 1.5) {
		double big = ax > ay ? ax : ay, small = ax > ay ? ay : ax;
		re = 0.5 * log1p(fma(small, small, fma(big, big, -1.0)));
	} else {
		re = log(h);
	}
	return CMPLX(re, atan2(y, x));
}

double _Complex csqrt(double _Complex z)
{
	double x = creal(z), y = cimag(z);
	if (x == 0 && y == 0)
		return CMPLX(0.0, y);
	if (isinf(y))
		return CMPLX(INFINITY, y);
	if (isnan(x))
		return CMPLX(x, NAN);
	if (isinf(x))
		return signbit(x) ? CMPLX(fabs(y - y), copysign(INFINITY, y)) : CMPLX(x, copysign(y - y, y));
	if (isnan(y))
		return CMPLX(y, y);
	/* scaled so that x + |z| neither overflows nor loses bits below the normal range */
	double scale = 1.0;
	if (fabs(x) >= 0x1p1020 || fabs(y) >= 0x1p1020) {
		x *= 0x1p-2, y *= 0x1p-2;
		scale = 0x1p1;
	} else if (fabs(x) < 0x1p-1000 && fabs(y) < 0x1p-1000) {
		x *= 0x1p54, y *= 0x1p54;
		scale = 0x1p-27;
	}
	double t = sqrt((fabs(x) + hypot(x, y)) * 0.5);
	if (x >= 0)
		return CMPLX(t * scale, y / (2 * t) * scale);
	return CMPLX(fabs(y) / (2 * t) * scale, copysign(t, y) * scale);
}

double _Complex cpow(double _Complex x, double _Complex y)
{
	double _Complex l = clog(x);
	return cexp(__muldc3(creal(y), cimag(y), creal(l), cimag(l)));
}

/* ---- hyperbolic and trigonometric ---- */

double _Complex csinh(double _Complex z)
{
	double x = creal(z), y = cimag(z);
	if (isfinite(x) && isfinite(y)) {
		if (y == 0)
			return CMPLX(sinh(x), y);
		if (fabs(x) < 709.0)
			return CMPLX(sinh(x) * cos(y), cosh(x) * sin(y));
		double h = exp(fabs(x) * 0.5), half = copysign(0.5, x); /* sinh x = +-cosh x = e^|x|/2 */
		return CMPLX(half * h * cos(y) * h, 0.5 * h * sin(y) * h);
	}
	if (x == 0)
		return CMPLX(x, y - y);
	if (y == 0)
		return CMPLX(x, y);
	if (isinf(x))
		return isfinite(y) ? CMPLX(x * cos(y), INFINITY * sin(y)) : CMPLX(x, y - y);
	return CMPLX(NAN, NAN);
}

double _Complex ccosh(double _Complex z)
{
	double x = creal(z), y = cimag(z);
	if (isfinite(x) && isfinite(y)) {
		if (y == 0)
			return CMPLX(cosh(x), x * y);
		if (fabs(x) < 709.0)
			return CMPLX(cosh(x) * cos(y), sinh(x) * sin(y));
		double h = exp(fabs(x) * 0.5), half = copysign(0.5, x);
		return CMPLX(0.5 * h * cos(y) * h, half * h * sin(y) * h);
	}
	if (x == 0)
		return CMPLX(y - y, 0.0);
	if (y == 0)
		return CMPLX(x * x, isnan(x) ? y : copysign(0.0, x) * y);
	if (isinf(x))
		return isfinite(y) ? CMPLX(INFINITY * cos(y), x * sin(y)) : CMPLX(x * x, x * (y - y));
	return CMPLX(NAN, NAN);
}

/* Kahan's form: with t = tan y, s = sinh x, tanh z = (s sqrt(1 + s^2) (1 + t^2) + i t) / (1 + (1 + t^2) s^2).
 */
double _Complex ctanh(double _Complex z)
{
	double x = creal(z), y = cimag(z);
	if (isnan(x))
		return CMPLX(x, y == 0 ? y : x);
	if (isinf(x))
		return CMPLX(copysign(1.0, x), copysign(0.0, isfinite(y) ? sin(y) * cos(y) : y));
	if (!isfinite(y))
		return CMPLX(x == 0 ? x : y - y, y - y);
	if (fabs(x) >= 22.0) { /* tanh x is +-1 to the last bit */
		double e = exp(-2.0 * fabs(x));
		return CMPLX(copysign(1.0, x), 4.0 * sin(y) * cos(y) * e);
	}
	double t = tan(y), beta = 1.0 + t * t, s = sinh(x), rho = sqrt(1.0 + s * s);
	double denom = 1.0 + beta * s * s;
	return CMPLX(beta * rho * s / denom, t / denom);
}

/* f(z) = -i g(iz) */
#define ROTATED(g, z)                                                                                        \
	({                                                                                                   \
		double _Complex w_ = g(CMPLX(-cimag(z), creal(z)));                                          \
		CMPLX(cimag(w_), -creal(w_));                                                                \
	})

double _Complex csin(double _Complex z)
{
	return ROTATED(csinh, z);
}

double _Complex ccos(double _Complex z)
{
	return ccosh(CMPLX(-cimag(z), creal(z)));
}

double _Complex ctan(double _Complex z)
{
	return ROTATED(ctanh, z);
}

/* ---- inverse hyperbolic and trigonometric ---- */

/* casin and cacos of a finite x + iy after Hull, Fairgrieve and Tang ("Implementing the complex arcsine and
 * arccosine functions using exception handling", 1997): with r = |z + 1|, s = |z - 1| and A = (r + s) / 2,
 * asin z = asin(x / A) + i sign(y) acosh(A). Here both angles come from atan2 against D = sqrt(A^2 - x^2),
 * and acosh from A - 1, each formed as sums of positive terms, so that nothing cancels near the branch
 * points; far out (2^500), A is |z|. THETA = asin(|x| / A), PHI = acos(x / A), IM = acosh(A). */
static void arcsin_parts(double x, double y, double *theta, double *phi, double *im)
{
	double ax = fabs(x), ay = fabs(y);
	if (ax > 0x1p500 || ay > 0x1p500) {
		*theta = atan2(ax, ay);
		*phi = atan2(ay, x);
		*im = log(hypot(x * 0.25, y * 0.25)) + 3.0 * LN2;
		return;
	}
	double r = hypot(ax + 1.0, ay), s = hypot(ax - 1.0, ay), A = 0.5 * (r + s);
	double y2 = ay * ay, d, am1;
	/* at x = +-1 (s = 0 when y = 0) each takes the form whose denominators stay positive */
	if (ax <= 1.0)
		d = sqrt(0.5 * (A + ax) * (y2 / (r + (ax + 1.0)) + (s + (1.0 - ax))));
	else
		d = ay * sqrt(0.5 * (A + ax) * (1.0 / (r + (ax + 1.0)) + 1.0 / (s + (ax - 1.0))));
	if (ax < 1.0)
		am1 = 0.5 * (y2 / (r + (ax + 1.0)) + y2 / (s + (1.0 - ax)));
	else
		am1 = 0.5 * (y2 / (r + (ax + 1.0)) + (s + (ax - 1.0)));
	*theta = atan2(ax, d);
	*phi = atan2(d, x);
	if (ax < 1.0 && ay < 0x1p-200) /* y^2 has left the normal range: acosh(A) is y / sqrt(1 - x^2) */
		*im = ay / sqrt((1.0 - ax) * (1.0 + ax));
	else
		*im = log1p(am1 + sqrt(am1 * (A + 1.0)));
}

/* casinh z = -i casin(iz) */
double _Complex casinh(double _Complex z)
{
	double x = creal(z), y = cimag(z);
	if (!isfinite(x) || !isfinite(y)) {
		if (isinf(x) || isinf(y)) {
			if (isnan(x) || isnan(y))
				return CMPLX(copysign(INFINITY, isnan(x) ? 1.0 : x), NAN);
			return CMPLX(copysign(INFINITY, x), copysign(atan2(fabs(y), fabs(x)), y));
		}
		return y == 0 ? CMPLX(x, y) : CMPLX(NAN, NAN);
	}
	if (fabs(x) < 0x1p-28 && fabs(y) < 0x1p-28)
		return z;
	double theta, phi, im;
	arcsin_parts(y, x, &theta, &phi, &im);
	return CMPLX(copysign(im, x), copysign(theta, y));
}

/* cacosh z = +-i cacos z, the sign that makes the real part positive */
double _Complex cacosh(double _Complex z)
{
	double x = creal(z), y = cimag(z);
	if (!isfinite(x) || !isfinite(y)) {
		if (isinf(x) || isinf(y))
			return CMPLX(INFINITY, isnan(x) || isnan(y) ? NAN : atan2(y, x));
		return CMPLX(NAN, x == 0 ? PI_2 : NAN); /* +-i cacos(+-0 + iNaN), as glibc */
	}
	double theta, phi, im;
	arcsin_parts(x, y, &theta, &phi, &im);
	return CMPLX(im, copysign(phi, y));
}

/* (log(1 + z) - log(1 - z)) / 2, as one log1p for the real part and one atan2 for the imaginary */
double _Complex catanh(double _Complex z)
{
	double x = creal(z), y = cimag(z);
	if (isinf(y))
		return CMPLX(copysign(0.0, x), copysign(PI_2, y));
	if (isinf(x))
		return CMPLX(copysign(0.0, x), isnan(y) ? y : copysign(PI_2, y));
	if (isnan(x) || isnan(y))
		return x == 0 ? CMPLX(x, y) : CMPLX(NAN, NAN);
	double ax = fabs(x), ay = fabs(y);
	if (ax > 0x1p500 || ay > 0x1p500) { /* 1/z */
		double h = hypot(x, y);
		return CMPLX(x / h / h, copysign(PI_2, y));
	}
	if (ax < 0x1p-28 && ay < 0x1p-28)
		return z;
	double one_minus = 1.0 - ax;
	double re = 0.25 * log1p(4.0 * ax / (one_minus * one_minus + ay * ay));
	double im = 0.5 * atan2(2.0 * y, one_minus * (1.0 + ax) - ay * ay);
	return CMPLX(copysign(re, x), im);
}

double _Complex casin(double _Complex z)
{
	return ROTATED(casinh, z);
}

double _Complex catan(double _Complex z)
{
	return ROTATED(catanh, z);
}

/* cacos z = -i cacosh z above the real axis, i cacosh z below */
double _Complex cacos(double _Complex z)
{
	if (creal(z) == 0 && isnan(cimag(z)))
		return CMPLX(PI_2, cimag(z));
	double _Complex w = cacosh(z);
	if (signbit(cimag(z)))
		return CMPLX(-cimag(w), creal(w));
	return CMPLX(cimag(w), -creal(w));
}

/* ---- the float forms: in double, each part rounded once ---- */

#define FLOAT_FORM(name)                                                                                     \
	float _Complex name##f(float _Complex z)                                                             \
	{                                                                                                    \
		double _Complex w = name(CMPLX(__real__ z, __imag__ z));                                     \
		return CMPLXF((float)creal(w), (float)cimag(w));                                             \
	}
FLOAT_FORM(cacos)
FLOAT_FORM(casin)
FLOAT_FORM(catan)
FLOAT_FORM(ccos)
FLOAT_FORM(csin)
FLOAT_FORM(ctan)
FLOAT_FORM(cacosh)
FLOAT_FORM(casinh)
FLOAT_FORM(catanh)
FLOAT_FORM(ccosh)
FLOAT_FORM(csinh)
FLOAT_FORM(ctanh)
FLOAT_FORM(cexp)
FLOAT_FORM(clog)
FLOAT_FORM(csqrt)
FLOAT_FORM(cproj)

float _Complex conjf(float _Complex z)
{
	return CMPLXF(__real__ z, -__imag__ z);
}

float crealf(float _Complex z)
{
	return __real__ z;
}

float cimagf(float _Complex z)
{
	return __imag__ z;
}

float cabsf(float _Complex z)
{
	return (float)hypot(__real__ z, __imag__ z);
}

float cargf(float _Complex z)
{
	return (float)atan2(__imag__ z, __real__ z);
}

float _Complex cpowf(float _Complex x, float _Complex y)
{
	double _Complex w = cpow(CMPLX(__real__ x, __imag__ x), CMPLX(__real__ y, __imag__ y));
	return CMPLXF((float)creal(w), (float)cimag(w));
}
