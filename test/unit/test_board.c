// SPDX-License-Identifier: Apache-2.0
/* Board configs: the shipped sim.json, the lookup directory, a rejection per validated field, and the debug
 * channel each board gets (debug_bytes, its default, where allocations start). */
#include "host/common/board.h"
#include "test/harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char good[] =
    "{\"name\": \"b1\", \"description\": \"test\", \"backend\": \"sim\", \"board_id\": 7,\n"
    " \"clock_period_ns\": 5, \"devmem_bytes\": 4096, \"devmem_latency\": 2,\n"
    " \"watchdog_cycles\": 1000, \"aspects\": [\"fpga\", \"fp64\"]}\n";

static void test_sim(void)
{
	unsetenv("KILN_CONFIG_DIR");
	const char *dir = kiln_board_dir();
	size_t dn = strlen(dir), m = strlen("/share/kiln/boards");
	KT_CHECK(dn > m && strcmp(dir + dn - m, "/share/kiln/boards") == 0 && dir[0] == '/',
	         "board dir defaults to the installation's share/kiln/boards, found from the program", "%s",
	         dir);
	kiln_board_config b;
	char err[300];
	KT_CHECK(kiln_board_load("sim", &b, err, sizeof err) == 0, "sim.json loads", "%s", err);
	KT_EQ_STR(b.name, "sim", "sim name");
	KT_EQ_STR(b.backend, "sim", "sim backend");
	KT_EQ_U64(b.board_id, 1397312768, "sim board id");
	KT_CHECK(b.clock_period_ns == 10.0, "sim clock period", "%g", b.clock_period_ns);
	KT_EQ_U64(b.devmem_bytes, 33554432, "sim device memory");
	KT_EQ_U64(b.devmem_latency, 4, "sim memory latency");
	KT_EQ_U64(b.watchdog_cycles, 100000000, "sim watchdog");
	KT_CHECK(b.naspects == 4 && strcmp(b.aspects[0], "fpga") == 0 &&
	             strcmp(b.aspects[1], "usm_device_allocations") == 0 &&
	             strcmp(b.aspects[2], "fp32") == 0 && strcmp(b.aspects[3], "fp64") == 0,
	         "sim aspects", "%zu aspects", b.naspects);
	KT_CHECK(b.path && strstr(b.path, "share/kiln/boards/sim.json"), "path recorded", "%s",
	         b.path ? b.path : "(null)");
	kiln_board_free(&b);

	char **names;
	int n = kiln_board_list(&names);
	int has_sim = 0;
	for (int i = 0; i < n; i++) {
		has_sim |= strcmp(names[i], "sim") == 0;
		free(names[i]);
	}
	free(names);
	KT_CHECK(n >= 1 && has_sim, "board list includes sim", "n=%d", n);

	KT_CHECK(kiln_board_load("nope", &b, err, sizeof err) == -1 && strstr(err, "nope.json") &&
	             strstr(err, "no such board"),
	         "missing board names the file", "%s", err);
	KT_CHECK(kiln_board_load("../etc/passwd", &b, err, sizeof err) == -1 &&
	             strstr(err, "not a board name"),
	         "board names cannot leave the board dir", "%s", err);
}

static void expect_bad(const char *from, const char *to, const char *want, const char *name)
{
	const char *at = strstr(good, from);
	char text[1024];
	if (!KT_CHECK(at != NULL, name, "pattern '%s' not found", from ? from : ""))
		return;
	snprintf(text, sizeof text, "%.*s%s%s", (int)(at - good), good, to, at + strlen(from));
	kiln_board_config b;
	char err[300] = "";
	int rc = kiln_board_parse(text, strlen(text), "x/b1.json", &b, err, sizeof err);
	KT_CHECK(rc == -1 && strncmp(err, "x/b1.json: ", 11) == 0 && strstr(err, want) && b.name == NULL,
	         name, "rc=%d err=\"%s\", want \"%s\"", rc, err, want);
}

