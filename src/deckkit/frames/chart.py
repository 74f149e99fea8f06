"""DataFrame -> Chart (bar, line, area, pie: the template decides): labels, series, two axes.

>>> import pandas as pd
>>> df = pd.DataFrame({"month": pd.to_datetime(["2024-01-01", "2024-02-01", "2024-03-01"]),
...                    "sales": [10.0, None, 12.5], "margin": [0.2, 0.25, 0.3]})
>>> chart = chart_from_dataframe(df, labels="month", axis2=["margin"], axis2_format="0%")
>>> chart.date_labels, chart.date_labels_format
([45292, 45323, 45352], 'mmm yyyy')
>>> chart.axis1.series["sales"].values, list(chart.axis2.series)
([10.0, None, 12.5], ['margin'])
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, Literal

from pydantic import ValidationError

from deckkit.errors import DataError, Problem
from deckkit.frames._backend import Column, Frame, column_path, pandas_has_default_index, to_frame
from deckkit.frames._options import Bounds, bounds_dict
from deckkit.frames._styles import StyleChecker, StyleDict, StylesLike, style_dict
from deckkit.frames.dates import date_serial, default_date_format, default_date_unit, has_time_of_day
from deckkit.frames.formats import Format, formatter_for, label_formatter
from deckkit.model import data_error
from deckkit.model.elements import Chart

__all__ = ["chart_from_dataframe"]


def chart_from_dataframe(
    df: Any,
    *,
    labels: Hashable | None = None,
    series: Sequence[Hashable] | None = None,
    axis2: Sequence[Hashable] | None = None,
    names: Mapping[Hashable, str] | None = None,
    styles: Mapping[Hashable, StylesLike] | None = None,
    point_styles: Callable[[Any, int, str], StylesLike | None] | None = None,
    label_format: Format | None = None,
    labels_interval: int | None = None,
    date_format: str | None = None,
    date_unit: Literal["days", "months", "years"] | None = None,
    date_major_unit: int | None = None,
    format: str | None = None,
    bounds: Bounds | None = None,
    major_unit: float | None = None,
    axis2_format: str | None = None,
    axis2_bounds: Bounds | None = None,
    axis2_major_unit: float | None = None,
) -> Chart:
    """A category :class:`~deckkit.model.Chart` from a pandas or polars DataFrame: one row per label.

    Parameters:
        df: the pandas or polars DataFrame (a polars LazyFrame is collected).
        labels: the column holding the category labels. By default the pandas index when it
            carries labels (named, or not the plain 0..n-1 range; a MultiIndex is joined with
            " / "), otherwise the first column. Date and datetime labels become ``date_labels``
            (spreadsheet day numbers, a date axis); datetimes with a time of day stay text labels
            (``2024-01-31 13:45``), since a date axis counts whole days. Timezone-aware values
            count in their own zone. Numbers become text as written (``2024``, not ``2,024``).
        series: the columns on the primary value axis, in order. Default: every numeric column
            that is not the labels and not in ``axis2``.
        axis2: the columns on the secondary value axis (the template chart needs one).
        names: series name per column, ``{"rev": "Revenue"}``; a name equal to a series of the
            template chart overwrites that series and keeps its formatting. Default: the
            column name.
        styles: Styles per column (``{"rev": {"shape": {"fill": "accent2"}}}``), or a colour
            string meaning fill and outline.
        point_styles: a function ``(value, row, column) -> Styles | None`` called for every
            point of every series (value None when missing); its answers become the series'
            ``data_point_styles`` (a bar, marker or slice of its own colour, e.g. negative bars
            in red). None keeps the series' style for that point.
        label_format: format of text labels (see :mod:`deckkit.frames.formats`).
        labels_interval: show one text label in every n.
        date_format: number-format code of date labels. Default: ``yyyy`` when every date is
            1 January, ``mmm yyyy`` when every date is the first of a month, else ``yyyy-mm-dd``.
        date_unit: the time unit of ``date_major_unit``: days, months or years.
        date_major_unit: show one date label every n ``date_unit``. When neither is given,
            monthly dates (all on the 1st) get ``months`` and yearly ones (all on 1 January)
            ``years``, n chosen to show at most 12 labels; other dates leave the axis automatic.
        format: number-format code of the primary value axis (``#,##0``, ``0%``).
        bounds: ``(minimum, maximum)`` of the primary value axis; ``None`` on a side leaves it automatic.
        major_unit: interval of the primary value axis labels.
        axis2_format: like ``format``, for the secondary axis.
        axis2_bounds: like ``bounds``, for the secondary axis.
        axis2_major_unit: like ``major_unit``, for the secondary axis.

    Missing values (NaN, None, null) become ``null``: a gap in the line or a missing bar.

    Raises:
        DataError: a named column does not exist (the message lists those that do); a series
            holds a value that is not a number (the message names column and row); there is
            no series to plot; a date label is missing or before 1900.
    """
    frame = to_frame(df)
    label_column, label_key = _label_column(frame, labels)
    secondary = [frame.resolve(c) for c in axis2 or []]
    primary = (
        [frame.resolve(c) for c in series]
        if series is not None
        else [k for k in frame.keys if k != label_key and k not in secondary and frame.column(k).is_numeric]
    )
    if not primary:
        numeric = [repr(frame.column(k).name) for k in frame.keys if frame.column(k).is_numeric]
        hint = f"numeric columns: {', '.join(numeric)}" if numeric else "the frame has no numeric column"
        raise DataError(
            [
                Problem(
                    "series", f"no series to plot on the primary axis ({hint}); name them with series=[...]"
                )
            ]
        )
    series_names = {frame.resolve(k): v for k, v in (names or {}).items()}
    series_styles = {frame.resolve(k): style_dict(v, f"styles[{k!r}]") for k, v in (styles or {}).items()}

    data: dict[str, Any] = {"type": "chart", "labels_interval": labels_interval}
    data.update(_labels(label_column, label_format, date_format, date_unit, date_major_unit))
    series_of = _SeriesBuilder(frame, series_names, series_styles, point_styles)
    data["axis1"] = _axis([series_of(k) for k in primary], format, bounds, major_unit, "bounds")
    if secondary:
        data["axis2"] = _axis(
            [series_of(k) for k in secondary], axis2_format, axis2_bounds, axis2_major_unit, "axis2_bounds"
        )
    try:
        return Chart.model_validate({k: v for k, v in data.items() if v is not None})
    except ValidationError as e:
        raise data_error(e, "Chart") from None


def _label_column(frame: Frame, labels: Hashable | None) -> tuple[Column, Hashable | None]:
    if labels is not None:
        return frame.column(labels, "labels column"), frame.resolve(labels)
    if frame.backend == "pandas" and not pandas_has_default_index(frame.native):
        levels = frame.index_levels()
        if len(levels) == 1:
            return levels[0], None
        joined = [
            " / ".join("" if v is None else str(v) for v in row)
            for row in zip(*(c.values for c in levels), strict=True)
        ]
        return Column("index", "index", "string", joined, "object", ("index",)), None
    if not frame.keys:
        raise DataError([Problem("df", "the frame has no columns")])
    return frame.column(frame.keys[0]), frame.keys[0]


def _labels(
    column: Column, label_format: Format | None, date_format: str | None, unit: str | None, major: int | None
) -> dict[str, Any]:
    if column.kind in ("date", "datetime") and not has_time_of_day(column.values) and label_format is None:
        serials: list[int] = []
        for row, value in enumerate(column.values):
            if value is None:
                raise DataError(
                    [
                        Problem(
                            column_path(column.key, row),
                            "a date label is missing; drop the row or fill the date",
                        )
                    ]
                )
            try:
                serials.append(date_serial(value))
            except ValueError as e:
                raise DataError([Problem(column_path(column.key, row), str(e))]) from None
        if unit is None and major is None:
            unit, major = default_date_unit(column.values)
        return {
            "date_labels": serials,
            "date_labels_format": date_format or default_date_format(column.values),
            "date_labels_major_time_unit": unit,
            "date_labels_major_unit": major,
        }
    fmt = (
        label_formatter(column)
        if label_format is None
        else formatter_for(label_format, column, "label_format")
    )
    return {"labels": ["" if v is None else fmt(v) for v in column.values]}


class _SeriesBuilder:
    """Series entries of the data format, one per column; names must not repeat across both axes."""

    def __init__(
        self,
        frame: Frame,
        names: Mapping[Hashable, str],
        styles: Mapping[Hashable, StyleDict | None],
        point_styles: Callable[[Any, int, str], StylesLike | None] | None,
    ) -> None:
        self.frame, self.names, self.styles, self.point_styles = frame, names, styles, point_styles
        self.seen: set[str] = set()
        self.check = StyleChecker()

    def __call__(self, key: Hashable) -> dict[str, Any]:
        column = self.frame.column(key)
        name = self.names.get(key, column.name)
        if name in self.seen:
            raise DataError(
                [
                    Problem(
                        column.path,
                        f"two series are named {name!r}; give them different names with names={{...}}",
                    )
                ]
            )
        self.seen.add(name)
        values = column.numbers()
        entry: dict[str, Any] = {"name": name, "values": values}
        if self.styles.get(key) is not None:
            entry["styles"] = self.styles[key]
        if self.point_styles is not None:
            fn = self.point_styles
            points = [
                self.check(fn(v, r, column.name), f"point_styles({v!r}, {r}, {column.name!r})")
                for r, v in enumerate(values)
            ]
            while points and points[-1] is None:
                points.pop()  # the format allows a shorter list: the rest keep the series' style
            if points:
                entry["data_point_styles"] = points
        return entry


def _axis(
    series: list[dict[str, Any]],
    number_format: str | None,
    bounds: Bounds | None,
    major_unit: float | None,
    bounds_name: str,
) -> dict[str, Any]:
    axis: dict[str, Any] = {"series": {entry["name"]: entry for entry in series}}
    if number_format is not None:
        axis["format"] = number_format
    if bounds is not None:
        axis["bounds"] = bounds_dict(bounds, bounds_name)
    if major_unit is not None:
        axis["major_unit"] = major_unit
    return axis
