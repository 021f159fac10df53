// SPDX-License-Identifier: Apache-2.0
// calendar arithmetic in UTC (gmtime_r, timegm, difftime); the clocks report no time, so they are only
// called, never printed
#include <stdio.h>
#include <time.h>

int main(void)
{
	static const time_t when[] = {0, 951782400, -1, 1700000000, -2208988800, 4102444800};
	int fails = 0;
	for (unsigned i = 0; i < sizeof when / sizeof *when; i++) {
		struct tm tm;
		if (!gmtime_r(&when[i], &tm)) {
			fails++;
			continue;
		}
		printf("%ld: %04d-%02d-%02d %02d:%02d:%02d wday %d yday %d\n", (long)when[i],
		       tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
		       tm.tm_wday, tm.tm_yday);
		/* 40 days and 5000 seconds on, through fields out of range */
		tm.tm_mday += 40;
		tm.tm_sec += 5000;
		time_t later = timegm(&tm);
		fails += difftime(later, when[i]) != 40 * 86400.0 + 5000;
		printf("  later %04d-%02d-%02d %02d:%02d:%02d\n", tm.tm_year + 1900, tm.tm_mon + 1,
		       tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec);
	}
	struct tm *g = gmtime(&when[1]);
	fails += g->tm_mon != 1 || g->tm_mday != 29;
	clock_t c = clock();
	time_t now = time(NULL);
	(void)c;
	(void)now;
	return fails;
}
