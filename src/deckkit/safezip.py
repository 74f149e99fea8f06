"""Reading one zip entry without trusting what the zip says about it.

Shared by the three zip readers (the input zip, template.pptx, a chart's embedded workbook).
zipfile bounds what it decompresses per read only for stored and deflated entries: a bzip2 or
LZMA entry is decompressed in one piece, so 785 bytes of bzip2 become a gigabyte (and a
MemoryError) whatever size the entry declares. Office and every zip tool's default write only
stored and deflated entries, so anything else is refused; what is read stops one byte past the
smaller of the declared size and the caller's budget.
"""

from __future__ import annotations

import io
import zipfile

__all__ = ["RefusedEntryError", "directory_size", "read_entry"]

_READABLE = (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED)
_METHOD_NAMES = {zipfile.ZIP_BZIP2: "bzip2", zipfile.ZIP_LZMA: "LZMA", 9: "Deflate64", 93: "Zstandard"}


class RefusedEntryError(ValueError):
    """The entry is not read: its compression is not stored/deflated, or it unpacks past its bound.

    A ValueError, so that readers which treat a damaged file as unreadable keep doing so.
    """


def read_entry(archive: zipfile.ZipFile, info: zipfile.ZipInfo, budget: int, limit: int) -> bytes:
    """The entry's bytes, at most ``min(declared size, budget)`` of them, or RefusedEntryError.

    ``budget`` is what is left of ``limit``, the bound on all entries together (for the message).

    zipfile's own errors (BadZipFile for a bad CRC, EOFError, zlib.error...) pass through.
    """
    if info.compress_type not in _READABLE:
        method = _METHOD_NAMES.get(info.compress_type, f"method-{info.compress_type}")
        raise RefusedEntryError(
            f"uses {method} compression; only stored and deflated entries are read (what Office and "
            "zip tools write by default)"
        )
    bound = min(info.file_size, max(budget, 0))
    with archive.open(info) as stream:
        data = stream.read(bound + 1)
    if len(data) > bound:
        if bound < info.file_size:
            raise RefusedEntryError(f"unpacks past the limit of {limit:,} bytes for all its parts together")
        raise RefusedEntryError(f"unpacks to more than the {info.file_size:,} bytes it declares")
    return data


def directory_size(raw: bytes) -> int:
    """The size the zip's end record gives its central directory (0 when there is no end record).

    zipfile builds one object per entry before anyone can count them: a zip of hundreds of
    thousands of empty entries costs seconds and hundreds of MB there. Its directory's size is
    known from the end record alone, so a reader can refuse first.
    """
    try:
        # zipfile's own reading of the end record, so the size is the one it will trust.
        end = zipfile._EndRecData(io.BytesIO(raw))  # type: ignore[attr-defined]
    except OSError:
        return 0
    return int(end[zipfile._ECD_SIZE]) if end else 0  # type: ignore[attr-defined]
