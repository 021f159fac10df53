// SPDX-License-Identifier: Apache-2.0
/* The area report: yosys maps the image's RTL (rtl/, top kiln_image) for a family, keeping the hierarchy, so
 * that `stat` counts each module's own cells; a kernel's area is its module's, submodules included (the
 * instance u_kernel_NAME), a device global's is its storage's (u_dgN_NAME), the rest is the image's shell
 * (the register block, arbiters, the response mux). Then the flattened design goes through yosys' static
 * timing pass (`sta`, the family's cell models with their specify delays): its latest arrival, plus a routed
 * connection's delay for each cell on that path, is the estimated critical path. That is an estimate without
 * placement or routing, as scripts/bench-area's is (which models routing per connection in more detail for
 * 7-series); nextpnr's figure, where a board has a part, is the bitstream flow's (`kiln-cc --board`). */
#include "area_report.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../../host/common/fileio.h"
#include "../../host/common/jsonutil.h"
#include "../../host/common/private_dir.h"
#include "../../host/common/sha256.h"
#include "../../host/common/version.h"
#include "../emit/names.h"
#include "../support/child.h"
#include "../support/diag.h"
#include "../system/system.h"

/* area.json's layout, in the cache's key: a cache written by another layout is not read. */
#define AREA_FORMAT 1

/* Per family: yosys' synthesis command (hierarchy kept), the cell models `sta` times with (NULL: no timing;
 * generic reports the LUT levels of `ltp`; ECP5's models leave sta running without end, so it has no clock
 * estimate here), and the delay of one routed connection, an assumption in the spirit of scripts/bench-area's
 * NET (7-series; iCE40's routing is slower per hop). */
static const struct family {
	const char *name, *synth, *cells, *defines;
	double net_ns;
} families[AREA_NFAMILIES] = {
    [AREA_XC7] = {"xc7", "synth_xilinx -family xc7 -top kiln_image -noiopad -noclkbuf",
                  "+/xilinx/cells_sim.v", "", 0.40},
    [AREA_ICE40] = {"ice40", "synth_ice40 -top kiln_image -noflatten", "+/ice40/cells_sim.v", "-D ICE40_HX ",
                    1.00},
    [AREA_ECP5] = {"ecp5", "synth_ecp5 -top kiln_image -noflatten", NULL, "", 0.0},
    [AREA_GENERIC] = {"generic", "synth -top kiln_image -lut 4", NULL, "", 0.0},
};

int area_family_parse(const char *name, area_family *out)
{
	for (int i = 0; i < AREA_NFAMILIES; i++)
		if (!strcmp(name, families[i].name)) {
			*out = (area_family)i;
			return 0;
		}
	return -1;
}

const char *area_family_name(area_family f)
{
	return families[f].name;
}

/* What the report counts, in area.json's order and names. */
enum { C_LUTS, C_FFS, C_BRAMS, C_DSPS, C_N };
static const char *const count_names[C_N] = {"luts", "ffs", "brams", "dsps"};

typedef struct counts {
	long v[C_N];
} counts;

/* Each family's primitives that count, and as how many of what (a 7-series LUTRAM takes several LUT sites, an
 * ECP5 carry cell is two LUT4s, a RAMB36 two 18 Kbit blocks); PREFIX: every type that starts so. Types that
 * are none of these (carry chains, wide muxes, buffers) count nothing. */
