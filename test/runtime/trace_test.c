// SPDX-License-Identifier: Apache-2.0
/* KILN_TRACE on the Verilated board: VCD when the name ends in .vcd, FST otherwise; a timescale of 1 ps with
 * each clock cycle as long as the board's period (10 ns on sim); kernels under scopes named after them; and a
 * second image programmed in the same process appended to the trace after the first, not overwriting it;
 * an image built without waveform support (kiln-cc without --trace) refused under KILN_TRACE with the reason.
 * Usage: trace_test IMAGE_A.kimg IMAGE_B.kimg DIR [UNTRACED.kimg] (A has kernel bump, B kernel add) */
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <kiln/kiln.h>

#include "test/harness.h"

/* Runs bump from A, then programs B and runs add, with KILN_TRACE=PATH; the trace is complete at close. */
static int run_two_images(const char *a, const char *b, const char *path)
{
	kiln_device *dev = NULL;
	kiln_program *pa = NULL, *pb = NULL;
	kiln_kernel *bump = NULL, *add = NULL;
	int n = 3, x = 1;
	setenv("KILN_TRACE", path, 1);
	int ok = kiln_device_open(NULL, &dev) == KILN_OK && kiln_program_load(dev, a, &pa) == KILN_OK &&
	         kiln_kernel_get(pa, "bump", &bump) == KILN_OK &&
	         kiln_kernel_set_arg(bump, 0, sizeof n, &n) == KILN_OK &&
	         kiln_kernel_run(bump, NULL) == KILN_OK;
	kiln_program_release(pa);
	ok = ok && kiln_program_load(dev, b, &pb) == KILN_OK && kiln_kernel_get(pb, "add", &add) == KILN_OK &&
	     kiln_kernel_set_arg(add, 0, sizeof x, &x) == KILN_OK && kiln_kernel_run(add, NULL) == KILN_OK;
	if (!ok)
		printf("# %s\n", kiln_last_error());
	kiln_program_release(pb);
	kiln_device_close(dev);
	unsetenv("KILN_TRACE");
	return ok;
}

/* The VCD id of the first `clk` declared after scope SCOPE, or "" when there is none. */
static void clk_id(const char *vcd, const char *scope, char *id, size_t len)
{
	id[0] = 0;
	const char *s = strstr(vcd, scope);
	const char *v = s ? strstr(s, " clk $end") : NULL;
	if (!v)
		return;
	const char *start = v;
	while (start > vcd && start[-1] != ' ')
		start--;
	snprintf(id, len, "%.*s", (int)(v - start), start);
}

/* Times of the first two rising edges (value "1" then ID) after time FROM; 0 when not found. */
static void rising_edges(const char *vcd, const char *id, unsigned long long from, unsigned long long t[2])
{
	unsigned long long now = 0;
	int found = 0;
	char want[32];
	snprintf(want, sizeof want, "1%s", id);
	t[0] = t[1] = 0;
	for (const char *l = strstr(vcd, "$enddefinitions"); l && found < 2; l = strchr(l, '\n')) {
		l++;
		if (*l == '#')
			now = strtoull(l + 1, NULL, 10);
		else if (now >= from && !strncmp(l, want, strlen(want)) &&
		         (l[strlen(want)] == '\n' || l[strlen(want)] == '\r'))
			t[found++] = now;
	}
}

/* How the child of exit_path() ends without closing its board. */
enum { END_EXIT, END_RETURN, END_ABORT, END_SIGNAL };

/* In a child process: runs bump from A with KILN_TRACE=PATH and ends as HOW says without closing the board;
 * with SECOND, first a board traced into SECOND is opened, used and closed (the hook must not touch it
 * again), and a second board, untraced, is left open beside. Returns the child's wait status. */
