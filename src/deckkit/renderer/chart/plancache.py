"""The planning of a template chart, made once and reused for every copy of it.

A render fills many copies of few template charts (each output chart part is a deep copy of its
template's), with data of one shape. Which group and axis each series is on, which template series
each data series overwrites or copies, where the data goes in the workbook and which cells its
styles follow depend only on the template and on that shape: so they are worked out on the
template once and carried over to each copy by position (a deep copy has its elements where the
template has them). A copy whose structure is not the template's (the same part filled twice) is
planned on its own.

The cache holds the template tree it was made from (an lxml element takes no weak reference), so
an entry is found by identity and never by a recycled ``id``; it is small and bounded, and it is
safe to share between the threads of a server (entries are immutable, the cache is locked).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import NamedTuple

from lxml import etree

from deckkit.model.elements import Chart, ScatterChart
from deckkit.ooxml.chart import PlotGroup, c, plot_area, plot_groups, series_name
from deckkit.renderer.bounded_cache import BoundedCache
from deckkit.renderer.chart.layout import SheetLayout, plan_layout
from deckkit.renderer.chart.placement import Placement, plan_placements
from deckkit.renderer.chart.series import value_style_sources
from deckkit.renderer.chart.workbook.followed import StyleSource

__all__ = ["ChartPlan", "chart_plan", "clear_plans", "template_groups"]

_PLOT_AREA, _SER = c("plotArea"), c("ser")
_MAX_ENTRIES = 32  # a render uses a few template charts; a server's renders do not share trees
# id of the template tree (and the data's shape) -> (the tree, what was made of it)
_Memo = BoundedCache[Hashable, tuple[etree._Element, object]]
_plans: _Memo = BoundedCache(_MAX_ENTRIES)
_groups: _Memo = BoundedCache(_MAX_ENTRIES)


class _GroupShape(NamedTuple):
    """A plot group by position: in the plot area, its axes' and its series' positions."""

    at: int
    tag: str
    kind: str
    axis_ids: tuple[str, ...]
    value_axis: int | None
    x_axis: int | None
    secondary: bool
    series: tuple[int, ...]
    names: tuple[str, ...]  # the series' names: a copy that shows others is not the template's
    children: int


class _PlacementShape(NamedTuple):
    key: str
    group: int
    template: int | None  # position among the group's series
    prototype: int | None
    step: int


class _TemplatePlan(NamedTuple):
    area: tuple[int, int] | None  # c:chart in the chart space, c:plotArea in it
    area_children: int
    groups: tuple[_GroupShape, ...]
    placements: tuple[_PlacementShape, ...]
    layout: SheetLayout | None
    style_sources: tuple[StyleSource, ...]


@dataclass
class ChartPlan:
    """A copy's plan: its plot groups and placements (elements of the copy), layout and style sources."""

    groups: list[PlotGroup]
    placements: list[Placement]
    layout: SheetLayout | None
    style_sources: list[StyleSource]


def clear_plans() -> None:
    _plans.clear()
    _groups.clear()


def _recall(table: _Memo, template: etree._Element, key: Hashable) -> object:
    """What was made of this very template tree under key, or None."""
    hit = table.get(key)
    return hit[1] if isinstance(hit, tuple) and hit[0] is template else None


def template_groups(template: etree._Element) -> list[PlotGroup]:
    """``plot_groups`` of a template chart (never edited), once per template: the caller must not edit them."""
    hit = _recall(_groups, template, id(template))
    if isinstance(hit, list):
        return hit
    groups = plot_groups(template)
    _groups.put(id(template), (template, groups))
    return groups


def data_shape(chart: Chart | ScatterChart, sheets: list[str] | None) -> Hashable:
    """All of the data that the plan depends on: series keys per axis, label or row count, sheets."""
    axes = tuple(tuple(a.series) if a is not None else None for a in (chart.axis1, chart.axis2))
    if isinstance(chart, Chart):
        return ("chart", axes, len(chart.categories), tuple(sheets) if sheets is not None else None)
    rows = max(
        (len(s.values) for a in (chart.axis1, chart.axis2) if a is not None for s in a.series.values()),
        default=0,
    )
    return ("scatter", axes, rows, tuple(sheets) if sheets is not None else None)


