# SPDX-License-Identifier: Apache-2.0
"""A private cache of compiled images, keyed by content, safe for several processes at once (pytest-xdist).

Layout: ROOT/KEY/ per (toolchain, options, sources), holding a lock file and one folder per build, named by
its manifest: the digest of every file the build read (kiln-cc --depfile: headers too). A build is reused
while those files are unchanged, and appears only whole, by rename, so no process sees one half written."""
import fcntl
import hashlib
import json
import os
import shutil
import stat
import tempfile
from pathlib import Path

from .build import compile_image, find_kiln_cc, read_depfile

_toolchains = {}


def private_dir(path):
    """PATH as a folder only this user can write: made 0700 when missing, refused (PermissionError) when it
    is a link, another user's, or writable by group or others."""
    path = Path(path)
    try:
        path.mkdir(mode=0o700, parents=True)
    except FileExistsError:
        pass
    st = os.lstat(path)
    # What is cached is code that runs (a simulation model), so a folder another user can change is not used.
    if not stat.S_ISDIR(st.st_mode):
        raise PermissionError(f"{path}: not a folder (a link?): not used as an image cache")
    if st.st_uid != os.geteuid():
        raise PermissionError(f"{path}: owned by uid {st.st_uid}, not this user: not used as an image cache")
    if st.st_mode & 0o022:
        raise PermissionError(f"{path}: writable by group or others (mode {stat.S_IMODE(st.st_mode):o}): "
                              f"not used as an image cache")
    return path


def _file_digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def toolchain_digest(kiln_cc):
    """Digest of kiln-cc and of its installation's share/kiln (cells, headers, boards): what else an image
    depends on."""
    kiln_cc = Path(kiln_cc).resolve()
    if kiln_cc not in _toolchains:
        h = hashlib.sha256(_file_digest(kiln_cc).encode())
        share = kiln_cc.parent.parent / "share" / "kiln"
        for f in sorted(p for p in share.rglob("*") if p.is_file()):
            h.update(f"{f.relative_to(share)}\0{_file_digest(f)}\0".encode())
        # The trust store of simulation models lives in kiln-cc's cache: an image built under another one
        # would be refused at load.
        for var in ("KILN_CACHE", "XDG_CACHE_HOME", "HOME"):
            h.update(f"{var}={os.environ.get(var, '')}\0".encode())
        _toolchains[kiln_cc] = h.hexdigest()
    return _toolchains[kiln_cc]


def _still_valid(build):
    try:
        manifest = json.loads((build / "manifest.json").read_text())
        return all(os.path.isfile(f) and _file_digest(f) == d for f, d in manifest.items())
    except (OSError, ValueError):
        return False


class ImageCache:
    """Images compiled once and shared under ROOT (a private folder)."""

    def __init__(self, root):
        self.root = private_dir(root)

    def image(self, sources, options=(), name=None):
        """The image of SOURCES compiled with OPTIONS: a cached build whose inputs are unchanged, else a new
        one. Returns the path of NAME.kimg (NAME: the first source's stem)."""
        sources = [os.path.abspath(s) for s in sources]
        options = [str(o) for o in options]
        name = name or Path(sources[0]).stem
        kiln_cc = find_kiln_cc()
        key = hashlib.sha256(json.dumps([toolchain_digest(kiln_cc), options, name,
                                         [[s, _file_digest(s)] for s in sources]]).encode()).hexdigest()[:40]
        slot = private_dir(self.root / key)
        with open(slot / "lock", "a") as lock:
            # One process builds while the others wait for it, instead of each building the same model.
            fcntl.flock(lock, fcntl.LOCK_EX)
            for build in sorted(slot.iterdir()):
                if build.is_dir() and not build.name.startswith(".") and _still_valid(build):
                    return build / f"{name}.kimg"
            tmp = Path(tempfile.mkdtemp(prefix=".build-", dir=slot))
            try:
                compile_image(sources, tmp, name=name, options=options, depfile=tmp / "deps.mk")
                manifest = {f: _file_digest(f) for f in read_depfile(tmp / "deps.mk") if os.path.isfile(f)}
                text = json.dumps(manifest, sort_keys=True, indent=1)
                (tmp / "manifest.json").write_text(text)
                final = slot / hashlib.sha256(text.encode()).hexdigest()[:16]
                if final.exists():  # the same inputs built before, and changed back since: replace it
                    shutil.rmtree(final)
                os.rename(tmp, final)
            except BaseException:
                shutil.rmtree(tmp, ignore_errors=True)
                raise
            return final / f"{name}.kimg"
