"""Series placement: which template series each data series overwrites or copies, and in which group.

A key equal to the name of a template series on that axis overwrites that series in place; any
other key creates a series in the group of the template series at the same position among the
axis's series (or the axis's last group), formatted like that group's template series at the
same position (or its last one), in a colour no other series of the chart has. Pie and doughnut
take one series, which overwrites the template's whatever it is called (its slices keep their look).
"""

from __future__ import annotations

from dataclasses import dataclass

from lxml import etree

from deckkit.model.elements import Chart, ChartAxis, ChartSeries, ScatterAxis, ScatterChart, ScatterSeries
from deckkit.ooxml.chart import PlotGroup, c, child_val, local, plot_area, series_name
from deckkit.renderer.chart import axes as chart_axes
from deckkit.renderer.chart.drawn_colours import DrawnColours
from deckkit.renderer.chart.series import clone_series, new_series, set_val
from deckkit.renderer.chart.styles import colour_automatic_markers, distinct_colours

__all__ = ["Placement", "plan_placements", "rebuild_groups", "series_elements"]

# Children of a plot group that follow its series, in any group kind.
_AFTER_SERIES = frozenset(
    (
        "dLbls",
        "dropLines",
        "hiLowLines",
        "upDownBars",
        "marker",
        "smooth",
        "gapWidth",
        "gapDepth",
        "overlap",
        "serLines",
        "shape",
        "axId",
        "firstSliceAng",
        "holeSize",
        "bubble3D",
        "bubbleScale",
        "showNegBubbles",
        "sizeRepresents",
        "splitType",
        "splitPos",
        "custSplit",
        "secondPieSize",
        "bandFmts",
        "extLst",
    )
)


@dataclass(eq=False)
class Placement:
    key: str
    data: ChartSeries | ScatterSeries
    group: PlotGroup
    template: etree._Element | None  # the template series it overwrites
    prototype: etree._Element | None  # the template series a new one copies
    step: int  # how far past the group's last template series (0: not past)
    element: etree._Element | None = None


def _plan_axis(groups: list[PlotGroup], axis: ChartAxis | ScatterAxis) -> list[Placement]:
    template = [(ser, g) for g in groups for ser in g.series]
    names = {id(ser): series_name(ser) for ser, _ in template}
    taken: set[int] = set()
    placements: list[Placement] = []
    per_group: dict[int, int] = {}
    given: list[tuple[str, ChartSeries | ScatterSeries]] = list(axis.series.items())
    for i, (key, data) in enumerate(given):
        match = next(((s, g) for s, g in template if id(s) not in taken and names[id(s)] == key), None)
        if match is not None:
            taken.add(id(match[0]))
            placements.append(Placement(key, data, match[1], match[0], None, 0))
            per_group[id(match[1])] = per_group.get(id(match[1]), 0) + 1
            continue
        group = template[i][1] if i < len(template) else (template[-1][1] if template else groups[-1])
        pos = per_group.get(id(group), 0)
        per_group[id(group)] = pos + 1
        if not group.series:
            placements.append(Placement(key, data, group, None, None, 0))
        elif pos < len(group.series):
            placements.append(Placement(key, data, group, None, group.series[pos], 0))
        else:
            placements.append(
                Placement(key, data, group, None, group.series[-1], pos - len(group.series) + 1)
            )
    # Pie and doughnut show one series: the first the data gives them. Its slices are the
    # designer's whatever the series is called: a new name overwrites the template series it
    # would copy, keeping every slice's format and label, rather than starting without them.
    seen_pies: set[int] = set()
    kept = []
    for p in placements:
        if p.group.is_pie:
            if id(p.group) in seen_pies:
                continue
            seen_pies.add(id(p.group))
            if p.template is None and p.prototype is not None and p.step == 0:
                p.template, p.prototype = p.prototype, None
        kept.append(p)
    return kept


def plan_placements(groups: list[PlotGroup], chart: Chart | ScatterChart) -> list[Placement]:
    placements = _plan_axis([g for g in groups if not g.secondary], chart.axis1)
    if chart.axis2 is not None:
        placements += _plan_axis([g for g in groups if g.secondary], chart.axis2)
    return placements


def series_elements(placements: list[Placement], drawn: DrawnColours) -> None:
    """The c:ser of each placement (overwritten or new), with unique idx and data-order order.

    drawn: the chart's theme, to tell a new series' colour from the others' as drawn.
    """
    used = {int(child_val(p.template, "idx", "0")) for p in placements if p.template is not None}
    for order, p in enumerate(placements):
        if p.template is not None:
            p.element = p.template
        else:
            p.element = clone_series(p.prototype) if p.prototype is not None else new_series(p.group.kind)
            idx = order
            while idx in used:
                idx += 1
            used.add(idx)
            set_val(p.element, "idx", idx)
        set_val(p.element, "order", order)
    scatter = [
        (p.element, p.template is None)
        for p in placements
        if p.element is not None and p.group.kind == "scatterChart"
    ]
    if scatter:
        colour_automatic_markers(scatter, drawn)
    # Pie and doughnut slices vary by point, not by series.
    distinct_colours(
        [(p.element, p.template is None) for p in placements if p.element is not None and not p.group.is_pie],
        drawn,
    )


def rebuild_groups(
    chart_space: etree._Element, groups: list[PlotGroup], placements: list[Placement]
) -> list[PlotGroup]:
    """Put each group's output series in place; drop empty groups and the axes left without one."""
    area = plot_area(chart_space)
    assert area is not None
    remaining = []
    for g in groups:
        out = [p.element for p in placements if p.group is g and p.element is not None]
        old = g.element.findall(c("ser"))
        children = list(g.element)
        at = (
            children.index(old[0])
            if old
            else next((i for i, ch in enumerate(children) if local(ch) in _AFTER_SERIES), len(children))
        )
        for ser in old:
            g.element.remove(ser)
        for offset, ser in enumerate(out):
            g.element.insert(at + offset, ser)
        if out:
            remaining.append(g)
        else:
            area.remove(g.element)
    used = {ax_id for g in remaining for ax_id in g.axis_ids}
    dangling = used - chart_axes.remove_orphan_axes(area, used)
    if dangling:
        chart_axes.drop_dangling_axis_ids([g.element for g in remaining], dangling)
    return remaining
