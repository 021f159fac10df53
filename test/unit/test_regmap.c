// SPDX-License-Identifier: Apache-2.0
/* Register maps: the model check, JSON both ways, and each exporter (the C header is compiled and run). */
#include "host/common/regmap.h"
#include "test/harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A map shaped like docs/hardware-contract.md: ID block, one kernel, a CSR device global and a RAM window. */
static void sample(kiln_regmap *m)
{
	*m = (kiln_regmap){0};
	m->image = strdup("bump-test");
	m->layout_version = 1;
	m->image_base = 0x10000;
	kiln_regblock *id = kiln_regmap_add_block(m, "ID", 0x000, 0x100, "identification | status");
	kiln_regblock_add_reg(id, "IMG_MAGIC", 0x000, KILN_ACC_RO, 0x4b494c4e,
	                      "magic \"KILN\" */ not a comment end");
	kiln_regblock_add_reg(id, "LAYOUT_VERSION", 0x004, KILN_ACC_RO, 1, "register layout version");
	kiln_reg *irq =
	    kiln_regblock_add_reg(id, "IRQ_STATUS", 0x014, KILN_ACC_W1C, 0, "bit k: kernel k finished");
	kiln_reg_add_field(irq, "K0", 0, 1, KILN_ACC_W1C, "kernel 0 done");
	kiln_regblock *k = kiln_regmap_add_block(m, "KERNEL_BUMP", 0x100, 0x100, "kernel bump\ncontrol");
	kiln_reg *ctrl = kiln_regblock_add_reg(k, "CTRL", 0x100, KILN_ACC_RW, 0x4, "control and status");
	kiln_reg_add_field(ctrl, "start", 0, 1, KILN_ACC_WO, "write 1 to start");
	kiln_reg_add_field(ctrl, "done", 1, 1, KILN_ACC_RO, "set at finish");
	kiln_reg_add_field(ctrl, "idle", 2, 1, KILN_ACC_RO, NULL);
	kiln_reg_add_field(ctrl, "reg", 8, 8, KILN_ACC_RW, "a SystemRDL keyword as a name");
	kiln_regblock_add_reg(k, "ARG_0_LO", 0x140, KILN_ACC_RW, 0, "argument 0 low word");
	kiln_regblock_add_reg(k, "ARG_0_HI", 0x144, KILN_ACC_WO, 0, "argument 0 high word");
	kiln_regblock *ram = kiln_regmap_add_block(m, "DG_TABLE", 0x400, 0x100, "device global table[64]");
	ram->is_memory = 1;
	ram->mem_access = KILN_ACC_RW;
}

static void expect_check_error(kiln_regmap *m, const char *want, const char *name)
{
	char err[200] = "";
	int rc = kiln_regmap_check(m, err, sizeof err);
	KT_CHECK(rc == -1 && strstr(err, want), name, "rc=%d err=\"%s\", want \"%s\"", rc, err, want);
	kiln_regmap_free(m);
}

