// SPDX-License-Identifier: Apache-2.0
/* The HTML report: the page (report_template.html, compiled in as html_report_template) with one JSON
 * document put where it says <!--KILN-DATA-->. The page draws everything from that document in the
 * browser, so that the C side writes data only: the JSON texts the image build wrote for tools (the image
 * metadata, the register map, the schedule report), each kernel's operations per state, and the kernels'
 * source files as lines. Every string in it is a JSON string, put into the page by kiln_fput_script_json. */
#include "html_report.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../host/common/fileio.h"
#include "../../host/common/jsonutil.h"
#include "../../host/common/text_escape.h"
#include "../../host/common/version.h"
#include "../schedule/schedule.h"

extern const char html_report_template[];

/* Where the page takes its data. */
#define DATA_MARK "<!--KILN-DATA-->"
/* A source file larger than this is left out of the page (it would be the page). */
#define SOURCE_MAX_BYTES (4u << 20)

/* The chart's kinds of operation, in the page's order (its `kinds`). */
enum { CH_LOGIC, CH_MUL, CH_DIV, CH_MEM, CH_COPY, CH_FPU, CH_N };

/* The chart column an operation of OP counts in, or -1 for one that is no work of its own (a phi is a
 * register written on an edge, a copy a wire, a branch the controller). */
static int chart_kind(kop op)
{
	if (op == K_PHI || op == K_COPY)
		return -1;
	switch (kop_unit(op)) {
	case KU_LOGIC:
		return CH_LOGIC;
	case KU_MULTIPLIER:
		return CH_MUL;
	case KU_DIVIDER:
		return CH_DIV;
	case KU_PORT:
		return CH_MEM;
	case KU_COPY:
		return CH_COPY;
	case KU_FPU:
		return CH_FPU;
	default:
		return -1;
	}
}

/* S as a JSON string ("" for NULL); the write error shows when the file is closed. */
static void put_str(FILE *o, const char *s)
{
	char *q = kiln_json_quote(s ? s : "");
	fputs(q ? q : "\"\"", o);
	free(q);
}

/* F's operations per state and kind: [[logic, mul, ...], ...], a row per state. */
static void put_chart(FILE *o, const kfunc *f)
{
	int n = f->nsteps > 0 ? f->nsteps : 0;
	int(*count)[CH_N] = calloc((size_t)n + 1, sizeof *count);
	if (!count) {
		fputs("[]", o);
		return;
	}
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *k = &f->insts[i];
		int c = chart_kind(k->op);
		if (k->block >= 0 && c >= 0 && k->step >= 0 && k->step < n)
			count[k->step][c]++;
	}
	fputc('[', o);
	for (int s = 0; s < n; s++) {
		fprintf(o, "%s[", s ? "," : "");
		for (int c = 0; c < CH_N; c++)
			fprintf(o, "%s%d", c ? "," : "", count[s][c]);
		fputc(']', o);
	}
	fputc(']', o);
	free(count);
}

/* PATH is one of IN's sources (the same file, however each is spelt). */
static int compiled(const char *path, const html_report_in *in)
{
	char *p = realpath(path, NULL);
	int found = 0;
	for (int i = 0; p && i < in->nsources && !found; i++) {
		char *q = realpath(in->sources[i], NULL);
		found = q && !strcmp(p, q);
		free(q);
	}
	free(p);
	return found;
}

/* The file at PATH as {"path": ..., "lines": [...]}, or nothing when it is none of IN's sources, cannot be
 * read or is too large; 1 when written. */
static int put_source(FILE *o, const char *path, const html_report_in *in, int first)
{
	char *text = NULL;
	size_t len = 0;
	if (!compiled(path, in) || kiln_read_file(path, &text, &len) != 0)
		return 0;
	if (len > SOURCE_MAX_BYTES || memchr(text, 0, len)) {
		free(text);
		return 0;
	}
	fprintf(o, "%s{\"path\": ", first ? "" : ", ");
	put_str(o, path);
	fputs(", \"lines\": [", o);
	char *line = text;
	for (int i = 0; line < text + len; i++) {
		char *nl = memchr(line, '\n', (size_t)(text + len - line));
		char *end = nl ? nl : text + len;
		if (end > line && end[-1] == '\r')
			end[-1] = 0;
		*end = 0;
		fputs(i ? ", " : "", o);
		put_str(o, line);
		line = end + 1;
	}
	fputs("]}", o);
	free(text);
	return 1;
}

/* The page's data document. */
static void put_data(FILE *o, const kfunc *ks, int nk, const html_report_in *in)
{
	fputs("{\"kiln\": ", o);
	put_str(o, KILN_VERSION);
	fputs(", \"image\": ", o);
	put_str(o, in->image);
	fputs(", \"board\": ", o);
	put_str(o, in->board);
	fprintf(o, ", \"clock_ns\": %.3f", in->clock_ns);
	/* the JSON texts the build wrote for tools, as they are */
	const struct {
		const char *key, *json;
	} parts[] = {{"meta", in->meta_json}, {"regmap", in->regmap_json}, {"area", in->area_json}};
	for (size_t i = 0; i < sizeof parts / sizeof *parts; i++)
		fprintf(o, ", \"%s\": %s", parts[i].key, parts[i].json ? parts[i].json : "null");
	char *sched = sched_report_json(ks, nk);
	fprintf(o, ", \"schedule\": %s", sched ? sched : "null");
	free(sched);
	fputs(", \"chart\": [", o);
	for (int k = 0, c = 0; k < nk; k++) {
		if (!ks[k].name)
			continue;
		fprintf(o, "%s{\"kernel\": ", c++ ? ", " : "");
		put_str(o, ks[k].name);
		fputs(", \"ops\": ", o);
		put_chart(o, &ks[k]);
		fputc('}', o);
	}
	fputs("], \"sources\": [", o);
	for (int k = 0, n = 0; k < nk; k++) {
		int seen = !ks[k].file;
		for (int j = 0; j < k && !seen; j++)
			seen = ks[j].file && !strcmp(ks[j].file, ks[k].file);
		if (!seen)
			n += put_source(o, ks[k].file, in, n == 0);
	}
	fputs("]}", o);
}

int html_report_write(const char *dir, const kfunc *ks, int nk, const html_report_in *in)
{
	char path[4200], tmp[4300];
	snprintf(path, sizeof path, "%s/report.html", dir);
	snprintf(tmp, sizeof tmp, "%s/.report.html.%ld", dir, (long)getpid());
	FILE *o = fopen(tmp, "w");
	if (!o)
		return -1;
	const char *mark = strstr(html_report_template, DATA_MARK);
	size_t head = mark ? (size_t)(mark - html_report_template) : strlen(html_report_template);
	fwrite(html_report_template, 1, head, o);
	char *data = NULL;
	size_t len = 0;
	FILE *d = open_memstream(&data, &len);
	int rc = d ? 0 : -1;
	if (d) {
		put_data(d, ks, nk, in);
		rc = fclose(d) == 0 ? 0 : -1;
	}
	if (rc == 0) {
		fputs("<script type=\"application/json\" id=\"kiln-data\">", o);
		rc = kiln_fput_script_json(o, data);
		fputs("</script>", o);
	}
	free(data);
	if (mark)
		fputs(mark + strlen(DATA_MARK), o);
	if (fclose(o) != 0)
		rc = -1;
	if (rc == 0 && rename(tmp, path) != 0)
		rc = -1;
	if (rc != 0) {
		int saved = errno;
		unlink(tmp);
		errno = saved;
	}
	return rc;
}