static int exit_path(const char *a, const char *path, int how, const char *second)
{
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		kiln_device *dev = NULL, *other = NULL;
		kiln_program *pa = NULL, *po = NULL;
		kiln_kernel *bump = NULL;
		int n = 3;
		if (second) {
			setenv("KILN_TRACE", second, 1);
			if (kiln_device_open(NULL, &dev) != KILN_OK ||
			    kiln_program_load(dev, a, &pa) != KILN_OK)
				_exit(3);
			kiln_program_release(pa);
			kiln_device_close(dev);
			unsetenv("KILN_TRACE");
			if (kiln_device_open(NULL, &other) != KILN_OK ||
			    kiln_program_load(other, a, &po) != KILN_OK)
				_exit(4);
		}
		setenv("KILN_TRACE", path, 1);
		if (kiln_device_open(NULL, &dev) != KILN_OK || kiln_program_load(dev, a, &pa) != KILN_OK ||
		    kiln_kernel_get(pa, "bump", &bump) != KILN_OK ||
		    kiln_kernel_set_arg(bump, 0, sizeof n, &n) != KILN_OK ||
		    kiln_kernel_run(bump, NULL) != KILN_OK)
			_exit(5);
		switch (how) {
		case END_EXIT:
			exit(0);
		case END_ABORT:
			abort(); /* as a failed assert() ends */
		case END_SIGNAL:
			raise(SIGTERM);
			_exit(6);
		default:
			return -1; /* the caller, being the child, returns from main */
		}
	}
	int st = -1;
	if (pid > 0)
		waitpid(pid, &st, 0);
	return st;
}

/* Whether the VCD DIR/NAME is whole (its definitions, the kernel's scope, values after time 0) and no segment
 * of it (NAME.kiln-seg...) is left in DIR. */
static int vcd_whole(const char *dir, const char *name)
{
	char path[4200], seg[300];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	snprintf(seg, sizeof seg, "%s.kiln-seg", name);
	char *vcd = kt_read_file(path, NULL);
	int whole = vcd && strstr(vcd, "$enddefinitions") && strstr(vcd, "$scope module u_kernel_bump") &&
	            strstr(vcd, "\n#10000\n");
	free(vcd);
	DIR *d = opendir(dir);
	for (struct dirent *e = d ? readdir(d) : NULL; e; e = readdir(d))
		if (!strncmp(e->d_name, seg, strlen(seg)))
			whole = 0;
	if (d)
		closedir(d);
	return whole;
}

/* WHAT is in the text from S0 (the first image's scope) up to the second image's scope. */
static int in_first(const char *s0, const char *what)
{
	return kt_in_order(s0, what, "$scope module image1_");
}

