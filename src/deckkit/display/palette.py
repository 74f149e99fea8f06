"""Slide pictures stored small: a palette PNG where it looks the same, the full colours where not.

A notebook keeps every picture a display shows (a strip's thumbnails, the enlarged slides a click
opens, ``result.show()``). A slide of flat colours and anti-aliased text looks the same in a
palette of 64 colours and weighs a third to a quarter; a photo or a gradient does not (64
colours posterise a face, and even 256 draw a gradient as bands), so such a picture keeps its
colours. scripts/slim_notebooks.py applies the same function to the example notebooks.
"""

from __future__ import annotations

import io

from PIL import Image, ImageChops

__all__ = ["COLOURS", "compact_png"]

COLOURS = 64

# A palette picture is kept when almost no pixel moves more than a few steps of 255: a flat
# slide's anti-aliased text moves none (0.00% of pixels past 16 steps on the example template's
# slides), a photo moves about 5% and a gradient 10%; a photo on a tenth of the slide, 0.5%.
_VISIBLE_STEP = 16
_MOST_MOVED = 0.001


def compact_png(png: bytes, *, max_width: int | None = None) -> bytes:
    """``png`` at most ``max_width`` wide, in a palette of :data:`COLOURS` colours when that
    looks the same; ``png`` itself when it already is so, or is no larger than the result."""
    with Image.open(io.BytesIO(png)) as opened:
        fits = max_width is None or opened.width <= max_width
        if opened.mode == "P" and fits:
            return png
        rgb = opened.convert("RGB")
    if max_width is not None and rgb.width > max_width:
        rgb = rgb.resize((max_width, round(rgb.height * max_width / rgb.width)), Image.Resampling.LANCZOS)
    quantised = rgb.quantize(COLOURS, method=Image.Quantize.FASTOCTREE)
    moved = ImageChops.difference(rgb, quantised.convert("RGB")).convert("L").histogram()
    looks_the_same = sum(moved[_VISIBLE_STEP:]) <= _MOST_MOVED * rgb.width * rgb.height
    if not looks_the_same and fits:
        return png
    out = io.BytesIO()
    (quantised if looks_the_same else rgb).save(out, "PNG", optimize=True)
    return out.getvalue() if len(out.getvalue()) < len(png) or not fits else png
