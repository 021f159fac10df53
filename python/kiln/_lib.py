# SPDX-License-Identifier: Apache-2.0
"""Finds libkiln and declares the C signatures the package calls (host/include/kiln/kiln.h)."""
import ctypes
import os
import shutil
import threading
from ctypes import POINTER, c_char_p, c_double, c_int, c_size_t, c_uint, c_uint32, c_uint64, c_void_p
from pathlib import Path

from .errors import KilnError

_SOURCE_TREE = Path(__file__).resolve().parents[2]
_lock = threading.Lock()
_lib = None


def _installed_prefix():
    """The prefix of the kiln-cc on PATH (<prefix>/bin/kiln-cc), or None."""
    cc = shutil.which("kiln-cc")
    return Path(os.path.realpath(cc)).parent.parent if cc else None


def find_libkiln():
    """Path of libkiln.so: $KILN_LIBKILN, else beside the kiln-cc on PATH, else the source tree's build."""
    if os.environ.get("KILN_LIBKILN"):
        return Path(os.environ["KILN_LIBKILN"])
    candidates = []
    prefix = _installed_prefix()
    if prefix:
        candidates.append(prefix / "lib" / "libkiln.so.0")
    candidates += [_SOURCE_TREE / "build" / "lib" / "libkiln.so.0", _SOURCE_TREE / "build" / "lib" / "libkiln.so"]
    for c in candidates:
        if c.is_file():
            return c
    raise FileNotFoundError("libkiln not found: set KILN_LIBKILN, or put an installed kiln-cc on PATH "
                            f"(looked at {', '.join(map(str, candidates))})")


def _text(p):
    return p.decode("utf-8", "replace") if p else ""


def _check(status, func, args):
    # errcheck runs on the calling thread right after the call, so kiln_last_error is still this call's.
    if status != 0:
        raise KilnError(status, _text(_lib.kiln_last_error()), _text(_lib.kiln_status_name(status)))
    return status


def check_count(value):
    """VALUE when it is a count or index (>= 0); a KilnError for a negative status."""
    if value < 0:
        raise KilnError(value, _text(_lib.kiln_last_error()), _text(_lib.kiln_status_name(value)))
    return value


# name: (restype, argtypes); restype None marks a function returning a kiln_status (checked, raises).
_SIGNATURES = {
    "kiln_last_error": (c_char_p, []),
    "kiln_status_name": (c_char_p, [c_int]),
    "kiln_device_open": (None, [c_char_p, POINTER(c_void_p)]),
    "kiln_device_close": ("void", [c_void_p]),
    "kiln_device_board_name": (c_char_p, [c_void_p]),
    "kiln_device_mem_size": (c_uint64, [c_void_p]),
    "kiln_program_load_bytes": (None, [c_void_p, c_void_p, c_size_t, POINTER(c_void_p)]),
    "kiln_program_release": ("void", [c_void_p]),
    "kiln_program_reprogram": (None, [c_void_p]),
    "kiln_program_num_kernels": (c_int, [c_void_p]),
    "kiln_program_kernel_name": (c_char_p, [c_void_p, c_int]),
    "kiln_program_image_hash": (c_uint64, [c_void_p]),
    "kiln_program_dg_info": (None, [c_void_p, c_char_p, POINTER(c_size_t), POINTER(c_int), POINTER(c_uint32)]),
    "kiln_kernel_get": (None, [c_void_p, c_char_p, POINTER(c_void_p)]),
    "kiln_kernel_num_args": (c_int, [c_void_p]),
    "kiln_kernel_arg_info": (None, [c_void_p, c_uint, POINTER(c_char_p), POINTER(c_size_t), POINTER(c_int)]),
    "kiln_kernel_arg_signed": (c_int, [c_void_p, c_uint]),
    "kiln_kernel_dims": (c_int, [c_void_p]),
    "kiln_kernel_set_arg": (None, [c_void_p, c_uint, c_size_t, c_void_p]),
    "kiln_kernel_run": (None, [c_void_p, POINTER(c_uint64)]),
    "kiln_kernel_run_nd_offset": (None, [c_void_p, POINTER(c_size_t), POINTER(c_size_t), POINTER(c_size_t),
                                         POINTER(c_uint64)]),
    "kiln_kernel_exit_status": (c_int, [c_void_p]),
    "kiln_mem_alloc": (None, [c_void_p, c_size_t, POINTER(c_uint64)]),
    "kiln_mem_free": (None, [c_void_p, c_uint64]),
    "kiln_mem_write": (None, [c_void_p, c_uint64, c_void_p, c_size_t]),
    "kiln_mem_read": (None, [c_void_p, c_uint64, c_void_p, c_size_t]),
    "kiln_dg_write": (None, [c_void_p, c_char_p, c_void_p, c_size_t, c_size_t]),
    "kiln_dg_read": (None, [c_void_p, c_char_p, c_void_p, c_size_t, c_size_t]),
}


def lib():
    """The loaded libkiln with every signature declared (loaded on first use, so importing kiln needs none)."""
    global _lib
    with _lock:
        if _lib is None:
            handle = ctypes.CDLL(str(find_libkiln()))
            for name, (restype, argtypes) in _SIGNATURES.items():
                fn = getattr(handle, name)
                fn.argtypes = argtypes
                if restype is None:
                    fn.restype = c_int
                    fn.errcheck = _check
                else:
                    fn.restype = None if restype == "void" else restype
            _lib = handle
        return _lib


def c_name(text, what):
    """TEXT as a C string for the library; refuses a NUL, which C would read as the name's end."""
    if not isinstance(text, str):
        raise TypeError(f"{what} must be a str, not {type(text).__name__}")
    if "\0" in text:
        raise ValueError(f"{what} {text!r} holds a NUL character")
    return text.encode("utf-8")


def text(p):
    """A C string from the library as str ("" for NULL)."""
    return _text(p)
