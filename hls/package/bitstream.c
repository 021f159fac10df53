// SPDX-License-Identifier: Apache-2.0
/* The bitstream of a real board: the board's own flow script (bsp/BOARD/build-bitstream: its top around the
 * image, synthesis, place and route, packing) run over the image's RTL folder, its bitstream and report read
 * back for the image file. The script owns the family's tools; kiln-cc owns the numbers it passes (the board
 * file's, the scheduled clock, the image hash), so that the bitstream is built for exactly the design
 * kiln-cc scheduled. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../../host/common/fileio.h"
#include "../../host/common/paths.h"
#include "../support/child.h"
#include "../support/diag.h"
#include "package.h"

int package_build_bitstream(const kiln_board_config *b, const char *workdir, const char *rtl_dir,
                            double clock_ns, uint64_t image_hash, uint8_t **bits, size_t *bits_len,
                            char **report, size_t *report_len)
{
	char script[4096], out[4096], path[4200], mhz[32], osc[32], baud[16], id[16], mem[24], lo[16], hi[16];
	*bits = NULL;
	*report = NULL;
	snprintf(script, sizeof script, "%s/bsp/%s/build-bitstream", kiln_data_dir(), b->name);
	if (access(script, R_OK) != 0) {
		diag_error(b->path, 0, 0, "board '%s' has an FPGA but no bitstream flow (%s: %s)", b->name,
		           script, strerror(errno));
		return -1;
	}
	snprintf(out, sizeof out, "%s/bitstream", workdir);
	snprintf(mhz, sizeof mhz, "%.4f", 1000.0 / clock_ns);
	snprintf(osc, sizeof osc, "%.4f", b->fpga.oscillator_mhz);
	snprintf(baud, sizeof baud, "%u", b->link.kind ? b->link.baud : 115200u);
	snprintf(id, sizeof id, "%u", b->board_id);
	snprintf(mem, sizeof mem, "%llu", (unsigned long long)b->devmem_bytes);
	snprintf(lo, sizeof lo, "%u", (unsigned)(uint32_t)image_hash);
	snprintf(hi, sizeof hi, "%u", (unsigned)(uint32_t)(image_hash >> 32));
	diag_progress("building the %s bitstream (synthesis, place and route: minutes)", b->name);
	time_t t0 = time(NULL);
	pid_t pid = child_fork();
	if (pid == 0) {
		/* The board file itself, for the part's resources that the flow holds synthesis to: the
		 * numbers stay in one place. */
		const char *av[] = {"sh", script, out, rtl_dir, mhz,     osc, baud,
		                    id,   mem,    lo,  hi,      b->path, NULL};
		execv("/bin/sh", (char *const *)av);
		_exit(127);
	}
	int st = 0;
	if (pid > 0 && child_wait(pid, &st) != 0)
		st = -1;
	if (pid < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		diag_error(NULL, 0, 0, "the %s bitstream flow failed (its messages are above)", b->name);
		return -1;
	}
	snprintf(path, sizeof path, "%s/kiln.bin", out);
	if (kiln_read_file(path, (char **)bits, bits_len) != 0) {
		diag_error(path, 0, 0, "cannot read the bitstream: %s", strerror(errno));
		return -1;
	}
	snprintf(path, sizeof path, "%s/pnr.json", out);
	if (kiln_read_file(path, report, report_len) != 0) {
		diag_error(path, 0, 0, "cannot read the place-and-route report: %s", strerror(errno));
		free(*bits);
		*bits = NULL;
		return -1;
	}
	diag_progress("bitstream built in %ld s", (long)(time(NULL) - t0));
	return 0;
}