static void test_parse(void)
{
	kiln_board_config b;
	char err[300];
	KT_CHECK(kiln_board_parse(good, strlen(good), "x/b1.json", &b, err, sizeof err) == 0 &&
	             b.clock_period_ns == 5.0 && b.naspects == 2,
	         "good config parses (integer clock accepted)", "%s", err);
	KT_CHECK(!b.devmem_stall_set, "without devmem_stall_period the sim board's RTL default holds",
	         "set %d", b.devmem_stall_set);
	kiln_board_free(&b);
	char text[1024];
	snprintf(text, sizeof text, "%.*s \"devmem_stall_period\": 0,%s",
	         (int)(strstr(good, "\n") - good + 1), good, strstr(good, "\n") + 1);
	KT_CHECK(kiln_board_parse(text, strlen(text), "x/b1.json", &b, err, sizeof err) == 0 &&
	             b.devmem_stall_set && b.devmem_stall_period == 0,
	         "devmem_stall_period 0: a memory that never pushes back", "%s", err);
	kiln_board_free(&b);
	expect_bad("\"devmem_latency\": 2,", "\"devmem_latency\": 2, \"devmem_stall_period\": -1,",
	           "devmem_stall_period:", "negative stall period");
	expect_bad("\"devmem_latency\": 2,", "\"devmem_latency\": 2, \"devmem_stall_period\": \"7\",",
	           "devmem_stall_period:", "stall period not a number");
	expect_bad("\"name\": \"b1\", ", "", "name: missing", "missing name");
	expect_bad("\"b1\"", "\"b 1\"", "name: 'b 1' is not a board name", "name with a space");
	expect_bad("\"backend\": \"sim\"", "\"backend\": \"\"", "backend: '' is not one of sim, fake, serial",
	           "empty backend");
	expect_bad("\"backend\": \"sim\"", "\"backend\": \"pcie\"",
	           "backend: 'pcie' is not one of sim, fake, serial",
	           "a backend libkiln does not have is refused where the board file is read");
	expect_bad("\"board_id\": 7", "\"board_id\": 4294967296", "board_id: 4294967296 out of range",
	           "board id > 32 bits");
	expect_bad("\"board_id\": 7", "\"board_id\": \"7\"", "board_id: expected an integer",
	           "board id as a string");
	expect_bad("\"clock_period_ns\": 5", "\"clock_period_ns\": 0",
	           "clock_period_ns: must be greater than zero", "zero clock period");
	expect_bad("\"devmem_bytes\": 4096", "\"devmem_bytes\": 4294967296",
	           "devmem_bytes: 4294967296 out of range", "device memory larger than the 2 GiB window");
	expect_bad("\"devmem_bytes\": 4096", "\"devmem_bytes\": 4098",
	           "devmem_bytes: 4098 is not a multiple of 4", "device memory not word multiple");
	expect_bad("\"watchdog_cycles\": 1000", "\"watchdog_cycles\": 0", "watchdog_cycles: 0 out of range",
	           "zero watchdog");
	expect_bad("\"aspects\": [\"fpga\", \"fp64\"]", "\"aspects\": \"fpga\"", "aspects: expected an array",
	           "aspects not an array");
	expect_bad("\"fp64\"", "3", "aspects[1]: expected a non-empty string", "aspect not a string");
	expect_bad("\"fp64\"", "\"fpga\"", "aspects[1]: duplicate aspect 'fpga'", "duplicate aspect");
	expect_bad("\"devmem_latency\": 2,", "\"devmem_latency\": 2, \"colour\": 1,", "unknown key 'colour'",
	           "unknown key");
	expect_bad("{", "[", "line 1", "not JSON");
}

/* A real board's part and host link: icebreaker.json's shape. */
static const char real[] =
    "{\"name\": \"b1\", \"backend\": \"fake\", \"board_id\": 7, \"clock_period_ns\": 40,\n"
    " \"devmem_bytes\": 131072, \"devmem_latency\": 1, \"watchdog_cycles\": 1000, \"aspects\": [],\n"
    " \"fpga\": {\"family\": \"ice40\", \"device\": \"up5k\", \"package\": \"sg48\", \"luts\": 5280,\n"
    "          \"ffs\": 5280, \"brams\": 30, \"dsps\": 8, \"sprams\": 4, \"oscillator_mhz\": 12,\n"
    "          \"rom_max_bytes\": 2048},\n"
    " \"host_link\": {\"kind\": \"uart\", \"baud\": 1000000}}\n";

