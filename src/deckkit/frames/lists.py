"""Sequences, Series and frames -> List: one item per value, levels from nesting or a column.

>>> list_from_values(["Revenue up", ["Europe +12%", "Asia +4%"], "Costs flat"]).values
['Revenue up', Text(type='text', value='Europe +12%', styles=None, hyperlink=None, level=1), Text(type='text', value='Asia +4%', styles=None, hyperlink=None, level=1), 'Costs flat']
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

from pydantic import ValidationError

from deckkit.errors import DataError, Problem
from deckkit.frames._backend import Column, column_path, is_series, to_column, to_frame
from deckkit.frames._styles import StylesLike, style_dict
from deckkit.frames._warnings import DroppedRowsWarning
from deckkit.frames.formats import Format, format_value, formatter_for
from deckkit.model.elements import List, Text
from deckkit.warn import warn

__all__ = ["list_from_dataframe", "list_from_series", "list_from_values"]

MAX_LEVEL = 8


def list_from_values(
    values: Any,
    *,
    levels: Any = None,
    styles: StylesLike | None = None,
    format: Format | None = None,
) -> List:
    """A :class:`~deckkit.model.List` from a sequence (nested for levels) or a pandas/polars Series.

    Parameters:
        values: the items. A nested list or tuple holds the sub-items of the item before it,
            one level deeper (``["a", ["a.1", "a.2"], "b"]``). Items may be strings, numbers,
            dates, :class:`~deckkit.model.Text` objects or their dicts. A Series gives one
            item per value.
        levels: the indent level (0 to 8) of each item, as a sequence or Series as long as a
            flat ``values``; not with nesting.
        styles: font Styles for every item (only ``font`` counts in a list).
        format: how non-text items become text (see :mod:`deckkit.frames.formats`); by
            default as in tables (``1,234``, ``2024-01-31``).

    Missing items (None, NaN, NaT, null) are left out with a :class:`DroppedRowsWarning`.

    Raises:
        DataError: a level is not an integer from 0 to 8 (the message says which item),
            nesting is deeper than 8, or ``levels`` has a different length.
    """
    if is_series(values):
        column = to_column(values)
        return _build(column, _levels(levels, len(column), "levels"), styles, format)
    if not isinstance(values, Sequence) or isinstance(values, str | bytes):
        raise DataError(
            [Problem("values", f"expected a list, a tuple or a Series, got {type(values).__qualname__}")]
        )
    flat, nested_levels = _flatten(values)
    if levels is not None and any(level > 0 for level in nested_levels):
        raise DataError([Problem("levels", "give levels either by nesting or with levels=, not both")])
    given = _levels(levels, len(flat), "levels") if levels is not None else nested_levels
    return _build(to_column(flat), given, styles, format)


def list_from_series(
    series: Any, *, levels: Any = None, styles: StylesLike | None = None, format: Format | None = None
) -> List:
    """A :class:`~deckkit.model.List` from a pandas or polars Series; see :func:`list_from_values`.

    >>> import pandas as pd
    >>> list_from_series(pd.Series(["Plan", "Build", "Ship"]), levels=[0, 1, 0]).values
    ['Plan', Text(type='text', value='Build', styles=None, hyperlink=None, level=1), 'Ship']
    """
    if not is_series(series):
        raise DataError(
            [Problem("series", f"expected a pandas or polars Series, got {type(series).__qualname__}")]
        )
    return list_from_values(series, levels=levels, styles=styles, format=format)


def list_from_dataframe(
    df: Any,
    *,
    text: Hashable,
    level: Hashable | None = None,
    styles: StylesLike | None = None,
    format: Format | None = None,
) -> List:
    """A :class:`~deckkit.model.List` from two columns of a frame: the item text and its level.

    Parameters:
        df: the pandas or polars DataFrame.
        text: the column of items.
        level: the column of indent levels (integers 0 to 8); default: all at level 0.
        styles: font Styles for every item.
        format: how non-text items become text.
    """
    frame = to_frame(df)
    column = frame.column(text, "text column")
    levels = None
    if level is not None:
        level_column = frame.column(level, "level column")
        levels = _checked_levels(level_column.values, lambda r: column_path(level_column.key, r))
    return _build(column, levels, styles, format)


def _flatten(values: Sequence[Any], depth: int = 0) -> tuple[list[Any], list[int]]:
    if depth > MAX_LEVEL:
        raise DataError(
            [
                Problem(
                    "values",
                    f"nesting is deeper than {MAX_LEVEL + 1} levels; a list has levels 0 to {MAX_LEVEL}",
                )
            ]
        )
    flat: list[Any] = []
    levels: list[int] = []
    for item in values:
        if isinstance(item, list | tuple):
            inner, inner_levels = _flatten(item, depth + 1)
            flat.extend(inner)
            levels.extend(inner_levels)
        else:
            flat.append(item)
            levels.append(depth)
    return flat, levels


def _levels(levels: Any, n: int, where: str) -> list[int] | None:
    if levels is None:
        return None
    raw = to_column(levels, where).values
    if len(raw) != n:
        raise DataError([Problem(where, f"has {len(raw)} levels for {n} items")])
    return _checked_levels(raw, lambda r: f"{where}[{r}]")


def _checked_levels(raw: list[Any], path: Callable[[int], str]) -> list[int]:
    out: list[int] = []
    for row, value in enumerate(raw):
        whole = isinstance(value, int) and not isinstance(value, bool)
        if isinstance(value, float) and value.is_integer():
            value, whole = int(value), True
        if not whole or not 0 <= value <= MAX_LEVEL:
            raise DataError(
                [Problem(path(row), f"a level must be an integer from 0 to {MAX_LEVEL}, got {value!r}")]
            )
        out.append(value)
    return out


def _build(
    column: Column, levels: list[int] | None, styles: StylesLike | None, format: Format | None
) -> List:
    dumped = style_dict(styles, "styles")
    # A sequence may mix kinds: then each item reads as its own kind would.
    fmt = (
        format_value
        if format is None and column.kind == "object"
        else formatter_for(format, column, "format")
    )
    items: list[Any] = []
    dropped: list[int] = []
    for row, value in enumerate(column.values):
        level = levels[row] if levels is not None else 0
        if value is None:
            dropped.append(row)
        elif isinstance(value, Text | dict):
            items.append(_text_item(value, level, dumped, row))
        else:
            text = value if isinstance(value, str) else fmt(value)
            if level == 0 and dumped is None:
                items.append(text)
            else:
                items.append({"type": "text", "value": text, "level": level or None, "styles": dumped})
    if dropped:
        shown = ", ".join(str(r) for r in dropped[:10]) + (", ..." if len(dropped) > 10 else "")
        warn(f"dropped {len(dropped)} missing list items (items {shown})", DroppedRowsWarning)
    try:
        return List.model_validate(
            {"type": "list", "values": [_without_none(i) if isinstance(i, dict) else i for i in items]}
        )
    except ValidationError as e:
        raise DataError(
            [
                Problem(
                    "values" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in err["loc"][1:]),
                    err["msg"],
                )
                for err in e.errors()
            ]
        ) from None


def _text_item(value: Text | dict[str, Any], level: int, styles: dict[str, Any] | None, row: int) -> Any:
    item = value.model_dump(exclude_none=True) if isinstance(value, Text) else dict(value)
    if level and "level" not in item:
        item["level"] = level
    if styles is not None and "styles" not in item:
        item["styles"] = styles
    item.setdefault("type", "text")
    return item


def _without_none(item: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in item.items() if v is not None}
