// SPDX-License-Identifier: Apache-2.0
/* The kiln bring-up tool: shared state and helpers of its command files (one file per command group). */
#ifndef KILN_CLI_H
#define KILN_CLI_H
#include <jansson.h>
#include <stdint.h>

#include <kiln/kiln.h>

/* Exit statuses: 0 success, 1 the board or an image failed, 2 the command line was wrong. */
enum { CLI_OK = 0, CLI_FAIL = 1, CLI_USAGE = 2 };

typedef struct cli {
	const char *argv0;
	const char *cmd;   /* "info", "dg read", ... for messages */
	int json;          /* --json: machine-readable output on stdout */
	const char *image; /* --image IMAGE: what to program before touching the bus */
	int bytes;         /* --bytes: dg values are bytes, not 32-bit words */
	long long offset;  /* --offset N (units of the value size); -1 when absent */
	long long count;   /* --count N; -1 when absent */
	char **pos;        /* positional arguments after the command */
	int npos;
} cli;

/* Prints "kiln CMD: MSG" on stderr (and cli_json_error's object on stdout with --json); returns STATUS. */
int cli_error(const cli *c, int status, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Same, with libkiln's status name and last message appended: "MSG: KILN_ERR_BUS: why". */
int cli_kiln_error(const cli *c, int st, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The --json error object: {"error": MSG, "status": KILN_STATUS or "usage"/"failure", "exit": EXIT_STATUS}.
 */
json_t *cli_json_error(const char *msg, int exit_status, const char *kiln_status);
/* Prints ROOT pretty-printed on stdout and releases it; returns CLI_OK. */
int cli_print_json(json_t *root);

/* Parses a 32-bit bus address (decimal or 0x hex, word aligned); 0 or -1. */
int cli_parse_addr(const char *s, uint32_t *out);
/* Parses an integer that fits in BITS bits as signed or unsigned (so -1 and 0xffffffff both fit 32); 0 or
 * -1. */
int cli_parse_value(const char *s, unsigned bits, uint64_t *out);

/* Opens board NAME (NULL: the default board), with a clear message for an unknown one. */
int cli_open(const cli *c, const char *name, kiln_device **dev);
/* Path of the smoke image diagnose runs (and that bus commands program when --image is absent). */
const char *cli_smoke_image(void);
/* Puts hardware on a simulated board: programs --image, else the smoke image (saying so on stderr unless
 * QUIET). A simulated board lives in this process and has no hardware until an image is programmed. */
int cli_bring_up(const cli *c, kiln_device *dev, int quiet, kiln_program **prog, const char **path);

int cmd_list(cli *c);
int cmd_info(cli *c);
int cmd_diagnose(cli *c);
int cmd_program(cli *c);
int cmd_reset(cli *c);
int cmd_read(cli *c);
int cmd_write(cli *c);
int cmd_regs(cli *c);
int cmd_dg(cli *c);
int cmd_trust(cli *c);
/* kiln run-main IMAGE [KERNEL]: exits with the status of the main KERNEL(int *result) runs (host/cli/test.c).
 */
int cmd_run_main(cli *c);
/* kiln test ...: the regression runner, which parses its own command line (ARGV[0] is "test"). */
int kiln_test_main(int argc, char **argv);

#endif
