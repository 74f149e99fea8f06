"""A PNG file proved whole with zlib alone, for the pictures where that is enough.

Pillow's verdict on a picture (decoded, or damaged with its message) is the reference, and it
stays the reference: this module only ever *vouches* for a file. It answers the picture's size
and resolution for a PNG that is laid out the plain way and whose every byte checks out:

- the signature, IHDR first with a standard bit depth and colour type, no interlacing;
- every chunk whole, with a matching CRC, and IEND at the end;
- the chunks before IEND limited to what Pillow reads without a chance of failing (its
  handlers that check a length get exactly that length), or to chunks it skips;
- the image data inflating to every row, each row with a valid filter byte;
- nothing that could carry an orientation (eXIf, compressed text, XMP, raw EXIF profiles).

For anything else it answers None, and the caller asks Pillow, which decodes the file and
finds the right message. So a file is never refused here that Pillow would take, and a file
vouched for here is one Pillow decodes with the same size and resolution (the test suite
compares the two over generated and damaged files). What it saves: importing Pillow (a render
with only PNG pictures never does) and unfiltering every pixel, which costs Pillow several times
what inflating the data costs.

``png_facts`` answers the same size and resolution from the chunks alone, before the image
data is checked: for a render that plans with them and collects the verdict later.
"""

from __future__ import annotations

import binascii
import struct
import zlib
from typing import NamedTuple

__all__ = ["INFLATE_STEP", "PngFacts", "png_facts", "vouch_png"]

_SIGNATURE = b"\x89PNG\r\n\x1a\n"

# (bit depth, colour type) -> samples per pixel; the combinations PNG allows, all of which
# Pillow decodes (PngImagePlugin._MODES).
_CHANNELS = {
    (1, 0): 1, (2, 0): 1, (4, 0): 1, (8, 0): 1, (16, 0): 1,
    (8, 2): 3, (16, 2): 3,
    (1, 3): 1, (2, 3): 1, (4, 3): 1, (8, 3): 1,
    (8, 4): 2, (16, 4): 2,
    (8, 6): 4, (16, 6): 4,
}  # fmt: skip

# Chunks Pillow has a handler for and whose length the handler checks: only this length is
# taken, so the handler cannot fail. tRNS depends on the colour type (below).
_EXACT_LENGTH = {b"gAMA": 4, b"cHRM": 32, b"sRGB": 1, b"pHYs": 9}

# Chunks Pillow handles in a way that can fail, decompress, or that carry an orientation or an
# animation: such a file is left to Pillow. PngImagePlugin's other handlers are IHDR, IDAT, IEND,
# PLTE, tRNS, tEXt and the lengths above; every other chunk it reads and skips.
LEFT_TO_PILLOW = frozenset({b"iCCP", b"zTXt", b"iTXt", b"eXIf", b"acTL", b"fcTL", b"fdAT"})
HANDLED_HERE = frozenset({b"IHDR", b"IDAT", b"IEND", b"PLTE", b"tRNS", b"tEXt", *_EXACT_LENGTH})

# tEXt keywords Pillow puts where an orientation or the resolution is read from.
_TEXT_KEYS_LEFT_TO_PILLOW = frozenset(
    {b"exif", b"Raw profile type exif", b"XML:com.adobe.xmp", b"xmp", b"dpi"}
)
_MAX_TEXT = 1 << 20  # Pillow limits text chunks; files with more text are left to it

# Pillow's decompression-bomb limit (Image.MAX_IMAGE_PIXELS): larger pictures are left to it,
# for its warning or its error.
_MAX_PIXELS = 1024 * 1024 * 1024 // 4 // 3

# Bytes of rows inflated at a time: memory stays flat for large pictures, and a buffer this
# size is reused by the allocator where a larger one is fresh pages each time (larger steps
# inflate a large photo more slowly, not faster).
INFLATE_STEP = 1 << 18
_FILTER_TYPES = bytes(range(5))

_HEADER = struct.Struct(">I4s")
_IHDR = struct.Struct(">IIBBBBB")
_PHYS = struct.Struct(">IIB")


class PngFacts(NamedTuple):
    width: int
    height: int
    dpi: tuple[float, float] | None  # as Pillow's info["dpi"]: pixels per metre x 0.0254


def png_facts(data: bytes) -> PngFacts | None:
    """What :func:`vouch_png` answers if the image data inflates too, read from the chunks alone.

    Every rule but the image data's (its CRC, its rows) is checked; None means Pillow must judge.
    A caller that takes these facts before the verdict must still ask for the verdict.
    """
    plain = _plain(data, image_data_crc=False)
    return None if plain is None else plain.facts


def vouch_png(data: bytes, *, step: int = INFLATE_STEP) -> PngFacts | None:
    """The picture's size and resolution if ``data`` is a whole, plain PNG; None to ask Pillow.

    The rows are inflated ``step`` bytes at a time.
    """
    plain = _plain(data, image_data_crc=True)
    if plain is None or not _rows_inflate(data, plain.image_data, plain.row, plain.facts.height, step):
        return None
    return plain.facts


