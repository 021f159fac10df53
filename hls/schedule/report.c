/* The schedule report: what the scheduler decided, per kernel, for people (text) and tools (JSON). */
#include <stdio.h>

#include "schedule.h"

static void write_text(const kfunc *ks, int nk, FILE *o)
{
	for (int k = 0; k < nk; k++) {
		const kfunc *f = &ks[k];
		fprintf(o, "kernel %s: %d states, clock target %.2f ns\n", f->name, f->nsteps, f->clock_ns);
		for (int b = 0; b < f->nblocks; b++)
			fprintf(o, "  %-6s states %d..%d\n", f->blocks[b].name, f->blocks[b].first_step,
				f->blocks[b].last_step);
	}
}

static void write_json(const kfunc *ks, int nk, FILE *o)
{
	fprintf(o, "{\n  \"kernels\": [");
	for (int k = 0; k < nk; k++) {
		const kfunc *f = &ks[k];
		fprintf(o, "%s\n    {\"name\": \"%s\", \"states\": %d, \"clock_ns\": %.3f, \"blocks\": [", k ? "," : "",
			f->name, f->nsteps, f->clock_ns);
		for (int b = 0; b < f->nblocks; b++)
			fprintf(o, "%s{\"name\": \"%s\", \"first_state\": %d, \"last_state\": %d}", b ? ", " : "",
				f->blocks[b].name, f->blocks[b].first_step, f->blocks[b].last_step);
		fprintf(o, "]}");
	}
	fprintf(o, "\n  ]\n}\n");
}

int sched_report_write(const kfunc *ks, int nk, const char *dir)
{
	char path[4200];
	snprintf(path, sizeof path, "%s/schedule.txt", dir);
	FILE *t = fopen(path, "w");
	snprintf(path, sizeof path, "%s/schedule.json", dir);
	FILE *j = fopen(path, "w");
	if (t)
		write_text(ks, nk, t);
	if (j)
		write_json(ks, nk, j);
	int bad = !t || !j;
	if (t && fclose(t) != 0)
		bad = 1;
	if (j && fclose(j) != 0)
		bad = 1;
	return bad ? -1 : 0;
}
