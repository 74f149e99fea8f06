"""DataFrame -> ScatterChart: ``[x, y]`` points, one series per group.

>>> import pandas as pd
>>> df = pd.DataFrame({"price": [1.0, 2.0, 3.0, 4.0], "sold": [9, 7, 4, 2], "shop": ["A", "B", "A", "B"]})
>>> chart = scatter_from_dataframe(df, x="price", y="sold", by="shop")
>>> {name: s.values for name, s in chart.axis1.series.items()}
{'A': [(1.0, 9.0), (3.0, 4.0)], 'B': [(2.0, 7.0), (4.0, 2.0)]}
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from pydantic import ValidationError

from deckkit.errors import DataError, Problem
from deckkit.frames._backend import Column, Frame, to_frame
from deckkit.frames._options import Bounds, bounds_dict
from deckkit.frames._styles import StylesLike, style_dict
from deckkit.frames._warnings import DroppedRowsWarning
from deckkit.frames.dates import datetime_serial
from deckkit.model import data_error
from deckkit.model.elements import ScatterChart
from deckkit.warn import warn

__all__ = ["DroppedRowsWarning", "scatter_from_dataframe"]


def scatter_from_dataframe(
    df: Any,
    *,
    x: Hashable,
    y: Hashable | Sequence[Hashable],
    by: Hashable | None = None,
    names: Mapping[Any, str] | None = None,
    styles: Mapping[Any, StylesLike] | None = None,
    x_format: str | None = None,
    y_format: str | None = None,
    x_bounds: Bounds | None = None,
    y_bounds: Bounds | None = None,
    x_major_unit: float | None = None,
    y_major_unit: float | None = None,
) -> ScatterChart:
    """A :class:`~deckkit.model.ScatterChart` from a pandas or polars DataFrame.

    Parameters:
        df: the pandas or polars DataFrame (a polars LazyFrame is collected).
        x: the column of x values. Dates and datetimes become spreadsheet serial numbers
            (days since 1900, the time of day as a fraction) and ``x_format`` defaults to
            ``yyyy-mm-dd``.
        y: the column of y values, or a list of columns for one series each (not with ``by``).
        by: a column whose values split the rows into series, one per distinct value, in the
            order of the categories for a categorical column, else of first appearance.
        names: series name per group value (with ``by``) or per y column; default ``str(value)``
            or the column name. A name equal to a series of the template chart overwrites it.
        styles: Styles per group value or y column (``{"A": "accent2"}``: a colour string means
            marker fill and border).
        x_format: number-format code of the x axis labels.
        y_format: number-format code of the y axis labels.
        x_bounds: ``(minimum, maximum)`` of the x axis; ``None`` on a side leaves it automatic.
        y_bounds: ``(minimum, maximum)`` of the y axis.
        x_major_unit: interval of the x axis labels.
        y_major_unit: interval of the y axis labels.

    Rows with a missing x, y or ``by`` value are dropped with a :class:`DroppedRowsWarning`
    that says how many and which.

    Raises:
        DataError: a named column does not exist (the message lists those that do); x or y
            holds a value that is not a number (the message names column and row).
    """
    frame = to_frame(df)
    ys = [y] if not isinstance(y, list | tuple) else list(y)
    if not ys:
        raise DataError([Problem("y", "name at least one column of y values")])
    if by is not None and len(ys) > 1:
        raise DataError([Problem("by", "with by=..., give one y column; each group becomes a series")])
    x_column = frame.column(x, "x column")
    xs = _numbers(x_column)
    y_columns = [frame.column(c, "y column") for c in ys]
    group_column = frame.column(by, "by column") if by is not None else None
    if x_column.kind in ("date", "datetime") and x_format is None:
        x_format = "yyyy-mm-dd"

    style_map = {k: style_dict(v, f"styles[{k!r}]") for k, v in (styles or {}).items()}
    if group_column is None:
        series = _series_per_column(frame, x_column, xs, y_columns, names or {}, style_map)
    else:
        series = _series_per_group(frame, x_column, xs, y_columns[0], group_column, names or {}, style_map)
    if not series:
        raise DataError([Problem("df", "no points to plot")])

    axis: dict[str, Any] = {"series": series}
    for field, value in (
        ("x_format", x_format),
        ("y_format", y_format),
        ("x_major_unit", x_major_unit),
        ("y_major_unit", y_major_unit),
    ):
        if value is not None:
            axis[field] = value
    for field, pair in (("x_bounds", x_bounds), ("y_bounds", y_bounds)):
        if pair is not None:
            axis[field] = bounds_dict(pair, field)
    try:
        return ScatterChart.model_validate({"type": "scatter-chart", "axis1": axis})
    except ValidationError as e:
        raise data_error(e, "ScatterChart") from None


def _series_per_column(
    frame: Frame,
    x_column: Column,
    xs: list[Any],
    y_columns: list[Column],
    names: Mapping[Any, str],
    styles: Mapping[Any, Any],
) -> dict[str, Any]:
    series: dict[str, Any] = {}
    for column in y_columns:
        points, dropped = _points(xs, _numbers(column), None)
        _warn(dropped, frame.n_rows, [x_column, column])
        _add(series, names.get(column.key, column.name), points, styles.get(column.key), column.path)
    return series


def _series_per_group(
    frame: Frame,
    x_column: Column,
    xs: list[Any],
    y_column: Column,
    group_column: Column,
    names: Mapping[Any, str],
    styles: Mapping[Any, Any],
) -> dict[str, Any]:
    series: dict[str, Any] = {}
    points_by_group, dropped = _grouped(xs, _numbers(y_column), group_column)
    _warn(dropped, frame.n_rows, [x_column, y_column, group_column])
    for group, points in points_by_group.items():
        name = names.get(group, _group_name(group))
        _add(series, name, points, styles.get(group), f"by group {group!r}")
    return series


def _numbers(column: Column) -> list[Any]:
    if column.kind in ("date", "datetime"):
        return [None if v is None else datetime_serial(v) for v in column.values]
    return column.numbers()


def _points(xs: list[Any], ys: list[Any], groups: list[Any] | None) -> tuple[list[list[float]], list[int]]:
    points: list[list[float]] = []
    dropped: list[int] = []
    for row, (xv, yv) in enumerate(zip(xs, ys, strict=True)):
        if xv is None or yv is None:
            dropped.append(row)
        else:
            points.append([xv, yv])
    return points, dropped


def _grouped(
    xs: list[Any], ys: list[Any], group_column: Column
) -> tuple[dict[Any, list[list[float]]], list[int]]:
    groups: dict[Any, list[list[float]]] = {}
    if group_column.categories is not None:
        present = set(group_column.values)
        groups = {c: [] for c in group_column.categories if c in present}
    dropped: list[int] = []
    for row, (xv, yv, g) in enumerate(zip(xs, ys, group_column.values, strict=True)):
        if xv is None or yv is None or g is None:
            dropped.append(row)
        else:
            groups.setdefault(g, []).append([xv, yv])
    return {g: p for g, p in groups.items() if p}, dropped


def _group_name(group: Any) -> str:
    return group if isinstance(group, str) else str(group)


def _add(series: dict[str, Any], name: str, points: list[list[float]], styles: Any, where: str) -> None:
    if name in series:
        raise DataError(
            [Problem(where, f"two series are named {name!r}; give them different names with names={{...}}")]
        )
    entry: dict[str, Any] = {"name": name, "values": points}
    dumped = styles
    if dumped is not None:
        entry["styles"] = dumped
    series[name] = entry


def _warn(dropped: list[int], total: int, columns: list[Column]) -> None:
    if not dropped:
        return
    shown = ", ".join(str(r) for r in dropped[:10]) + (", ..." if len(dropped) > 10 else "")
    what = ", ".join(c.path for c in columns)
    warn(
        f"dropped {len(dropped)} of {total} rows with a missing value in {what} (rows {shown})",
        DroppedRowsWarning,
    )
