"""Constrained scalar types shared by the models, each with a message a person can act on."""

from __future__ import annotations

import math
from typing import Annotated, Any

from pydantic import AfterValidator, BeforeValidator, Strict, WithJsonSchema
from pydantic_core import PydanticCustomError

from deckkit.model.colors import HEX_PATTERN, NAMED_COLORS, THEME_COLOR_NAMES, ColorValueError, normalize_color


def _shown(value: Any) -> str:
    if isinstance(value, str):
        return f'"{value}"' if len(value) <= 60 else f'"{value[:57]}..."'
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    return repr(value)


def in_range(low: float, high: float) -> AfterValidator:
    """A number between low and high inclusive, reported as 'must be between 0.0 and 1.0, got 1.4'."""

    def check(value: float) -> float:
        if not (low <= value <= high):
            raise PydanticCustomError(
                "out_of_range", "must be between {low} and {high}, got {got}", {"low": low, "high": high, "got": _shown(value)}
            )
        return value

    return AfterValidator(check)


def _finite(value: float) -> float:
    if math.isnan(value) or math.isinf(value):
        raise PydanticCustomError("not_finite", "must be a finite number, got {got}", {"got": _shown(value)})
    return value


def _positive(value: float) -> float:
    if value <= 0:
        raise PydanticCustomError("not_positive", "must be greater than 0, got {got}", {"got": _shown(value)})
    return value


def _color(value: str) -> str:
    try:
        return normalize_color(value)
    except ColorValueError as e:
        raise PydanticCustomError("color", str(e)) from None


def _theme_slot_color(value: str) -> str:
    try:
        return normalize_color(value, allow_theme=False)
    except ColorValueError as e:
        raise PydanticCustomError("color", str(e)) from None


def _nan_to_none(value: Any) -> Any:
    # Analysts' NaN is a missing point: pandas hands over float("nan") where JSON has null.
    if isinstance(value, float) and math.isnan(value):
        return None
    return value


_COLOR_SCHEMA = {
    "anyOf": [
        {"type": "string", "pattern": HEX_PATTERN},
        {"enum": list(THEME_COLOR_NAMES)},
        {"enum": list(NAMED_COLORS)},
    ],
    "description": "A hex code (# optional, 3 or 6 digits, any case), a theme color name or a named color.",
}
_THEME_SLOT_SCHEMA = {
    "anyOf": [{"type": "string", "pattern": HEX_PATTERN}, {"enum": list(NAMED_COLORS)}],
    "description": "A hex code or a named color (not a theme color name).",
}

StrictText = Annotated[str, Strict()]
StrictFlag = Annotated[bool, Strict()]
Number = Annotated[float, Strict(), AfterValidator(_finite)]
PositiveNumber = Annotated[float, Strict(), AfterValidator(_finite), AfterValidator(_positive)]
PositiveInt = Annotated[int, Strict(), AfterValidator(_positive)]
Color = Annotated[str, Strict(), AfterValidator(_color), WithJsonSchema(_COLOR_SCHEMA)]
ThemeSlotColor = Annotated[str, Strict(), AfterValidator(_theme_slot_color), WithJsonSchema(_THEME_SLOT_SCHEMA)]
MaybeNumber = Annotated[Number | None, BeforeValidator(_nan_to_none)]
RemovableColor = Annotated[
    str,
    Strict(),
    AfterValidator(lambda v: v if v == "" else _color(v)),
    WithJsonSchema({"anyOf": [{"const": ""}, _COLOR_SCHEMA], "description": 'A color, or "" to remove it.'}),
]
