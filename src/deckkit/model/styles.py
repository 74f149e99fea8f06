"""Styles: font styles for inserted text, shape styles for the containing shape or cell."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict

from deckkit.model._types import Color, PositiveNumber, RemovableColor, StrictFlag, StrictText, in_range

HorizontalAlign = Literal["left", "center", "right", "justified", "distributed"]
VerticalAlign = Literal["top", "center", "bottom"]


class StrictModel(BaseModel):
    """Request models reject unknown fields, so a typo is an error rather than silently ignored."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True, validate_default=False)


class FontStyles(StrictModel):
    """How inserted text looks; unset fields keep the template's run formatting."""

    typeface: StrictText | None = None
    size: Annotated[PositiveNumber, in_range(1.0, 4000.0)] | None = None
    color: Color | None = None
    underline: StrictFlag | None = None
    bold: StrictFlag | None = None
    italic: StrictFlag | None = None
    strike: StrictFlag | None = None


class ShapeStyles(StrictModel):
    """The containing shape (or table cell): fill, outline, text alignment."""

    outline: RemovableColor | None = None
    fill: RemovableColor | None = None
    align: HorizontalAlign | None = None
    vertical_align: VerticalAlign | None = None


class Styles(StrictModel):
    """``font`` applies to the inserted text, ``shape`` to the shape or cell that holds it."""

    font: FontStyles | None = None
    shape: ShapeStyles | None = None
