"""vouch_png against Pillow, the judge it stands in for: what it vouches for, Pillow decodes alike.

Every case compares with ``_decoded_by_pillow`` (the path every picture took before): a PNG
vouched for must decode in Pillow to the same size and resolution, and ``read_image_info``
answers the same (facts, or the message of a damaged file) whichever path it takes.
"""

from __future__ import annotations

import io
import random
import struct
import subprocess
import sys
import zlib
from collections.abc import Callable

import pytest
from PIL import Image as PILImage
from PIL import PngImagePlugin

from deckkit.renderer.pictures.imageinfo import (
    ImageInfo,
    UnreadableImageError,
    _decoded_by_pillow,
    _read_image_info,
    _resolution,
)
from deckkit.renderer.pictures.pngcheck import HANDLED_HERE, LEFT_TO_PILLOW, PngFacts, png_facts, vouch_png
from tests.renderer.media.builders import image_data_flipped, image_data_length


def _pillow(mode: str, size: tuple[int, int] = (37, 23), **save: object) -> bytes:
    picture = PILImage.new(mode, size)
    if mode == "P":
        picture.putpalette([i % 256 for i in range(768)])
    picture.putdata([(i * 7919) % (2 if mode == "1" else 200) if len(mode) == 1 or mode == "I;16" else
                     tuple((i * k) % 251 for k in range(1, len(mode) + 1)) for i in range(size[0] * size[1])])  # fmt: skip
    out = io.BytesIO()
    picture.save(out, "PNG", **save)
    return out.getvalue()


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def _png(
    width: int = 9,
    height: int = 5,
    depth: int = 8,
    colour: int = 2,
    *,
    before: list[bytes] | None = None,
    after: list[bytes] | None = None,
    idat_size: int = 0,
    filters: bytes = b"\0",
    interlace: int = 0,
) -> bytes:
    """A PNG written by hand: chunks before and after the image data, IDAT cut into pieces."""
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colour]
    row = (width * depth * channels + 7) // 8
    raw = b"".join(filters[y % len(filters) : y % len(filters) + 1] + bytes((y + x) % 256 for x in range(row))
                   for y in range(height))  # fmt: skip
    packed = zlib.compress(raw)
    step = idat_size or len(packed)
    idat = [_chunk(b"IDAT", packed[i : i + step]) for i in range(0, len(packed), step)]
    ihdr = _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, interlace))
    palette = [_chunk(b"PLTE", bytes(range(48)))] if colour == 3 else []
    return b"".join(
        [b"\x89PNG\r\n\x1a\n", ihdr, *palette, *(before or []), *idat, *(after or []), _chunk(b"IEND", b"")]
    )


def _verdict(read: Callable[[], ImageInfo]) -> ImageInfo | str:
    try:
        return read()
    except UnreadableImageError as error:
        return f"unreadable: {error}"


def _same_as_pillow(data: bytes) -> PngFacts | None:
    """Assert that read_image_info answers as Pillow does and that vouched facts are Pillow's."""
    facts = vouch_png(data)
    early = png_facts(data)  # what a render plans with before the verdict
    pillow = _verdict(lambda: _decoded_by_pillow(data, "PNG"))
    if early is not None and isinstance(pillow, ImageInfo):
        assert (early.width, early.height) == (pillow.width_px, pillow.height_px)
        assert (pillow.dpi_x, pillow.dpi_y) == _resolution(early.dpi)
    if facts is not None:
        assert early == facts
    _read_image_info.cache_clear()
    assert _verdict(lambda: _read_image_info(data)) == pillow
    if facts is None:
        return None
    assert isinstance(pillow, ImageInfo), f"vouched for a file Pillow refuses: {pillow}"
    with PILImage.open(io.BytesIO(data)) as picture:
        assert (facts.width, facts.height) == picture.size
        assert facts.dpi == picture.info.get("dpi")
    return facts


