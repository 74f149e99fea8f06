"""Fixtures of the bundle tests: real small media bytes and a zip builder that can write anything."""

from __future__ import annotations

import io
import json
import struct
import zipfile
from collections.abc import Iterator
from typing import Any

from PIL import Image as PILImage


def image_bytes(fmt: str) -> bytes:
    out = io.BytesIO()
    PILImage.new("RGB", (4, 3), (200, 30, 30)).save(out, format=fmt)
    return out.getvalue()


PNG = image_bytes("PNG")
JPEG = image_bytes("JPEG")
GIF = image_bytes("GIF")
# The start of an ISO base media file: a 'ftyp' box naming the mp42 brand.
MP4 = b"\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00mp42isom" + b"\x00\x00\x00\x08free"
TEMPLATE = b"PK\x05\x06" + b"\x00" * 18  # an empty zip stands in: the bundle does not open the template


ZipEntries = dict[str, bytes | str]


def make_zip(
    entries: ZipEntries | list[tuple[str, bytes | str]], *, method: int = zipfile.ZIP_DEFLATED
) -> bytes:
    """A zip with exactly these entries (names unchecked, duplicates allowed)."""
    out = io.BytesIO()
    items = entries.items() if isinstance(entries, dict) else entries
    with zipfile.ZipFile(out, "w", compression=method) as archive:
        for name, content in items:
            archive.writestr(zipfile.ZipInfo(name), content, compress_type=method)
    return out.getvalue()


def data_json(*values: Any) -> str:
    return json.dumps({"slides": [{"template": 1, **{f"k{i}": v for i, v in enumerate(values)}}]})


def _records(raw: bytes, name: str) -> Iterator[tuple[int, bool]]:
    """(offset, is_central) of the local and central directory records of entry ``name``."""
    for signature, name_at, is_central in ((b"PK\x03\x04", 30, False), (b"PK\x01\x02", 46, True)):
        at = raw.find(signature)
        while at != -1:
            length_at = at + (28 if is_central else 26)
            length = struct.unpack_from("<H", raw, length_at)[0]
            if raw[at + name_at : at + name_at + length] == name.encode():
                yield at, is_central
            at = raw.find(signature, at + 4)


def lie_about_size(raw: bytes, name: str, size: int) -> bytes:
    """The zip with ``name`` declaring ``size`` uncompressed bytes in both its headers."""
    out = bytearray(raw)
    for at, is_central in _records(raw, name):
        struct.pack_into("<I", out, at + (24 if is_central else 22), size)
    return bytes(out)


def set_flag(raw: bytes, name: str, flag: int) -> bytes:
    """The zip with a general-purpose flag bit set on ``name`` (0x1: encrypted)."""
    out = bytearray(raw)
    for at, is_central in _records(raw, name):
        struct.pack_into(
            "<H",
            out,
            at + (8 if is_central else 6),
            struct.unpack_from("<H", raw, at + (8 if is_central else 6))[0] | flag,
        )
    return bytes(out)