static void test_check(void)
{
	kiln_regmap m;
	char err[200];
	sample(&m);
	KT_CHECK(kiln_regmap_check(&m, err, sizeof err) == 0, "sample map is consistent", "%s", err);
	const kiln_reg *r = kiln_regmap_find(&m, "KERNEL_BUMP", "CTRL");
	KT_CHECK(r && r->offset == 0x100 && r->nfields == 4, "find register", "not found");
	KT_CHECK(kiln_regmap_find(&m, "ID", "CTRL") == NULL && kiln_regmap_find(&m, "X", "CTRL") == NULL,
	         "find needs block and name to match", "found");
	KT_EQ_STR(kiln_reg_access_name(KILN_ACC_W1C), "w1c", "access name");
	kiln_regmap_free(&m);

	sample(&m);
	kiln_regmap_add_block(&m, "OVER", 0x1f0, 0x20, "");
	expect_check_error(&m, "blocks KERNEL_BUMP and OVER overlap", "overlapping blocks");
	sample(&m);
	kiln_regblock_add_reg(&m.blocks[0], "ODD", 0x022, KILN_ACC_RW, 0, "");
	expect_check_error(&m, "ID.ODD: offset 0x22 is not word-aligned", "misaligned register");
	sample(&m);
	kiln_regblock_add_reg(&m.blocks[0], "FAR", 0x100, KILN_ACC_RW, 0, "");
	expect_check_error(&m, "ID.FAR: offset 0x100 outside the block", "register outside its block");
	sample(&m);
	kiln_regblock_add_reg(&m.blocks[0], "IMG_MAGIC", 0x020, KILN_ACC_RW, 0, "");
	expect_check_error(&m, "ID: duplicate register name IMG_MAGIC", "duplicate register name");
	sample(&m);
	kiln_regblock_add_reg(&m.blocks[0], "img-magic", 0x020, KILN_ACC_RW, 0, "");
	expect_check_error(&m, "duplicate register name img-magic", "names that clash as C identifiers");
	sample(&m);
	kiln_regblock_add_reg(&m.blocks[0], "ALIAS", 0x004, KILN_ACC_RW, 0, "");
	expect_check_error(&m, "registers LAYOUT_VERSION and ALIAS overlap at offset 0x4",
	                   "two registers, one offset");
	sample(&m);
	kiln_regmap_add_block(&m, "ID", 0x800, 0x10, "");
	expect_check_error(&m, "duplicate block name ID", "duplicate block name");
	sample(&m);
	kiln_regmap_add_block(&m, "TINY", 0x800, 0x6, "");
	expect_check_error(&m, "TINY: base 0x800 and size 0x6 must be word-aligned",
	                   "block size not word multiple");
	sample(&m);
	kiln_regmap_add_block(&m, "TOP", 0xfffeff00u, 0x200, "");
	expect_check_error(&m, "TOP: ends past the 32-bit host address space", "block past 4 GiB");
	sample(&m);
	kiln_reg_add_field(&m.blocks[1].regs[0], "wide", 12, 8, KILN_ACC_RW, "");
	expect_check_error(&m, "KERNEL_BUMP.CTRL.wide: overlaps another field", "overlapping fields");
	sample(&m);
	kiln_reg_add_field(&m.blocks[1].regs[0], "top", 30, 4, KILN_ACC_RW, "");
	expect_check_error(&m, "KERNEL_BUMP.CTRL.top: bits [30+4] do not fit", "field past bit 31");
	sample(&m);
	kiln_reg_add_field(&m.blocks[1].regs[0], "DONE", 20, 1, KILN_ACC_RW, "");
	expect_check_error(&m, "duplicate field name DONE", "duplicate field name");
	sample(&m);
	kiln_regblock_add_reg(&m.blocks[2], "X", 0x400, KILN_ACC_RW, 0, "");
	expect_check_error(&m, "DG_TABLE: a memory block has no registers", "memory block with registers");
	sample(&m);
	free(m.image);
	m.image = NULL;
	expect_check_error(&m, "no image name", "missing image name");
}

