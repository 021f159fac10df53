// SPDX-License-Identifier: Apache-2.0
/* kiln: the board bring-up tool. Command dispatch, option parsing, help texts and the helpers every command
 * shares; the commands live in one file per group (board.c, diagnose.c, hw.c, image.c). */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host/cli/cli.h"
#include "host/common/board.h"
#include "host/common/paths.h"
#include "host/common/version.h"

/* Options a command accepts (bit set). */
enum { OPT_IMAGE = 1, OPT_BYTES = 2, OPT_OFFSET = 4, OPT_COUNT = 8 };

typedef struct command {
	const char *name;
	int (*fn)(cli *);
	int min_pos, max_pos; /* positional arguments after the command name */
	unsigned opts;
	const char *usage;
	const char *brief; /* a line per usage line, for kiln --help's list (and so kiln(1)'s) */
	const char *help;
} command;

/* Where kiln --help's command list starts each brief (help2man takes 20 or more spaces before a line as its
 * item's description). */
#define BRIEF_COLUMN 56

static const char SIM_NOTE[] =
    "The simulated board (sim) lives inside the kiln process: each kiln invocation gets a fresh board that\n"
    "disappears when it exits, so state written by one command is not seen by the next. Commands that use\n"
    "the bus therefore program an image themselves first: --image IMAGE, else the built-in smoke image.\n"
    "A real board (one with an FPGA: icebreaker, ulx3s, hx8k, see kiln list) keeps its state: without\n"
    "--image they use the image it runs.\n";

static const command commands[] = {
    {"list", cmd_list, 0, 0, 0, "kiln list [--json]", "the boards this machine describes",
     "Lists the boards described in the board directory ($KILN_CONFIG_DIR, else configs/boards of the\n"
     "source tree), with their backend and description.\n"},
    {"info", cmd_info, 0, 1, OPT_IMAGE, "kiln info [DEV] [--image IMAGE] [--json]",
     "a board's config, ID blocks, loaded image and memories",
     "Shows board DEV (default: $KILN_BOARD, else sim): its config (board id, clock, device memory,\n"
     "watchdog, aspects), what the shell's ID block reports (magic, shell version, board id, memory size),\n"
     "the image loaded (hash, kernels with their arguments, device globals) and the memories.\n"},
    {"diagnose", cmd_diagnose, 0, 1, 0, "kiln diagnose [DEV] [--json]",
     "check the whole stack step by step: PASSED or FAILED",
     "Checks the stack step by step and ends with PASSED (exit 0) or FAILED (exit 1): kiln-cc, verilator\n"
     "and the board config are installed; the board opens; the smoke image programs ($KILN_SMOKE_IMAGE\n"
     "overrides the built-in one); the shell and image ID blocks are sane and SCRATCH holds patterns; a\n"
     "memory test over regions at the start, middle and end of device memory plus an allocation; the\n"
     "smoke kernels run and give the expected results; a reset restores init_mode=reset globals and\n"
     "leaves the board usable.\n"},
    {"program", cmd_program, 2, 2, 0, "kiln program DEV IMAGE [--json]",
     "load an image onto a board and check its ID block",
     "Loads IMAGE, checks it against DEV (format, checksums, board name), programs the board and checks\n"
     "the hardware ID block (magic, layout version, image hash). On sim the board, and so the programmed\n"
     "image, lasts only as long as this command: use it to validate an image and its bring-up.\n"},
    {"reset", cmd_reset, 1, 1, OPT_IMAGE, "kiln reset DEV [--image IMAGE] [--json]",
     "pulse a board's reset and check that the shell answers",
     "Pulses the board reset and checks that the shell answers afterwards. On sim the board is first\n"
     "brought up with --image or the smoke image.\n"},
    {"read", cmd_read, 2, 2, OPT_IMAGE, "kiln read DEV ADDR [--image IMAGE] [--json]",
     "read the 32-bit word at a board address",
     "Reads the 32-bit word at board address ADDR (decimal or 0x hex, word aligned): shell block at 0x0,\n"
     "image space at 0x10000, device memory at 0x80000000. A bus error exits 1.\n"},
    {"write", cmd_write, 3, 3, OPT_IMAGE, "kiln write DEV ADDR VALUE [--image IMAGE] [--json]",
     "write a 32-bit word at a board address",
     "Writes the 32-bit VALUE (decimal, 0x hex, or negative) at board address ADDR. A bus error exits 1.\n"},
    {"regs", cmd_regs, 1, 1, 0, "kiln regs IMAGE [--json]", "print an image's register map",
     "Prints the register map of IMAGE (its REGP section): every block, register, access and reset value.\n"
     "With --json, the register map in its JSON form.\n"},
    {"trust", cmd_trust, 1, 1, 0, "kiln trust IMAGE [--json]",
     "vouch for an image's simulation model (native code)",
     "Vouches for IMAGE's simulation model, which is native code: the sim board runs a model only when\n"
     "this machine built it (kiln-cc records every model it builds) or it was trusted this way. Records\n"
     "the model's SHA-256 in $KILN_CACHE/trusted-models; run it only for images whose origin you trust.\n"},
    {"run-main", cmd_run_main, 1, 2, 0, "kiln run-main IMAGE [KERNEL]",
     "run a C program's main made a kernel; exit with its status",
     "Runs kernel KERNEL (default run) of IMAGE, a C program's main made a kernel that stores main's\n"
     "result through its one argument (KILN_SINGLE_TASK_KERNEL void run(int *result) { *result =\n"
     "main(); }), the way the program runs natively: what it prints goes to stdout, and kiln exits with\n"
     "main's return value, exit's status, or 134 after abort or a failed assert. A board or image failure\n"
     "is status 1 with a message. kiln test's \"self\" check runs it.\n"},
    {"test", NULL, 1, -1, 0, "kiln test MANIFEST [-j N] [--seed S] [--reseed N] [--junit FILE] ...",
     "run a regression of kernels on simulated boards (kiln test --help)", ""},
    {"dg", cmd_dg, 4, -1, OPT_BYTES | OPT_OFFSET | OPT_COUNT,
     "kiln dg read DEV IMAGE NAME [--offset N] [--count N] [--bytes] [--json]\n"
     "       kiln dg write DEV IMAGE NAME VALUE... [--offset N] [--bytes] [--json]",
     "read a device global of an image\n"
     "write a device global of an image",
     "Reads or writes device global NAME (its unique id) of IMAGE through libkiln, with the spec's range\n"
     "and host_access rules. Values are 32-bit little-endian words (decimal, 0x hex or negative) by\n"
     "default, or bytes with --bytes; --offset and --count are in those units (a global whose size is not\n"
     "a multiple of 4 needs --bytes). read prints the whole global unless --count says otherwise. write\n"
     "reads the values back when host_access allows it. IMAGE is loaded by the command itself, so a read\n"
     "shows the image's initial values: a write from an earlier kiln command is gone with its process.\n"},
};

