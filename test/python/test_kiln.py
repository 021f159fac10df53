# SPDX-License-Identifier: Apache-2.0
"""The Python package on the sim board: corpus kernels (test/kernels) against Python references written from
their C, device globals with host_access enforced, and the errors a caller can make."""
import numpy as np
import pytest

import kiln
from kiln import _lib

RNG = np.random.default_rng(20261202)


def i32(x):
    """X wrapped to a C int."""
    return (x + (1 << 31)) % (1 << 32) - (1 << 31)


def i64(x):
    """X wrapped to a C long long."""
    return (x + (1 << 63)) % (1 << 64) - (1 << 63)


# ---- test/kernels/pointers.c ----

@pytest.mark.parametrize("n,off", [(37, 5), (0, 2), (60, 7)])
def test_variable_copies(board, pointers_img, n, off):
    prog = board.load(pointers_img)
    dst = RNG.integers(0, 256, 128, dtype=np.uint8)
    src = RNG.integers(0, 256, 64, dtype=np.uint8)
    want = dst.copy()
    want[:n] = src[:n]
    tmp = np.full(64, 0x5A, np.uint8)
    tmp[off & 7:(off & 7) + (n & 31)] = src[3:3 + (n & 31)]
    want[40:40 + (n & 15)] = off & 0xFF
    want[64:] = tmp
    res = prog.variable_copies(dst=dst, src=src, n=n, off=off)
    np.testing.assert_array_equal(dst, want)
    assert res.cycles > 0 and res.exit_status is None


@pytest.mark.parametrize("k", [3, 12])
def test_overlapping_moves(board, pointers_img, k):
    prog = board.load(pointers_img)
    v = RNG.integers(-(1 << 31), 1 << 31, 40, dtype=np.int32)
    b = RNG.integers(0, 256, 48, dtype=np.uint8)
    a, wb = v.copy(), b.copy()
    for i in range(22):
        a[24 - i] = a[22 - i]
    wb[3:40] = wb[1:38].copy()
    wb[20:37] = wb[22:39].copy()
    ab = a.view(np.uint8)
    ab[2:52] = ab[1:51].copy()
    wb[k & 7:(k & 7) + 20] = wb[8:28].copy()
    prog.overlapping_moves(v, b, k)  # positionally, in parameter order
    np.testing.assert_array_equal(v, a)
    np.testing.assert_array_equal(b, wb)


@pytest.mark.parametrize("which", range(4))
def test_null_and_compare(board, pointers_img, which):
    out = np.zeros(5, np.int32)
    board.load(pointers_img).null_and_compare(out=out, which=which)
    a0, b_sel = which & 1, which & 2
    want = [1 if a0 else 0, 7 if a0 else -1, 0 if b_sel else 1, 0 if b_sel else 1, 1 + 4 if b_sel else 7 + 10]
    assert out.tolist() == want


@pytest.mark.parametrize("start", [0, 3])
def test_pointer_tables(board, pointers_img, start):
    out = np.zeros(3, np.int32)
    board.load(pointers_img).pointer_tables(out, start)
    words = ["kiln", "fires", "clay", "", "pots"]
    total = 0
    for w in range(5):
        for c in words[(w + start) % 5]:
            total = i32(total * 31 + ord(c))
    node_sum = sum(i * i + start for i in range(start & 1, 6, 2))
    h = 0
    for c in "Kurt Vonnegut's commencement address"[3:19]:
        h = (h * 33 + ord(c)) % (1 << 32)
    assert out.tolist() == [total, node_sum, i32(h)]


@pytest.mark.parametrize("sel", [0, 1])
def test_tables_of_tables(board, pointers_img, sel):
    out = np.zeros(16, np.int32)
    board.load(pointers_img).tables_of_tables(out=out, sel=sel)
    by_code = [(1, "nop"), (4, "add"), (9, "sub"), (12, "mul")]
    by_name = [(4, "add"), (12, "mul"), (1, "nop"), (9, "sub")]
    keys = [12, 5, 9, 1]
    want = []
    for i in range(8):
        t = (i ^ sel) & 1
        code, mnem = (by_name if t else by_code)[i & 3]
        want.append(code * 256 + ord(mnem[1]))
    for i in range(8):
        t = (i ^ sel) & 1
        code, mnem = (by_name if t else by_code)[i & 3]
        if t:
            want.append(ord(by_name[(i + 1) & 3][1][0]) - ord(mnem[0]))
        else:
            want.append((keys[i & 3] > code) - (keys[i & 3] < code))
    assert out.tolist() == want


