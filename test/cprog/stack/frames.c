// SPDX-License-Identifier: Apache-2.0
// What each frame must keep of its own: permutations with a local table per call, and a struct passed and
// returned by value whose copy the callee changes.
#include <stdio.h>

static int perms(int *used, int *cur, int k, int n)
{
	if (k == n) {
		int v = 0;
		for (int i = 0; i < n; i++)
			v = v * 10 + cur[i];
		return v % 97;
	}
	int sum = 0, weight[8];
	for (int i = 0; i < n; i++)
		weight[i] = (i + k) * (i + 1);
	for (int i = 0; i < n; i++) {
		if (used[i])
			continue;
		used[i] = 1;
		cur[k] = i + 1;
		sum += perms(used, cur, k + 1, n) + weight[i];
		used[i] = 0;
	}
	return sum;
}

struct pt {
	int x, y;
	long long z;
	char tag[6];
};

static struct pt fold(struct pt p, int n)
{
	if (n == 0)
		return p;
	struct pt q = p;
	q.x += n;
	q.y -= n;
	q.z = q.z * 3 + n;
	q.tag[n % 5] = (char)('a' + n);
	struct pt r = fold(q, n - 1);
	r.x += p.x; /* p is this frame's own copy: the callee's changes to its q did not reach it */
	return r;
}

int main(void)
{
	int used[8] = {0}, cur[8];
	printf("perms %d\n", perms(used, cur, 0, 5));
	struct pt p = {1, 2, 3, "....."};
	struct pt r = fold(p, 7);
	printf("fold %d %d %lld %s\n", r.x, r.y, r.z, r.tag);
	if (p.x != 1 || p.tag[0] != '.' || r.x != 148)
		return 1;
	printf("ok\n");
	return 0;
}
