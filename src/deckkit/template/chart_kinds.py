"""The kind of a template chart, as a preview draws it: per plot group, bars, lines, areas, a pie...

A Chart in data.json carries no kind: the template's chart has it. Inspection reads it here from
the chart part's plot groups (:mod:`deckkit.ooxml.chart`), so that a notebook preview of the data
(:mod:`deckkit.display.chart`) can draw columns where the slide will show columns, and put the
axis2 series on a right-hand axis in the secondary group's kind (a combo chart).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from deckkit.ooxml.chart import PlotGroup, chart_label, child_val, group_label, series_name

__all__ = ["ChartKind", "PlotKind", "Shape", "chart_kind"]

Shape = Literal["column", "bar", "line", "area", "pie", "doughnut", "scatter", "other"]
"""How a plot group's series are drawn; "other" (radar, stock, surface...): a preview draws lines."""
Grouping = Literal["standard", "stacked", "percent"]  # standard: columns side by side (clustered)

_SHAPES: dict[str, Shape] = {
    "lineChart": "line",
    "line3DChart": "line",
    "areaChart": "area",
    "area3DChart": "area",
    "pieChart": "pie",
    "pie3DChart": "pie",
    "ofPieChart": "pie",
    "doughnutChart": "doughnut",
    "scatterChart": "scatter",
    "bubbleChart": "scatter",
}
_GROUPINGS: dict[str, Grouping] = {"stacked": "stacked", "percentStacked": "percent"}


@dataclass(frozen=True)
class PlotKind:
    """One plot group of a template chart: how its series are drawn, and on which value axis."""

    shape: Shape
    grouping: Grouping
    secondary: bool
    label: str  # "clustered column", "line with markers" ... (as inspection names it)
    series: tuple[str, ...]  # the template's series names in this group

    @property
    def markers(self) -> bool:
        return self.label.endswith("with markers")


@dataclass(frozen=True)
class ChartKind:
    """A template chart's plot groups in document order; ``label`` names them all ("clustered column + line")."""

    plots: tuple[PlotKind, ...]
    label: str

    def plot_for(self, series_key: str, *, secondary: bool) -> PlotKind | None:
        """The plot group a data series is drawn in: the group holding a template series of that
        name on that axis, else the axis' first group (a new series joins it, as the renderer adds it)."""
        on_axis = [p for p in self.plots if p.secondary == secondary]
        if not on_axis and secondary:
            return None
        candidates = on_axis or list(self.plots)
        named = next((p for p in candidates if series_key in p.series), None)
        return named or (candidates[0] if candidates else None)


def _plot_kind(group: PlotGroup) -> PlotKind:
    kind = group.kind
    if kind in ("barChart", "bar3DChart"):
        shape: Shape = "column" if child_val(group.element, "barDir", "col") == "col" else "bar"
    else:
        shape = _SHAPES.get(kind, "other")
    grouping = _GROUPINGS.get(child_val(group.element, "grouping", "standard"), "standard")
    names = tuple(series_name(ser) for ser in group.series)
    return PlotKind(shape, grouping, group.secondary, group_label(group), names)


def chart_kind(groups: list[PlotGroup]) -> ChartKind:
    """The kind of the chart whose plot groups these are."""
    return ChartKind(tuple(_plot_kind(g) for g in groups), chart_label(groups))