def test_mixed_memories_with_device_global(board, pointers_img):
    prog = board.load(pointers_img)
    v = RNG.integers(-1000, 1000, 24, dtype=np.int32)
    ptab = RNG.integers(-1000, 1000, 8, dtype=np.int32)
    prog.globals.ptab = ptab
    for which in (1, 4, 7, 10, 6):
        wv, wp = v.copy(), ptab.copy()
        (wv if which & 1 else wp)[which & 7] += 5
        q = np.arange(1, 9, dtype=np.int32) if which & 2 else wv[8:]
        wv[20] = q[which & 7] + q[(which + 3) & 7]
        prog.mixed_memories(v, which)
        np.testing.assert_array_equal(v, wv)
        np.testing.assert_array_equal(prog.globals.ptab.read(np.int32), wp)
        ptab = wp


def test_knr_and_strided_view(board, pointers_img):
    buf = np.full(6, -1, np.int32)
    view = buf[::2]  # not contiguous: the kernel gets a copy, its writes come back into the view
    board.load(pointers_img).knr(view, 21)
    assert buf.tolist() == [7 * 21 + 1, -1, -1, -1, -1, -1]


# ---- test/kernels/ndrange.c ----

def test_nd_saxpy(board, ndrange_img):
    y = RNG.integers(-(1 << 20), 1 << 20, 64, dtype=np.int32)
    x = RNG.integers(-(1 << 20), 1 << 20, 64, dtype=np.int32)
    want = [i32(5 * int(a) + int(b)) for a, b in zip(x, y)]
    res = board.load(ndrange_img).nd_saxpy(y=y, x=x, a=5, global_size=64, local_size=16)
    assert y.tolist() == want and res.cycles > 0


