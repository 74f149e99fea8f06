"""Write a zip of parts: deflate them on every core, copy the template's own entries as they are.

Deflating is most of the cost of writing a package, and zlib releases the GIL while it works, so
the parts are deflated in balanced batches on as many threads as there are cores (the calling
thread takes one batch). An entry kept byte for byte from the template (a layout, a master, a
picture nobody changed) is copied compressed, as it was in the template: it was read once (so
its CRC was checked) but is not deflated again.

Packages too large for plain zip (ZIP64: 4 GiB or 65,535 entries) are written by :mod:`zipfile`.
"""

from __future__ import annotations

import io
import os
import struct
import time
import zipfile
import zlib
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import NamedTuple

__all__ = [
    "BackgroundPacker",
    "Packed",
    "PendingPack",
    "ZipEntry",
    "read_packed",
    "should_deflate",
    "write_zip",
]

LEVEL = 6
"""zlib's default, as :mod:`zipfile` writes: the output is no larger than before."""

_PARALLEL_FROM = 256 * 1024  # below this many bytes to deflate, threads cost more than they save
_BATCH_BYTES = 256 * 1024  # parts deflated in the background by one task
# What a part handed over unserialized (add_later) counts towards a batch: about a filled slide or chart.
_LATER_BYTES_GUESS = 16 * 1024
_ZIP32_LIMIT = 0xFFFFFFFF
_UTF8_FLAG = 0x800
_CREATE_SYSTEM = 3  # Unix, as zipfile writes on POSIX
_FILE_ATTRIBUTES = 0o600 << 16  # zipfile's default for writestr


class Packed(NamedTuple):
    """An entry's bytes as stored in a zip: CRC-32, zip method, stored bytes and the original size."""

    crc: int
    method: int
    data: bytes
    size: int


@dataclass(slots=True)
class ZipEntry:
    """A part to write: its bytes and whether to deflate them, or an entry copied as it was."""

    name: str
    data: bytes = b""
    deflate: bool = True
    packed: Packed | None = None


def read_packed(archive: zipfile.ZipFile, raw: bytes, name: str) -> Packed | None:
    """The entry ``name`` of ``archive`` (opened on ``raw``) as stored, or None when it cannot be copied."""
    try:
        info = archive.getinfo(name)
    except KeyError:
        return None
    if info.flag_bits & 0x1 or info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
        return None  # encrypted, or a method this writer would have to declare differently
    start = info.header_offset
    if raw[start : start + 4] != b"PK\x03\x04":
        return None
    name_length, extra_length = struct.unpack("<HH", raw[start + 26 : start + 30])
    begin = start + 30 + name_length + extra_length
    data = raw[begin : begin + info.compress_size]
    if len(data) != info.compress_size:
        return None
    return Packed(info.CRC, info.compress_type, data, info.file_size)


def _pack(entry: ZipEntry) -> Packed:
    data = entry.data
    if not entry.deflate or not data:
        return Packed(zlib.crc32(data), zipfile.ZIP_STORED, data, len(data))
    return Packed(zlib.crc32(data), zipfile.ZIP_DEFLATED, zlib.compress(data, LEVEL, -15), len(data))


def should_deflate(name: str) -> bool:
    """False for parts compressed already (zip-based Office files, images, video): deflating them again
    costs time and gains a few bytes at most, so they are stored as they are."""
    return name.rsplit(".", 1)[-1].lower() not in _ALREADY_COMPRESSED


_ALREADY_COMPRESSED = frozenset(
    {"xlsx", "xlsm", "docx", "docm", "pptx", "zip", "png", "jpeg", "jpg", "gif", "mp4", "mov", "m4v"}
)


class PendingPack:
    """A part handed to a :class:`BackgroundPacker`: its packed form when asked, its bytes again if need be."""

    __slots__ = ("_batch", "_index")

    def __init__(self, batch: _Batch, index: int) -> None:
        self._batch = batch
        self._index = index

    def result(self) -> Packed:
        return self._batch.result()[self._index]

    def data(self) -> bytes:
        """The part's bytes, inflated again (rare: a finished part is read once more)."""
        packed = self.result()
        return zlib.decompress(packed.data, -15) if packed.method == zipfile.ZIP_DEFLATED else packed.data


Source = bytes | Callable[[], bytes]
"""A part's bytes, or what makes them (a tree's serializer) when the batch is packed."""


class _Batch:
    """Parts deflated together by one task; their bytes are let go as soon as they are packed."""

    def __init__(self) -> None:
        self.entries: list[tuple[Source, bool]] = []  # (bytes or their maker, deflate)
        self.size = 0
        self._future: Future[list[Packed]] | None = None
        self._done: list[Packed] | None = None

    def start(self) -> None:
        if _threads() == 1:
            self._done = _pack_and_release(self.entries)
        else:
            self._future = _pool().submit(_pack_and_release, self.entries)

    def result(self) -> list[Packed]:
        if self._done is None:
            self._done = (
                self._future.result() if self._future is not None else _pack_and_release(self.entries)
            )
            self._future = None
        return self._done


