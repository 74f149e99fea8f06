"""Displays store slide pictures small (deckkit.display.palette): a palette where it looks the same."""

from __future__ import annotations

import base64
import io

from PIL import Image, ImageDraw

from deckkit.display.palette import compact_png
from deckkit.display.thumbnails import _png_uri


def _png(picture: Image.Image) -> bytes:
    out = io.BytesIO()
    picture.save(out, "PNG")
    return out.getvalue()


def _slide() -> Image.Image:
    """A flat slide with anti-aliased text, as LibreOffice draws one."""
    picture = Image.new("RGB", (1920, 1080), "white")
    draw = ImageDraw.Draw(picture)
    draw.rectangle((200, 300, 900, 1000), fill=(68, 114, 196))
    draw.text((120, 80), "Quarterly sales by region", fill=(40, 40, 40), font_size=72)
    return picture


def _gradient() -> Image.Image:
    """A slide-wide gradient: a palette draws it as bands (a photo is posterised alike)."""
    ramp = Image.linear_gradient("L").resize((1920, 1080))
    return Image.merge("RGB", (ramp, ramp.transpose(Image.Transpose.ROTATE_90).resize((1920, 1080)), ramp))


def _mode(png: bytes) -> str:
    with Image.open(io.BytesIO(png)) as picture:
        return picture.mode


def test_a_displayed_slide_picture_is_stored_in_a_palette() -> None:
    raw = _png(_slide())
    stored = base64.b64decode(_png_uri(raw).removeprefix("data:image/png;base64,"))
    assert _mode(stored) == "P"
    assert len(stored) < len(raw) / 2
    with Image.open(io.BytesIO(stored)) as picture:
        drawn = picture.convert("RGB")
    # Its flat colours kept, to a step or two of 255.
    assert max(abs(a - b) for a, b in zip(drawn.getpixel((250, 350)), (68, 114, 196), strict=True)) <= 2


def test_a_picture_a_palette_would_band_keeps_its_colours() -> None:
    raw = _png(_gradient())
    assert compact_png(raw) == raw
    smaller = compact_png(raw, max_width=960)
    assert _mode(smaller) == "RGB"
    assert Image.open(io.BytesIO(smaller)).size == (960, 540)


def test_compacting_twice_changes_nothing() -> None:
    once = compact_png(_png(_slide()), max_width=960)
    assert compact_png(once, max_width=960) == once
