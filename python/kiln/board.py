# SPDX-License-Identifier: Apache-2.0
"""Boards and the programs loaded on them."""
import ctypes
import os
import stat

from . import _lib
from .dglobals import DeviceGlobals, GlobalsByName
from .errors import ERR_STATE, KilnError
from .image import describe
from .kernel import Kernel


class Board:
    """An open board (kiln_device_open): NAME, else $KILN_BOARD, else "sim". Closes with `with` or close()."""

    def __init__(self, name=None):
        handle = ctypes.c_void_p()
        lib = _lib.lib()
        lib.kiln_device_open(None if name is None else _lib.c_name(name, "board name"), ctypes.byref(handle))
        self._h = handle
        self._programs = []
        self.name = _lib.text(lib.kiln_device_board_name(handle))

    def __repr__(self):
        return f"<Board {self.name}{' (closed)' if self._h is None else ''}>"

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _live(self):
        # The library's handle is freed on close: every call goes through here, never to freed memory.
        if self._h is None:
            raise KilnError(ERR_STATE, f"board '{self.name}' is closed")
        return self._h

    @property
    def mem_size(self):
        """Bytes of device memory."""
        return _lib.lib().kiln_device_mem_size(self._live())

    def load(self, image_path):
        """Loads the image file IMAGE_PATH and programs the board with it."""
        program = Program(self, image_path)
        self._programs.append(program)
        return program

    def close(self):
        """Releases every program loaded here, then the board (again: nothing)."""
        if self._h is None:
            return
        for program in list(self._programs):
            program.release()
        _lib.lib().kiln_device_close(self._h)
        self._h = None


class Program:
    """An image loaded on a board: its kernels (program.NAME or program.kernel(NAME)) and device globals
    (program.globals.NAME by C name, program.dg["unique id"])."""

    def __init__(self, board, image_path):
        self.path = os.fspath(image_path)
        self.board = board
        self._h = None
        # One read: the library checks these bytes, and the description comes from the same ones.
        if not stat.S_ISREG(os.stat(self.path).st_mode):
            raise ValueError(f"{self.path}: not a regular file")
        with open(self.path, "rb") as f:
            data = f.read()
        handle = ctypes.c_void_p()
        lib = _lib.lib()
        try:
            lib.kiln_program_load_bytes(board._live(), data, len(data), ctypes.byref(handle))
        except KilnError as e:
            raise KilnError(e.status, f"{self.path}: {e.message}", e.name) from None
        self._h = handle
        self._kernels = {}
        self.kernels = tuple(_lib.text(lib.kiln_program_kernel_name(handle, i))
                             for i in range(_lib.check_count(lib.kiln_program_num_kernels(handle))))
        ids = {g["unique_id"]: g.get("name") or g["unique_id"] for g in describe(data).get("device_globals", [])}
        self.dg = DeviceGlobals(self, ids)
        self.globals = GlobalsByName(self, ids)

    def __repr__(self):
        return f"<Program {self.path} on {self.board.name}: kernels {', '.join(self.kernels)}>"

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.release()

    def _live(self):
        self.board._live()
        if self._h is None:
            raise KilnError(ERR_STATE, f"program {self.path} was released")
        return self._h

    def __getattr__(self, name):
        # Only reached for names that are no attribute: kernels named like a method go through kernel().
        if name.startswith("_") or "kernels" not in self.__dict__:
            raise AttributeError(name)
        if name in self.kernels:
            return self.kernel(name)
        raise AttributeError(f"program {self.path} has no kernel {name!r} (its kernels: {', '.join(self.kernels)})")

    def kernel(self, name):
        """The kernel NAME (C name or "__sycl_kernel_NAME"); KilnError KILN_ERR_NOT_FOUND when there is none."""
        if name not in self._kernels:
            self._kernels[name] = Kernel(self, name)
        return self._kernels[name]

    @property
    def image_hash(self):
        """The image's 64-bit hash."""
        return _lib.lib().kiln_program_image_hash(self._live())

    def reprogram(self):
        """Programs the board with the image again: every device global returns to its initial value."""
        _lib.lib().kiln_program_reprogram(self._live())

    def release(self):
        """Frees the program and its kernels (again: nothing)."""
        if self._h is None:
            return
        _lib.lib().kiln_program_release(self._h)
        self._h = None
        if self in self.board._programs:
            self.board._programs.remove(self)

    close = release
