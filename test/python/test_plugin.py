# SPDX-License-Identifier: Apache-2.0
"""The plugin's image cache: compiled once, private, rebuilt when a header changes, kiln-cc's errors shown."""
import os
import stat

import numpy as np
import pytest

import kiln
from kiln.cache import ImageCache, private_dir


def test_image_compiled_once(kiln_image, access_img):
    again = kiln_image("access.c")
    assert again == access_img and again.is_file()
    folder = again.parent.parent.parent  # ROOT/KEY/BUILD/access.kimg
    assert stat.S_IMODE(os.stat(folder).st_mode) == 0o700
    assert stat.S_IMODE(os.stat(again.parent.parent).st_mode) == 0o700


def test_private_dir_refuses(tmp_path):
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o777)
    with pytest.raises(PermissionError, match="writable by group or others"):
        private_dir(shared)
    link = tmp_path / "link"
    link.symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    (tmp_path / "elsewhere").mkdir(mode=0o700)
    with pytest.raises(PermissionError, match="not a folder"):
        private_dir(link)
    made = private_dir(tmp_path / "a" / "b")
    assert stat.S_IMODE(os.stat(made).st_mode) == 0o700


def test_header_change_rebuilds(tmp_path, board):
    src = tmp_path / "src"
    src.mkdir()
    (src / "k.h").write_text("#define K 3\n")
    (src / "k.c").write_text('#include <kiln/device.h>\n#include "k.h"\n'
                             "KILN_SINGLE_TASK_KERNEL void put(int *out) { out[0] = K; }\n")
    cache = ImageCache(tmp_path / "cache")
    first = cache.image([src / "k.c"])
    assert cache.image([src / "k.c"]) == first
    (src / "k.h").write_text("#define K 4\n")
    second = cache.image([src / "k.c"])
    assert second != first
    out = np.zeros(1, np.int32)
    board.load(first).put(out)
    assert out[0] == 3
    board.load(second).put(out)
    assert out[0] == 4


def test_build_error_shows_stderr(kiln_image, tmp_path):
    bad = tmp_path / "bad.c"
    bad.write_text("#include <kiln/device.h>\nKILN_SINGLE_TASK_KERNEL void k(int *p) { p[0] = undeclared; }\n")
    with pytest.raises(kiln.BuildError) as e:
        kiln_image(str(bad))
    assert e.value.returncode == 1 and "bad.c:2" in e.value.stderr and "undeclared" in str(e.value)
