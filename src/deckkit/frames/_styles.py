"""Styles given the short ways analysts write them, checked once and merged field by field.

Inside the frames layer a style is its data.json form, a plain dict (``{"font": {...}, "shape":
{...}}``) already checked by the model: a 5 000-row table merges styles 100 000 times, and plain
dicts keep that cheap. The model checks the whole element once more at the end.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from deckkit.errors import DataError, Problem
from deckkit.model.styles import HorizontalAlign, Styles

StylesLike = Styles | dict[str, Any] | str
"""A Styles object, its dict form (``{"font": {"bold": True}}``), or a colour string (fill and outline)."""

StyleDict = dict[str, dict[str, Any]]


class StyleChecker:
    """Checks styles and remembers the answer: a rule function returns the same few styles again and again."""

    def __init__(self) -> None:
        self._seen: dict[str, StyleDict | None] = {}

    def __call__(self, value: Any, where: str) -> StyleDict | None:
        if value is None:
            return None
        key = repr(value) if isinstance(value, str | dict | Styles) else None
        if key is not None and key in self._seen:
            return self._seen[key]
        checked = style_dict(value, where)
        if key is not None:
            self._seen[key] = checked
        return checked


def style_dict(value: Any, where: str) -> StyleDict | None:
    """The checked data.json form of a style given as Styles, dict or colour string; DataError naming ``where``."""
    if value is None:
        return None
    if isinstance(value, str):
        value = {"shape": {"fill": value, "outline": value}}
    if isinstance(value, Styles):
        styles = value
    elif isinstance(value, dict):
        try:
            styles = Styles.model_validate(value)
        except ValidationError as e:
            raise DataError([_problem(where, err) for err in e.errors()]) from None
    else:
        raise DataError(
            [Problem(where, f"expected Styles, a dict or a colour string, got {type(value).__qualname__}")]
        )
    dumped: StyleDict = styles.model_dump(mode="json", exclude_none=True)
    return {k: v for k, v in dumped.items() if v} or None


def _problem(where: str, err: Any) -> Problem:
    loc = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in err["loc"])
    return Problem(where + loc, err["msg"])


def merge_styles(a: StyleDict | None, b: StyleDict | None) -> StyleDict | None:
    """``b`` over ``a``: each font and shape field set in ``b`` wins, the others come from ``a``."""
    if not a or not b:
        return b or a
    out: StyleDict = {}
    for part in ("font", "shape"):
        merged = {**a.get(part, {}), **b.get(part, {})}
        if merged:
            out[part] = merged
    return out


def with_align(styles: StyleDict | None, align: HorizontalAlign | None) -> StyleDict | None:
    if align is None:
        return styles
    return merge_styles(styles, {"shape": {"align": align}})


class StylesPool:
    """One checked Styles object per distinct style: a table's cells share a handful of styles, and
    the model accepts a Styles object as it is, far faster than checking the same dict again."""

    def __init__(self) -> None:
        self._pool: dict[str, Styles] = {}
        # A column's base style is one dict shared by all its cells: know it by identity first.
        # The dict is kept with its answer, so its id cannot be reused by another object.
        self._by_id: dict[int, tuple[StyleDict, Styles]] = {}

    def __call__(self, styles: StyleDict) -> Styles:
        known = self._by_id.get(id(styles))
        if known is not None:
            return known[1]
        key = repr(styles)
        found = self._pool.get(key)
        if found is None:
            found = self._pool[key] = Styles.model_validate(styles)
        if len(self._by_id) < 1024:  # shared dicts come first; one-off merged ones need not be kept
            self._by_id[id(styles)] = (styles, found)
        return found