# -- what Pillow writes ---------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["1", "L", "LA", "P", "RGB", "RGBA", "I;16"])
@pytest.mark.parametrize(
    "save",
    [{}, {"dpi": (144, 144)}, {"dpi": (300, 72)}, {"optimize": True}, {"compress_level": 0}],
    ids=["plain", "dpi144", "dpi300x72", "optimized", "stored"],
)
def test_what_pillow_writes_is_vouched_for_alike(mode: str, save: dict[str, object]) -> None:
    assert _same_as_pillow(_pillow(mode, **save)) is not None


def test_palette_with_transparency_and_text() -> None:
    info = PngImagePlugin.PngInfo()
    info.add_text("Software", "matplotlib version3.9")
    info.add_text("Comment", "a chart")
    assert _same_as_pillow(_pillow("P", transparency=3, pnginfo=info)) is not None
    assert _same_as_pillow(_pillow("RGB", transparency=(1, 2, 3))) is not None
    assert _same_as_pillow(_pillow("L", transparency=7)) is not None


def test_a_large_picture_is_read_in_steps() -> None:
    # 3000 x 1000 RGBA: 12 MB of rows, inflated in 46 steps.
    data = _pillow("RGBA", (3000, 1000), compress_level=1)
    facts = _same_as_pillow(data)
    assert facts is not None
    assert (facts.width, facts.height) == (3000, 1000)


# -- written by hand: every bit depth, odd layouts -------------------------------------------


@pytest.mark.parametrize(
    ("depth", "colour"),
    [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0), (8, 2), (16, 2), (1, 3), (2, 3), (4, 3), (8, 3),
     (8, 4), (16, 4), (8, 6), (16, 6)],
)  # fmt: skip
def test_every_bit_depth_and_colour_type(depth: int, colour: int) -> None:
    assert _same_as_pillow(_png(11, 7, depth, colour, filters=bytes(range(5)))) is not None


def test_image_data_in_one_byte_chunks_and_skipped_chunks() -> None:
    skipped = [_chunk(b"bKGD", b"\0\0\0\0\0\0"), _chunk(b"tIME", b"\x07\xea\x0b\x17\x01\x02\x03")]
    data = _png(before=[*skipped, _chunk(b"sRGB", b"\0"), _chunk(b"gAMA", b"\0\0\xb1\x8f")], idat_size=1)
    assert _same_as_pillow(data) is not None
    assert _same_as_pillow(_png(after=[_chunk(b"tEXt", b"Title\0late"), *skipped])) is not None


@pytest.mark.parametrize(
    "data",
    [
        _png(interlace=1),
        _png(filters=b"\0\5"),  # a row with filter type 5
        _png(before=[_chunk(b"eXIf", b"MM\0*\0\0\0\x08\0\0")]),
        _png(before=[_chunk(b"tEXt", b"Raw profile type exif\0\nexif\n 0\n")]),
        _png(before=[_chunk(b"tEXt", b"XML:com.adobe.xmp\0<x tiff:Orientation=\"6\"/>")]),
        _png(before=[_chunk(b"tEXt", b"dpi\x00300")]),
        _png(before=[_chunk(b"iCCP", b"p\0\0" + zlib.compress(b"profile"))]),
        _png(before=[_chunk(b"zTXt", b"k\0\0" + zlib.compress(b"text"))]),
        _png(before=[_chunk(b"pHYs", b"\0\0\x0e\xc4\0\0\x0e\xc4")]),  # 8 bytes: Pillow refuses
        _png(before=[_chunk(b"sRGB", b"")]),
        _png(before=[_chunk(b"tRNS", b"\0")]),
        _png(after=[_chunk(b"tEXt", b"a\0b"), _chunk(b"IDAT", zlib.compress(b"more"))], idat_size=5),  # two runs
        _png() + b"trailing bytes",
        _png(3, 0),
        _png(depth=16, colour=3),
        _png(colour=3).replace(_chunk(b"PLTE", bytes(range(48))), b""),
    ],
    ids=[
        "interlaced", "bad-filter", "exif", "raw-exif-text", "xmp", "dpi-text", "icc", "ztxt",
        "short-phys", "empty-srgb", "short-trns", "two-runs", "trailing", "no-rows", "bad-depth", "no-palette",
    ],
)  # fmt: skip
def test_what_it_leaves_to_pillow(data: bytes) -> None:
    assert _same_as_pillow(data) is None