static const struct cell_kind {
	area_family family;
	const char *type;
	int prefix, what;
	long weight;
} cell_kinds[] = {
    {AREA_XC7, "LUT1", 0, C_LUTS, 1},
    {AREA_XC7, "LUT2", 0, C_LUTS, 1},
    {AREA_XC7, "LUT3", 0, C_LUTS, 1},
    {AREA_XC7, "LUT4", 0, C_LUTS, 1},
    {AREA_XC7, "LUT5", 0, C_LUTS, 1},
    {AREA_XC7, "LUT6", 0, C_LUTS, 1},
    {AREA_XC7, "LUT6_2", 0, C_LUTS, 1},
    {AREA_XC7, "INV", 0, C_LUTS, 1},
    {AREA_XC7, "SRL", 1, C_LUTS, 1},
    {AREA_XC7, "RAM32X1S", 0, C_LUTS, 1},
    {AREA_XC7, "RAM64X1S", 0, C_LUTS, 1},
    {AREA_XC7, "RAM128X1S", 0, C_LUTS, 2},
    {AREA_XC7, "RAM256X1S", 0, C_LUTS, 4},
    {AREA_XC7, "RAM32X1D", 0, C_LUTS, 2},
    {AREA_XC7, "RAM64X1D", 0, C_LUTS, 2},
    {AREA_XC7, "RAM128X1D", 0, C_LUTS, 4},
    {AREA_XC7, "RAM32M16", 0, C_LUTS, 8},
    {AREA_XC7, "RAM64M8", 0, C_LUTS, 8},
    {AREA_XC7, "RAM32M", 0, C_LUTS, 4},
    {AREA_XC7, "RAM64M", 0, C_LUTS, 4},
    {AREA_XC7, "FD", 1, C_FFS, 1},
    {AREA_XC7, "RAMB18E1", 0, C_BRAMS, 1},
    {AREA_XC7, "RAMB36E1", 0, C_BRAMS, 2},
    {AREA_XC7, "DSP48E1", 0, C_DSPS, 1},
    {AREA_ICE40, "SB_LUT4", 0, C_LUTS, 1},
    {AREA_ICE40, "SB_DFF", 1, C_FFS, 1},
    {AREA_ICE40, "SB_RAM40_4K", 1, C_BRAMS, 1},
    {AREA_ICE40, "SB_SPRAM256KA", 0, C_BRAMS, 1},
    {AREA_ICE40, "SB_MAC16", 0, C_DSPS, 1},
    {AREA_ECP5, "LUT4", 0, C_LUTS, 1},
    {AREA_ECP5, "CCU2C", 0, C_LUTS, 2},
    {AREA_ECP5, "TRELLIS_DPR16X4", 0, C_LUTS, 4},
    {AREA_ECP5, "TRELLIS_FF", 0, C_FFS, 1},
    {AREA_ECP5, "DP16KD", 0, C_BRAMS, 1},
    {AREA_ECP5, "MULT18X18", 1, C_DSPS, 1},
    {AREA_GENERIC, "$lut", 0, C_LUTS, 1},
    {AREA_GENERIC, "$_DFF", 1, C_FFS, 1},
    {AREA_GENERIC, "$_SDFF", 1, C_FFS, 1},
    {AREA_GENERIC, "$_ALDFF", 1, C_FFS, 1},
};

/* Adds N cells of the family's primitive type T to C. */
static void add_primitive(area_family f, const char *t, long n, counts *c)
{
	for (size_t i = 0; i < sizeof cell_kinds / sizeof *cell_kinds; i++) {
		const struct cell_kind *k = &cell_kinds[i];
		if (k->family == f &&
		    (k->prefix ? !strncmp(t, k->type, strlen(k->type)) : !strcmp(t, k->type))) {
			c->v[k->what] += n * k->weight;
			return;
		}
	}
}

/* One module of `stat`: its cell types and counts (a type may be another module). */
typedef struct module {
	char *name;
	char **types;
	long *n;
	int ntypes;
	int done, busy; /* its total is computed / being computed */
	counts total;
} module;

typedef struct design {
	module *m;
	int n;
} design;

/* A yosys name as the other outputs spell it: without RTLIL's leading '\' of a public name. */
static const char *plain(const char *s)
{
	return *s == '\\' ? s + 1 : s;
}

static module *find_module(design *d, const char *name)
{
	for (int i = 0; i < d->n; i++)
		if (!strcmp(d->m[i].name, plain(name)))
			return &d->m[i];
	return NULL;
}

/* Reads the text of `stat`: "=== NAME ===" sections, each with "Number of cells:" and then a "TYPE COUNT"
 * line per type, until the design hierarchy's summary. */
