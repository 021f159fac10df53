// SPDX-License-Identifier: Apache-2.0
// goto: a loop written with labels, jumping out of nested loops, and a cleanup path
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

static int find_pair(const int *v, int n, int target, int *pi, int *pj)
{
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++)
			if (v[i] + v[j] == target) {
				*pi = i;
				*pj = j;
				goto found;
			}
	return 0;
found:
	return 1;
}

static int process(int x)
{
	int status = 0;
	if (x < 0)
		goto bad;
	if (x > 100)
		goto bad;
	status = x * 2;
	goto out;
bad:
	status = -1;
out:
	return status;
}

int main(void)
{
	static const int v[6] = {8, 3, 11, 6, 2, 9};
	int i = 0, sum = 0, a = -1, b = -1;
again:
	sum += v[i];
	if (++i < 6)
		goto again;
	CHECK(sum == 39);
	CHECK(find_pair(v, 6, 17, &a, &b) && a == 0 && b == 5);
	CHECK(!find_pair(v, 6, 100, &a, &b));
	printf("%d %d %d %d %d %d\n", sum, a, b, process(-5), process(50), process(500));
	CHECK(process(-5) == -1 && process(50) == 100 && process(500) == -1);
	return done();
}
