"""Hostile inputs the tests build byte by byte: zips whose headers lie, bzip2 bombs, parts with a DTD."""

from __future__ import annotations

import bz2
import io
import struct
import zipfile
import zlib
from collections.abc import Callable, Iterable
from functools import lru_cache

RawEntry = tuple[str, int, bytes, int, int]
"""(name, zip method, payload as stored, declared uncompressed size, declared CRC-32)."""


def raw_zip(entries: Iterable[RawEntry]) -> bytes:
    """A zip written record by record, so that method, sizes and CRC say whatever the test wants."""
    out, central, count = bytearray(), bytearray(), 0
    for name, method, payload, size, crc in entries:
        encoded = name.encode()
        version = 46 if method == zipfile.ZIP_BZIP2 else 20
        offset = len(out)
        out += (
            struct.pack(
                "<4s2B4HL2L2H",
                b"PK\x03\x04",
                version,
                0,
                0,
                method,
                0,
                0x21,
                crc,
                len(payload),
                size,
                len(encoded),
                0,
            )
            + encoded
            + payload
        )
        central += (
            struct.pack(
                "<4s4B4HL2L5H2L",
                b"PK\x01\x02",
                version,
                3,
                version,
                0,
                0,
                method,
                0,
                0x21,
                crc,
                len(payload),
                size,
                len(encoded),
                0,
                0,
                0,
                0,
                0o644 << 16,
                offset,
            )
            + encoded
        )
        count += 1
    start = len(out)
    out += central
    out += struct.pack("<4s4H2LH", b"PK\x05\x06", 0, 0, count, count, len(central), start, 0)
    return bytes(out)


def deflated(name: str, data: bytes) -> RawEntry:
    packer = zlib.compressobj(6, zlib.DEFLATED, -15)
    return name, zipfile.ZIP_DEFLATED, packer.compress(data) + packer.flush(), len(data), zlib.crc32(data)


def stored(name: str, data: bytes) -> RawEntry:
    return name, zipfile.ZIP_STORED, data, len(data), zlib.crc32(data)


@lru_cache(maxsize=1)
def bzip2_bomb() -> bytes:
    """A few hundred bytes of bzip2 that unpack to 64 MiB of zeros (the review's was a gigabyte)."""
    packer = bz2.BZ2Compressor(9)
    chunk = bytes(1 << 22)
    return b"".join(packer.compress(chunk) for _ in range(16)) + packer.flush()


def bomb_entry(name: str, declared: int = 100) -> RawEntry:
    """A bzip2 entry that declares ``declared`` bytes and unpacks to 64 MiB."""
    return name, zipfile.ZIP_BZIP2, bzip2_bomb(), declared, 0


def rewrite_zip(source: bytes, change: Callable[[str, bytes], RawEntry | None]) -> bytes:
    """The zip again, entry by entry: ``change(name, data)`` gives a replacement entry or None to keep it."""
    entries: list[RawEntry] = []
    with zipfile.ZipFile(io.BytesIO(source)) as archive:
        for info in archive.infolist():
            data = archive.read(info)
            entries.append(change(info.filename, data) or deflated(info.filename, data))
    return raw_zip(entries)


def replace_parts(source: bytes, parts: dict[str, bytes]) -> bytes:
    """The zip with these entries' bytes replaced (deflated, honest headers)."""
    return rewrite_zip(source, lambda name, _: deflated(name, parts[name]) if name in parts else None)


def with_dtd(xml: bytes, entity_use: tuple[bytes, bytes] | None = None) -> bytes:
    """The part with ``<!DOCTYPE x [<!ENTITY co "ACME">]>`` after its declaration, ``&co;`` placed at
    ``entity_use = (text, replacement)`` when given."""
    declaration_end = xml.index(b"?>") + 2 if xml.startswith(b"<?xml") else 0
    out = xml[:declaration_end] + b'\n<!DOCTYPE x [<!ENTITY co "ACME">]>' + xml[declaration_end:]
    if entity_use is not None:
        assert entity_use[0] in out
        out = out.replace(entity_use[0], entity_use[1], 1)
    return out


def zip_part(source: bytes, name: str) -> bytes:
    with zipfile.ZipFile(io.BytesIO(source)) as archive:
        return archive.read(name)