static const command *find_command(const char *name)
{
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		if (strcmp(commands[i].name, name) == 0)
			return &commands[i];
	return NULL;
}

static void tool_help(FILE *f)
{
	fprintf(
	    f,
	    "usage: kiln COMMAND [ARGS] [--json] [--help]\n\nBring-up tool for Kiln boards.\n\ncommands:\n");
	/* each usage line with its brief at a column of its own, or on the next line when the usage reaches
	 * it: help2man makes each pair an item of kiln(1) */
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		for (const char *u = commands[i].usage, *b = commands[i].brief; *u;) {
			size_t n = strcspn(u, "\n"), nb = strcspn(b, "\n");
			int col = (int)n + 2;
			fprintf(f, "  %.*s", (int)n, u);
			if (col + 2 > BRIEF_COLUMN)
				fprintf(f, "\n%*s%.*s\n", BRIEF_COLUMN, "", (int)nb, b);
			else
				fprintf(f, "%*s%.*s\n", BRIEF_COLUMN - col, "", (int)nb, b);
			u += n;
			u += strspn(u, "\n ");
			b += nb;
			b += strspn(b, "\n");
		}
	fprintf(
	    f,
	    "\n%s\nDEV is a board name (kiln list); default $KILN_BOARD, else sim.\n"
	    "--json prints machine-readable output on stdout; errors as {\"error\": MESSAGE, \"status\": "
	    "NAME,\n"
	    "\"exit\": N}, NAME being libkiln's status (KILN_ERR_BUS, ...), else \"usage\" or \"failure\".\n"
	    "--version prints the release.\n"
	    "Exit status: 0 success, 1 a board, bus or image failure, 2 a bad command line.\n"
	    "kiln COMMAND --help describes one command.\n",
	    SIM_NOTE);
}

static void command_help(const command *cmd)
{
	printf("usage: %s\n\n%s\n%s", cmd->usage, cmd->help, SIM_NOTE);
}

/* --json anywhere on the command line: known before the line is parsed, so usage errors answer in JSON too.
 */
static int json_wanted;

