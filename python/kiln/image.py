# SPDX-License-Identifier: Apache-2.0
"""Reads an image's description (the META section, docs/image-format.md): libkiln has no call that lists an
image's device globals, and their C names live only there."""
import json
import struct

_MAGIC = b"KILNIMG\0"
_HEADER = 72
_ENTRY = 24


def describe(data):
    """The META JSON of image bytes DATA as a dict ({} when the image has none)."""
    if len(data) < _HEADER or data[:8] != _MAGIC:
        raise ValueError("not a Kiln image")
    (count,) = struct.unpack_from("<I", data, 12)
    if _HEADER + _ENTRY * count > len(data):
        raise ValueError("section table does not fit in the image")
    for i in range(count):
        tag, _crc, offset, size = struct.unpack_from("<4sIQQ", data, _HEADER + _ENTRY * i)
        if tag == b"META":
            if offset > len(data) or size > len(data) - offset:
                raise ValueError("META section extends past the end of the image")
            return json.loads(data[offset:offset + size].decode("utf-8"))
    return {}