static void parse_stat(char *text, design *d)
{
	module *cur = NULL;
	int in_cells = 0;
	for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
		char name[1024];
		long v;
		if (sscanf(line, " === %1023s ===", name) == 1) {
			cur = NULL;
			in_cells = 0;
			if (!strcmp(name, "design")) /* "=== design hierarchy ===": totals, not a module */
				break;
			module *nm = realloc(d->m, (size_t)(d->n + 1) * sizeof *d->m);
			if (!nm)
				return;
			d->m = nm;
			cur = &d->m[d->n++];
			memset(cur, 0, sizeof *cur);
			cur->name = strdup(plain(name));
		} else if (cur && strstr(line, "Number of cells:")) {
			in_cells = 1;
		} else if (cur && in_cells && sscanf(line, " %1023s %ld", name, &v) == 2) {
			char **nt = realloc(cur->types, (size_t)(cur->ntypes + 1) * sizeof *cur->types);
			if (nt)
				cur->types = nt;
			long *nn = nt ? realloc(cur->n, (size_t)(cur->ntypes + 1) * sizeof *cur->n) : NULL;
			if (!nn)
				return; /* what was read stays, and is freed with the design */
			cur->n = nn;
			cur->types[cur->ntypes] = strdup(plain(name));
			cur->n[cur->ntypes++] = v;
		} else if (cur && in_cells) {
			in_cells = 0;
		}
	}
}

/* Module M's cells with its submodules', as the family's four counts. */
static counts module_total(design *d, module *m, area_family f)
{
	counts c = {0};
	if (m->done || m->busy) /* busy: a cycle, which a design cannot have */
		return m->done ? m->total : c;
	m->busy = 1;
	for (int i = 0; i < m->ntypes; i++) {
		module *sub = m->types[i] ? find_module(d, m->types[i]) : NULL;
		if (sub) {
			counts s = module_total(d, sub, f);
			for (int w = 0; w < C_N; w++)
				c.v[w] += m->n[i] * s.v[w];
		} else if (m->types[i]) {
			add_primitive(f, m->types[i], m->n[i], &c);
		}
	}
	m->busy = 0;
	m->done = 1;
	m->total = c;
	return c;
}

static void design_free(design *d)
{
	for (int i = 0; i < d->n; i++) {
		for (int j = 0; j < d->m[i].ntypes; j++)
			free(d->m[i].types[j]);
		free(d->m[i].types);
		free(d->m[i].n);
		free(d->m[i].name);
	}
	free(d->m);
}

/* The module kiln_image instantiates as INSTANCE, from `dump kiln_image/c:u_*` ("cell TYPE NAME" lines). */
static module *instance_module(design *d, const char *dump, const char *instance)
{
	char want[300];
	snprintf(want, sizeof want, "\\%s", instance);
	for (const char *p = dump; p && *p;) {
		const char *e = strchr(p, '\n');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		char line[2048], type[1024], name[1024];
		if (len < sizeof line) {
			memcpy(line, p, len);
			line[len] = 0;
			if (sscanf(line, " cell %1023s %1023s", type, name) == 2 && !strcmp(name, want))
				return find_module(d, type);
		}
		p = e ? e + 1 : NULL;
	}
	return NULL;
}

static void put_counts(FILE *o, const counts *c)
{
	for (int w = 0; w < C_N; w++)
		fprintf(o, "%s\"%s\": %ld", w ? ", " : "", count_names[w], c->v[w]);
}

/* R less C, count by count. */
static void subtract(counts *r, const counts *c)
{
	for (int w = 0; w < C_N; w++)
		r->v[w] -= c->v[w];
}

static void put_named(FILE *o, const char *name, const counts *c, int first)
{
	char *q = kiln_json_quote(name);
	fprintf(o, "%s\n    {\"name\": %s, ", first ? "" : ",", q ? q : "\"\"");
	free(q);
	put_counts(o, c);
	fputc('}', o);
}