static void expect_bad_real(const char *from, const char *to, const char *want, const char *name)
{
	const char *at = strstr(real, from);
	char text[1024];
	if (!KT_CHECK(at != NULL, name, "pattern '%s' not found", from))
		return;
	snprintf(text, sizeof text, "%.*s%s%s", (int)(at - real), real, to, at + strlen(from));
	kiln_board_config b;
	char err[300] = "";
	int rc = kiln_board_parse(text, strlen(text), "x/b1.json", &b, err, sizeof err);
	KT_CHECK(rc == -1 && strstr(err, want) && b.name == NULL, name, "rc=%d err=\"%s\", want \"%s\"", rc,
	         err, want);
}

static void test_real(void)
{
	kiln_board_config b;
	char err[300];
	if (KT_CHECK(kiln_board_parse(real, strlen(real), "x/b1.json", &b, err, sizeof err) == 0,
	             "a real board's file parses", "%s", err)) {
		KT_CHECK(b.fpga.family == KILN_FPGA_ICE40 && !strcmp(b.fpga.device, "up5k") &&
		             !strcmp(b.fpga.package, "sg48") && b.fpga.luts == 5280 && b.fpga.ffs == 5280 &&
		             b.fpga.brams == 30 && b.fpga.dsps == 8 && b.fpga.sprams == 4 &&
		             b.fpga.oscillator_mhz == 12.0 && b.fpga.rom_max_bytes == 2048,
		         "fpga fields", "family %d device %s", (int)b.fpga.family, b.fpga.device);
		KT_CHECK(b.link.kind && !strcmp(b.link.kind, "uart") && b.link.baud == 1000000 &&
		             b.link.port && !*b.link.port,
		         "host_link fields (port defaults to empty: the user names it)", "kind %s baud %u",
		         b.link.kind ? b.link.kind : "(null)", b.link.baud);
		kiln_board_free(&b);
	}
	KT_CHECK(kiln_board_parse(good, strlen(good), "x/b1.json", &b, err, sizeof err) == 0 &&
	             b.fpga.family == KILN_FPGA_NONE && b.link.kind == NULL,
	         "a board file without fpga and host_link is a simulated board", "%s", err);
	kiln_board_free(&b);
	expect_bad_real("\"ice40\"", "\"xc7\"", "fpga.family: 'xc7' is not one of ice40, ecp5",
	                "unknown family");
	expect_bad_real("\"luts\": 5280,", "", "fpga.luts: missing", "fpga without luts");
	expect_bad_real("\"dsps\": 8", "\"dsps\": -1", "fpga.dsps:", "negative dsps");
	expect_bad_real("\"ice40\"", "\"ecp5\"", "fpga.sprams: 4 out of range", "SPRAM only on iCE40");
	expect_bad_real("\"oscillator_mhz\": 12", "\"oscillator_mhz\": 0",
	                "fpga.oscillator_mhz: must be greater than zero", "zero oscillator");
	expect_bad_real("\"rom_max_bytes\": 2048", "\"rom_max_bytes\": 0",
	                "fpga.rom_max_bytes: 0 out of range", "a zero table limit");
	expect_bad_real("\"rom_max_bytes\": 2048", "\"rom_max_bytes\": 2097152",
	                "fpga.rom_max_bytes: 2097152 out of range", "a table limit beyond on-chip memory");
	expect_bad_real("\"sprams\": 4,", "\"sprams\": 4, \"lcs\": 1,", "fpga: unknown key 'lcs'",
	                "unknown fpga key");
	expect_bad("\"aspects\"", "\"fpga\": 3, \"aspects\"", "fpga: expected an object",
	           "fpga not an object");
	expect_bad_real("\"uart\"", "\"pcie\"", "host_link.kind: 'pcie' is not one of uart", "unknown link");
	expect_bad_real("\"baud\": 1000000", "\"baud\": 0", "host_link.baud: 0 out of range", "zero baud");
	expect_bad_real("\"baud\": 1000000", "\"baud\": 1000000, \"port\": 5",
	                "host_link.port: expected a string", "port not a string");
}

/* REAL with FROM replaced by TO, parsed into B; its status, with the error in ERR. */
static int parse_real_with(const char *from, const char *to, kiln_board_config *b, char *err, size_t errlen)
{
	const char *at = strstr(real, from);
	char text[1024];
	if (!at)
		return snprintf(err, errlen, "pattern '%s' not found", from), -2;
	snprintf(text, sizeof text, "%.*s%s%s", (int)(at - real), real, to, at + strlen(from));
	return kiln_board_parse(text, strlen(text), "x/b1.json", b, err, errlen);
}