static int usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int usage_error(const char *fmt, ...)
{
	char msg[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	fprintf(stderr, "kiln: %s\n(kiln --help lists the commands)\n", msg);
	if (json_wanted)
		cli_print_json(cli_json_error(msg, CLI_USAGE, NULL));
	return CLI_USAGE;
}

static int parse_count(const char *opt, const char *s, long long *out)
{
	char *end = NULL;
	errno = 0;
	long long v = s ? strtoll(s, &end, 0) : -1;
	if (!s || errno || end == s || *end || v < 0)
		return usage_error("%s wants a non-negative number, not '%s'", opt, s ? s : "(nothing)");
	*out = v;
	return 0;
}

int main(int argc, char **argv)
{
	cli c = {.argv0 = argv[0], .offset = -1, .count = -1};
	int help = 0;
	unsigned seen = 0; /* options given, checked against the command once it is known */
	const command *cmd = NULL;
	char **pos = calloc((size_t)argc + 1, sizeof *pos);
	if (!pos)
		return CLI_FAIL;
	/* kiln test has options of its own (-j, --seed, ...) */
	if (argc > 1 && strcmp(argv[1], "test") == 0)
		return free(pos), kiln_test_main(argc - 1, argv + 1);
	for (int i = 1; i < argc; i++)
		json_wanted |= strcmp(argv[i], "--json") == 0;
	/* Options may come anywhere; the first bare word is the command. */
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char *val = NULL;
		int is_opt = a[0] == '-' && a[1] && !(a[1] >= '0' && a[1] <= '9');
		if (!is_opt) {
			if (!cmd) {
				if (!(cmd = find_command(a)))
					return free(pos), usage_error("unknown command '%s'", a);
			} else {
				pos[c.npos++] = argv[i];
			}
			continue;
		}
		if (strcmp(a, "--json") == 0) {
			c.json = 1;
		} else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			help = 1;
		} else if (strcmp(a, "--version") == 0) {
			kiln_print_version("kiln");
			return free(pos), CLI_OK;
		} else if (strcmp(a, "--bytes") == 0) {
			c.bytes = 1;
			seen |= OPT_BYTES;
		} else if (strncmp(a, "--image", 7) == 0 || strncmp(a, "--offset", 8) == 0 ||
		           strncmp(a, "--count", 7) == 0) {
			const char *eq = strchr(a, '=');
			size_t nlen = eq ? (size_t)(eq - a) : strlen(a);
			val = eq ? eq + 1 : (i + 1 < argc ? argv[++i] : NULL);
			unsigned bit = nlen == 7 && strncmp(a, "--image", 7) == 0    ? OPT_IMAGE
			               : nlen == 8 && strncmp(a, "--offset", 8) == 0 ? OPT_OFFSET
			               : nlen == 7 && strncmp(a, "--count", 7) == 0  ? OPT_COUNT
			                                                             : 0;
			if (!bit)
				return free(pos), usage_error("unknown option '%s'", a);
			seen |= bit;
			if (bit == OPT_IMAGE) {
				if (!val || !*val)
					return free(pos), usage_error("--image wants an image file");
				c.image = val;
			} else if (parse_count(bit == OPT_OFFSET ? "--offset" : "--count", val,
			                       bit == OPT_OFFSET ? &c.offset : &c.count)) {
				return free(pos), CLI_USAGE;
			}
		} else {
			return free(pos), usage_error("unknown option '%s'", a);
		}
	}
	if (!cmd) {
		free(pos);
		if (help) {
			tool_help(stdout);
			return CLI_OK;
		}
		tool_help(stderr);
		if (json_wanted)
			cli_print_json(cli_json_error("no command given (kiln --help lists the commands)",
			                              CLI_USAGE, NULL));
		return CLI_USAGE;
	}
	if (help) {
		command_help(cmd);
		free(pos);
		return CLI_OK;
	}
	static const char *const opt_names[] = {"--image", "--bytes", "--offset", "--count"};
	for (unsigned b = 0; b < 4; b++)
		if ((seen & ~cmd->opts) & (1u << b))
			return free(pos), usage_error("%s takes no %s option", cmd->name, opt_names[b]);
	if (c.npos < cmd->min_pos || (cmd->max_pos >= 0 && c.npos > cmd->max_pos)) {
		int rc = usage_error("%s: wrong number of arguments\nusage: %s", cmd->name, cmd->usage);
		free(pos);
		return rc;
	}
	if (!cmd->fn) /* kiln test parses its own line: it must come first */
		return free(pos), usage_error("%s must be the first word: %s", cmd->name, cmd->usage);
	c.cmd = cmd->name;
	c.pos = pos;
	int rc = cmd->fn(&c);
	free(pos);
	fflush(stdout);
	return rc;
}