int main(int argc, char **argv)
{
	if (argc < 4) {
		fprintf(stderr, "usage: trace_test A.kimg B.kimg DIR\n");
		return 2;
	}
	char vcdp[4096], fstp[4096];
	snprintf(vcdp, sizeof vcdp, "%s/trace_test.vcd", argv[3]);
	snprintf(fstp, sizeof fstp, "%s/trace_test.fst", argv[3]);
	remove(vcdp);
	remove(fstp);

	KT_CHECK(run_two_images(argv[1], argv[2], vcdp), "two images run with KILN_TRACE=*.vcd", "failed");
	char *vcd = kt_read_file(vcdp, NULL);
	if (!KT_CHECK(vcd && strstr(vcd, "$enddefinitions"), "a VCD trace is written", "%s", vcdp))
		return KT_DONE();
	KT_CHECK(strstr(vcd, "$timescale") && strstr(strstr(vcd, "$timescale"), "1ps"),
	         "VCD timescale is 1 ps", "%.200s", vcd);
	const char *s0 = strstr(vcd, "$scope module image0_"), *s1 = strstr(vcd, "$scope module image1_");
	KT_CHECK(s0 && s1 && s0 < s1, "each image has a scope of its own, the first one first", "%p %p",
	         (void *)s0, (void *)s1);
	KT_CHECK(in_first(s0, "$scope module u_kernel_bump") && s1 &&
	             strstr(s1, "$scope module u_kernel_add"),
	         "kernels are scopes named after them (u_kernel_bump, u_kernel_add)", "missing");
	KT_CHECK(in_first(s0, "$scope module u_dg0_counter") && s1 && strstr(s1, "$scope module u_dg0_acc"),
	         "device globals' storage are scopes named after them (u_dg0_counter, u_dg0_acc)", "missing");
	char id0[16], id1[16];
	clk_id(vcd, "$scope module image0_", id0, sizeof id0);
	clk_id(vcd, "$scope module image1_", id1, sizeof id1);
	unsigned long long e0[2], e1[2];
	rising_edges(vcd, id0, 0, e0);
	KT_CHECK(id0[0] && e0[1] - e0[0] == 10000, "a clock cycle lasts the board's 10 ns (10000 ps)",
	         "clk id '%s', edges at %llu and %llu", id0, e0[0], e0[1]);
	rising_edges(vcd, id1, 0, e1);
	KT_CHECK(id1[0] && strcmp(id0, id1) && e1[0] > e0[1] && e1[1] - e1[0] == 10000,
	         "the second image's trace is appended after the first, in the same file",
	         "ids '%s' '%s', first image from %llu, second from %llu", id0, id1, e0[0], e1[0]);
	free(vcd);

	KT_CHECK(run_two_images(argv[1], argv[2], fstp), "two images run with KILN_TRACE=*.fst", "failed");
	char *fst = kt_read_file(fstp, NULL);
	/* An FST file opens with its header block: block type 0, then a 64-bit big-endian length of 329. */
	static const unsigned char hdr[] = {0, 0, 0, 0, 0, 0, 0, 1, 0x49};
	KT_CHECK(fst && !memcmp(fst, hdr, sizeof hdr) && !strstr(fst, "$enddefinitions"),
	         "any other name gives an FST trace", "%s", fstp);
	free(fst);

	/* hosts that never close their board */
	static const struct {
		int how;
		const char *what;
	} ends[] = {{END_EXIT, "exit()"},
	            {END_RETURN, "returning from main"},
	            {END_ABORT, "abort() (a failed assert)"},
	            {END_SIGNAL, "SIGTERM"}};
	for (size_t i = 0; i < sizeof ends / sizeof *ends; i++) {
		char name[64], path[4200];
		snprintf(name, sizeof name, "trace_test_end%zu.vcd", i);
		snprintf(path, sizeof path, "%s/%s", argv[3], name);
		remove(path);
		int st = exit_path(argv[1], path, ends[i].how, NULL);
		if (st == -1 && ends[i].how == END_RETURN)
			return 0; /* the child, back in main */
		char what[200];
		snprintf(
		    what, sizeof what,
		    "a host that ends by %s without closing its board gets its whole trace, no segment left",
		    ends[i].what);
		KT_CHECK(vcd_whole(argv[3], name), what, "%s (wait status %#x)", path, (unsigned)st);
	}
	{
		char path[4200], first[4200];
		snprintf(path, sizeof path, "%s/trace_test_two.vcd", argv[3]);
		snprintf(first, sizeof first, "%s/trace_test_first.vcd", argv[3]);
		remove(path);
		remove(first);
		int st = exit_path(argv[1], path, END_EXIT, first);
		KT_CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0 && vcd_whole(argv[3], "trace_test_two.vcd"),
		         "a board traced and closed, an untraced one left open, a traced one left open: exit "
		         "writes "
		         "the open one's trace and ends cleanly",
		         "wait status %#x", (unsigned)st);
	}

	if (argc > 4) {
		char path[4200];
		snprintf(path, sizeof path, "%s/trace_test_untraced.vcd", argv[3]);
		remove(path);
		setenv("KILN_TRACE", path, 1);
		kiln_device *dev = NULL;
		kiln_program *p = NULL;
		int opened = kiln_device_open(NULL, &dev) == KILN_OK;
		int rc = opened ? kiln_program_load(dev, argv[4], &p) : KILN_OK;
		const char *why = kiln_last_error();
		KT_CHECK(opened && rc != KILN_OK && why && strstr(why, "without waveform support") &&
		             strstr(why, "kiln-cc --trace"),
		         "KILN_TRACE with an image built without --trace: refused, saying how to build it",
		         "status %d: %s", rc, why ? why : "");
		kiln_program_release(p);
		kiln_device_close(dev);
		unsetenv("KILN_TRACE");
		struct stat st;
		KT_CHECK(stat(path, &st) != 0, "and no trace file is left behind", "%s", path);
	}
	return KT_DONE();
}
