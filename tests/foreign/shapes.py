"""The data shapes of the foreign-template matrix: each turns a key's template example into new data.

A shape changes what it is about (series, categories, rows, columns, text) and leaves the rest as
the template has it, starting from the value inspection gives as the key's example (the
template's own series, categories, rows). ``None`` means the shape does not apply to that place.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

LONG = (
    "A long value that a designer's box was never drawn for: quarterly revenue grew in every region "
    "but the north, where a late product launch and two store closures held it back; see the appendix"
)
RTL = "مبيعات الربع الثالث"  # Arabic: "third-quarter sales"
RTL_2 = "הכנסות לפי אזור"  # Hebrew: "revenue by region"
CJK = "第三季度销售额"  # Chinese: "third-quarter sales"
CJK_2 = "地域別の売上"  # Japanese: "sales by region"
FIRST_OF_2024 = 45292  # 2024-01-01 as a spreadsheet day serial


def month_starts(count: int, first: int = FIRST_OF_2024) -> list[int]:
    """Day serials of ``count`` consecutive month starts from ``first`` (a month start)."""
    import datetime as dt

    epoch = dt.date(1899, 12, 30)
    start = epoch + dt.timedelta(days=first)
    serials = []
    for i in range(count):
        year, month = divmod(start.month - 1 + i, 12)
        serials.append((dt.date(start.year + year, month + 1, 1) - epoch).days)
    return serials


Transform = Callable[[Any], Any]


@dataclass(frozen=True)
class Shape:
    """One data shape: what it does to text, a table and a chart (None: not applicable)."""

    name: str
    text: Transform | None = None
    table: Transform | None = None
    chart: Transform | None = None
    scatter: Transform | None = None

    def applies(self, kind: str, example: Any, *, pie: bool = False) -> Any:
        """The new value of a place of ``kind`` whose template example is ``example``, or None.

        A pie or doughnut (``pie``) draws one series: the series shapes and dates pass it by.
        """
        transform = {
            "text": self.text,
            "table": self.table,
            "chart": self.chart,
            "scatter-chart": self.scatter,
        }
        fn = transform.get(kind)
        if fn is None or (pie and self.name in ("more-series", "fewer-series", "monthly-24")):
            return None
        return fn(copy.deepcopy(example))


# ---- charts -------------------------------------------------------------------------------------


def _axes(chart: dict[str, Any]) -> list[dict[str, Any]]:
    return [chart[a] for a in ("axis1", "axis2") if a in chart]


def _count(chart: dict[str, Any]) -> int:
    return len(chart.get("labels") or chart.get("date_labels") or [])


def _resize(chart: dict[str, Any], count: int, labels: list[str] | None = None) -> dict[str, Any]:
    old = _count(chart)
    chart.pop("date_labels", None)
    chart["labels"] = labels or [f"Category {i + 1}" for i in range(count)]
    for axis in _axes(chart):
        for number, series in enumerate(axis["series"].values()):
            values = series["values"]
            series["values"] = [
                values[i] if i < old and values[i] is not None else float(10 + 3 * i + number)
                for i in range(count)
            ]
    return chart


def _more_series(chart: dict[str, Any]) -> dict[str, Any]:
    axis = chart["axis1"]
    for extra in ("Added one", "Added two"):
        axis["series"][extra] = {"values": [float(5 + i) for i in range(_count(chart))]}
    return chart


def _fewer_series(chart: dict[str, Any]) -> dict[str, Any] | None:
    if sum(len(a["series"]) for a in _axes(chart)) < 2:
        return None
    for axis in _axes(chart):
        first = next(iter(axis["series"]))
        axis["series"] = {first: axis["series"][first]}
    return chart


def _renamed(chart: dict[str, Any]) -> dict[str, Any]:
    for axis in _axes(chart):
        for number, series in enumerate(axis["series"].values()):
            series["name"] = f"Renamed {number + 1}"
    return chart


def _gaps(chart: dict[str, Any]) -> dict[str, Any]:
    count = max(_count(chart), 4)
    _resize(chart, count, chart.get("labels") if _count(chart) == count else None)
    for axis in _axes(chart):
        for series in axis["series"].values():
            series["values"][1] = None
            series["values"][-1] = None
    return chart


def _monthly(chart: dict[str, Any]) -> dict[str, Any]:
    _resize(chart, 24)
    chart.pop("labels")
    chart["date_labels"] = month_starts(24)
    chart["date_labels_format"] = "mmm yy"
    return chart


def _labelled(*labels: str) -> Transform:
    def transform(chart: dict[str, Any]) -> dict[str, Any]:
        count = max(_count(chart), 2)
        _resize(
            chart, count, [labels[i % len(labels)] + (f" {i + 1}" if labels[0] else "") for i in range(count)]
        )
        for axis in _axes(chart):
            axis["series"] = {
                key: {**series, "name": f"{labels[n % len(labels)]} {n + 1}".strip()}
                for n, (key, series) in enumerate(axis["series"].items())
            }
        return chart

    return transform


# ---- scatter charts -----------------------------------------------------------------------------


def _points(count: int, offset: int) -> list[list[float]]:
    return [[float(i + 1), float(2 * i + 3 + offset)] for i in range(count)]


def _scatter_more_series(chart: dict[str, Any]) -> dict[str, Any]:
    for n, extra in enumerate(("Added one", "Added two")):
        chart["axis1"]["series"][extra] = {"name": extra, "values": _points(5, n)}
    return chart


def _scatter_points(count: int) -> Transform:
    def transform(chart: dict[str, Any]) -> dict[str, Any]:
        for axis in _axes(chart):
            for n, series in enumerate(axis["series"].values()):
                series["values"] = _points(count, n)
        return chart

    return transform


def _scatter_renamed(chart: dict[str, Any]) -> dict[str, Any]:
    return _renamed(chart)


def _scatter_named(name: str) -> Transform:
    def transform(chart: dict[str, Any]) -> dict[str, Any]:
        for axis in _axes(chart):
            for n, series in enumerate(axis["series"].values()):
                series["name"] = f"{name} {n + 1}"
        return chart

    return transform


# ---- tables -------------------------------------------------------------------------------------


def _rows(table: dict[str, Any]) -> list[list[str]]:
    rows: list[list[str]] = table["rows"]
    width = max(len(r) for r in rows)
    return [r + [""] * (width - len(r)) for r in rows]


def _table_rows(count: int) -> Transform:
    def transform(table: dict[str, Any]) -> dict[str, Any]:
        rows = _rows(table)
        width = len(rows[0])
        body = [[f"R{r + 1}C{c + 1}" for c in range(width)] for r in range(count - 1)]
        table["rows"] = [rows[0], *body]
        return table

    return transform


def _table_columns(count: int) -> Transform:
    def transform(table: dict[str, Any]) -> dict[str, Any]:
        rows = _rows(table)
        table["rows"] = [
            [row[c] if c < len(row) else f"{'Col' if r == 0 else 'V'}{c + 1}" for c in range(count)]
            for r, row in enumerate(rows)
        ]
        return table

    return transform


def _table_text(*texts: str) -> Transform:
    def transform(table: dict[str, Any]) -> dict[str, Any]:
        rows = _rows(table)
        table["rows"] = [
            [texts[(r + c) % len(texts)] if r > 0 or c == 0 else cell for c, cell in enumerate(row)]
            for r, row in enumerate(rows)
        ]
        return table

    return transform


# ---- the matrix ---------------------------------------------------------------------------------

SHAPES: tuple[Shape, ...] = (
    Shape(
        "as-drawn",
        text=lambda _: "As the designer drew it",
        table=lambda t: t,
        chart=lambda c: c,
        scatter=lambda c: c,
    ),
    Shape("more-series", chart=_more_series, scatter=_scatter_more_series),
    Shape("fewer-series", chart=_fewer_series, scatter=_fewer_series),
    Shape("more-categories", chart=lambda c: _resize(c, _count(c) + 4), scatter=_scatter_points(9)),
    Shape("fewer-categories", chart=lambda c: _resize(c, 2), scatter=_scatter_points(2)),
    Shape("renamed-series", chart=_renamed, scatter=_scatter_renamed),
    Shape("null-gaps", chart=_gaps),
    Shape("monthly-24", chart=_monthly),
    Shape("more-rows", table=_table_rows(7)),
    Shape("fewer-rows", table=_table_rows(2)),
    Shape("more-columns", table=_table_columns(6)),
    Shape("fewer-columns", table=_table_columns(2)),
    Shape(
        "long-text", text=lambda _: LONG, table=_table_text(LONG[:90], "short"), chart=_labelled(LONG[:60])
    ),
    Shape("empty-text", text=lambda _: "", table=_table_text(""), chart=_labelled("")),
    Shape(
        "rtl-text",
        text=lambda _: f"{RTL} — {RTL_2}",
        table=_table_text(RTL, RTL_2, "١٢٣"),
        chart=_labelled(RTL, RTL_2),
        scatter=_scatter_named(RTL_2),
    ),
    Shape(
        "cjk-text",
        text=lambda _: f"{CJK}・{CJK_2}",
        table=_table_text(CJK, CJK_2),
        chart=_labelled(CJK, CJK_2),
        scatter=_scatter_named(CJK),
    ),
)