static int report(const cli *c, int status, const char *st_name, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int vreport(const cli *c, int status, const char *st_name, const char *fmt, va_list ap)
{
	char msg[1024];
	vsnprintf(msg, sizeof msg, fmt, ap);
	fprintf(stderr, "kiln %s: %s\n", c->cmd ? c->cmd : "", msg);
	if (c->json)
		cli_print_json(cli_json_error(msg, status, st_name));
	return status;
}

json_t *cli_json_error(const char *msg, int exit_status, const char *kiln_status)
{
	json_t *o = json_object();
	json_object_set_new(o, "error", json_string(msg));
	json_object_set_new(o, "status",
	                    json_string(kiln_status                ? kiln_status
	                                : exit_status == CLI_USAGE ? "usage"
	                                                           : "failure"));
	json_object_set_new(o, "exit", json_integer(exit_status));
	return o;
}

static int report(const cli *c, int status, const char *st_name, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int rc = vreport(c, status, st_name, fmt, ap);
	va_end(ap);
	return rc;
}

int cli_error(const cli *c, int status, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int rc = vreport(c, status, NULL, fmt, ap);
	va_end(ap);
	return rc;
}

int cli_kiln_error(const cli *c, int st, const char *fmt, ...)
{
	char head[512], full[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(head, sizeof head, fmt, ap);
	va_end(ap);
	snprintf(full, sizeof full, "%s: %s: %s", head, kiln_status_name(st), kiln_last_error());
	return report(c, st == KILN_ERR_INVALID ? CLI_USAGE : CLI_FAIL, kiln_status_name(st), "%s", full);
}

int cli_print_json(json_t *root)
{
	char *s = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	if (s) {
		puts(s);
		free(s);
	}
	json_decref(root);
	return CLI_OK;
}

int cli_parse_value(const char *s, unsigned bits, uint64_t *out)
{
	char *end = NULL;
	uint64_t max = bits >= 64 ? UINT64_MAX : (1ull << bits) - 1;
	errno = 0;
	if (!s || !*s)
		return -1;
	if (s[0] == '-') {
		long long v = strtoll(s, &end, 0);
		if (errno || *end || end == s || v < -(long long)(max >> 1) - 1)
			return -1;
		*out = (uint64_t)v & max;
		return 0;
	}
	unsigned long long v = strtoull(s, &end, 0);
	if (errno || *end || end == s || v > max)
		return -1;
	*out = v;
	return 0;
}

int cli_parse_addr(const char *s, uint32_t *out)
{
	uint64_t v = 0;
	if (!s || s[0] == '-' || cli_parse_value(s, 32, &v) != 0 || (v & 3))
		return -1;
	*out = (uint32_t)v;
	return 0;
}

int cli_open(const cli *c, const char *name, kiln_device **dev)
{
	int st = kiln_device_open(name, dev);
	if (st == KILN_ERR_NOT_FOUND)
		return cli_error(c, CLI_FAIL, "unknown device '%s' (kiln list shows the boards): %s",
		                 name ? name : "(default)", kiln_last_error());
	if (st != KILN_OK)
		return cli_kiln_error(c, st, "cannot open device '%s'", name ? name : "(default)");
	return CLI_OK;
}

const char *cli_smoke_image(void)
{
	return kiln_data_file("KILN_SMOKE_IMAGE", "smoke.kimg");
}

int cli_bring_up(const cli *c, kiln_device *dev, int quiet, kiln_program **prog, const char **path)
{
	*prog = NULL;
	if (path)
		*path = NULL;
	int keeps = 0;
	if (!c->image) {
		kiln_board_config cfg;
		char err[512];
		if (kiln_board_load(kiln_device_name(dev), &cfg, err, sizeof err) == 0) {
			keeps = kiln_board_persistent(&cfg);
			kiln_board_free(&cfg);
		}
	}
	if (keeps) /* a real board: the bus reaches the image it runs now */
		return CLI_OK;
	const char *img = c->image ? c->image : cli_smoke_image();
	if (!c->image && !quiet)
		fprintf(stderr,
		        "kiln %s: note: programming the smoke image %s first (the %s board has no hardware "
		        "until an image is loaded; --image chooses another)\n",
		        c->cmd, img, kiln_device_name(dev));
	if (path)
		*path = img;
	int st = kiln_program_load(dev, img, prog);
	if (st != KILN_OK)
		return cli_kiln_error(c, st == KILN_ERR_INVALID ? KILN_ERR_IMAGE : st, "cannot program %s",
		                      img);
	return CLI_OK;
}