/* DEBUG_BYTES (a JSON value) on a board of DEVMEM bytes is accepted as a channel of WANT bytes, and the first
 * allocation moves to just past it. */
static void expect_channel(const char *devmem, const char *debug_bytes, uint32_t want, uint64_t first,
                           const char *name)
{
	char to[160], err[300] = "";
	if (debug_bytes)
		snprintf(to, sizeof to, "\"devmem_bytes\": %s, \"debug_bytes\": %s,", devmem, debug_bytes);
	else
		snprintf(to, sizeof to, "\"devmem_bytes\": %s,", devmem);
	kiln_board_config b;
	int rc = parse_real_with("\"devmem_bytes\": 131072,", to, &b, err, sizeof err);
	KT_CHECK(rc == 0 && b.debug_bytes == want && kiln_board_has_debug_channel(&b) == (want != 0) &&
	             kiln_board_devmem_first(&b) == first,
	         name, "rc=%d err=\"%s\" debug_bytes %u (want %u), first allocation 0x%llx (want 0x%llx)", rc,
	         err, rc ? 0 : b.debug_bytes, want,
	         rc ? 0ull : (unsigned long long)kiln_board_devmem_first(&b), (unsigned long long)first);
	if (rc == 0)
		kiln_board_free(&b);
}

static void test_debug_channel(void)
{
	kiln_board_config b;
	char err[300];
	/* the shipped boards: sim keeps the channel it always had, the real ones have a small one, or none
	 * (the HX8K's 8 KiB of memory) */
	static const struct {
		const char *name;
		uint32_t bytes;
	} shipped[] = {
	    {"sim", 0x40000}, {"sim-nofp64", 0x40000}, {"icebreaker", 4096}, {"ulx3s", 8192}, {"hx8k", 0}};
	for (size_t i = 0; i < sizeof shipped / sizeof *shipped; i++) {
		char name[120];
		snprintf(name, sizeof name, "%s.json: a debug channel of %u bytes, allocations from 0x%x",
		         shipped[i].name, shipped[i].bytes, 0x1000u + shipped[i].bytes);
		int rc = kiln_board_load(shipped[i].name, &b, err, sizeof err);
		KT_CHECK(rc == 0 && b.debug_bytes == shipped[i].bytes &&
		             kiln_board_devmem_first(&b) == 0x1000u + shipped[i].bytes,
		         name, "rc=%d %s debug_bytes %u", rc, err, rc ? 0 : b.debug_bytes);
		if (rc == 0)
			kiln_board_free(&b);
	}

	/* the default: what every board had before the field (256 KiB from 4 MiB of memory, none below) */
	expect_channel("4194304", NULL, 0x40000, 0x41000,
	               "debug_bytes defaults to 256 KiB with 4 MiB of memory");
	expect_channel(
	    "4194300", NULL, 0, 0x1000,
	    "debug_bytes defaults to no channel below 4 MiB of memory (allocations after the null page)");
	KT_CHECK(kiln_board_parse(good, strlen(good), "x/b1.json", &b, err, sizeof err) == 0 &&
	             b.debug_bytes == 0 && kiln_board_devmem_first(&b) == 0,
	         "a toy memory of one page has no channel and no null page", "%s", err);
	kiln_board_free(&b);

	/* accepted */
	expect_channel("131072", "4096", 4096, 0x2000,
	               "debug_bytes 4096 on 128 KiB: allocations from 0x2000");
	expect_channel("131072", "64", 64, 0x1040, "debug_bytes 64, the smallest channel");
	expect_channel("131072", "61440", 61440, 0x10000,
	               "debug_bytes up to the half of device memory (61440 of 128 KiB: ends at 64 KiB)");
	expect_channel("33554432", "0", 0, 0x1000, "debug_bytes 0: no channel on a large memory either");
	expect_channel("33554432", "1048576", 1048576, 0x101000, "debug_bytes larger than the default");

	/* refused, each saying why */
	expect_bad_real("\"devmem_bytes\": 131072,", "\"devmem_bytes\": 131072, \"debug_bytes\": 4098,",
	                "debug_bytes: 4098 is not a multiple of 4", "debug_bytes not a multiple of 4");
	expect_bad_real("\"devmem_bytes\": 131072,", "\"devmem_bytes\": 131072, \"debug_bytes\": 60,",
	                "debug_bytes: 60 is too small", "debug_bytes below the header and a record");
	expect_bad_real("\"devmem_bytes\": 131072,", "\"devmem_bytes\": 131072, \"debug_bytes\": 61444,",
	                "debug_bytes: 61444 is too large",
	                "debug_bytes past the first half of device memory");
	expect_bad_real("\"devmem_bytes\": 131072,", "\"devmem_bytes\": 131072, \"debug_bytes\": 262144,",
	                "(at most 61440 here)", "debug_bytes beyond device memory says how much would fit");
	expect_bad_real("\"devmem_bytes\": 131072,", "\"devmem_bytes\": 131072, \"debug_bytes\": 4294967296,",
	                "debug_bytes: 4294967296 out of range", "debug_bytes above 32 bits");
	expect_bad_real("\"devmem_bytes\": 131072,", "\"devmem_bytes\": 131072, \"debug_bytes\": -4,",
	                "debug_bytes: -4 out of range", "negative debug_bytes");
	expect_bad_real("\"devmem_bytes\": 131072,", "\"devmem_bytes\": 131072, \"debug_bytes\": \"4096\",",
	                "debug_bytes: expected an integer", "debug_bytes as a string");
	expect_bad("\"devmem_bytes\": 4096,", "\"devmem_bytes\": 4096, \"debug_bytes\": 64,",
	           "debug_bytes: 64 is too large", "a memory of one page has no room for a channel");

	/* which images the channel matters to */
	kiln_propsets ps = {0};
	kiln_propset *dg = kiln_propsets_add_set(&ps, "SYCL/device globals");
	KT_CHECK(dg && !kiln_image_uses_debug_channel(&ps), "an image of device globals only uses no channel",
	         "it does");
	const char *const users[] = {"Kiln/printf", "Kiln/stops", "Kiln/heap"};
	for (size_t i = 0; i < sizeof users / sizeof *users; i++) {
		kiln_propsets one = {0};
		char name[80];
		snprintf(name, sizeof name, "an image with a [%s] set uses the channel", users[i]);
		KT_CHECK(kiln_propsets_add_set(&one, users[i]) && kiln_image_uses_debug_channel(&one), name,
		         "it does not");
		kiln_propsets_free(&one);
	}
	kiln_propsets_free(&ps);
}

