# SPDX-License-Identifier: Apache-2.0
"""Kiln from Python: open a board, load an image, call kernels with numpy arrays (ctypes over libkiln)."""
from .board import Board, Program
from .build import compile_image, find_kiln_cc
from .dglobals import DeviceGlobal
from .errors import BuildError, KernelExit, KilnError
from .kernel import Kernel, Param, RunResult

__all__ = ["Board", "Program", "Kernel", "Param", "RunResult", "DeviceGlobal", "KilnError", "KernelExit",
           "BuildError", "compile_image", "find_kiln_cc"]