def plan_fresh(
    chart_space: etree._Element, chart: Chart | ScatterChart, sheets: list[str] | None
) -> ChartPlan:
    """The plan made on the chart itself (its elements not yet edited)."""
    groups = plot_groups(chart_space)
    placements = plan_placements(groups, chart)
    layout = plan_layout(chart_space, isinstance(chart, ScatterChart), sheets)
    sources: list[StyleSource] = []
    if layout is not None:
        # Each output series takes its cell styles from the series it is or copies (its formulas).
        sources = value_style_sources(_formula_holders(placements), layout, chart)
    return ChartPlan(groups, placements, layout, sources)


def _formula_holders(placements: list[Placement]) -> list[tuple[etree._Element | None, str]]:
    return [(p.template if p.template is not None else p.prototype, p.group.kind) for p in placements]


def chart_plan(
    chart_space: etree._Element,
    template: etree._Element | None,
    chart: Chart | ScatterChart,
    sheets: list[str] | None,
) -> ChartPlan:
    """The plan of chart_space, a deep copy of template not yet edited (None: no template known)."""
    if template is None:
        return plan_fresh(chart_space, chart, sheets)
    key = (id(template), data_shape(chart, sheets))
    shaped = _recall(_plans, template, key)
    if not isinstance(shaped, _TemplatePlan):
        shaped = _shape(template, plan_fresh(template, chart, sheets))
        _plans.put(key, (template, shaped))
    mapped = _map(chart_space, shaped, chart) if isinstance(shaped, _TemplatePlan) else None
    return mapped if mapped is not None else plan_fresh(chart_space, chart, sheets)


def _shape(template: etree._Element, plan: ChartPlan) -> _TemplatePlan | None:
    area = plot_area(template)
    if area is None:
        return None
    chart_el = area.getparent()
    assert chart_el is not None
    at_area = (template.index(chart_el), chart_el.index(area))
    children = list(area)
    groups = tuple(
        _GroupShape(
            children.index(g.element),
            g.element.tag,
            g.kind,
            g.axis_ids,
            children.index(g.value_axis) if g.value_axis is not None else None,
            children.index(g.x_axis) if g.x_axis is not None else None,
            g.secondary,
            tuple(g.element.index(s) for s in g.series),
            tuple(series_name(s) for s in g.series),
            len(g.element),
        )
        for g in plan.groups
    )
    index = {id(g): i for i, g in enumerate(plan.groups)}

    def at(ser: etree._Element | None, group: PlotGroup) -> int | None:
        return group.series.index(ser) if ser is not None else None

    placements = tuple(
        _PlacementShape(p.key, index[id(p.group)], at(p.template, p.group), at(p.prototype, p.group), p.step)
        for p in plan.placements
    )
    return _TemplatePlan(at_area, len(area), groups, placements, plan.layout, tuple(plan.style_sources))


def _map(chart_space: etree._Element, plan: _TemplatePlan, chart: Chart | ScatterChart) -> ChartPlan | None:
    """The template's plan with the copy's elements at the same positions; None when they are not there."""
    assert plan.area is not None
    try:
        area = chart_space[plan.area[0]][plan.area[1]]
    except IndexError:
        return None
    if area.tag != _PLOT_AREA or len(area) != plan.area_children:
        return None
    children = list(area)
    groups: list[PlotGroup] = []
    for shape in plan.groups:
        el = children[shape.at]
        if el.tag != shape.tag or len(el) != shape.children:
            return None
        series = [el[i] for i in shape.series]
        if any(s.tag != _SER for s in series) or tuple(map(series_name, series)) != shape.names:
            return None
        value = children[shape.value_axis] if shape.value_axis is not None else None
        x = children[shape.x_axis] if shape.x_axis is not None else None
        groups.append(PlotGroup(el, shape.kind, shape.axis_ids, value, x, shape.secondary, series))
    placements: list[Placement] = []
    for p in plan.placements:
        group = groups[p.group]
        axis = chart.axis2 if group.secondary else chart.axis1
        assert axis is not None
        template = group.series[p.template] if p.template is not None else None
        prototype = group.series[p.prototype] if p.prototype is not None else None
        placements.append(Placement(p.key, axis.series[p.key], group, template, prototype, p.step))
    return ChartPlan(groups, placements, plan.layout, list(plan.style_sources))
