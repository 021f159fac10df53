// SPDX-License-Identifier: Apache-2.0
/* The kernel C library's <ctype.h>, C locale only. Written for hardware: each class is a few range
 * comparisons on the argument (a handful of gates) rather than a 384-entry table in memory that every call
 * would have to read through a port. EOF and bytes 128..255 belong to no class; tolower/toupper return them
 * unchanged. The classes return 0 or 1 (glibc returns other non-zero values: only truth is specified). */
#include <ctype.h>

int isdigit(int c)
{
	return c >= '0' && c <= '9';
}

int islower(int c)
{
	return c >= 'a' && c <= 'z';
}

int isupper(int c)
{
	return c >= 'A' && c <= 'Z';
}

int isalpha(int c)
{
	return islower(c) || isupper(c);
}

int isalnum(int c)
{
	return isalpha(c) || isdigit(c);
}

int isxdigit(int c)
{
	return isdigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

int isblank(int c)
{
	return c == ' ' || c == '\t';
}

int isspace(int c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

int iscntrl(int c)
{
	return (c >= 0 && c < ' ') || c == 0x7f;
}

int isprint(int c)
{
	return c >= ' ' && c < 0x7f;
}

int isgraph(int c)
{
	return c > ' ' && c < 0x7f;
}

int ispunct(int c)
{
	return isgraph(c) && !isalnum(c);
}

int tolower(int c)
{
	return isupper(c) ? c - 'A' + 'a' : c;
}

int toupper(int c)
{
	return islower(c) ? c - 'a' + 'A' : c;
}

int isascii(int c)
{
	return (c & ~0x7f) == 0;
}

int toascii(int c)
{
	return c & 0x7f;
}
