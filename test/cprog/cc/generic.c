// SPDX-License-Identifier: Apache-2.0
// _Generic selection by the type of an expression, through a macro
#include <stdio.h>

static int fails;

static void check(int ok, int line)
{
	if (!ok) {
		printf("FAIL line %d\n", line);
		fails++;
	}
}

#define CHECK(c) check(!!(c), __LINE__)

static int done(void)
{
	if (fails)
		printf("failed %d\n", fails);
	else
		printf("ok\n");
	return fails;
}

#define TYPE_NAME(x)                                                                                         \
	_Generic((x), char: "char", signed char: "schar", unsigned char: "uchar", short: "short", int: "int",         \
		 unsigned: "unsigned", long: "long", long long: "llong", const char *: "cstr", char *: "str",          \
		 default: "other")
#define ABS(x) _Generic((x), long : labs_, long long : llabs_, default : iabs_)(x)

static int iabs_(int v)
{
	return v < 0 ? -v : v;
}
static long labs_(long v)
{
	return v < 0 ? -v : v;
}
static long long llabs_(long long v)
{
	return v < 0 ? -v : v;
}

int main(void)
{
	char c = 'x';
	unsigned char uc = 1;
	short s = 2;
	char buf[4] = "ab";
	printf("%s %s %s %s %s %s %s\n", TYPE_NAME(c), TYPE_NAME(uc), TYPE_NAME(s), TYPE_NAME(s + 1),
	       TYPE_NAME(3u), TYPE_NAME(4L), TYPE_NAME(&buf[0]));
	CHECK(TYPE_NAME(5LL)[0] == 'l' && TYPE_NAME("lit")[0] == 's');
	CHECK(ABS(-5) == 5 && ABS(-6L) == 6 && ABS(-7000000000LL) == 7000000000LL);
	CHECK(sizeof(ABS(-1L)) == sizeof(long));
	return done();
}