def test_nd_groups(board, ndrange_img):
    out = np.zeros(24, np.uint32)
    board.load(ndrange_img).nd_groups(out, global_size=(24,), local_size=(6,))
    want = [((i // 6) << 16 | (i % 6) << 8 | 6) ^ (24 << 24) for i in range(24)]
    assert out.tolist() == want


def test_nd_matmul(board, ndrange_img):
    n = 6
    a = RNG.integers(-50, 50, (n, n), dtype=np.int32)
    b = RNG.integers(-50, 50, (n, n), dtype=np.int32)
    c = np.zeros((n, n), np.int32)
    board.load(ndrange_img).nd_matmul(c, a, b, n, global_size=(n, n), local_size=(3, 2))
    np.testing.assert_array_equal(c, a.astype(np.int64) @ b.astype(np.int64))


# ---- test/kernels/dglobals.c ----

def test_dg_accumulate(board, dglobals_img):
    prog = board.load(dglobals_img)
    acc = 0xDEADBEEF
    prog.dg["dg_acc"] = np.uint32(acc)
    for n in (37, 5):
        prog.dg_accumulate(n=n)
        for i in range(n):
            acc = (acc * 31 + i) % (1 << 32)
    assert prog.globals.dg_acc.read(np.uint32).tolist() == [acc]


def test_dg_histogram(board, dglobals_img):
    prog = board.load(dglobals_img)
    prog.globals.dg_hist = np.zeros(16, np.int32)
    prog.dg_histogram(seed=99, n=100)
    want, seed = [0] * 16, 99
    for _ in range(100):
        seed = (seed * 1103515245 + 12345) % (1 << 32)
        want[(seed >> 16) & 15] += 1
    assert prog.globals.dg_hist.read(np.int32).tolist() == want


def test_dg_wide_ops(board, dglobals_img):
    prog = board.load(dglobals_img)
    wide = [int(x) for x in RNG.integers(-(1 << 62), 1 << 62, 4)]
    prog.globals.dg_wide = np.array(wide, np.int64)
    k = -77777777777
    prog.dg_wide_ops(k=k)  # a negative long long: its parameter is not known signed, both ranges are taken
    for i in range(4):
        wide[i] = i64(wide[i] * k + (wide[(i + 1) & 3] >> 7))
    assert prog.globals.dg_wide.read(np.int64).tolist() == wide


def test_dg_update_stats_struct(board, dglobals_img):
    prog = board.load(dglobals_img)
    stats = np.dtype([("min", "<i4"), ("max", "<i4"), ("sum", "<i8"), ("count", "<u2")], align=True)
    assert stats.itemsize == prog.globals.dg_stats.size == 24
    for v in (5, -12, 40):
        prog.dg_update_stats(v=v)
    (got,) = prog.globals.dg_stats.read(stats)
    assert (int(got["min"]), int(got["max"]), int(got["sum"]), int(got["count"])) == (-12, 40, 33, 3)


def test_dg_byte_shuffle_read_only_table(board, dglobals_img, monkeypatch):
    prog = board.load(dglobals_img)
    coef = prog.globals.dg_coef
    assert coef.host_access == "read"
    assert coef.read(np.uint32).tolist() == [3, 5, 7, 11]
    data = RNG.integers(0, 256, 24, dtype=np.uint8)
    prog.globals.dg_bytes = data
    want = data.tolist()
    for i in range(24):
        want[i] = (want[(i + 5) % 24] + [3, 5, 7, 11][i & 3]) % 256
    prog.dg_byte_shuffle(r=5)
    assert prog.globals.dg_bytes.read().tolist() == want
    monkeypatch.setattr(_lib.lib(), "kiln_dg_write", _must_not_be_called)
    with pytest.raises(kiln.KilnError) as e:
        prog.globals.dg_coef = np.zeros(4, np.uint32)
    assert e.value.name == "KILN_ERR_ACCESS" and "host_access read" in e.value.message


# ---- test/python/access.c: host_access, statics, widths, nd-range offsets, exit ----

def _must_not_be_called(*args):
    raise AssertionError("the library was called for an access host_access forbids")


def test_relay_through_every_host_access(board, access_img):
    prog = board.load(access_img)
    assert {prog.dg[u].host_access for u in prog.dg} == {"read", "write", "read_write", "none"}
    out = np.zeros(4, np.int32)
    prog.globals.wo_val = np.int32(5)
    prog.relay(out)
    assert out.tolist() == [20, 30, 40, 50]
    assert prog.globals.ro_val.read(np.int32).tolist() == [11]
    assert prog.globals.rw_arr.read(np.int32).tolist() == [10, 21, 32, 43]
    prog.globals.wo_val = np.int32(1)
    prog.relay(out=out)
    assert out.tolist() == [22, 33, 44, 55]
    assert prog.globals.ro_val.read(np.int32).tolist() == [13]


def test_static_global_by_name_and_unique_id(board, access_img):
    prog = board.load(access_img)
    (uid,) = [u for u in prog.dg if u.startswith("runs__static_")]
    assert prog.globals.runs.unique_id == uid
    prog.relay(np.zeros(4, np.int32))
    prog.relay(np.zeros(4, np.int32))
    assert prog.dg[uid].read(np.uint32).tolist() == [2]
    assert prog.globals.runs.read(np.uint32).tolist() == [2]


@pytest.mark.parametrize("name,direction", [("wo_val", "read"), ("hidden", "read"), ("hidden", "write"),
                                            ("ro_val", "write")])
def test_host_access_refused_before_the_library(board, access_img, monkeypatch, name, direction):
    prog = board.load(access_img)
    monkeypatch.setattr(_lib.lib(), "kiln_dg_read", _must_not_be_called)
    monkeypatch.setattr(_lib.lib(), "kiln_dg_write", _must_not_be_called)
    with pytest.raises(kiln.KilnError) as e:
        if direction == "read":
            getattr(prog.globals, name).read(np.int32)
        else:
            setattr(prog.globals, name, np.int32(1))
    assert e.value.status == -8 and e.value.name == "KILN_ERR_ACCESS"


def test_unknown_globals(board, access_img):
    prog = board.load(access_img)
    with pytest.raises(AttributeError, match="no device global named 'nope'"):
        prog.globals.nope
    with pytest.raises(KeyError):
        prog.dg["runs"]  # a static's unique id is not its C name
    with pytest.raises(TypeError):
        prog.globals.rw_arr = 5  # a Python int has no size of its own


def test_scalar_widths(board, access_img):
    prog = board.load(access_img)
    out = np.zeros(6, np.int64)
    prog.widths(out, a=-5, b=np.int16(-300), c=200, d=60000, f=2.5, g=-1.25)
    assert out.tolist() == [-5, -300, 200, 60000, 10, -1250]


def test_grid_offset_and_local(board, access_img):
    prog = board.load(access_img)
    out = np.full((4, 8), -1, np.int32)
    prog.grid(out, 8, global_size=(8, 4), local_size=(4, 2))
    want = [[x * 100 + y + (x % 4) * 10000 for x in range(8)] for y in range(4)]
    assert out.tolist() == want
    out[:] = -1
    prog.grid(out=out, w=8, global_size=(8, 2), global_offset=(0, 2))
    assert out.tolist() == [[-1] * 8] * 2 + [[x * 100 + y for x in range(8)] for y in (2, 3)]


def test_exit_status(board, access_img):
    prog = board.load(access_img)
    out = np.zeros(1, np.int32)
    assert prog.stop_if(out, -1).exit_status is None and out[0] == 9
    assert prog.stop_if(out, 0).exit_status == 0 and out[0] == 7
    out[0] = 0
    with pytest.raises(kiln.KernelExit) as e:
        prog.stop_if(out, 3)
    assert e.value.exit_status == 3 and e.value.name == "KILN_ERR_EXIT"
    assert out[0] == 7  # written before exit, and copied back all the same


# ---- errors a caller can make ----

def test_wrong_argument_name(board, access_img):
    with pytest.raises(TypeError, match="has no parameter 'outt'; its parameters: out, code"):
        board.load(access_img).stop_if(outt=np.zeros(1, np.int32), code=1)


def test_wrong_arguments(board, access_img):
    prog = board.load(access_img)
    out = np.zeros(1, np.int32)
    with pytest.raises(TypeError, match="missing argument"):
        prog.stop_if(out)
    with pytest.raises(TypeError, match="takes 2 argument"):
        prog.stop_if(out, 1, 2)
    with pytest.raises(TypeError, match="two values"):
        prog.stop_if(out, 1, code=1)
    with pytest.raises(TypeError, match="single-task"):
        prog.stop_if(out, 1, global_size=4)
    with pytest.raises(TypeError, match="numpy array"):
        prog.stop_if([0], 1)
    with pytest.raises(TypeError, match="Python objects"):
        prog.stop_if(np.array([None]), 1)


def test_wrong_dtype_size(board, access_img):
    prog = board.load(access_img)
    out = np.zeros(1, np.int32)
    with pytest.raises(TypeError, match="takes 4 byte"):
        prog.stop_if(out, np.int64(1))
    with pytest.raises(TypeError, match="takes 1 byte"):
        prog.widths(np.zeros(6, np.int64), np.int32(1), 0, 0, 0, 0.0, 0.0)
    with pytest.raises(OverflowError):
        prog.widths(np.zeros(6, np.int64), 128, 0, 0, 0, 0.0, 0.0)  # signed char
    with pytest.raises(OverflowError):
        prog.stop_if(out, 1 << 32)
    with pytest.raises(TypeError, match="is an integer"):
        prog.widths(np.zeros(6, np.int64), 1.5, 0, 0, 0, 0.0, 0.0)


def test_overlapping_arrays(board, pointers_img):
    buf = np.zeros(192, np.uint8)
    with pytest.raises(ValueError, match="overlaps"):
        board.load(pointers_img).variable_copies(dst=buf[:128], src=buf[64:128], n=1, off=0)


def test_nd_range_errors(board, access_img):
    prog = board.load(access_img)
    out = np.zeros((4, 8), np.int32)
    with pytest.raises(TypeError, match="needs global_size"):
        prog.grid(out, 8)
    with pytest.raises(ValueError, match="1 dimension"):
        prog.grid(out, 8, global_size=8)
    with pytest.raises(kiln.KilnError) as e:
        prog.grid(out, 8, global_size=(8, 4), local_size=(3, 1))  # 8 is no multiple of 3: the library says
    assert e.value.name == "KILN_ERR_INVALID"


def test_missing_kernel(board, access_img):
    prog = board.load(access_img)
    with pytest.raises(kiln.KilnError) as e:
        prog.kernel("no_such_kernel")
    assert e.value.name == "KILN_ERR_NOT_FOUND"
    with pytest.raises(AttributeError, match="its kernels: relay, widths, grid, stop_if"):
        prog.no_such_kernel
    assert prog.kernel("__sycl_kernel_relay").params[0].name == "out"


def test_bad_images(board, access_img, tmp_path):
    with pytest.raises(FileNotFoundError):
        board.load(tmp_path / "missing.kimg")
    data = bytearray(access_img.read_bytes())
    data[len(data) // 2] ^= 0xFF
    bad = tmp_path / "bad.kimg"
    bad.write_bytes(bytes(data))
    with pytest.raises(kiln.KilnError) as e:
        board.load(bad)
    assert e.value.name == "KILN_ERR_IMAGE" and str(bad) in e.value.message


def test_closed_board(access_img):
    b = kiln.Board()
    prog = b.load(access_img)
    relay = prog.relay
    b.close()
    b.close()  # twice is harmless
    with pytest.raises(kiln.KilnError, match="closed"):
        relay(np.zeros(4, np.int32))
    with pytest.raises(kiln.KilnError, match="closed"):
        prog.globals.rw_arr.read()