static void test_json(void)
{
	kiln_regmap m, n;
	char err[200];
	sample(&m);
	char *j = kiln_regmap_to_json(&m);
	KT_CHECK(j && strstr(j, "\"image_base\": 65536") && strstr(j, "\"access\": \"w1c\""),
	         "JSON has plain numbers and access names", "%s", j ? j : "(null)");
	KT_CHECK(
	    j && strstr(j, "\"name\": \"KERNEL_BUMP\",\n      \"address\": 65792,\n      \"base\": 256") &&
	        strstr(j, "\"name\": \"CTRL\",\n          \"address\": 65792,\n          \"offset\": 256"),
	    "JSON gives blocks and registers their bus address beside the image-space offset", "%s",
	    j ? j : "(null)");
	KT_CHECK(j && kiln_regmap_from_json(j, strlen(j), &n, err, sizeof err) == 0, "JSON parses back", "%s",
	         err);
	char *j2 = kiln_regmap_to_json(&n);
	KT_CHECK(j && j2 && strcmp(j, j2) == 0, "JSON round trip equals the original", "differs");
	KT_CHECK(n.nblocks == 3 && n.blocks[2].is_memory && n.blocks[1].regs[0].nfields == 4 &&
	             n.blocks[1].regs[0].fields[3].width == 8 && n.blocks[0].regs[0].reset == 0x4b494c4e,
	         "parsed model matches", "mismatch");
	kiln_regmap_free(&n);
	free(j2);

	/* Parse errors name the element; an inconsistent map is refused too. */
	struct {
		const char *from, *to, *want;
	} bad[] = {
	    {"\"image\": \"bump-test\"", "\"image\": 1", "image: expected a string"},
	    {"\"access\": \"ro\"", "\"access\": \"r\"",
	     "blocks[0].registers[0].access: 'r' is not one of ro, wo, rw, w1c"},
	    {"\"lsb\": 8", "\"lsb\": 32", "blocks[1].registers[0].fields[3].lsb: 32 out of range"},
	    {"\"offset\": 4,", "\"offset\": 0,", "registers IMG_MAGIC and LAYOUT_VERSION overlap"},
	    {"\"memory\": true", "\"memory\": \"yes\"", "blocks[2].memory: expected true or false"},
	    {"\"base\": 1024", "\"base\": -4", "blocks[2].base: -4 out of range"},
	};
	for (size_t i = 0; j && i < sizeof bad / sizeof bad[0]; i++) {
		char *at = strstr(j, bad[i].from);
		char *t = malloc(strlen(j) + strlen(bad[i].to) + 1);
		if (at && t)
			sprintf(t, "%.*s%s%s", (int)(at - j), j, bad[i].to, at + strlen(bad[i].from));
		err[0] = 0;
		int rc = at && t ? kiln_regmap_from_json(t, strlen(t), &n, err, sizeof err) : 0;
		KT_CHECK(at && rc == -1 && strstr(err, bad[i].want) && n.nblocks == 0, bad[i].want,
		         "rc=%d err=\"%s\"", rc, err);
		free(t);
	}
	free(j);
	kiln_regmap_free(&m);
}

/* Writes TEXT to DIR/NAME; 0 on success. */
static int write_file(const char *dir, const char *name, const char *text)
{
	char p[256];
	snprintf(p, sizeof p, "%s/%s", dir, name);
	FILE *f = fopen(p, "w");
	if (!f)
		return -1;
	fputs(text, f);
	return fclose(f);
}

static const char user_c[] =
    "#include \"csr.h\"\n"
    "#include \"csr.h\" /* the guard makes a second include harmless */\n"
    "#include <stdio.h>\n"
    "static uint32_t last_addr, last_val;\n"
    "uint32_t kiln_csr_read32(uint32_t addr) { last_addr = addr; return addr ^ 0xffffffffu; }\n"
    "void kiln_csr_write32(uint32_t addr, uint32_t v) { last_addr = addr; last_val = v; }\n"
    "int main(void)\n{\n"
    "\tint bad = 0;\n"
    "\tbad |= kiln_bump_test_id_img_magic_read() != (0x10000u ^ 0xffffffffu);\n"
    "\tbad |= KILN_BUMP_TEST_ID_IMG_MAGIC_RESET != 0x4b494c4eu;\n"
    "\tkiln_bump_test_kernel_bump_ctrl_write(KILN_BUMP_TEST_KERNEL_BUMP_CTRL_START_MASK);\n"
    "\tbad |= last_addr != 0x10100u || last_val != 1u;\n"
    "\tbad |= KILN_BUMP_TEST_KERNEL_BUMP_CTRL_DONE_SHIFT != 1 || KILN_BUMP_TEST_KERNEL_BUMP_CTRL_REG_MASK != "
    "0xff00u;\n"
    "\tbad |= KILN_BUMP_TEST_KERNEL_BUMP_CTRL_OFFSET != 0x100u || KILN_BUMP_TEST_KERNEL_BUMP_CTRL_ADDR != "
    "0x10100u;\n"
    "\tkiln_bump_test_kernel_bump_arg_0_hi_write(7);\n"
    "\tbad |= last_addr != 0x10144u;\n"
    "\tkiln_bump_test_dg_table_write(3, 9);\n"
    "\tbad |= last_addr != 0x1040cu || last_val != 9u || kiln_bump_test_dg_table_read(1) != (0x10404u ^ "
    "0xffffffffu);\n"
    "\tbad |= KILN_BUMP_TEST_DG_TABLE_WORDS != 64u || KILN_BUMP_TEST_IMAGE_BASE != 0x10000u;\n"
    "\tbad |= kiln_bump_test_id_irq_status_read() != (0x10014u ^ 0xffffffffu);\n"
    "\treturn bad;\n}\n";

