# SPDX-License-Identifier: Apache-2.0
"""The exceptions of the kiln package."""

# kiln_status values the package raises itself, before any library call (host/include/kiln/kiln.h).
ERR_INVALID = -1
ERR_NOT_FOUND = -2
ERR_ACCESS = -8
ERR_STATE = -10
ERR_EXIT = -13

_NAMES = {ERR_INVALID: "KILN_ERR_INVALID", ERR_NOT_FOUND: "KILN_ERR_NOT_FOUND", ERR_ACCESS: "KILN_ERR_ACCESS",
          ERR_STATE: "KILN_ERR_STATE", ERR_EXIT: "KILN_ERR_EXIT"}


class KilnError(Exception):
    """A libkiln call failed (or would have): status code, its name and the library's message."""

    def __init__(self, status, message, name=None):
        self.status = status
        self.name = name or _NAMES.get(status, f"kiln_status {status}")
        self.message = message
        super().__init__(f"{self.name}: {message}")


class KernelExit(KilnError):
    """The kernel stopped itself with a non-zero status (exit, abort, a failed assert, a bad call)."""

    def __init__(self, message, exit_status, cycles):
        self.exit_status = exit_status
        self.cycles = cycles
        super().__init__(ERR_EXIT, message)


class BuildError(Exception):
    """kiln-cc refused the sources: its command line, exit status and standard error."""

    def __init__(self, command, returncode, stderr):
        self.command = command
        self.returncode = returncode
        self.stderr = stderr
        super().__init__(f"kiln-cc failed (exit status {returncode}):\n{stderr.rstrip()}")
