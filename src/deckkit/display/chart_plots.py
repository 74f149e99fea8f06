"""A category chart's series drawn on matplotlib axes in their plot group's kind.

Columns and bars side by side (clustered), on top of each other (stacked) or to 100% (percent
stacked); lines, with markers when the template's have them; areas, stacked or overlapping; a pie
of the first series, or a doughnut of rings, one per series. ``null`` values are gaps (nothing
drawn); stacks count them as 0.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from deckkit.model.chart import Chart, ChartAxis, ChartSeries
from deckkit.model.styles import Styles
from deckkit.template.chart_kinds import ChartKind, PlotKind

__all__ = ["Drawn", "draw_category_axis", "draw_pie"]

_LINES = PlotKind("line", "standard", False, "line with markers", ())
_BAR_SPAN = 0.8  # of a category's width, shared by a cluster's bars

ColorOf = Callable[[Styles | None], str | None]


@dataclass
class Drawn:
    """What one value axis got: legend handles, and whether its values run across (bars) or in percent."""

    handles: list[Any] = field(default_factory=list)
    horizontal: bool = False
    percent: bool = False


def _values(series: ChartSeries, count: int) -> list[float | None]:
    values: list[float | None] = [None if v is None else float(v) for v in series.values[:count]]
    return values + [None] * (count - len(values))


def draw_category_axis(
    target: Any,
    axis: ChartAxis,
    kind: ChartKind | None,
    secondary: bool,
    count: int,
    colors: Iterator[str],
    color_of: ColorOf,
) -> Drawn:
    """Draw ``axis``' series on ``target``, each in the plot group ``kind`` gives it (lines without one)."""
    groups: dict[PlotKind, list[tuple[str, ChartSeries, str]]] = {}
    for key, series in axis.series.items():
        plot = (kind.plot_for(key, secondary=secondary) if kind is not None else None) or _LINES
        color = color_of(series.styles) or next(colors)
        groups.setdefault(plot, []).append((series.name or key, series, color))
    drawn = Drawn()
    for plot, members in groups.items():
        if plot.shape in ("column", "bar"):
            drawn.handles += _bars(target, plot, members, count)
            drawn.horizontal = drawn.horizontal or plot.shape == "bar"
        elif plot.shape == "area":
            drawn.handles += _areas(target, plot, members, count)
        else:
            drawn.handles += _lines(target, plot, members, count, dashed=secondary and kind is None)
        drawn.percent = drawn.percent or (
            plot.grouping == "percent" and plot.shape in ("column", "bar", "area")
        )
    return drawn


def _stack_base(members: list[tuple[str, ChartSeries, str]], count: int, plot: PlotKind) -> list[float]:
    """Per category, the divisor of a 100% stack (the category's total), else 1."""
    if plot.grouping != "percent":
        return [1.0] * count
    totals = [0.0] * count
    for _name, series, _color in members:
        for i, v in enumerate(_values(series, count)):
            totals[i] += abs(v or 0.0)
    return [t or 1.0 for t in totals]


def _bars(target: Any, plot: PlotKind, members: list[tuple[str, ChartSeries, str]], count: int) -> list[Any]:
    positions = [float(p) for p in range(count)]
    across = target.barh if plot.shape == "bar" else target.bar
    base = _stack_base(members, count, plot)
    below = [0.0] * count
    handles = []
    stacked = plot.grouping in ("stacked", "percent")
    width = _BAR_SPAN if stacked else _BAR_SPAN / max(len(members), 1)
    for n, (name, series, color) in enumerate(members):
        values = [(v or 0.0) / b for v, b in zip(_values(series, count), base, strict=True)]
        if stacked:
            where, start = positions, list(below)
            below = [s + v for s, v in zip(below, values, strict=True)]
        else:
            offset = -_BAR_SPAN / 2 + width * (n + 0.5)
            where, start = [p + offset for p in positions], [0.0] * count
        if plot.shape == "bar":
            handles.append(across(where, values, height=width, left=start, label=name, color=color))
        else:
            handles.append(across(where, values, width=width, bottom=start, label=name, color=color))
    return handles


def _areas(target: Any, plot: PlotKind, members: list[tuple[str, ChartSeries, str]], count: int) -> list[Any]:
    positions = list(range(count))
    base = _stack_base(members, count, plot)
    below = [0.0] * count
    handles = []
    stacked = plot.grouping in ("stacked", "percent")
    for name, series, color in members:
        values = [(v or 0.0) / b for v, b in zip(_values(series, count), base, strict=True)]
        top = [s + v for s, v in zip(below, values, strict=True)] if stacked else values
        handles.append(
            target.fill_between(
                positions,
                below if stacked else [0.0] * count,
                top,
                label=name,
                color=color,
                alpha=0.8 if stacked else 0.5,
            )
        )
        below = top if stacked else below
    return handles


def _lines(
    target: Any, plot: PlotKind, members: list[tuple[str, ChartSeries, str]], count: int, *, dashed: bool
) -> list[Any]:
    positions = list(range(count))
    handles = []
    for name, series, color in members:
        values = [float("nan") if v is None else v for v in _values(series, count)]
        (line,) = target.plot(
            positions,
            values,
            "--" if dashed else "-",
            marker="o" if plot.markers else None,
            markersize=3,
            label=name,
            color=color,
        )
        handles.append(line)
    return handles


def draw_pie(target: Any, chart: Chart, plot: PlotKind, labels: list[str], color_of: ColorOf) -> list[Any]:
    """A pie of the first series (as PowerPoint draws one), or a doughnut's rings, one per series;
    a slice's colour is its data point's when the data gives one."""
    series = list(chart.axis1.series.values())
    rings = series if plot.shape == "doughnut" else series[:1]
    count = len(labels)
    slices: list[Any] = []
    for n, ring in enumerate(rings):
        values = [max(v or 0.0, 0.0) for v in _values(ring, count)]
        points = ring.data_point_styles or []
        colors = [(color_of(points[i]) if i < len(points) else None) or f"C{i % 10}" for i in range(count)]
        radius = 1.0 - n * (0.6 / max(len(rings), 1)) if plot.shape == "doughnut" else 1.0
        width = 0.6 / max(len(rings), 1) if plot.shape == "doughnut" else None
        wedges, _texts = target.pie(
            values,
            colors=colors,
            radius=radius,
            startangle=90,
            counterclock=False,
            wedgeprops={"width": width, "edgecolor": "white"} if width else {"edgecolor": "white"},
        )
        slices = slices or list(wedges)
    target.set_aspect("equal")
    for wedge, label in zip(slices, labels, strict=False):
        wedge.set_label(label)
    return slices
