// SPDX-License-Identifier: Apache-2.0
// Dates as text: asctime and strftime (every C conversion) of gmtime's dates, across centuries and before
// the epoch, and a buffer too small
#include <stdio.h>
#include <string.h>
#include <time.h>

int main(void)
{
	static const time_t times[] = {0, 951782400, -1, 2147483647, -62135596800, 253402300799, 1700000000};
	for (unsigned i = 0; i < sizeof times / sizeof times[0]; i++) {
		struct tm m;
		gmtime_r(&times[i], &m);
		char buf[200];
		size_t n = strftime(buf, sizeof buf,
		                    "%a %A %b %B %C %d %e %F %g %G %H %I %j %m %M %p %S %u %U %V %w %W %y %Y "
		                    "%Z %% | %c | %D %r",
		                    &m);
		printf("%s", asctime(&m));
		printf("  %zu: %s\n", n, buf);
	}
	struct tm m;
	time_t t = 86400 * 365;
	gmtime_r(&t, &m);
	char small[8];
	printf("too small: %zu\n", strftime(small, sizeof small, "%Y-%m-%d", &m));
	return 0;
}
