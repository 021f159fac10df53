// SPDX-License-Identifier: Apache-2.0
// strtok: changing the delimiter set between calls and restarting on a new string
#include <stdio.h>
#include <string.h>

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

static char a[] = "key=value;next=pair";
static char b[] = "   only   ";
static char c[] = ";;;";

int main(void)
{
	char *k = strtok(a, "=");
	char *v = strtok(NULL, ";");
	char *k2 = strtok(NULL, "=");
	char *v2 = strtok(NULL, "");
	printf("%s %s %s %s\n", k, v, k2, v2);
	CHECK(strcmp(k, "key") == 0 && strcmp(v, "value") == 0);
	CHECK(strcmp(k2, "next") == 0 && strcmp(v2, "pair") == 0);
	char *t = strtok(b, " ");
	CHECK(t && strcmp(t, "only") == 0);
	CHECK(strtok(NULL, " ") == NULL);
	CHECK(strtok(c, ";") == NULL);
	return done();
}
