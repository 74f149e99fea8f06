"""Styles: font styles for inserted text, shape styles for the containing shape or cell."""

from __future__ import annotations

from typing import Annotated, Literal

from deckkit.model._base import StrictModel
from deckkit.model._types import Color, Number, RemovableColor, StrictFlag, StrictText, in_range

__all__ = [
    "FONT_SIZE_RANGE",
    "FontStyles",
    "HorizontalAlign",
    "ShapeStyles",
    "StrictModel",
    "Styles",
    "VerticalAlign",
]

HorizontalAlign = Literal["left", "center", "right", "justified", "distributed"]
VerticalAlign = Literal["top", "center", "bottom"]

# DrawingML stores sizes in hundredths of a point from 100 to 400000.
FONT_SIZE_RANGE = (1.0, 4000.0)


class FontStyles(StrictModel):
    """How inserted text looks; unset fields keep the template's run formatting."""

    typeface: StrictText | None = None
    size: Annotated[Number, in_range(*FONT_SIZE_RANGE)] | None = None
    color: Color | None = None
    underline: StrictFlag | None = None
    bold: StrictFlag | None = None
    italic: StrictFlag | None = None
    strike: StrictFlag | None = None


class ShapeStyles(StrictModel):
    """The containing shape (or table cell): fill, outline ("" removes them), text alignment."""

    outline: RemovableColor | None = None
    fill: RemovableColor | None = None
    align: HorizontalAlign | None = None
    vertical_align: VerticalAlign | None = None


class Styles(StrictModel):
    """``font`` applies to the inserted text, ``shape`` to the shape or cell that holds it."""

    font: FontStyles | None = None
    shape: ShapeStyles | None = None