class BackgroundPacker:
    """Deflates finished parts on another core, a batch at a time, while the caller goes on.

    One task per part would cost more (a task, and the GIL changing hands) than deflating a small
    part takes, so parts are handed over in batches of about ``batch_bytes``. The caller keeps a
    :class:`PendingPack` and may drop its own bytes: a batch holds them only until they are packed,
    so the uncompressed parts of a large deck are never all in memory at once. On one core a full
    batch is deflated at once, in the calling thread.
    """

    def __init__(self, batch_bytes: int = _BATCH_BYTES) -> None:
        self._batch_bytes = batch_bytes
        self._open: _Batch | None = None

    def add(self, data: bytes, deflate: bool) -> PendingPack:
        return self._add(data, deflate, len(data))

    def add_later(self, make: Callable[[], bytes], deflate: bool) -> PendingPack:
        """A part whose bytes ``make`` returns, called on the packing thread.

        For a finished tree: lxml serializes without the GIL, so the tree is written out on
        another core too. The caller must not change what ``make`` reads from then on.
        """
        return self._add(make, deflate, _LATER_BYTES_GUESS)

    def _add(self, source: Source, deflate: bool, size: int) -> PendingPack:
        batch = self._open
        if batch is None:
            batch = self._open = _Batch()
        batch.entries.append((source, deflate))
        batch.size += size
        pending = PendingPack(batch, len(batch.entries) - 1)
        if batch.size >= self._batch_bytes:
            self.flush()
        return pending

    def flush(self) -> None:
        """Start the batch being filled (the rest is deflated when first asked for)."""
        if self._open is not None:
            self._open.start()
            self._open = None


def _pack_batch(batch: list[ZipEntry]) -> list[Packed]:
    return [_pack(entry) for entry in batch]


def _pack_and_release(batch: list[tuple[Source, bool]]) -> list[Packed]:
    packed = [
        _pack(ZipEntry("", source if isinstance(source, bytes) else source(), deflate))
        for source, deflate in batch
    ]
    batch.clear()  # the uncompressed bytes (or trees) are no longer needed
    return packed


_POOL: ThreadPoolExecutor | None = None
_POOL_PID = 0  # a forked child (a server's worker) inherits the pool object but not its threads


def _threads() -> int:
    return max(
        1, min(4, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)
    )


def _pool() -> ThreadPoolExecutor:
    global _POOL, _POOL_PID
    if _POOL is None or os.getpid() != _POOL_PID:
        _POOL_PID = os.getpid()
        _POOL = ThreadPoolExecutor(max_workers=max(1, _threads() - 1), thread_name_prefix="deckkit-deflate")
    return _POOL


def _pack_all(entries: list[ZipEntry]) -> list[Packed]:
    """Each entry packed, in order; deflated on every core when there is enough to deflate."""
    todo = [i for i, e in enumerate(entries) if e.packed is None]
    total = sum(len(entries[i].data) for i in todo if entries[i].deflate)
    threads = _threads()
    packed: list[Packed | None] = [e.packed for e in entries]
    if threads == 1 or total < _PARALLEL_FROM:
        for i in todo:
            packed[i] = _pack(entries[i])
    else:
        # Largest first into the lightest batch: batches of about equal work, one per thread.
        batches: list[list[int]] = [[] for _ in range(threads)]
        loads = [0] * threads
        for i in sorted(todo, key=lambda i: -len(entries[i].data)):
            lightest = loads.index(min(loads))
            batches[lightest].append(i)
            loads[lightest] += len(entries[i].data)
        futures = [_pool().submit(_pack_batch, [entries[i] for i in b]) for b in batches[1:]]
        results = [(batches[0], _pack_batch([entries[i] for i in batches[0]]))]
        results += [(b, f.result()) for b, f in zip(batches[1:], futures, strict=True)]
        for indices, done in results:
            for i, p in zip(indices, done, strict=True):
                packed[i] = p
    return [p for p in packed if p is not None]


def _dos_time(when: time.struct_time) -> tuple[int, int]:
    year = max(when.tm_year, 1980)
    dos_time = (when.tm_hour << 11) | (when.tm_min << 5) | (when.tm_sec // 2)
    return dos_time, ((year - 1980) << 9) | (when.tm_mon << 5) | when.tm_mday


def write_zip(entries: list[ZipEntry]) -> bytes:
    """The zip of entries, in their order, dated now (as :mod:`zipfile` dates ``writestr``)."""
    packed = _pack_all(entries)
    if len(entries) >= 0xFFFF or sum(len(p.data) + 200 for p in packed) >= _ZIP32_LIMIT:
        return _write_zip64(entries, packed)
    dos_time, dos_date = _dos_time(time.localtime())
    out = bytearray()
    central = bytearray()
    for entry, p in zip(entries, packed, strict=True):
        name = entry.name.encode("utf-8")
        flags = 0 if entry.name.isascii() else _UTF8_FLAG
        sizes = (p.crc, len(p.data), p.size, len(name))
        central += (
            struct.pack(
                "<4s4B4HL2L5H2L",
                b"PK\x01\x02",
                20,
                _CREATE_SYSTEM,
                20,
                0,
                flags,
                p.method,
                dos_time,
                dos_date,
                *sizes,
                0,
                0,
                0,
                0,
                _FILE_ATTRIBUTES,
                len(out),
            )
            + name
        )
        out += struct.pack(
            "<4s2B4HL2L2H", b"PK\x03\x04", 20, 0, flags, p.method, dos_time, dos_date, *sizes, 0
        )
        out += name
        out += p.data
    start = len(out)
    out += central
    out += struct.pack("<4s4H2LH", b"PK\x05\x06", 0, 0, len(entries), len(entries), len(central), start, 0)
    return bytes(out)


def _write_zip64(entries: list[ZipEntry], packed: list[Packed]) -> bytes:
    """zipfile's writer, which handles ZIP64; every entry is deflated or stored again."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, allowZip64=True) as z:
        for entry, p in zip(entries, packed, strict=True):
            data = p.data if p.method == zipfile.ZIP_STORED else zlib.decompress(p.data, -15)
            z.writestr(entry.name, data, zipfile.ZIP_DEFLATED if entry.deflate else zipfile.ZIP_STORED)
    return out.getvalue()