/* yosys' version line ("Yosys 0.23 (git sha1 ...)"), which the cache key includes; "" when it will not run.
 */
static void yosys_version(char *buf, size_t n)
{
	buf[0] = 0;
	FILE *p = popen("yosys -V 2>/dev/null", "r");
	if (!p)
		return;
	if (!fgets(buf, (int)n, p))
		buf[0] = 0;
	buf[strcspn(buf, "\n")] = 0;
	pclose(p);
}

/* Runs yosys on SCRIPT in RTL_DIR (where the $readmemh files are), its output to LOG; its exit status, or -1
 * when it could not be started. */
static int run_yosys(const char *rtl_dir, const char *script, const char *log)
{
	pid_t pid = child_fork();
	if (pid == 0) {
		int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd < 0 || chdir(rtl_dir) != 0)
			_exit(126);
		dup2(fd, 1);
		dup2(fd, 2);
		execlp("yosys", "yosys", "-q", "-s", script, (char *)NULL);
		_exit(127);
	}
	int st = 0;
	if (pid < 0 || child_wait(pid, &st) != 0)
		return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* The RTL files of RTL_DIR (*.v), sorted, space-separated, into *OUT (malloc'd). Their names are Kiln's
 * (kiln_*.v, the kernels' after identifiers): no space or quote to break a yosys command. */
static int rtl_files(const char *rtl_dir, char **out)
{
	struct dirent **list = NULL;
	int n = scandir(rtl_dir, &list, NULL, alphasort);
	size_t len = 0;
	char *s = NULL;
	for (int i = 0; i < n; i++) {
		const char *f = list[i]->d_name;
		size_t fl = strlen(f);
		if (fl > 2 && !strcmp(f + fl - 2, ".v") && !strpbrk(f, " \t\"';\\")) {
			char *ns = realloc(s, len + fl + 2);
			if (ns) {
				s = ns;
				memcpy(s + len, f, fl);
				s[len + fl] = ' ';
				len += fl + 1;
				s[len] = 0;
			}
		}
		free(list[i]);
	}
	free(list);
	*out = s;
	return s ? 0 : -1;
}

/* Whether the LEN bytes of a path line of `sta` ("... (TYPE.PIN->OUT)") enter its cell by a dedicated
 * connection (a carry chain's or a DSP cascade's), which no routing delay adds to. */
static int dedicated(const char *line, size_t len)
{
	static const char *const pins[] = {".CI", ".CIN", ".PCIN", ".ACIN", ".BCIN", ".CARRYCASCIN"};
	const char *open = NULL;
	for (const char *q = line; q < line + len; q++)
		if (*q == '(')
			open = q;
	for (size_t i = 0; open && i < sizeof pins / sizeof *pins; i++) {
		const char *at = memmem(open, (size_t)(line + len - open), pins[i], strlen(pins[i]));
		if (at && (at[strlen(pins[i])] == '-' || at[strlen(pins[i])] == ')'))
			return 1;
	}
	return 0;
}

/* The critical path from `sta`'s report: its latest arrival (ps) and the cells on that path that routing
 * reaches. */
static int parse_sta(const char *text, double *arrival_ps, int *cells)
{
	const char *p = text ? strstr(text, "Latest arrival time in") : NULL;
	if (!p || !(p = strstr(p, " is ")) || sscanf(p, " is %lf", arrival_ps) != 1)
		return -1;
	*cells = 0;
	p = strchr(p, '\n');
	/* "    8794 NAME (TYPE.PIN)" per cell, each followed by its net's line (no time), down to the path's
	 * start, "0 \clk (<primary input>)" */
	while (p && p[1] == ' ') {
		long t;
		char c;
		const char *e = strchr(p + 1, '\n');
		size_t len = e ? (size_t)(e - p - 1) : strlen(p + 1);
		if (sscanf(p + 1, " %ld %c", &t, &c) == 2 && !memmem(p + 1, len, "<primary input>", 15) &&
		    !dedicated(p + 1, len))
			++*cells;
		p = e;
	}
	return 0;
}

/* The report of one yosys run over IN, as JSON (malloc'd), or NULL after a diagnostic. */
static char *measure(const area_in *in, const char *dir)
{
	const struct family *fam = &families[in->family];
	char script[4600], log[4600], path[4600];
	char *files = NULL;
	if (rtl_files(in->rtl_dir, &files) != 0) {
		diag_error(in->rtl_dir, 0, 0, "no RTL to measure");
		return NULL;
	}
	snprintf(script, sizeof script, "%s/synth.ys", dir);
	snprintf(log, sizeof log, "%s/yosys.log", dir);
	FILE *s = fopen(script, "w");
	if (!s) {
		diag_error(script, 0, 0, "cannot write: %s", strerror(errno));
		free(files);
		return NULL;
	}
	/* outputs by fixed relative names: yosys runs in rtl/, next to area/ */
	fprintf(s, "read_verilog %s\n%s\ntee -q -o ../area/stat.txt stat\n", files, fam->synth);
	fprintf(s, "tee -q -o ../area/cells.il dump kiln_image/c:u_*\nflatten\n");
	if (fam->cells)
		fprintf(s, "read_verilog %s-lib -specify %s\ntee -q -o ../area/sta.txt sta\n", fam->defines,
		        fam->cells);
	else if (in->family == AREA_GENERIC) /* its flip-flops are yosys' own cells, which ltp knows */
		fprintf(s, "tee -q -o ../area/ltp.txt ltp -noff\n");
	free(files);
	int bad = fclose(s) != 0;
	/* the area/ folder's relative name from rtl/: both are the image folder's */
	diag_progress("measuring area and clock: yosys maps the image for %s (a minute or more)", fam->name);
	time_t t0 = time(NULL);
	int rc = bad ? -1 : run_yosys(in->rtl_dir, script, log);
	char *stat = NULL, *dump = NULL, *timing = NULL;
	size_t len;
	snprintf(path, sizeof path, "%s/stat.txt", dir);
	if (rc < 0 || kiln_read_file(path, &stat, &len) != 0) {
		diag_error(log, 0, 0, "yosys did not map the image for %s (its log says why)", fam->name);
		return NULL;
	}
	snprintf(path, sizeof path, "%s/cells.il", dir);
	if (kiln_read_file(path, &dump, &len) != 0)
		dump = NULL;
	snprintf(path, sizeof path, "%s/%s", dir, fam->cells ? "sta.txt" : "ltp.txt");
	if (kiln_read_file(path, &timing, &len) != 0)
		timing = NULL;

	design d = {0};
	parse_stat(stat, &d);
	module *top = find_module(&d, "kiln_image");
	counts total = top ? module_total(&d, top, in->family) : (counts){0};
	counts rest = total;
	char *json = NULL;
	size_t jlen = 0;
	FILE *o = open_memstream(&json, &jlen);
	if (!o || !top) {
		diag_error(log, 0, 0, "yosys' statistics have no module kiln_image");
		goto done;
	}
	fprintf(o, "{\n  \"family\": \"%s\",\n  \"kernels\": [", fam->name);
	for (int k = 0; k < in->nk; k++) {
		char mod[300], inst[320];
		emit_kernel_module_name(&in->ks[k], mod, sizeof mod);
		snprintf(inst, sizeof inst, "u_kernel_%s", mod + strlen("kiln_k_"));
		module *m = dump ? instance_module(&d, dump, inst) : NULL;
		counts c = m ? module_total(&d, m, in->family) : (counts){0};
		subtract(&rest, &c);
		put_named(o, in->ks[k].name, &c, k == 0);
	}
	fprintf(o, "\n  ],\n  \"device_globals\": [");
	for (size_t g = 0; g < in->desc->ndgs; g++) {
		char inst[64];
		system_dg_instance(&in->desc->dgs[g], g, inst, sizeof inst);
		module *m = dump ? instance_module(&d, dump, inst) : NULL; /* none: in device memory (USM) */
		counts c = m ? module_total(&d, m, in->family) : (counts){0};
		subtract(&rest, &c);
		put_named(o, in->desc->dgs[g].unique_id, &c, g == 0);
	}
	fprintf(o, "\n  ],\n  \"shell\": {");
	put_counts(o, &rest);
	fprintf(o, "},\n  \"total\": {");
	put_counts(o, &total);
	fprintf(o, "},\n  \"clock_ns\": %.3f", in->clock_ns);
	double arrival = 0;
	int cells = 0;
	if (fam->cells && parse_sta(timing, &arrival, &cells) == 0) {
		double ns = arrival / 1000.0 + cells * fam->net_ns;
		fprintf(o, ",\n  \"path_ns\": %.2f, \"routed_hops\": %d, \"fmax_mhz_est\": %.1f", ns, cells,
		        ns > 0 ? 1000.0 / ns : 0.0);
	} else if (!fam->cells && timing && strstr(timing, "length=")) {
		fprintf(o, ",\n  \"path_ns\": null, \"lut_levels\": %d, \"fmax_mhz_est\": null",
		        atoi(strstr(timing, "length=") + 7));
	} else {
		fprintf(o, ",\n  \"path_ns\": null, \"fmax_mhz_est\": null");
	}
	fprintf(o, ",\n  \"yosys_s\": %ld\n}\n", (long)(time(NULL) - t0));
done:
	if (o && fclose(o) != 0) {
		free(json);
		json = NULL;
	}
	if (!top) {
		free(json);
		json = NULL;
	}
	design_free(&d);
	free(stat);
	free(dump);
	free(timing);
	return json;
}

char *area_report(const area_in *in)
{
	char dir[4300], ver[256], key[65], cache[4200], why[512], path[4600];
	snprintf(dir, sizeof dir, "%s/area", in->workdir);
	if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
		diag_error(dir, 0, 0, "cannot create: %s", strerror(errno));
		return NULL;
	}
	yosys_version(ver, sizeof ver);
	if (!*ver) {
		diag_error(NULL, 0, 0,
		           "--report needs yosys, which does not run here (scripts/install-deps)");
		return NULL;
	}
	/* the cache's key: what the numbers depend on */
	char *keytext = NULL;
	size_t kl = 0;
	FILE *k = open_memstream(&keytext, &kl);
	if (!k)
		return NULL;
	const struct family *fam = &families[in->family];
	fprintf(k, "kiln %s, area.json %d\n%s\n%s: %s; %s %s %.3f\n%.6f\n", KILN_VERSION, AREA_FORMAT, ver,
	        fam->name, fam->synth, fam->defines, fam->cells ? fam->cells : "ltp", fam->net_ns,
	        in->clock_ns);
	fputs(in->rtl_text ? in->rtl_text : "", k);
	fputs(in->memh ? in->memh : "", k);
	if (fclose(k) != 0) {
		free(keytext);
		return NULL;
	}
	kiln_sha256_hex(keytext, kl, key);
	free(keytext);
	char *json = NULL;
	size_t len = 0;
	int cached = kiln_cache_subdir("area", cache, sizeof cache, why, sizeof why) == 0;
	if (cached) {
		snprintf(path, sizeof path, "%s/%s.json", cache, key);
		if (kiln_private_read(path, &json, &len, why, sizeof why) == 0)
			diag_progress("area and clock: cached (%.16s)", key);
		else
			json = NULL;
	}
	if (!json) {
		json = measure(in, dir);
		if (!json)
			return NULL;
		if (cached)
			kiln_write_private(path, json,
			                   strlen(json)); /* a cache that cannot take it costs a rerun */
	}
	snprintf(path, sizeof path, "%s/area.json", in->workdir);
	FILE *o = fopen(path, "w");
	int bad = !o || fputs(json, o) < 0;
	if ((o && fclose(o) != 0) || bad) {
		diag_error(path, 0, 0, "cannot write: %s", strerror(errno));
		free(json);
		return NULL;
	}
	return json;
}