static void test_config_dir(void)
{
	char dir[] = "/tmp/kiln-boards-XXXXXX";
	if (!KT_CHECK(mkdtemp(dir) != NULL, "temp board dir", "mkdtemp failed"))
		return;
	char p[300];
	snprintf(p, sizeof p, "%s/b1.json", dir);
	FILE *f = fopen(p, "w");
	fputs(good, f);
	fclose(f);
	snprintf(p, sizeof p, "%s/b2.json", dir);
	f = fopen(p, "w");
	fputs(good, f); /* says "b1" inside */
	fclose(f);
	snprintf(p, sizeof p, "%s/notes.txt", dir);
	f = fopen(p, "w");
	fclose(f);
	setenv("KILN_CONFIG_DIR", dir, 1);
	KT_EQ_STR(kiln_board_dir(), dir, "KILN_CONFIG_DIR overrides the board dir");
	kiln_board_config b;
	char err[300];
	KT_CHECK(kiln_board_load("b1", &b, err, sizeof err) == 0 && b.board_id == 7,
	         "board from KILN_CONFIG_DIR", "%s", err);
	kiln_board_free(&b);
	KT_CHECK(kiln_board_load("b2", &b, err, sizeof err) == -1 &&
	             strstr(err, "b2.json: name: 'b1' does not match"),
	         "name must match the file name", "%s", err);
	char **names;
	int n = kiln_board_list(&names);
	KT_CHECK(n == 2 && strcmp(names[0], "b1") == 0 && strcmp(names[1], "b2") == 0,
	         "list is sorted, only .json", "n=%d", n);
	for (int i = 0; i < n; i++)
		free(names[i]);
	free(names);
	unsetenv("KILN_CONFIG_DIR");
	char cmd[300];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	(void)!system(cmd);
}

int main(void)
{
	test_sim();
	test_parse();
	test_real();
	test_debug_channel();
	test_config_dir();
	return KT_DONE();
}
