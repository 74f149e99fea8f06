"""The planning of a template chart as a stencil (:mod:`deckkit.renderer.stencil`): made once per
data shape, replayed on every copy.

A render fills many copies of few template charts (each output chart part is a deep copy of its
template's), with data of one shape. Which group and axis each series is on, which template series
each data series overwrites or copies, where the data goes in the workbook and which cells its
styles follow depend only on the template and on that shape: so they are worked out on the
template once, kept as positions, and found again on each copy at those positions. This module
declares what the plan holds and how it is told by position; the stencil layer keeps it, turns
it off, and hands a copy whose structure is not the template's to the general path
(:func:`plan_fresh`).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import NamedTuple

from lxml import etree

from deckkit.model.elements import Chart, ScatterChart
from deckkit.ooxml.chart import PlotGroup, c, plot_area, plot_groups, series_name
from deckkit.renderer.chart.drawn_colours import DrawnColours
from deckkit.renderer.chart.layout import SheetLayout, plan_layout
from deckkit.renderer.chart.placement import Look, Placement, plan_looks, plan_placements
from deckkit.renderer.chart.series import value_style_sources
from deckkit.renderer.chart.workbook.followed import StyleSource
from deckkit.renderer.stencil.memo import SharedMemo
from deckkit.renderer.stencil.positions import element_at
from deckkit.renderer.stencil.replay import UnfitError, through_stencil

__all__ = ["ChartPlan", "chart_plan", "clear_plans", "template_groups", "template_placements"]

_PLOT_AREA, _SER = c("plotArea"), c("ser")
_MAX_ENTRIES = 32  # a render uses a few template charts; a server's renders do not share trees
_plans: SharedMemo[_TemplatePlan] = SharedMemo(_MAX_ENTRIES)  # by template tree and data shape
_groups: SharedMemo[list[PlotGroup]] = SharedMemo(_MAX_ENTRIES)  # by template tree
_placed: SharedMemo[tuple[_PlacementShape, ...]] = SharedMemo(_MAX_ENTRIES)  # by template tree and keys


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
    looks: tuple[Look, ...]


@dataclass
class ChartPlan:
    """A copy's plan: its plot groups and placements (elements of the copy), layout, style
    sources and the looks of its series (:func:`~deckkit.renderer.chart.placement.plan_looks`)."""

    groups: list[PlotGroup]
    placements: list[Placement]
    layout: SheetLayout | None
    style_sources: list[StyleSource]
    looks: list[Look]


def clear_plans() -> None:
    _plans.clear()
    _groups.clear()
    _placed.clear()


def template_groups(template: etree._Element) -> list[PlotGroup]:
    """``plot_groups`` of a template chart (never edited), once per template: the caller must not edit them."""
    return through_stencil(
        lambda: _groups.get(template, None, lambda: plot_groups(template)),
        lambda groups: groups,
        lambda: plot_groups(template),
    )


def template_placements(template: etree._Element, chart: Chart | ScatterChart) -> list[Placement]:
    """``plan_placements`` on :func:`template_groups` of a template chart, made once per template
    and series keys (they depend on nothing else): the caller must not edit their elements."""
    groups = template_groups(template)
    return through_stencil(
        lambda: _placed.get(
            template, _series_keys(chart), lambda: _placement_shapes(groups, plan_placements(groups, chart))
        ),
        lambda shapes: _placed_on(groups, shapes, chart),
        lambda: plan_placements(groups, chart),
    )


def _series_keys(chart: Chart | ScatterChart) -> Hashable:
    return tuple(tuple(a.series) if a is not None else None for a in (chart.axis1, chart.axis2))


def data_shape(chart: Chart | ScatterChart, sheets: list[str] | None) -> Hashable:
    """All of the data that the plan depends on: series keys per axis, label or row count, sheets."""
    axes = _series_keys(chart)
    if isinstance(chart, Chart):
        return ("chart", axes, len(chart.categories), tuple(sheets) if sheets is not None else None)
    rows = max(
        (len(s.values) for a in (chart.axis1, chart.axis2) if a is not None for s in a.series.values()),
        default=0,
    )
    return ("scatter", axes, rows, tuple(sheets) if sheets is not None else None)


def plan_fresh(
    chart_space: etree._Element, chart: Chart | ScatterChart, sheets: list[str] | None, drawn: DrawnColours
) -> ChartPlan:
    """The plan made on the chart itself (its elements not yet edited); drawn: its theme."""
    groups = plot_groups(chart_space)
    placements = plan_placements(groups, chart)
    looks = plan_looks(placements, drawn)
    layout = plan_layout(chart_space, isinstance(chart, ScatterChart), sheets)
    sources: list[StyleSource] = []
    if layout is not None:
        # Each output series takes its cell styles from the series it is or copies (its formulas).
        sources = value_style_sources(_formula_holders(placements), layout, chart)
    return ChartPlan(groups, placements, layout, sources, looks)


def _formula_holders(placements: list[Placement]) -> list[tuple[etree._Element | None, str]]:
    return [(p.template if p.template is not None else p.prototype, p.group.kind) for p in placements]


def chart_plan(
    chart_space: etree._Element,
    template: etree._Element | None,
    chart: Chart | ScatterChart,
    sheets: list[str] | None,
    drawn: DrawnColours,
) -> ChartPlan:
    """The plan of chart_space, a deep copy of template not yet edited (None: no template known),
    drawn with the theme drawn."""
    if template is None:
        return plan_fresh(chart_space, chart, sheets, drawn)
    return through_stencil(
        lambda: _plans.get(
            template,
            (data_shape(chart, sheets), drawn),  # the entry holds drawn: its id is not reused
            lambda: _shape(template, plan_fresh(template, chart, sheets, drawn)),
        ),
        lambda shaped: _map(chart_space, shaped, chart),
        lambda: plan_fresh(chart_space, chart, sheets, drawn),
    )


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
    placements = _placement_shapes(plan.groups, plan.placements)
    return _TemplatePlan(
        at_area, len(area), groups, placements, plan.layout, tuple(plan.style_sources), tuple(plan.looks)
    )


def _map(chart_space: etree._Element, plan: _TemplatePlan, chart: Chart | ScatterChart) -> ChartPlan:
    """The template's plan with the copy's elements at the same positions (UnfitError when they are not there)."""
    assert plan.area is not None
    area = element_at(chart_space, plan.area, _PLOT_AREA)
    if len(area) != plan.area_children:
        raise UnfitError
    children = list(area)
    groups: list[PlotGroup] = []
    for shape in plan.groups:
        el = children[shape.at]
        if el.tag != shape.tag or len(el) != shape.children:
            raise UnfitError
        series = [el[i] for i in shape.series]
        if any(s.tag != _SER for s in series) or tuple(map(series_name, series)) != shape.names:
            raise UnfitError
        value = children[shape.value_axis] if shape.value_axis is not None else None
        x = children[shape.x_axis] if shape.x_axis is not None else None
        groups.append(PlotGroup(el, shape.kind, shape.axis_ids, value, x, shape.secondary, series))
    placements = _placed_on(groups, plan.placements, chart)
    return ChartPlan(groups, placements, plan.layout, list(plan.style_sources), list(plan.looks))


def _placement_shapes(groups: list[PlotGroup], placements: list[Placement]) -> tuple[_PlacementShape, ...]:
    """The placements by position: their group's among groups, their series' among its series."""
    index = {id(g): i for i, g in enumerate(groups)}

    def at(ser: etree._Element | None, group: PlotGroup) -> int | None:
        return group.series.index(ser) if ser is not None else None

    return tuple(
        _PlacementShape(p.key, index[id(p.group)], at(p.template, p.group), at(p.prototype, p.group), p.step)
        for p in placements
    )


def _placed_on(
    groups: list[PlotGroup], shapes: tuple[_PlacementShape, ...], chart: Chart | ScatterChart
) -> list[Placement]:
    """The placements of shapes with groups' elements and chart's series."""
    placements: list[Placement] = []
    for p in shapes:
        group = groups[p.group]
        axis = chart.axis2 if group.secondary else chart.axis1
        assert axis is not None
        template = group.series[p.template] if p.template is not None else None
        prototype = group.series[p.prototype] if p.prototype is not None else None
        placements.append(Placement(p.key, axis.series[p.key], group, template, prototype, p.step))
    return placements
