# SPDX-License-Identifier: Apache-2.0
"""Device globals: read and written as numpy arrays, with their host_access enforced on the host side."""
import ctypes

import numpy as np

from . import _lib
from .errors import ERR_ACCESS, KilnError

HOST_ACCESS = {0: "read", 1: "write", 2: "read_write", 3: "none"}


def _check_offset(offset):
    # ctypes would wrap a negative offset into a huge size_t instead of refusing it.
    if not isinstance(offset, (int, np.integer)) or offset < 0:
        raise ValueError(f"offset must be a non-negative integer, not {offset!r}")


class DeviceGlobal:
    """One device global of a program, reached by its unique id."""

    def __init__(self, program, unique_id, name=None):
        size, access, addr = ctypes.c_size_t(), ctypes.c_int(), ctypes.c_uint32()
        _lib.lib().kiln_program_dg_info(program._live(), _lib.c_name(unique_id, "unique id"), ctypes.byref(size),
                                        ctypes.byref(access), ctypes.byref(addr))
        self._program = program
        self.unique_id = unique_id
        self.name = name or unique_id
        self.size = size.value
        self.host_access = HOST_ACCESS.get(access.value, str(access.value))

    def __repr__(self):
        return f"<DeviceGlobal {self.unique_id!r}: {self.size} bytes, host_access {self.host_access}>"

    def _allow(self, direction):
        # The library would refuse too; refusing first keeps a forbidden access off the bus altogether.
        if self.host_access not in (direction, "read_write"):
            verb = "read" if direction == "read" else "write"
            raise KilnError(ERR_ACCESS, f"device global '{self.unique_id}' has host_access {self.host_access}: "
                                        f"the host may not {verb} it")

    def read(self, dtype=np.uint8, offset=0, count=None):
        """COUNT elements of DTYPE from byte OFFSET (default: all that follow) as a new array."""
        dtype = np.dtype(dtype)
        _check_offset(offset)
        if dtype.hasobject or dtype.itemsize == 0:
            raise TypeError(f"cannot read device global '{self.unique_id}' as {dtype}")
        if count is None:
            span = self.size - offset
            if offset < 0 or span < 0 or span % dtype.itemsize:
                raise ValueError(f"device global '{self.unique_id}' ({self.size} bytes) from byte {offset} is no "
                                 f"whole number of {dtype} ({dtype.itemsize} bytes)")
            count = span // dtype.itemsize
        self._allow("read")
        out = np.empty(count, dtype)
        _lib.lib().kiln_dg_read(self._program._live(), _lib.c_name(self.unique_id, "unique id"),
                                out.ctypes.data, out.nbytes, offset)
        return out

    def write(self, data, offset=0):
        """Writes the bytes of numpy array or scalar DATA at byte OFFSET."""
        if not isinstance(data, (np.ndarray, np.generic, bytes, bytearray)):
            # A Python int has no size of its own: which bytes it would become is the caller's to say.
            raise TypeError(f"device global '{self.unique_id}': give a numpy array or scalar (with its dtype) or "
                            f"bytes, not {type(data).__name__}")
        arr = np.frombuffer(bytes(data), np.uint8) if isinstance(data, (bytes, bytearray)) else np.asarray(data)
        if arr.dtype.hasobject:
            raise TypeError(f"device global '{self.unique_id}': an array of Python objects has no bytes to write")
        _check_offset(offset)
        self._allow("write")
        arr = np.ascontiguousarray(arr)
        _lib.lib().kiln_dg_write(self._program._live(), _lib.c_name(self.unique_id, "unique id"),
                                 arr.ctypes.data, arr.nbytes, offset)


class DeviceGlobals:
    """program.dg: the program's device globals by unique id (dg["id"] reads the handle, dg["id"] = a writes)."""

    def __init__(self, program, ids):
        self._program = program
        self._ids = ids  # unique id -> C name

    def __getitem__(self, unique_id):
        if unique_id not in self._ids:
            raise KeyError(f"no device global with unique id {unique_id!r} (the image has: "
                           f"{', '.join(self._ids) or 'none'})")
        return DeviceGlobal(self._program, unique_id, self._ids[unique_id])

    def __setitem__(self, unique_id, data):
        self[unique_id].write(data)

    def __contains__(self, unique_id):
        return unique_id in self._ids

    def __iter__(self):
        return iter(self._ids)

    def __len__(self):
        return len(self._ids)

    def keys(self):
        """The unique ids."""
        return list(self._ids)


class GlobalsByName:
    """program.globals: the program's device globals by C name (a static one's unique id carries a suffix)."""

    def __init__(self, program, ids):
        object.__setattr__(self, "_program", program)
        by_name = {}
        for uid, name in ids.items():
            by_name.setdefault(name, []).append(uid)
        object.__setattr__(self, "_by_name", by_name)

    def _uid(self, name):
        uids = self._by_name.get(name)
        if not uids:
            raise AttributeError(f"no device global named {name!r} (the image has: "
                                 f"{', '.join(self._by_name) or 'none'})")
        if len(uids) > 1:
            # Two static globals of one name in different files: only their unique ids tell them apart.
            raise AttributeError(f"{len(uids)} device globals are named {name!r}: use program.dg[...] with one of "
                                 f"{', '.join(uids)}")
        return uids[0]

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return DeviceGlobal(self._program, self._uid(name), name)

    def __setattr__(self, name, data):
        DeviceGlobal(self._program, self._uid(name), name).write(data)

    def __dir__(self):
        return list(self._by_name)
