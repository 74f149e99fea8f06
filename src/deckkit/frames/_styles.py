"""Styles given the short ways analysts write them, checked once and merged field by field."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from deckkit.errors import DataError, Problem
from deckkit.model.styles import FontStyles, HorizontalAlign, ShapeStyles, Styles

StylesLike = Styles | dict[str, Any] | str
"""A Styles object, its dict form (``{"font": {"bold": True}}``), or a colour string (fill and outline)."""


def coerce_styles(value: Any, where: str) -> Styles | None:
    """A Styles from the accepted short forms; DataError naming ``where`` when it is not one."""
    if value is None or isinstance(value, Styles):
        return value
    if isinstance(value, str):
        value = {"shape": {"fill": value, "outline": value}}
    if not isinstance(value, dict):
        raise DataError(
            [Problem(where, f"expected Styles, a dict or a colour string, got {type(value).__qualname__}")]
        )
    try:
        return Styles.model_validate(value)
    except ValidationError as e:
        raise DataError([_problem(where, err) for err in e.errors()]) from None


def _problem(where: str, err: Any) -> Problem:
    loc = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in err["loc"])
    return Problem(where + loc, err["msg"])


def _merge_part(a: Any, b: Any, cls: type[FontStyles] | type[ShapeStyles]) -> Any:
    if a is None or b is None:
        return b if a is None else a
    data = a.model_dump(exclude_none=True)
    data.update(b.model_dump(exclude_none=True))
    return cls.model_construct(**data)


def merge_styles(a: Styles | None, b: Styles | None) -> Styles | None:
    """``b`` over ``a``: each font and shape field set in ``b`` wins, the others come from ``a``."""
    if a is None or b is None:
        return b if a is None else a
    return Styles.model_construct(
        font=_merge_part(a.font, b.font, FontStyles), shape=_merge_part(a.shape, b.shape, ShapeStyles)
    )


def with_align(styles: Styles | None, align: HorizontalAlign | None) -> Styles | None:
    if align is None:
        return styles
    return merge_styles(
        styles, Styles.model_construct(font=None, shape=ShapeStyles.model_construct(align=align))
    )


def dump_styles(styles: Styles | None) -> dict[str, Any] | None:
    if styles is None:
        return None
    out = styles.model_dump(exclude_none=True)
    return out or None
