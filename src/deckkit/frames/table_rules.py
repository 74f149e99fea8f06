"""Conditional cell styles of ``table_from_dataframe(cell_styles=...)``: functions, frames of styles,
and (mask, styles) pairs, each turned into one rule ``(value, row, name, key) -> styles``."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

from deckkit.errors import DataError, Problem
from deckkit.frames._backend import Frame, is_frame, is_series, to_column, to_frame
from deckkit.frames._styles import StyleChecker, StyleDict, StylesLike, style_dict

__all__ = ["CellStyles", "Rule", "rules"]

CellStyleFunction = Callable[[Any, int, str], "StylesLike | None"]
CellStyles = CellStyleFunction | Any | tuple[Any, StylesLike]
"""One conditional-style rule (see ``cell_styles`` of :func:`deckkit.frames.table_from_dataframe`)."""

Rule = Callable[[Any, int, str, Hashable], StyleDict | None]


def rules(frame: Frame, cell_styles: Any) -> list[Rule]:
    if cell_styles is None:
        return []
    if callable(cell_styles) or is_frame(cell_styles) or isinstance(cell_styles, tuple):
        items = [cell_styles]
    elif isinstance(cell_styles, Sequence) and not isinstance(cell_styles, str):
        items = list(cell_styles)
    else:
        raise DataError(
            [
                Problem(
                    "cell_styles",
                    "expected a function, a frame of styles, a (mask, styles) pair or a list of them",
                )
            ]
        )
    return [
        _rule(frame, item, f"cell_styles[{i}]" if len(items) > 1 else "cell_styles")
        for i, item in enumerate(items)
    ]


def _rule(frame: Frame, item: Any, where: str) -> Rule:
    if isinstance(item, tuple):
        if len(item) != 2:
            raise DataError([Problem(where, "a mask rule is a pair (mask, styles)")])
        return _mask_rule(frame, item[0], style_dict(item[1], f"{where}[1]"), where)
    if is_frame(item):
        return _frame_rule(frame, item, where)
    if callable(item):
        fn: Callable[[Any, int, str], Any] = item

        check = StyleChecker()

        def call(value: Any, row: int, name: str, key: Hashable) -> StyleDict | None:
            styles = fn(value, row, name)
            return None if styles is None else check(styles, f"{where}({value!r}, {row}, {name!r})")

        return call
    raise DataError(
        [
            Problem(
                where,
                f"expected a function, a frame of styles or a (mask, styles) pair, got {type(item).__qualname__}",
            )
        ]
    )


def _same_length(frame: Frame, n: int, where: str) -> None:
    if n != frame.n_rows:
        raise DataError([Problem(where, f"has {n} rows; the table's frame has {frame.n_rows}")])


def _frame_rule(frame: Frame, styles_df: Any, where: str) -> Rule:
    other = to_frame(styles_df)
    _same_length(frame, other.n_rows, where)
    by_key: dict[Hashable, list[StyleDict | None]] = {}
    check = StyleChecker()
    for key in other.keys:
        target = frame.resolve(key)
        column = other.column(key)
        by_key[target] = [check(v, f"{where}[{column.name!r}][{r}]") for r, v in enumerate(column.values)]

    def lookup(value: Any, row: int, name: str, key: Hashable) -> StyleDict | None:
        styles = by_key.get(key)
        return styles[row] if styles is not None else None

    return lookup


def _mask_rule(frame: Frame, mask: Any, styles: StyleDict | None, where: str) -> Rule:
    if is_frame(mask):
        other = to_frame(mask)
        _same_length(frame, other.n_rows, f"{where}[0]")
        cells: dict[Hashable, list[bool]] = {
            frame.resolve(key): [bool(v) for v in other.column(key).values] for key in other.keys
        }

        def by_cell(value: Any, row: int, name: str, key: Hashable) -> StyleDict | None:
            selected = cells.get(key)
            return styles if selected is not None and selected[row] else None

        return by_cell
    rows_mask = [bool(v) for v in (to_column(mask).values if is_series(mask) else mask)]
    _same_length(frame, len(rows_mask), f"{where}[0]")

    def by_row(value: Any, row: int, name: str, key: Hashable) -> StyleDict | None:
        return styles if rows_mask[row] else None

    return by_row