class _Plain(NamedTuple):
    facts: PngFacts
    image_data: list[tuple[int, int]]  # (start, length) of each IDAT chunk's data
    row: int  # bytes a row takes, its filter byte included


def _plain(data: bytes, *, image_data_crc: bool) -> _Plain | None:
    if not data.startswith(_SIGNATURE):
        return None
    chunks = _chunks(data, image_data_crc)
    if chunks is None or not chunks or chunks[0][0] != b"IHDR" or chunks[-1][0] != b"IEND":
        return None
    header = _header(data, chunks[0])
    if header is None:
        return None
    width, height, depth, colour = header
    dpi: tuple[float, float] | None = None
    idat: list[tuple[int, int]] = []
    text = 0
    seen_idat = ended_idat = False
    for kind, start, length in chunks[1:-1]:
        if kind == b"IDAT":
            if ended_idat:
                return None  # image data in two runs: Pillow reads the first only
            seen_idat = True
            idat.append((start, length))
            continue
        ended_idat = seen_idat
        if kind in LEFT_TO_PILLOW or kind in (b"IHDR", b"IEND"):
            return None
        body = data[start : start + length]
        if kind in _EXACT_LENGTH:
            if length != _EXACT_LENGTH[kind]:
                return None
            if kind == b"pHYs" and not seen_idat:
                dpi = _resolution(body) or dpi  # Pillow sets "dpi" from metre units only
        elif kind == b"tRNS":
            if not _plain_transparency(colour, length):
                return None
        elif kind == b"PLTE":
            if seen_idat or colour not in (2, 3, 6) or length % 3 or length > 768:
                return None
        elif kind == b"tEXt":
            text += length
            if text > _MAX_TEXT or body.split(b"\0", 1)[0] in _TEXT_KEYS_LEFT_TO_PILLOW:
                return None
    if not idat or (colour == 3 and not any(kind == b"PLTE" for kind, _, _ in chunks)):
        return None
    row = 1 + (width * depth * _CHANNELS[depth, colour] + 7) // 8
    return _Plain(PngFacts(width, height, dpi), idat, row)


def _chunks(data: bytes, image_data_crc: bool) -> list[tuple[bytes, int, int]] | None:
    """(type, start of its data, length) of every chunk, or None unless each is whole with its CRC.

    binascii's CRC keeps the GIL (zlib's gives it up for more than 5 KB): on the read-ahead
    thread, each give-up is a wait of up to the 5 ms switch interval to take it back, and PNG
    writers cut the image data into chunks of 8 KB.
    """
    chunks = []
    view = memoryview(data)
    at, end = len(_SIGNATURE), len(data)
    while at < end:
        if at + 12 > end:
            return None
        length, kind = _HEADER.unpack_from(data, at)
        start = at + 8
        stop = start + length
        if stop + 4 > end or not kind.isalpha():
            return None
        if (image_data_crc or kind != b"IDAT") and binascii.crc32(view[at + 4 : stop]) != int.from_bytes(
            data[stop : stop + 4], "big"
        ):
            return None
        chunks.append((kind, start, length))
        at = stop + 4
        if kind == b"IEND":
            return chunks if at == end and length == 0 else None
    return None


def _header(data: bytes, ihdr: tuple[bytes, int, int]) -> tuple[int, int, int, int] | None:
    _, start, length = ihdr
    if length != 13:
        return None
    width, height, depth, colour, compression, filtering, interlace = _IHDR.unpack_from(data, start)
    if (depth, colour) not in _CHANNELS or compression or filtering or interlace:
        return None
    if not 0 < width < 1 << 31 or not 0 < height < 1 << 31 or width * height > _MAX_PIXELS:
        return None
    return width, height, depth, colour


def _resolution(body: bytes) -> tuple[float, float] | None:
    x, y, unit = _PHYS.unpack(body)
    return (x * 0.0254, y * 0.0254) if unit == 1 else None


def _plain_transparency(colour: int, length: int) -> bool:
    """A tRNS chunk of the length its colour type gives it (Pillow checks shorter ones)."""
    if colour == 0:
        return length == 2
    if colour == 2:
        return length == 6
    return colour == 3 and 0 < length <= 256


def _rows_inflate(data: bytes, idat: list[tuple[int, int]], row: int, height: int, step: int) -> bool:
    """Whether the image data inflates to ``height`` rows of ``row`` bytes, each with a valid filter."""
    view = memoryview(data)
    # One stream, not one call a chunk: each call gives the GIL up.
    pending: bytes | memoryview = (
        view[idat[0][0] : idat[0][0] + idat[0][1]]
        if len(idat) == 1
        else b"".join(view[start : start + length] for start, length in idat)
    )
    inflater = zlib.decompressobj()
    wanted = row * height
    done = 0
    try:
        while pending and done < wanted:
            rows = inflater.decompress(pending, min(step, wanted - done))
            pending = inflater.unconsumed_tail
            # The filter byte of each row that starts in this piece.
            if rows[-done % row :: row].translate(None, _FILTER_TYPES):
                return False
            done += len(rows)
            if not rows:  # no progress (or the stream ended): leave the file to Pillow
                return False
    except zlib.error:
        return False
    return done >= wanted
