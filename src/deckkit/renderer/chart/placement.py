"""Series placement: which template series each data series overwrites or copies, and in which group.

A key equal to the name of a template series on that axis overwrites that series in place; any
other key creates a series in the group of the template series at the same position among the
axis's series (or the axis's last group), formatted like that group's template series at the
same position (or its last one), in a colour no other series of the chart has. Pie and doughnut
take one series, which overwrites the template's whatever it is called (its slices keep their look).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from lxml import etree

from deckkit.model.elements import Chart, ChartAxis, ChartSeries, ScatterAxis, ScatterChart, ScatterSeries
from deckkit.ooxml.chart import PlotGroup, c, child_val, local, plot_area, series_name
from deckkit.renderer.chart import axes as chart_axes
from deckkit.renderer.chart.drawn_colours import Colour, DrawnColours
from deckkit.renderer.chart.series import clone_series, new_series, set_val
from deckkit.renderer.chart.styles import (
    SeriesColours,
    colour_marker,
    marker_colours,
    new_colours,
    recolour,
    series_colours,
)

__all__ = ["Look", "Placement", "plan_looks", "plan_placements", "rebuild_groups", "series_elements"]

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


class Look(NamedTuple):
    """What series_elements gives a placement's series: its c:idx when new (None: the template
    series keeps its own), the colour its automatic markers are written in, and the colour it
    shows that it takes another instead of (:func:`plan_looks`)."""

    idx: int | None
    marker: Colour | None
    recolour: tuple[Colour, Colour] | None


def plan_looks(placements: list[Placement], drawn: DrawnColours) -> list[Look]:
    """Each placement's :class:`Look`, read from the template series it is or copies (unedited).

    A copy has the colours of the series it copies: clone_series drops point formats, labels and
    extensions, none of which the colours are read from.
    """
    used = {int(child_val(p.template, "idx", "0")) for p in placements if p.template is not None}
    idxs: list[int | None] = []
    for order, p in enumerate(placements):
        if p.template is not None:
            idxs.append(None)
            continue
        idx = order
        while idx in used:
            idx += 1
        used.add(idx)
        idxs.append(idx)
    read: list[SeriesColours] = []
    for p, new_idx in zip(placements, idxs, strict=True):
        if p.template is not None:
            read.append((series_colours(p.template), int(child_val(p.template, "idx", "0") or 0), False))
        else:
            colours = series_colours(p.prototype) if p.prototype is not None else []
            assert new_idx is not None
            read.append((colours, new_idx, True))
    markers: list[Colour | None] = [None] * len(placements)
    scatter = [i for i, p in enumerate(placements) if p.group.kind == "scatterChart"]
    if scatter:
        for i, colour in zip(scatter, marker_colours([read[i] for i in scatter], drawn), strict=True):
            if colour is not None:
                markers[i] = colour
                read[i] = ([colour], read[i][1], read[i][2])  # the marker's fill and border show it
    changes: list[tuple[Colour, Colour] | None] = [None] * len(placements)
    # Pie and doughnut slices vary by point, not by series.
    coloured = [i for i, p in enumerate(placements) if not p.group.is_pie]
    for i, change in zip(coloured, new_colours([read[i] for i in coloured], drawn), strict=True):
        changes[i] = change
    return [Look(*look) for look in zip(idxs, markers, changes, strict=True)]


def series_elements(placements: list[Placement], looks: list[Look]) -> None:
    """The c:ser of each placement (overwritten or new), with unique idx and data-order order,
    each new one looking as planned (looks: :func:`plan_looks` of the placements)."""
    for order, (p, look) in enumerate(zip(placements, looks, strict=True)):
        if p.template is not None:
            p.element = p.template
        else:
            p.element = clone_series(p.prototype) if p.prototype is not None else new_series(p.group.kind)
            assert look.idx is not None
            set_val(p.element, "idx", look.idx)
        set_val(p.element, "order", order)
        if look.marker is not None:
            colour_marker(p.element, look.marker)
        if look.recolour is not None:
            recolour(p.element, *look.recolour)


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
