"""DataFrame -> Table: header rows, formatted cells, alignment, styles and data bars.

>>> import pandas as pd
>>> df = pd.DataFrame({"region": ["North", "South"], "revenue": [1234.5, -80.0]})
>>> table = table_from_dataframe(df, formats={"revenue": currency("$", 0)}, databars=["revenue"])
>>> table.rows[0]
['region', TableCell(value='revenue', styles=Styles(font=None, shape=ShapeStyles(outline=None, fill=None, align='right', vertical_align=None)), databar=None)]
>>> table.rows[2][0], table.rows[2][1].value, table.rows[2][1].databar
('South', '-$80', CellDataBar(ratio=0.0648, color='#D9534F'))
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, Literal

from pydantic import ValidationError

from deckkit.errors import DataError, Problem
from deckkit.frames._backend import (
    Column,
    Frame,
    to_frame,
)
from deckkit.frames._styles import (
    StyleDict,
    StylesLike,
    StylesPool,
    merge_styles,
    style_dict,
    with_align,
)
from deckkit.frames.formats import Format, currency, formatter_for, label_formatter
from deckkit.frames.table_bars import DataBar
from deckkit.frames.table_bars import databars as databars_for
from deckkit.frames.table_rules import CellStyles, Rule
from deckkit.frames.table_rules import rules as cell_style_rules
from deckkit.model import data_error
from deckkit.model.elements import CellDataBar, Table
from deckkit.model.styles import HorizontalAlign

__all__ = ["CellStyles", "DataBar", "table_from_dataframe"]

Align = HorizontalAlign
_ALIGNS = ("left", "center", "right", "justified", "distributed")


_ = currency  # re-exported for the module's example


def table_from_dataframe(
    df: Any,
    *,
    columns: Sequence[Hashable] | None = None,
    labels: Mapping[Hashable, str] | None = None,
    index: bool | str = False,
    header: bool = True,
    multi_header: Literal["rows", "join"] = "rows",
    formats: Mapping[Hashable, Format] | None = None,
    na_rep: str = "",
    align: Mapping[Hashable, Align] | None = None,
    align_numbers: bool = True,
    header_styles: StylesLike | None = None,
    column_styles: Mapping[Hashable, StylesLike] | None = None,
    cell_styles: CellStyles | Sequence[CellStyles] | None = None,
    databars: Sequence[Hashable] | Mapping[Hashable, DataBar | str] | None = None,
    horizontal_sizing: Literal["fixed", "anchor_left", "anchor_right"] = "fixed",
    vertical_sizing: Literal["anchor_top", "fixed", "anchor_bottom"] = "anchor_top",
) -> Table:
    """A :class:`~deckkit.model.Table` from a pandas or polars DataFrame, header row(s) first.

    Parameters:
        df: the pandas or polars DataFrame (a polars LazyFrame is collected).
        columns: the columns to show, in this order (default: all, in the frame's order).
        labels: header text per column, ``{"rev": "Revenue"}``; other columns show their name.
        index: ``True`` puts the pandas index in front as the first column(s), one per level,
            headed by the level names; a string also sets the header of a single-level index.
            polars frames have no index (use a column).
        header: ``False`` leaves the header row(s) out: the table starts with the first data row.
        multi_header: for multi-level (pandas MultiIndex) columns, ``"rows"`` gives one header
            row per level, a label spanning several columns written once in its first column
            (the others ``""``, ready for cells merged in the template); ``"join"`` gives one
            header row with the levels joined by ``" / "``.
        formats: per column, a format string (``",.1f"``, ``"{:.0%}"``, ``"%b %Y"``), a callable
            ``value -> str`` or a factory from :mod:`deckkit.frames.formats`. Other columns use
            the defaults: ``1,234`` for integers, ``1,234.57`` for floats (no decimals when all
            are whole), ``2024-01-31`` for dates, ``2024-01-31 13:45`` for datetimes with times.
        na_rep: the text of a missing value (NaN, None, NaT, null); ``""`` by default.
        align: horizontal alignment per column (header included): left, center, right,
            justified or distributed.
        align_numbers: right-align numeric columns that ``align`` does not name (header too).
            With ``False`` and no ``align``, cells keep the template's alignment.
        header_styles: Styles for every header cell (``{"font": {"bold": True}}``), or a colour
            string meaning fill and outline.
        column_styles: Styles per column for its body cells.
        cell_styles: conditional styles, one rule or a list of rules applied in order (a later
            rule's fields win). A rule is a function ``(value, row, column) -> Styles | None``
            (row counts data rows from 0, value is None when missing); a frame of the same
            length whose columns name table columns and whose cells are Styles, dicts or None
            (e.g. ``df.map(...)``); or a pair ``(mask, styles)`` where mask is a boolean frame
            (same length, columns naming table columns) or a boolean Series/sequence selecting
            whole rows.
        databars: data bars drawn in the cells of numeric columns: a list of column names
            (default look) or a mapping from column name to :class:`DataBar` or a colour string.
        horizontal_sizing: how the template table resizes sideways (see the data format).
        vertical_sizing: how the template table resizes downwards (see the data format).

    Raises:
        DataError: a named column does not exist (the message lists those that do), a data bar
            column holds a value that is not a number (the message names column and row), a
            format fails, or a style is invalid.
    """
    frame = to_frame(df)
    keys = [frame.resolve(c) for c in columns] if columns is not None else list(frame.keys)
    index_columns = _index_columns(frame, index)
    if not keys and not index_columns:
        raise DataError([Problem("df", "the frame has no columns to show; a table needs at least one")])
    body = index_columns + [frame.column(k) for k in keys]

    n_index = len(index_columns)
    aligns = _alignments(frame, body, n_index, align or {}, align_numbers)
    formatters = _formatters(frame, body, n_index, formats or {})
    per_column = _column_styles(frame, column_styles or {})
    bars = databars_for(frame, databars)
    header_style = style_dict(header_styles, "header_styles")
    header_labels = {frame.resolve(name): text for name, text in (labels or {}).items()}
    rules = cell_style_rules(frame, cell_styles)
    make_cell = _CellMaker()

    rows: list[list[Any]] = []
    if header:
        rows.extend(_header_rows(body, n_index, header_labels, multi_header, aligns, header_style, make_cell))
    # Column by column: the formatter, base style and data bar of a column are looked up once.
    cells_by_column: list[list[Any]] = []
    for c, column in enumerate(body):
        texts = [na_rep if value is None else formatters[c](value) for value in column.values]
        if c < n_index:  # index levels are labels: no column styles, rules or data bars
            cells_by_column.append([make_cell(text, with_align(None, aligns[c]), None) for text in texts])
        else:
            base = with_align(per_column.get(column.key), aligns[c])
            cells_by_column.append(_body_cells(column, texts, base, bars.get(column.key), rules, make_cell))
    rows.extend(list(row) for row in zip(*cells_by_column, strict=True))
    if not rows:
        rows = [[make_cell(na_rep, None, None) for _ in body]]
    try:
        return Table.model_validate(
            {
                "type": "table",
                "rows": rows,
                "horizontal_sizing": horizontal_sizing,
                "vertical_sizing": vertical_sizing,
            }
        )
    except ValidationError as e:
        raise data_error(e, "Table") from None


class _CellMaker:
    """A cell's data: its text alone, or an object with the styles and data bar it has.

    Styles and data bars are checked once per distinct value and shared by the cells that have
    it (a table holds a handful of styles, and ratios are rounded: few distinct bars).
    """

    def __init__(self) -> None:
        self._styles = StylesPool()
        self._bars: dict[tuple[float, str], CellDataBar] = {}

    def __call__(self, text: str, styles: StyleDict | None, bar: dict[str, Any] | None) -> Any:
        if styles is None and bar is None:
            return text
        cell: dict[str, Any] = {"value": text}
        if styles is not None:
            cell["styles"] = self._styles(styles)
        if bar is not None:
            key = (bar["ratio"], bar["color"])
            cell["databar"] = self._bars.get(key) or self._bars.setdefault(
                key, CellDataBar.model_validate(bar)
            )
        return cell


def _body_cells(
    column: Column,
    texts: list[str],
    base: StyleDict | None,
    bar: Callable[[int], dict[str, Any] | None] | None,
    rules: list[Rule],
    make_cell: _CellMaker,
) -> list[Any]:
    """One column's body cells: its base style merged with each rule's answer, and its data bar."""
    if not rules and bar is None:
        return [make_cell(text, base, None) for text in texts]
    cells: list[Any] = []
    for r, (value, text) in enumerate(zip(column.values, texts, strict=True)):
        styles = base
        for rule in rules:
            styles = merge_styles(styles, rule(value, r, column.name, column.key))
        cells.append(make_cell(text, styles, bar(r) if bar is not None else None))
    return cells


def _index_columns(frame: Frame, index: bool | str) -> list[Column]:
    if index is False:
        return []
    if frame.backend != "pandas":
        raise DataError(
            [
                Problem(
                    "index", "a polars frame has no index; put the labels in a column and list it in columns="
                )
            ]
        )
    levels = frame.index_levels()
    if isinstance(index, str):
        if len(levels) != 1:
            raise DataError(
                [
                    Problem(
                        "index", f"a string names a single-level index; this index has {len(levels)} levels"
                    )
                ]
            )
        levels[0].name = index
        levels[0].header = (index,)
    return levels


def _alignments(
    frame: Frame, body: list[Column], n_index: int, align: Mapping[Hashable, Align], align_numbers: bool
) -> list[Align | None]:
    named: dict[Hashable, Align] = {}
    for name, value in align.items():
        if value not in _ALIGNS:
            raise DataError(
                [Problem(f"align[{name!r}]", f"must be one of {', '.join(_ALIGNS)}, got {value!r}")]
            )
        named[frame.resolve(name)] = value
    out: list[Align | None] = []
    for c, column in enumerate(body):
        if c < n_index:
            out.append(None)  # index levels are labels, aligned as the template has them
        elif column.key in named:
            out.append(named[column.key])
        elif align_numbers and column.is_numeric:
            out.append("right")
        else:
            out.append(None)
    return out


def _formatters(
    frame: Frame, body: list[Column], n_index: int, formats: Mapping[Hashable, Format]
) -> list[Callable[[Any], str]]:
    by_key = {frame.resolve(name): spec for name, spec in formats.items()}
    return [
        formatter_for(by_key.get(column.key), column, f"formats[{column.name!r}]")
        if c >= n_index
        else label_formatter(column)
        for c, column in enumerate(body)
    ]


def _column_styles(
    frame: Frame, column_styles: Mapping[Hashable, StylesLike]
) -> dict[Hashable, StyleDict | None]:
    return {
        frame.resolve(name): style_dict(s, f"column_styles[{name!r}]") for name, s in column_styles.items()
    }


def _header_rows(
    body: list[Column],
    n_index: int,
    labels: Mapping[Hashable, str],
    multi_header: Literal["rows", "join"],
    aligns: list[Align | None],
    header_style: StyleDict | None,
    make_cell: _CellMaker,
) -> list[list[Any]]:
    depth = max(len(c.header) for c in body) if multi_header == "rows" else 1
    texts: list[list[str]] = []
    for c, column in enumerate(body):
        if column.key in labels and c >= n_index:
            levels = [""] * (depth - 1) + [labels[column.key]]
        elif depth == 1:
            levels = [column.name]
        else:
            padded = list(column.header) + [""] * (depth - len(column.header))
            levels = padded if c >= n_index else [""] * (depth - 1) + [column.name]
        texts.append(levels)
    rows: list[list[Any]] = []
    for level in range(depth):
        row: list[Any] = []
        for c in range(len(body)):
            text = texts[c][level]
            # A label spanning several columns is written once, in its first column.
            if level < depth - 1 and c > n_index and texts[c][: level + 1] == texts[c - 1][: level + 1]:
                text = ""
            row.append(make_cell(text, with_align(header_style, aligns[c]), None))
        rows.append(row)
    return rows
