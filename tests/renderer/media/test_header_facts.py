"""A picture's facts from its header, before its verdict: never contradicted by the decoded picture.

A render plans and fills with ``PictureVerdicts.facts`` while the read-ahead thread decodes; each case
here decodes the same bytes both ways (``_header_facts`` and Pillow's whole decode, or
``vouch_png``) and wants the same facts whenever the picture decodes at all.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image as PILImage

from deckkit.renderer.pictures.imageinfo import UnreadableImageError, _decoded_by_pillow, _header_facts


def _saved(fmt: str, mode: str = "RGB", size: tuple[int, int] = (48, 32), **save: object) -> bytes:
    picture = PILImage.new(mode, size, "red" if mode in ("RGB", "RGBA") else 128)
    out = io.BytesIO()
    picture.save(out, fmt, **save)
    return out.getvalue()


def _with_orientation(value: int) -> bytes:
    picture = PILImage.new("RGB", (60, 20), (10, 200, 30))
    exif = picture.getexif()
    exif[0x0112] = value
    out = io.BytesIO()
    picture.save(out, "JPEG", exif=exif.tobytes(), dpi=(300, 300))
    return out.getvalue()


CASES = {
    "jpeg": _saved("JPEG"),
    "jpeg-dpi": _saved("JPEG", dpi=(150, 150)),
    "jpeg-progressive": _saved("JPEG", progressive=True, quality=60),
    "jpeg-grey": _saved("JPEG", "L"),
    "jpeg-cmyk": _saved("JPEG", "CMYK"),
    "jpeg-rotated": _with_orientation(6),
    "jpeg-mirrored": _with_orientation(2),
    "gif": _saved("GIF", "P"),
    "gif-large": _saved("GIF", "P", (640, 480)),
    "png": _saved("PNG", dpi=(144, 144)),
    "png-rgba": _saved("PNG", "RGBA"),
}
FORMAT = {"jpeg": "JPEG", "gif": "GIF", "png": "PNG"}


@pytest.mark.parametrize("name", sorted(CASES))
def test_header_facts_are_the_decoded_facts(name: str) -> None:
    data = CASES[name]
    facts = _header_facts(data)
    assert facts is not None
    assert facts == _decoded_by_pillow(data, FORMAT[name.split("-")[0]])


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_cut_picture_is_never_contradicted(name: str) -> None:
    # Cut anywhere: either the header cannot be read (None, the verdict is waited for), or the
    # facts are those of any decode that succeeds; a failed decode is the verdict that refuses it.
    data = CASES[name]
    fmt = FORMAT[name.split("-")[0]]
    refused = 0
    for cut in range(8, len(data), max(1, len(data) // 60)):
        part = data[:cut]
        facts = _header_facts(part)
        try:
            decoded = _decoded_by_pillow(part, fmt)
        except UnreadableImageError:
            refused += 1
            continue
        assert facts is None or facts == decoded
    assert refused  # cuts are refused: the verdict is still asked for