def test_pixels_per_metre_and_aspect_only() -> None:
    metre = _png(before=[_chunk(b"pHYs", struct.pack(">IIB", 5669, 2835, 1))])
    facts = _same_as_pillow(metre)
    assert facts is not None
    assert facts.dpi == (5669 * 0.0254, 2835 * 0.0254)
    # An aspect ratio after a resolution leaves the resolution, as Pillow does.
    aspect = _png(
        before=[_chunk(b"pHYs", struct.pack(">IIB", 5669, 5669, 1)), _chunk(b"pHYs", b"\0" * 8 + b"\0")]
    )
    assert _same_as_pillow(aspect) is not None


# -- damaged files -------------------------------------------------------------------------


def _damaged(seed: int) -> list[bytes]:
    rng = random.Random(seed)
    bases = [
        _pillow("RGB", (40, 30)),
        _pillow("P", (25, 9), dpi=(72, 72)),
        _png(idat_size=7, filters=bytes(range(5))),
    ]
    variants = []
    for base in bases:
        for _ in range(60):
            at = rng.randrange(8, len(base))
            variants.append(base[:at] + bytes([base[at] ^ (1 << rng.randrange(8))]) + base[at + 1 :])
        variants += [base[:cut] for cut in range(8, len(base), max(1, len(base) // 40))]
    return variants


@pytest.mark.parametrize("seed", range(4))
def test_damaged_files_get_pillows_verdict(seed: int) -> None:
    # A flipped bit or a cut: vouched for only when every byte still checks out.
    vouched = [data for data in _damaged(seed) if _same_as_pillow(data) is not None]
    assert len(vouched) < 20  # only flips Pillow ignores too (the CRC's own bytes are checked, say)


def test_a_flipped_bit_in_the_image_data_with_its_crc_mended() -> None:
    # The chunk checks out; the rows then are what zlib says of them. Before, Pillow's own path
    # took such a file when its getexif() had swallowed the decoding error.
    base = _png(40, 20, filters=bytes(range(5)))
    length = image_data_length(base)
    refused = 0
    for at in range(2, length):
        data = image_data_flipped(base, at)
        _same_as_pillow(data)
        verdict = _verdict(lambda data=data: _read_image_info(data))
        refused += isinstance(verdict, str) and verdict.startswith("unreadable: is a damaged PNG picture (")
    assert refused > length * 3 // 4


# -- against Pillow's own tables -----------------------------------------------------------


def test_pillow_handles_no_chunk_this_module_would_skip() -> None:
    # A chunk with a Pillow handler must be either handled here or left to Pillow: a newer
    # Pillow that reads a new chunk (and may refuse it) makes this fail rather than diverge.
    handlers = {
        name[len("chunk_") :].encode() for name in dir(PngImagePlugin.PngStream) if name.startswith("chunk_")
    }
    assert handlers <= HANDLED_HERE | LEFT_TO_PILLOW


def test_the_bit_depths_are_pillows() -> None:
    from deckkit.renderer.pictures import pngcheck

    assert set(pngcheck._CHANNELS) == set(PngImagePlugin._MODES)
    assert PILImage.MAX_IMAGE_PIXELS == pngcheck._MAX_PIXELS


def test_a_render_of_png_pictures_never_imports_pillow() -> None:
    script = (
        "import sys\n"
        "from deckkit.renderer.pictures.imageinfo import read_image_info\n"
        f"info = read_image_info({_png(30, 20)!r})\n"
        "assert (info.width_px, info.height_px) == (30, 20), info\n"
        "assert 'PIL' not in sys.modules, 'Pillow was imported'\n"
    )
    subprocess.run([sys.executable, "-c", script], check=True)
