// SPDX-License-Identifier: Apache-2.0
/* kiln test's reports (report.h). Every name in them comes from the user's manifest or their program's
 * output, so each goes through text_escape.h for the format it lands in. */
#include "host/regress/report.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host/common/jsonutil.h"
#include "host/common/text_escape.h"

const char *const kreg_buckets[] = {"build",   "setup", "mismatch",       "exit-status", "cycle-limit",
                                    "timeout", "crash", "infrastructure", NULL};

void kreg_progress(FILE *f, int done, int total, int failed, int running, double eta_s)
{
	if (!isatty(fileno(f)))
		return;
	char eta[32] = "";
	if (eta_s >= 0)
		snprintf(eta, sizeof eta, ", ETA %d:%02d", (int)eta_s / 60, (int)eta_s % 60);
	fprintf(f, "\r\033[Kkiln test: %d/%d done, %d failed, %d running%s", done, total, failed, running,
	        eta);
	fflush(f);
}

void kreg_progress_clear(FILE *f)
{
	if (isatty(fileno(f)))
		fputs("\r\033[K", f);
}

void kreg_summary(FILE *f, const kreg_result *r, int n, const kreg_totals *t)
{
	int passed = 0, width = 4;
	for (int i = 0; i < n; i++) {
		passed += r[i].passed;
		if (!r[i].passed && (int)strlen(r[i].name) > width)
			width = (int)strlen(r[i].name);
	}
	if (passed < n) {
		fprintf(f, "\n%-*s  %-14s  %s\n", width, "test", "cause", "first failure");
		for (int i = 0; i < n; i++) {
			if (r[i].passed)
				continue;
			fprintf(f, "%-*s  %-14s  ", width, r[i].name, r[i].bucket);
			kiln_fput_text(f, r[i].why, KILN_ESC_PLAIN);
			fputc('\n', f);
			if (r[i].folder)
				fprintf(f, "%-*s  %-14s  kept in %s\n", width, "", "", r[i].folder);
		}
		fputs("\nby cause:", f);
		for (int b = 0; kreg_buckets[b]; b++) {
			int c = 0;
			for (int i = 0; i < n; i++)
				c += !r[i].passed && !strcmp(r[i].bucket, kreg_buckets[b]);
			if (c)
				fprintf(f, " %s %d", kreg_buckets[b], c);
		}
		fputc('\n', f);
	}
	fprintf(f, "%d tests in %.1f s (%d builds, %.1f s of them)\n%d passed, %d failed\n", n, t->wall_s,
	        t->builds, t->build_s, passed, n - passed);
}

int kreg_write_junit(const char *path, const kreg_result *r, int n, const kreg_totals *t)
{
	double wall_s = t->wall_s;
	FILE *o = fopen(path, "w");
	if (!o)
		return -1;
	int failed = 0;
	for (int i = 0; i < n; i++)
		failed += !r[i].passed;
	fprintf(o,
	        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites tests=\"%d\" failures=\"%d\" "
	        "time=\"%.3f\">\n<testsuite name=\"kiln test\" tests=\"%d\" failures=\"%d\" time=\"%.3f\">\n",
	        n, failed, wall_s, n, failed, wall_s);
	for (int i = 0; i < n; i++) {
		fputs("  <testcase classname=\"", o);
		kiln_fput_text(o, r[i].board, KILN_ESC_XML);
		fputs("\" name=\"", o);
		kiln_fput_text(o, r[i].name, KILN_ESC_XML);
		fprintf(o, "\" time=\"%.3f\"", r[i].seconds);
		if (r[i].passed) {
			fputs("/>\n", o);
			continue;
		}
		fputs(">\n    <failure type=\"", o);
		kiln_fput_text(o, r[i].bucket, KILN_ESC_XML);
		fputs("\" message=\"", o);
		kiln_fput_text(o, r[i].why, KILN_ESC_XML);
		fputs("\">", o);
		if (r[i].folder) {
			fputs("kept in ", o);
			kiln_fput_text(o, r[i].folder, KILN_ESC_XML);
		}
		fputs("</failure>\n  </testcase>\n", o);
	}
	fputs("</testsuite>\n</testsuites>\n", o);
	return fclose(o) ? -1 : 0;
}

int kreg_write_json(const char *path, const kreg_result *r, int n, const kreg_totals *tot)
{
	json_t *root = json_object(), *tests = json_array();
	int passed = 0;
	for (int i = 0; i < n; i++) {
		json_t *t = json_object();
		passed += r[i].passed;
		json_object_set_new(t, "name", json_string(r[i].name));
		json_object_set_new(t, "board", json_string(r[i].board));
		json_object_set_new(t, "seed", json_integer((json_int_t)r[i].seed));
		json_object_set_new(t, "passed", json_boolean(r[i].passed));
		json_object_set_new(t, "cause", r[i].bucket ? json_string(r[i].bucket) : json_null());
		json_object_set_new(t, "why", r[i].why ? json_string(r[i].why) : json_null());
		json_object_set_new(t, "checks_passed", json_integer(r[i].checks_passed));
		json_object_set_new(t, "checks_failed", json_integer(r[i].checks_failed));
		json_object_set_new(t, "seconds", json_real(r[i].seconds));
		json_object_set_new(t, "attempts", json_integer(r[i].attempts));
		json_object_set_new(t, "folder", r[i].folder ? json_string(r[i].folder) : json_null());
		json_array_append_new(tests, t);
	}
	json_object_set_new(root, "passed", json_integer(passed));
	json_object_set_new(root, "failed", json_integer(n - passed));
	json_object_set_new(root, "seconds", json_real(tot->wall_s));
	json_object_set_new(root, "builds", json_integer(tot->builds));
	json_object_set_new(root, "build_seconds", json_real(tot->build_s));
	json_object_set_new(root, "tests", tests);
	char *text = kiln_json_dump(root);
	json_decref(root);
	FILE *o = text ? fopen(path, "w") : NULL;
	int rc = o && fputs(text, o) >= 0 ? 0 : -1;
	if (o && fclose(o))
		rc = -1;
	free(text);
	return rc;
}
