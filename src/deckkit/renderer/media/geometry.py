"""Where a picture goes: scaling (none / contain / cover) and overflow (visible / hidden).

Pure arithmetic on EMU rectangles, worked out in the target's own coordinate space (its
parent's: the slide, or the child space of the group that holds it). Crops are DrawingML
``a:srcRect`` values: thousandths of a percent of the picture, taken off each edge.
"""

from __future__ import annotations

import math
from typing import Literal, NamedTuple

from deckkit.ooxml.geometry import Box

__all__ = ["Crop", "Placement", "fit_picture"]

Scaling = Literal["none", "contain", "cover"]
Overflow = Literal["visible", "hidden"]

_WHOLE = 100_000  # a:srcRect unit: 1/1000 of a percent


class Crop(NamedTuple):
    """``a:srcRect`` edges (l, t, r, b), each in thousandths of a percent of the picture."""

    l: int  # noqa: E741 (the attribute's name in the schema)
    t: int
    r: int
    b: int

    def attributes(self) -> dict[str, str]:
        """The non-zero edges as XML attributes (PowerPoint leaves zero edges out)."""
        edges = {"l": self.l, "t": self.t, "r": self.r, "b": self.b}
        return {k: str(v) for k, v in edges.items() if v}


class Placement(NamedTuple):
    """The picture frame and, when the picture is clipped, the crop."""

    frame: Box
    crop: Crop | None


def _scale(target: Box, width: float, height: float, scaling: Scaling) -> float:
    if scaling == "none":
        return 1.0
    fits = (target.cx / width, target.cy / height)
    return min(fits) if scaling == "contain" else max(fits)


def _emu(value: float) -> int:
    # Half-up, so both edges of a centred picture round the same way and its size is kept.
    return math.floor(value + 0.5)


def _edge(value: float) -> int:
    # Thousandths of a percent; clamp float noise (a cover picture is never inside its box).
    return max(0, _emu(value))


def fit_picture(target: Box, size: tuple[float, float], scaling: Scaling, overflow: Overflow) -> Placement:
    """Frame (and crop) of a picture of intrinsic ``size`` (EMU) placed on ``target``.

    ``none`` keeps the intrinsic size, ``contain`` is the largest size that fits, ``cover`` the
    smallest that covers; the picture is centred on the target in every case. ``hidden`` clips
    what lies outside the target (the frame is the overlap, the crop says which part of the
    picture it shows); ``visible`` leaves the picture whole.
    """
    width, height = size
    if width <= 0 or height <= 0:
        raise ValueError("a picture needs a positive size")
    if scaling != "none" and (target.cx <= 0 or target.cy <= 0):
        raise ValueError("contain and cover need a target with a positive size")
    scale = _scale(target, width, height, scaling)
    pic_w, pic_h = width * scale, height * scale
    left = target.x + (target.cx - pic_w) / 2
    top = target.y + (target.cy - pic_h) / 2
    right, bottom = left + pic_w, top + pic_h
    if overflow == "visible":
        x0, y0, x1, y1 = _emu(left), _emu(top), _emu(right), _emu(bottom)
        return Placement(Box(x0, y0, x1 - x0, y1 - y0), None)

    clip_left, clip_top = max(left, target.x), max(top, target.y)
    clip_right, clip_bottom = min(right, target.x + target.cx), min(bottom, target.y + target.cy)
    crop = Crop(
        l=_edge((clip_left - left) / pic_w * _WHOLE),
        t=_edge((clip_top - top) / pic_h * _WHOLE),
        r=_edge((right - clip_right) / pic_w * _WHOLE),
        b=_edge((bottom - clip_bottom) / pic_h * _WHOLE),
    )
    x0, y0, x1, y1 = _emu(clip_left), _emu(clip_top), _emu(clip_right), _emu(clip_bottom)
    frame = Box(x0, y0, x1 - x0, y1 - y0)
    return Placement(frame, crop if any((crop.l, crop.t, crop.r, crop.b)) else None)
