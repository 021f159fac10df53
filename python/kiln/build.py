# SPDX-License-Identifier: Apache-2.0
"""Compiling kernel sources into an image with kiln-cc."""
import os
import subprocess
from pathlib import Path

from ._lib import _SOURCE_TREE, _installed_prefix
from .errors import BuildError


def find_kiln_cc():
    """Path of kiln-cc: $KILN_CC, else the one on PATH, else the source tree's build/bin."""
    if os.environ.get("KILN_CC"):
        return Path(os.environ["KILN_CC"])
    prefix = _installed_prefix()
    if prefix:
        return prefix / "bin" / "kiln-cc"
    tree = _SOURCE_TREE / "build" / "bin" / "kiln-cc"
    if tree.is_file():
        return tree
    raise FileNotFoundError("kiln-cc not found: set KILN_CC or put kiln-cc on PATH")


def _arg_path(p):
    # An absolute path never starts with '-', so no source is read as an option.
    return os.path.abspath(os.fspath(p))


def compile_image(sources, out_dir, name=None, options=(), depfile=None):
    """Compiles SOURCES into OUT_DIR/NAME.kimg (NAME: the first source's stem) and returns its path;
    BuildError with kiln-cc's standard error when it fails. DEPFILE, if given, receives kiln-cc's --depfile."""
    sources = [sources] if isinstance(sources, (str, os.PathLike)) else list(sources)
    if not sources:
        raise ValueError("no source to compile")
    out = Path(out_dir) / f"{name or Path(sources[0]).stem}.kimg"
    cmd = [str(find_kiln_cc()), "-q", *[str(o) for o in options], "-o", _arg_path(out)]
    if depfile is not None:
        cmd += ["--depfile", _arg_path(depfile)]
    cmd += [_arg_path(s) for s in sources]
    done = subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if done.returncode != 0:
        raise BuildError(cmd, done.returncode, (done.stderr + done.stdout).decode("utf-8", "replace"))
    return out


def read_depfile(path):
    """The prerequisites a make-syntax depfile names (kiln-cc --depfile), as absolute paths."""
    text = Path(path).read_text().replace("\\\n", " ")
    words, word, i = [], "", 0
    _, _, rule = text.partition(": ")
    while i < len(rule):
        c = rule[i]
        if c == "\\" and i + 1 < len(rule) and rule[i + 1] in " #\\":
            word += rule[i + 1]
            i += 2
            continue
        if c == "$" and rule[i + 1:i + 2] == "$":
            word, i = word + "$", i + 2
            continue
        if c.isspace():
            if word:
                words.append(word)
            word = ""
        else:
            word += c
        i += 1
    if word:
        words.append(word)
    return [os.path.abspath(w) for w in words]

