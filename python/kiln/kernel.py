# SPDX-License-Identifier: Apache-2.0
"""Kernels as Python callables: arguments by parameter name or position, numpy arrays through device memory."""
import ctypes
import struct
import threading
from dataclasses import dataclass
from typing import NamedTuple, Optional

import numpy as np

from . import _lib
from .errors import ERR_EXIT, KernelExit, KilnError

# Keywords an nd-range kernel's call takes for its launch (a parameter of the same name goes by position).
LAUNCH_OPTIONS = ("global_size", "local_size", "global_offset")


class Param(NamedTuple):
    """A kernel parameter as the image describes it."""

    name: str
    size: int
    is_pointer: bool
    signed: bool


@dataclass(frozen=True)
class RunResult:
    """What a run gave: device cycles, and exit's status when the kernel called exit(0) (else None)."""

    cycles: int
    exit_status: Optional[int] = None


class Kernel:
    """A kernel of a loaded program; call it with its arguments to run it on the board and wait."""

    def __init__(self, program, name):
        lib = _lib.lib()
        handle = ctypes.c_void_p()
        lib.kiln_kernel_get(program._live(), _lib.c_name(name, "kernel name"), ctypes.byref(handle))
        self._program = program
        self._h = handle
        self._lock = threading.Lock()  # arguments are set on the shared handle, then the run reads them
        self.name = name
        self.dims = _lib.check_count(lib.kiln_kernel_dims(handle))
        params = []
        for i in range(_lib.check_count(lib.kiln_kernel_num_args(handle))):
            cname, size, is_ptr = ctypes.c_char_p(), ctypes.c_size_t(), ctypes.c_int()
            lib.kiln_kernel_arg_info(handle, i, ctypes.byref(cname), ctypes.byref(size), ctypes.byref(is_ptr))
            signed = _lib.check_count(lib.kiln_kernel_arg_signed(handle, i))
            params.append(Param(_lib.text(cname.value) or f"arg{i}", size.value, bool(is_ptr.value), bool(signed)))
        self.params = tuple(params)

    def __repr__(self):
        kind = f"nd-range({self.dims})" if self.dims else "single-task"
        return f"<Kernel {self.name}({', '.join(p.name for p in self.params)}) {kind}>"

    def __call__(self, *args, **kwargs):
        """Runs the kernel with ARGS/KWARGS (and global_size=, local_size=, global_offset= for nd-range)."""
        launch = {k: kwargs.pop(k) for k in LAUNCH_OPTIONS if self.dims and k in kwargs}
        values = self._bind(args, kwargs)
        ranges = self._ranges(**launch) if self.dims else None
        with self._lock:
            return self._run(values, ranges)

    def _bind(self, args, kwargs):
        names = [p.name for p in self.params]
        if len(args) > len(names):
            raise TypeError(f"kernel '{self.name}' takes {len(names)} argument(s) ({', '.join(names)}), "
                            f"{len(args)} given")
        bound = dict(zip(names, args))
        for key, value in kwargs.items():
            if key not in names:
                hint = ""
                if key in LAUNCH_OPTIONS:
                    hint = " (a launch option of nd-range kernels; this one is single-task)"
                raise TypeError(f"kernel '{self.name}' has no parameter '{key}'{hint}; its parameters: "
                                f"{', '.join(names) or 'none'}")
            if key in bound:
                raise TypeError(f"kernel '{self.name}' got two values for parameter '{key}'")
            bound[key] = value
        missing = [n for n in names if n not in bound]
        if missing:
            raise TypeError(f"kernel '{self.name}' is missing argument(s): {', '.join(missing)}")
        return [bound[n] for n in names]

    def _dims(self, value, what):
        seq = (value,) if isinstance(value, (int, np.integer)) else tuple(value)
        if len(seq) != self.dims:
            raise ValueError(f"{what} has {len(seq)} dimension(s); kernel '{self.name}' has {self.dims}")
        for v in seq:
            # size_t would take a negative number as a huge one.
            if not isinstance(v, (int, np.integer)) or isinstance(v, bool) or v < 0:
                raise ValueError(f"{what} must hold non-negative integers, not {v!r}")
        return (ctypes.c_size_t * self.dims)(*seq)

    def _ranges(self, global_size=None, local_size=None, global_offset=None):
        if global_size is None:
            raise TypeError(f"nd-range kernel '{self.name}' ({self.dims} dimension(s)) needs global_size=")
        return (None if global_offset is None else self._dims(global_offset, "global_offset"),
                self._dims(global_size, "global_size"),
                None if local_size is None else self._dims(local_size, "local_size"))

    def _scalar(self, p, value):
        if isinstance(value, np.ndarray) and value.ndim == 0:
            value = value[()]
        if isinstance(value, np.generic):
            if value.dtype.kind not in "biuf":
                raise TypeError(f"parameter '{p.name}' of kernel '{self.name}' takes a number, not {value.dtype}")
            if value.dtype.itemsize != p.size:
                raise TypeError(f"parameter '{p.name}' of kernel '{self.name}' takes {p.size} byte(s); "
                                f"a {value.dtype} has {value.dtype.itemsize}")
            return np.asarray(value, value.dtype.newbyteorder("<")).tobytes()
        if isinstance(value, int):
            # Only char and short parameters are known signed (their IR carries signext): an int or long long
            # one takes both ranges, as its two's complement bits.
            bits = 8 * p.size
            low, high = -(1 << (bits - 1)), (1 << (bits - 1 if p.signed else bits)) - 1
            if not low <= value <= high:
                raise OverflowError(f"{value} does not fit parameter '{p.name}' of kernel '{self.name}' "
                                    f"({p.size} byte(s), from {low} to {high})")
            return (value % (1 << bits)).to_bytes(p.size, "little")
        if isinstance(value, float):
            if p.signed or p.size not in (4, 8):
                raise TypeError(f"parameter '{p.name}' of kernel '{self.name}' is an integer; got a float")
            return struct.pack("<f" if p.size == 4 else "<d", value)
        raise TypeError(f"parameter '{p.name}' of kernel '{self.name}' takes a number, not {type(value).__name__}")

    def _place(self, p, arr, placed, dev):
        lib = _lib.lib()
        if arr.dtype.hasobject:
            raise TypeError(f"parameter '{p.name}' of kernel '{self.name}': an array of Python objects has no "
                            f"bytes to give the device")
        for other, _host, addr in placed:
            if other is arr or (other.__array_interface__["data"][0] == arr.__array_interface__["data"][0]
                                and other.nbytes == arr.nbytes and other.flags.c_contiguous
                                and arr.flags.c_contiguous):
                return addr  # the same memory twice: the kernel sees one buffer, as the C would
            if np.may_share_memory(other, arr):
                raise ValueError(f"parameter '{p.name}' of kernel '{self.name}': the array overlaps another "
                                 f"argument without being the same memory; pass one array")
        host = np.ascontiguousarray(arr)
        addr = ctypes.c_uint64()
        lib.kiln_mem_alloc(dev, max(host.nbytes, 1), ctypes.byref(addr))
        placed.append((arr, host, addr.value))
        if host.nbytes:
            lib.kiln_mem_write(dev, addr.value, host.ctypes.data, host.nbytes)
        return addr.value

    def _run(self, values, ranges):
        lib = _lib.lib()
        dev = self._program.board._live()
        self._program._live()  # a released program's kernel handles are gone with it
        handle = self._h
        placed = []  # (caller's array, contiguous host copy, device address)
        try:
            for i, (p, value) in enumerate(zip(self.params, values)):
                if p.is_pointer:
                    if value is None:
                        raw = bytes(p.size)
                    elif isinstance(value, np.ndarray):
                        raw = self._place(p, value, placed, dev).to_bytes(p.size, "little")
                    else:
                        raise TypeError(f"pointer parameter '{p.name}' of kernel '{self.name}' takes a numpy "
                                        f"array or None, not {type(value).__name__}")
                else:
                    raw = self._scalar(p, value)
                lib.kiln_kernel_set_arg(handle, i, len(raw), raw)
            cycles = ctypes.c_uint64()
            stopped = None
            try:
                if ranges:
                    lib.kiln_kernel_run_nd_offset(handle, *ranges, ctypes.byref(cycles))
                else:
                    lib.kiln_kernel_run(handle, ctypes.byref(cycles))
            except KilnError as e:
                if e.status != ERR_EXIT:
                    raise
                stopped = e  # the board is fine: what the kernel wrote before it stopped is still worth reading
            for arr, host, addr in placed:
                if arr.flags.writeable and host.nbytes:
                    lib.kiln_mem_read(dev, addr, host.ctypes.data, host.nbytes)
                    if host is not arr:
                        np.copyto(arr, host.reshape(arr.shape))
            if stopped is None:
                return RunResult(cycles.value)
            status = lib.kiln_kernel_exit_status(handle)
            if status != 0:
                raise KernelExit(stopped.message, status, cycles.value)
            return RunResult(cycles.value, 0)
        finally:
            for _arr, _host, addr in placed:
                try:
                    lib.kiln_mem_free(dev, addr)
                except KilnError:
                    pass  # a failed free must not hide why the run failed; the board's memory goes with it
