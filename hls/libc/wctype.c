// SPDX-License-Identifier: Apache-2.0
/* The kernel C library's <wctype.h>, C locale only: an ASCII wide character is what ctype.c says of the
 * byte, any other (WEOF too) is in no class and maps to itself, as in glibc's C locale. The classes by name
 * (wctype, iswctype) are an index into the one table of names, so that a kernel calling iswctype builds
 * a comparison per class and no memory of functions. */
#include <ctype.h>
#include <string.h>
#include <wctype.h>

#define ASCII(wc) ((unsigned int)(wc) < 0x80u) /* WEOF too, wint_t signed or not */

int iswalnum(wint_t wc)
{
	return ASCII(wc) && isalnum((int)wc);
}

int iswalpha(wint_t wc)
{
	return ASCII(wc) && isalpha((int)wc);
}

int iswblank(wint_t wc)
{
	return ASCII(wc) && isblank((int)wc);
}

int iswcntrl(wint_t wc)
{
	return ASCII(wc) && iscntrl((int)wc);
}

int iswdigit(wint_t wc)
{
	return ASCII(wc) && isdigit((int)wc);
}

int iswgraph(wint_t wc)
{
	return ASCII(wc) && isgraph((int)wc);
}

int iswlower(wint_t wc)
{
	return ASCII(wc) && islower((int)wc);
}

int iswprint(wint_t wc)
{
	return ASCII(wc) && isprint((int)wc);
}

int iswpunct(wint_t wc)
{
	return ASCII(wc) && ispunct((int)wc);
}

int iswspace(wint_t wc)
{
	return ASCII(wc) && isspace((int)wc);
}

int iswupper(wint_t wc)
{
	return ASCII(wc) && isupper((int)wc);
}

int iswxdigit(wint_t wc)
{
	return ASCII(wc) && isxdigit((int)wc);
}

wint_t towlower(wint_t wc)
{
	return ASCII(wc) ? (wint_t)tolower((int)wc) : wc;
}

wint_t towupper(wint_t wc)
{
	return ASCII(wc) ? (wint_t)toupper((int)wc) : wc;
}

/* C's class names, in the order of their numbers (1..12). */
static const char class_names[][7] = {"alnum", "alpha", "blank", "cntrl", "digit", "graph",
                                      "lower", "print", "punct", "space", "upper", "xdigit"};

wctype_t wctype(const char *name)
{
	for (unsigned i = 0; i < sizeof class_names / sizeof *class_names; i++)
		if (!strcmp(name, class_names[i]))
			return i + 1;
	return 0;
}

int iswctype(wint_t wc, wctype_t desc)
{
	switch (desc) {
	case 1:
		return iswalnum(wc);
	case 2:
		return iswalpha(wc);
	case 3:
		return iswblank(wc);
	case 4:
		return iswcntrl(wc);
	case 5:
		return iswdigit(wc);
	case 6:
		return iswgraph(wc);
	case 7:
		return iswlower(wc);
	case 8:
		return iswprint(wc);
	case 9:
		return iswpunct(wc);
	case 10:
		return iswspace(wc);
	case 11:
		return iswupper(wc);
	case 12:
		return iswxdigit(wc);
	default:
		return 0;
	}
}

/* The two mappings, by the address of their number (wctrans_t is a pointer in glibc, and 0 means none). */
static const int mappings[2] = {1, 2};

wctrans_t wctrans(const char *name)
{
	return !strcmp(name, "tolower") ? &mappings[0] : !strcmp(name, "toupper") ? &mappings[1] : NULL;
}

wint_t towctrans(wint_t wc, wctrans_t desc)
{
	return !desc ? wc : *desc == 1 ? towlower(wc) : towupper(wc);
}