/* Read accessors of write-only registers must not exist. */
static const char wo_c[] =
    "#include \"csr.h\"\nuint32_t f(void) { return kiln_bump_test_kernel_bump_arg_0_hi_read(); }\n";

static void test_c_header(void)
{
	kiln_regmap m;
	sample(&m);
	char *h = kiln_regmap_to_c_header(&m);
	KT_CHECK(h && strstr(h, "#define KILN_BUMP_TEST_ID_IMG_MAGIC_ADDR 0x00010000u") &&
	             strstr(h, "/* KILN_BUMP_TEST_KERNEL_BUMP_CTRL_ACCESS: rw */") &&
	             strstr(h, "extern uint32_t kiln_csr_read32(uint32_t addr);"),
	         "C header has LiteX-style defines, access comments and the extern accessors", "%s",
	         h ? h : "(null)");
	KT_CHECK(h && !strstr(h, "*/ not"), "a description cannot end a comment early", "found");
	char dir[] = "/tmp/kiln-regmap-XXXXXX";
	if (!KT_CHECK(h && mkdtemp(dir), "temp dir", "failed")) {
		free(h);
		kiln_regmap_free(&m);
		return;
	}
	write_file(dir, "csr.h", h);
	write_file(dir, "user.c", user_c);
	write_file(dir, "wo.c", wo_c);
	char cmd[600];
	snprintf(cmd, sizeof cmd,
	         "cd %s && cc -std=c11 -Wall -Wextra -Werror -pedantic -fsyntax-only -x c csr.h 2>&1", dir);
	KT_CHECK(system(cmd) == 0, "C header compiles on its own (-std=c11 -pedantic -Werror)", "%s", cmd);
	snprintf(cmd, sizeof cmd, "cd %s && cc -std=c11 -Wall -Wextra -Werror -o user user.c && ./user", dir);
	KT_CHECK(system(cmd) == 0, "C header accessors reach the right addresses", "%s", cmd);
	snprintf(cmd, sizeof cmd, "cd %s && cc -std=c11 -Werror -fsyntax-only wo.c 2>/dev/null", dir);
	KT_CHECK(system(cmd) != 0, "no read accessor for a write-only register", "compiled");
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	(void)!system(cmd);
	free(h);
	kiln_regmap_free(&m);
}

/* Counts C in S. */
static int count(const char *s, char c)
{
	int n = 0;
	for (; s && *s; s++)
		n += *s == c;
	return n;
}

