# SPDX-License-Identifier: Apache-2.0
"""The pytest plugin (entry point `kiln`): fixtures `kiln_image` (compile once per session) and `board`."""
import os
import sys
from pathlib import Path

import pytest

from .cache import ImageCache, private_dir


def pytest_addoption(parser):
    """Adds --kiln-board and --kiln-cache."""
    group = parser.getgroup("kiln", "Kiln boards and images")
    group.addoption("--kiln-board", metavar="NAME", default=None,
                    help="board the `board` fixture opens and kiln_image compiles for "
                         "(default: $KILN_BOARD, else sim)")
    group.addoption("--kiln-cache", metavar="DIR", default=None,
                    help="keep compiled images in DIR (made 0700; refused when others can write it) "
                         "from one session to the next (default: beside pytest's temporary folders)")


def pytest_configure(config):
    """Refuses an unusable --kiln-cache before any test runs."""
    cache = config.getoption("kiln_cache", None)
    if cache:
        try:
            private_dir(cache)
        except OSError as e:
            raise pytest.UsageError(f"--kiln-cache: {e}") from None


def board_name(config):
    """The board of the session: --kiln-board, else $KILN_BOARD, else None (libkiln's default, sim)."""
    return config.getoption("kiln_board") or os.environ.get("KILN_BOARD") or None


@pytest.fixture(scope="session")
def kiln_image(request, tmp_path_factory):
    """kiln_image(*sources, options=(), name=None): compiles SOURCES with kiln-cc once per session (shared by
    xdist workers) and returns the image's path; relative sources are read beside the calling file."""
    root = request.config.getoption("kiln_cache") or tmp_path_factory.getbasetemp().parent / "kiln-images"
    cache = ImageCache(root)
    board = board_name(request.config)
    built = {}

    def compile_once(*sources, options=(), name=None):
        if not sources:
            raise ValueError("kiln_image: no source given")
        here = Path(sys._getframe(1).f_globals.get("__file__") or "x").resolve().parent
        paths = tuple(str(here / s) for s in sources)
        opts = [str(o) for o in options]
        if board and not any(o == "--board" or o.startswith("--board=") for o in opts):
            opts += ["--board", board]
        key = (paths, tuple(opts), name)
        if key not in built:
            built[key] = cache.image(paths, opts, name)
        return built[key]

    return compile_once


@pytest.fixture
def board(request):
    """A freshly opened board (--kiln-board, $KILN_BOARD or sim), closed after the test with all it loaded."""
    from .board import Board

    b = Board(board_name(request.config))
    try:
        yield b
    finally:
        b.close()
