# SPDX-License-Identifier: Apache-2.0
"""The pytest plugin (entry point `kiln`): fixtures `kiln_image` (compile once per session) and `board`, and
kiln test manifests given on the command line (`pytest tests.json`) collected as one test per manifest test."""
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
    cache = _image_cache(request.config, tmp_path_factory)
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


def _image_cache(config, tmp_path_factory):
    root = config.getoption("kiln_cache") or tmp_path_factory.getbasetemp().parent / "kiln-images"
    return ImageCache(root)


def pytest_collect_file(file_path, parent):
    """A JSON file named on the command line that is a kiln test manifest: its tests, as kiln test names them."""
    if file_path.suffix == ".json" and parent.session.isinitpath(file_path):
        try:
            head = file_path.read_text()[:4096]
        except OSError:
            return None
        if '"kiln_test"' in head:
            return ManifestFile.from_parent(parent, path=file_path)
    return None


class ManifestFile(pytest.File):
    """A kiln test manifest (docs/regression.md)."""

    def collect(self):
        from . import manifest

        for t in manifest.load(self.path):
            yield ManifestItem.from_parent(self, name=t["name"], test=t)


class ManifestItem(pytest.Item):
    """One test of a manifest, checked as kiln test checks it (kiln.manifest.run)."""

    def __init__(self, *, test, **kwargs):
        super().__init__(**kwargs)
        self.test = test

    def runtest(self):
        from . import manifest

        factory = self.config._tmp_path_factory  # pytest's own, as the tmp_path fixture uses it
        workdir = factory.mktemp(f"kiln-{self.name}".replace("@", "_"))
        try:
            manifest.run(self.test, _image_cache(self.config, factory), workdir)
        except manifest.Failed as e:
            self.user_properties.append(("cause", e.cause))
            raise ManifestFailure(e) from None

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, ManifestFailure):
            return str(excinfo.value.args[0])
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, None, f"kiln test {self.name}"


class ManifestFailure(Exception):
    """A manifest test's failure, reported as its cause and first failure."""