static void test_text_forms(void)
{
	kiln_regmap m;
	sample(&m);
	char *rdl = kiln_regmap_to_systemrdl(&m);
	KT_CHECK(rdl && strstr(rdl, "addrmap kiln_bump_test {") && strstr(rdl, "} KERNEL_BUMP @ 0x100;") &&
	             strstr(rdl, "} CTRL @ 0x0;") && strstr(rdl, "} ARG_0_LO @ 0x40;"),
	         "SystemRDL: regfile per block, reg offsets relative to it", "%s", rdl ? rdl : "(null)");
	KT_CHECK(rdl && strstr(rdl, "external mem {") && strstr(rdl, "mementries = 64;") &&
	             strstr(rdl, "} DG_TABLE @ 0x400;"),
	         "SystemRDL: memory block as external mem", "%s", rdl ? rdl : "");
	KT_CHECK(rdl && strstr(rdl, "sw = rw; onwrite = woclr;") &&
	             strstr(rdl, "value[31:0] = 0x4b494c4e;") && strstr(rdl, "reg_[15:8] = 0x0;") &&
	             strstr(rdl, "idle[2:2] = 0x1;"),
	         "SystemRDL: field access, resets, keyword escaped", "%s", rdl ? rdl : "");
	KT_CHECK(rdl && count(rdl, '{') == count(rdl, '}') && strstr(rdl, "magic \\\"KILN\\\""),
	         "SystemRDL: balanced braces, quotes escaped", "%s", rdl ? rdl : "");
	/* When the reference compiler is installed (pip install systemrdl-compiler), it must accept the
	 * output. */
	if (rdl && system("python3 -c 'import systemrdl' 2>/dev/null") == 0) {
		char path[] = "/tmp/kiln-rdl-XXXXXX";
		int fd = mkstemp(path);
		FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
		if (f) {
			fputs(rdl, f);
			fclose(f);
		}
		char cmd[300];
		snprintf(cmd, sizeof cmd,
		         "python3 -c 'import sys, systemrdl; c = systemrdl.RDLCompiler(); "
		         "c.compile_file(sys.argv[1]); "
		         "c.elaborate()' %s",
		         path);
		KT_CHECK(system(cmd) == 0, "SystemRDL accepted by systemrdl-compiler", "%s", path);
		unlink(path);
	}
	free(rdl);

	char *md = kiln_regmap_to_markdown(&m);
	KT_CHECK(md && strstr(md, "## ID (0x00010000–0x000100ff)") && strstr(md, "## KERNEL_BUMP") &&
	             strstr(md, "| 0x00010100 | `CTRL` | rw | 0x00000004 | control and status") &&
	             strstr(md, "identification \\| status") && strstr(md, "Memory window: 256 bytes"),
	         "Markdown: a table per block in bus addresses, pipes escaped, memory described", "%s",
	         md ? md : "(null)");
	int tables = 0;
	for (const char *p = md; p && (p = strstr(p, "| address | name | access | reset | description |"));
	     p++)
		tables++;
	KT_CHECK(tables == 2, "Markdown: one table per register block", "%d tables", tables);
	free(md);

	char *t = kiln_regmap_to_text(&m);
	KT_CHECK(t && strncmp(t, "BUS ADDR    BLOCK.REG", 21) == 0 &&
	             strstr(t, "0x00010100  KERNEL_BUMP.CTRL") && strstr(t, "DG_TABLE[0..63]") &&
	             strstr(t, "  .reg[15:8]"),
	         "text: header and rows", "%s", t ? t : "(null)");
	/* Every row's ACCESS column starts where the header's does. */
	const char *hdr_acc = t ? strstr(t, "ACCESS") : NULL;
	int col = hdr_acc ? (int)(hdr_acc - t) : -1, misaligned = 0, lines = 0;
	for (const char *p = t; p && *p; p = strchr(p, '\n') + 1) {
		const char *nl = strchr(p, '\n');
		if (!nl)
			break;
		lines++;
		if (nl - p <= col || p[col - 1] != ' ' || p[col] == ' ' || p[col - 2] != ' ')
			misaligned++;
		if (nl > p && nl[-1] == ' ')
			misaligned++;
	}
	KT_CHECK(col > 0 && misaligned == 0 && lines == 1 + 3 + 1 + 3 + 4 + 1,
	         "text: aligned columns, no trailing blanks", "%d misaligned of %d lines", misaligned, lines);
	free(t);
	kiln_regmap_free(&m);
}

int main(void)
{
	test_check();
	test_json();
	test_c_header();
	test_text_forms();
	return KT_DONE();
}
