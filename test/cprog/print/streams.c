// SPDX-License-Identifier: Apache-2.0
// stdio's stream functions beside printf: fwrite (with a NUL among the bytes), fflush, setvbuf, setbuf,
// ferror, feof, clearerr, perror (to stderr) and strerror's messages; a NUL through vprintf; put calls on a
// stream chosen at run time between stdout and stderr (one call on a select or phi of the two).
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int say(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vprintf(fmt, ap);
	va_end(ap);
	return n;
}

int main(void)
{
	int r = setvbuf(stdout, NULL, _IOLBF, 0);
	printf("setvbuf %d\n", r);
	setbuf(stderr, NULL);
	static const char data[] = "fwrite\0with a NUL\n";
	size_t w = fwrite(data, 1, sizeof data - 1, stdout);
	printf("fwrite %d\n", (int)w);
	w = fwrite(data, 2, 3, stdout);
	printf("|fwrite %d %d\n", (int)w, (int)fwrite(data, 0, 5, stdout));
	printf("fflush %d ferror %d feof %d\n", fflush(stdout), ferror(stdout), feof(stdout));
	clearerr(stdout);
	for (int e = 0; e < 140; e += 9)
		printf("%d: %s\n", e, strerror(e));
	printf("%s|", strerror(-5)); /* one buffer for unknown numbers, as glibc's */
	printf("%s\n", strerror(4096));
	errno = ERANGE;
	perror("perror");
	errno = EDOM;
	perror(NULL);
	static volatile int to_stderr; /* 0, but not to the compiler */
	for (int i = 0; i < 3; i++) {
		FILE *f = to_stderr == i + 1 ? stderr : stdout;
		fputs("chosen stream ", f);
		fputc('0' + i, f);
		fprintf(f, " %d\n", i * 7);
	}
	int n = say("a NUL: [%c] and on [%s]\n", 0, "text");
	printf("say %d\nok\n", n);
	return 0;
}
