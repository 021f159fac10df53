// SPDX-License-Identifier: Apache-2.0
// Joins the FST waveforms of the models one process ran (one per programmed image) into the one trace file
// KILN_TRACE names: each model's signals under a scope of its own, its times after those of the model before,
// as FST, or as VCD when the name ends in ".vcd" (the FST reader writes that). Compiled once with the
// Verilator runtime, whose FST code (gtkwave's fstapi) it uses.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "gtkwave/fstapi.h"
#include "sim_model.h"

namespace
{
struct copy_state {
	void *out;
	uint64_t offset;
	uint64_t last = ~0ull;
	std::vector<fstHandle> map; // reader handle -> writer handle
};

void copy_change(void *user, uint64_t time, fstHandle facidx, const unsigned char *value)
{
	copy_state *s = static_cast<copy_state *>(user);
	if (facidx >= s->map.size() || !s->map[facidx])
		return;
	if (time + s->offset != s->last) {
		s->last = time + s->offset;
		fstWriterEmitTimeChange(s->out, s->last);
	}
	fstWriterEmitValueChange(s->out, s->map[facidx], value);
}

// Copies segment PATH into writer OUT under scope LABEL, its times shifted by *OFFSET (advanced past it).
bool copy_segment(void *out, const char *path, const char *label, uint64_t *offset, bool first)
{
	void *in = fstReaderOpen(path);
	if (!in)
		return false;
	if (first)
		fstWriterSetTimescale(out, fstReaderGetTimescale(in));
	copy_state s{out, *offset};
	s.map.assign(fstReaderGetMaxHandle(in) + 1, 0);
	fstWriterSetScope(out, FST_ST_VCD_MODULE, label, nullptr);
	while (fstHier *h = fstReaderIterateHier(in)) {
		switch (h->htyp) {
		case FST_HT_SCOPE:
			fstWriterSetScope(out, static_cast<fstScopeType>(h->u.scope.typ), h->u.scope.name,
			                  h->u.scope.component);
			break;
		case FST_HT_UPSCOPE:
			fstWriterSetUpscope(out);
			break;
		case FST_HT_VAR: {
			fstHandle alias =
			    h->u.var.is_alias && h->u.var.handle < s.map.size() ? s.map[h->u.var.handle] : 0;
			fstHandle w = fstWriterCreateVar(out, static_cast<fstVarType>(h->u.var.typ),
			                                 static_cast<fstVarDir>(h->u.var.direction),
			                                 h->u.var.length, h->u.var.name, alias);
			if (!h->u.var.is_alias && h->u.var.handle < s.map.size())
				s.map[h->u.var.handle] = w;
			break;
		}
		default:
			break;
		}
	}
	fstWriterSetUpscope(out);
	fstReaderSetFacProcessMaskAll(in);
	fstReaderIterBlocks(in, copy_change, &s, nullptr);
	*offset += fstReaderGetEndTime(in) + 1;
	fstReaderClose(in);
	return true;
}

bool ends_with(const std::string &s, const char *suffix)
{
	size_t n = std::strlen(suffix);
	return s.size() >= n && s.compare(s.size() - n, n, suffix) == 0;
}
} // namespace

extern "C" __attribute__((visibility("default"))) int
ksim_trace_write(const char *out_path, const char *const *segs, const char *const *labels, int n)
{
	std::string out = out_path, fst = out + ".kiln-tmp.fst", tmp = out + ".kiln-tmp";
	void *w = fstWriterCreate(fst.c_str(), 1);
	if (!w)
		return -1;
	uint64_t offset = 0;
	bool ok = true;
	for (int i = 0; i < n && ok; i++)
		ok = copy_segment(w, segs[i], labels[i], &offset, i == 0);
	fstWriterClose(w);
	if (ok && ends_with(out, ".vcd")) {
		void *r = fstReaderOpen(fst.c_str());
		std::FILE *v = r ? std::fopen(tmp.c_str(), "w") : nullptr;
		ok = v != nullptr;
		if (ok) {
			fstReaderProcessHier(r, v);
			fstReaderSetFacProcessMaskAll(r);
			fstReaderIterBlocks(r, nullptr, nullptr, v);
			ok = std::fclose(v) == 0;
		}
		if (r)
			fstReaderClose(r);
		std::remove(fst.c_str());
	} else {
		tmp = fst;
	}
	ok = ok && std::rename(tmp.c_str(), out.c_str()) == 0;
	if (!ok)
		std::remove(tmp.c_str());
	return ok ? 0 : -1;
}
