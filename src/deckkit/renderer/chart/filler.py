"""The chart filler: a Chart or ScatterChart into the output slide's own chart part.

The kind of chart comes from the template; the data says which series go on which value axis.
``axis1`` fills the plot groups on the primary value axis, ``axis2`` those on the secondary one.

Series placement (docs/charts.md; and for an axis with several groups, e.g. bar + line on one axis):
a key equal to the name of a template series on that axis overwrites that series in place, in its
group, keeping all its formatting; any other key creates a series in the group of the template
series at the same position among the axis's series (or the axis's last group), formatted like the
group's template series at the same position (or its last one), in a colour no other series has.
Template series that no key names are removed; a group left without series goes, and so do axes
no group is drawn on. The output order is the data's order. Pie and doughnut show the first
series only.

Unlike python-pptx's ``replace_data``: series are matched by name within their group, never by
position; cache number formats stay; the workbook is edited in place rather than replaced; and a
chart with a linked (or no) workbook is filled through its caches.
"""

from __future__ import annotations

from functools import partial
from itertools import chain

from lxml import etree

from deckkit.model.elements import Chart, ChartSeries, ScatterAxis, ScatterChart, ScatterSeries
from deckkit.ooxml.chart import PlotGroup, c, child_val, local
from deckkit.ooxml.locate import Frame, chart_relationship_id
from deckkit.ooxml.opc.part import Part
from deckkit.ooxml.opc.relationships import RT
from deckkit.renderer.chart import axes as chart_axes
from deckkit.renderer.chart import kinds as chart_kinds
from deckkit.renderer.chart.checks import chart_axes_of, check_chart, describe_chart
from deckkit.renderer.chart.datatext import DataChildren
from deckkit.renderer.chart.dates import base_time_unit
from deckkit.renderer.chart.drawn_colours import DrawnColours
from deckkit.renderer.chart.layout import SheetLayout
from deckkit.renderer.chart.legend import fit_legend, legend_texts
from deckkit.renderer.chart.placement import Placement, rebuild_groups, series_elements
from deckkit.renderer.chart.plancache import chart_plan, template_groups, template_placements
from deckkit.renderer.chart.points import extend_point_formats, template_point_count
from deckkit.renderer.chart.series import (
    categories_xml,
    name_xml,
    number_format,
    number_texts,
    numbers_xml,
    trim_points,
)
from deckkit.renderer.chart.slide_theme import template_colours
from deckkit.renderer.chart.styles import style_points, style_series
from deckkit.renderer.chart.title import keep_title_state
from deckkit.renderer.chart.workbook.block import Column, Columns
from deckkit.renderer.chart.workbook.cells import DateNumber, NumberText
from deckkit.renderer.chart.workbook.editor import ChartWorkbook
from deckkit.renderer.filler import KeySite, Operation, OutputSlide, PlanReport, register_filler

__all__ = ["ChartFiller", "fill_chart", "filled_chart_bytes"]


_OFFICE = DrawnColours({})  # one, so that the plans of charts drawn with Office's theme are shared


def _fill_category(
    placements: list[Placement],
    chart: Chart,
    layout: SheetLayout | None,
    out: DataChildren,
    drawn: DrawnColours,
) -> list[Column]:
    """Write every series; returns the workbook block's columns (logical orientation)."""
    dates = chart.date_labels
    labels = chart.categories
    n = len(labels)
    cat_ref = layout.category_ref(n) if layout else None
    shared_cat = categories_xml(chart.labels or [], cat_ref) if dates is None else None
    date_texts = [t for t in number_texts(dates) if t is not None] if dates is not None else None
    columns = [Column(None, date_texts, DateNumber) if date_texts is not None else Column(None, labels)]
    for i, p in enumerate(placements):
        ser, data = p.element, p.data
        assert ser is not None
        assert isinstance(data, ChartSeries)
        name = data.name or p.key
        out.put(ser, "tx", name_xml(name, layout.name_ref(i) if layout else None))
        if shared_cat is not None:
            out.put(ser, "cat", shared_cat)
        else:
            fmt = chart.date_labels_format or number_format(ser, "cat", chart_axes.DEFAULT_DATE_FORMAT)
            if fmt == "General":
                fmt = chart_axes.DEFAULT_DATE_FORMAT
            out.put(ser, "cat", numbers_xml(date_texts or [], cat_ref, fmt), fmt if cat_ref else None)
        texts = number_texts(data.values)
        val_ref = layout.value_ref(i, n) if layout else None
        formatted = template_point_count(ser)
        out.put(ser, "val", numbers_xml(texts, val_ref, number_format(ser, "val")))
        trim_points(ser, n)
        extend_point_formats(ser, p.group.element, formatted, n, drawn)
        style_series(ser, p.group.kind, p.group.element, data.styles)
        style_points(ser, p.group.kind, p.group.element, data.data_point_styles)
        columns.append(Column(name, texts, NumberText))
    return columns


def _fill_scatter(placements: list[Placement], layout: SheetLayout | None, out: DataChildren) -> list[Column]:
    """Write every series; returns the workbook block's columns (logical orientation)."""
    bubble = any(p.group.kind == "bubbleChart" for p in placements)
    width = 3 if bubble else 2
    rows = max((len(p.data.values) for p in placements), default=0)
    columns: list[Column] = []
    for i, p in enumerate(placements):
        ser, data = p.element, p.data
        assert ser is not None
        assert isinstance(data, ScatterSeries)
        # Every series spans the longest one's rows (blank cells are gaps): LibreOffice drops
        # all but the last series of a scatter chart whose series differ in length.
        pad: list[str | None] = [None] * (rows - len(data.values))
        # Both coordinates formatted in one call: x of every point, then y of every point.
        both = number_texts([*chain.from_iterable(zip(*data.values, strict=True))])
        xs, ys = both[: len(data.values)] + pad, both[len(data.values) :] + pad
        refs = [layout.xy_ref(i, width, which, rows) if layout else None for which in range(3)]
        out.put(ser, "tx", name_xml(data.name, layout.xy_name_ref(i, width) if layout else None))
        out.put(ser, "xVal", numbers_xml(xs, refs[0], number_format(ser, "xVal")))
        out.put(ser, "yVal", numbers_xml(ys, refs[1], number_format(ser, "yVal")))
        columns += [Column(None, xs, NumberText), Column(data.name, ys, NumberText)]
        if p.group.kind == "bubbleChart":
            sizes = number_texts([_template_bubble_size(ser)] * len(data.values)) + pad
            out.put(ser, "bubbleSize", numbers_xml(sizes, refs[2], number_format(ser, "bubbleSize")))
            columns.append(Column(None, sizes, NumberText))
        elif bubble:
            columns.append(Column(None, [None] * rows))
        trim_points(ser, len(data.values))
        style_series(ser, p.group.kind, p.group.element, data.styles)
        style_points(ser, p.group.kind, p.group.element, data.data_point_styles)
    return columns


def _template_bubble_size(ser: etree._Element) -> float:
    """Points are [x, y]: every bubble takes the size of the template series' first bubble."""
    for v in ser.iterfind(f"{c('bubbleSize')}//{c('v')}"):
        try:
            return float(v.text or "")
        except ValueError:
            break
    return 1.0


def _apply_axes(chart_space: etree._Element, groups: list[PlotGroup], chart: Chart | ScatterChart) -> None:
    done: set[int] = set()
    for axis_name, axis in chart_axes_of(chart):
        on_axis = [g for g in groups if g.secondary == (axis_name == "axis2")]
        for g in on_axis:
            if g.value_axis is None or id(g.value_axis) in done:
                continue
            done.add(id(g.value_axis))
            if isinstance(axis, ScatterAxis):
                chart_axes.set_value_axis(g.value_axis, axis.y_bounds, axis.y_format, axis.y_major_unit)
                if g.x_axis is not None:
                    chart_axes.set_value_axis(g.x_axis, axis.x_bounds, axis.x_format, axis.x_major_unit)
            else:
                chart_axes.set_value_axis(g.value_axis, axis.bounds, axis.format, axis.major_unit)
    if not isinstance(chart, Chart):
        return
    seen: set[int] = set()
    base = None
    if chart.date_labels is not None:
        base = base_time_unit(chart.date_labels, child_val(chart_space, "date1904") in ("1", "true"))
    for g in groups:
        ax = g.x_axis
        if ax is None or id(ax) in seen or local(ax) not in ("catAx", "dateAx"):
            continue
        seen.add(id(ax))
        if chart.date_labels is not None and not chart_kinds.takes_date_axis(groups, ax):
            chart_axes.to_category_axis(ax)  # the dates stay labels (date-formatted numbers)
        elif chart.date_labels is not None:
            chart_axes.to_date_axis(
                ax,
                chart.date_labels_format,
                chart.date_labels_major_unit,
                chart.date_labels_major_time_unit,
                base,
            )
        else:
            chart_axes.to_category_axis(ax)
            if chart.labels_interval is not None:
                chart_axes.set_label_interval(ax, chart.labels_interval)


def fill_chart(
    chart_space: etree._Element,
    chart: Chart | ScatterChart,
    workbook: bytes | None,
    drawn: DrawnColours | None = None,
) -> bytes | None:
    """Fill the chart (already checked with :func:`check_chart`); returns the new workbook bytes.

    drawn: the theme the chart is drawn with (:func:`chart_colours`; None: Office's).
    """
    out = DataChildren()
    new_workbook = _fill(chart_space, None, chart, workbook, out, drawn)
    out.parse_into_tree()
    return new_workbook


def filled_chart_bytes(
    chart_space: etree._Element,
    chart: Chart | ScatterChart,
    workbook: bytes | None,
    template: etree._Element | None = None,
    drawn: DrawnColours | None = None,
) -> tuple[bytes, bytes | None]:
    """The filled chart part's bytes and the new workbook bytes, as a render writes them.

    The series' data children are spliced in as text (``DataChildren``), never parsed into the
    tree, which is left unusable: its data children are placeholders. ``template``: the template
    chart chart_space is a copy of, whose plan is then made once for every copy. ``drawn``: the
    theme the chart is drawn with (None: Office's).
    """
    out = DataChildren()
    new_workbook = _fill(chart_space, template, chart, workbook, out, drawn)
    return out.serialize(chart_space), new_workbook


def _fill(
    chart_space: etree._Element,
    template: etree._Element | None,
    chart: Chart | ScatterChart,
    workbook: bytes | None,
    out: DataChildren,
    drawn: DrawnColours | None = None,
) -> bytes | None:
    """fill_chart with the series' data children left in out (as text); template: the chart
    space that chart_space is an unedited deep copy of, whose planning is reused (None: none)."""
    book = ChartWorkbook.open(workbook) if workbook is not None else None
    drawn = drawn or _OFFICE
    plan = chart_plan(chart_space, template, chart, book.sheet_names if book is not None else None, drawn)
    layout, placements = plan.layout, plan.placements
    keep_title_state(chart_space, sum(len(g.series) for g in plan.groups), len(placements))
    fit_legend(chart_space, lambda: legend_texts(plan.groups), lambda: _listed(chart, plan.groups))
    series_elements(placements, plan.looks)
    remaining = rebuild_groups(chart_space, plan.groups, placements)
    for g in remaining:
        chart_kinds.fit_stock_group(g.element)
    if isinstance(chart, ScatterChart):
        columns = _fill_scatter(placements, layout, out)
    else:
        columns = _fill_category(placements, chart, layout, out, drawn)
    _apply_axes(chart_space, remaining, chart)
    if book is None or layout is None:
        # No workbook, or one that cannot be read: it is kept as it was; the caches hold the data.
        return workbook
    try:
        # Only date cells are written in it: a chart of text labels or points need not look it up.
        dated = any(column.kind is DateNumber for column in columns)
        date_format = (dated and _category_number_format(chart_space, out)) or chart_axes.DEFAULT_DATE_FORMAT
        return book.write_block(
            layout.sheet,
            layout.old,
            layout.top,
            layout.left,
            Columns(columns, layout.transposed) if columns else layout.physical([[]]),
            date_format,
            plan.style_sources,
        )
    except (KeyError, etree.XMLSyntaxError):
        return workbook


def _listed(chart: Chart | ScatterChart, groups: list[PlotGroup]) -> list[str]:
    """What the filled chart's legend lists: the series' names, or a pie's categories."""
    if isinstance(chart, Chart) and groups and all(g.is_pie for g in groups):
        return [str(label) for label in chart.categories]
    axes = [chart.axis1, *([chart.axis2] if chart.axis2 is not None else [])]
    return [series.name or key for axis in axes for key, series in axis.series.items()]


def _category_number_format(chart_space: etree._Element, out: DataChildren) -> str | None:
    """The text of the first ``.//c:cat/c:numRef/c:numCache/c:formatCode`` (without ElementPath,
    which would walk the whole filled chart in Python); a placeholder's from out."""
    for cat in chart_space.iter(c("cat")):
        if out.holds(cat):
            found = out.cached_format(cat)
            if found is not None:
                return found
            continue
        for ref in cat.iterchildren(c("numRef")):
            for cache in ref.iterchildren(c("numCache")):
                for code in cache.iterchildren(c("formatCode")):
                    return code.text
    return None


def _chart_part(slide: Part, frame: Frame) -> Part | None:
    return slide.rels.target_part(chart_relationship_id(frame.element) or "")


@register_filler(Chart, ScatterChart, places=("chart", "scatter-chart"))
class ChartFiller:
    """A Chart or ScatterChart fills every chart frame whose alt text is the key (its own chart part).

    The operation that planning returns is a ChartFiller that knows the template chart of each
    frame (by relationship id), whose planning each output copy reuses (chart.plancache).
    """

    removes_shapes = False

    def __init__(
        self,
        templates: dict[str, etree._Element] | None = None,
        colours: dict[str, DrawnColours] | None = None,
    ) -> None:
        self._templates = templates or {}
        self._colours = colours or {}

    def plan(
        self, site: KeySite, value: Chart | ScatterChart, report: PlanReport
    ) -> Operation[Chart | ScatterChart] | None:
        charts = [f for f in site.frames if f.kind == "chart"]
        if not charts:
            report.wrong_place(site, "chart", "charts", lambda frame: _described(site.slide.part, frame))
            return None
        templates: dict[str, etree._Element] = {}
        colours: dict[str, DrawnColours] = {}
        for frame in charts:
            part = _chart_part(site.slide.part, frame)
            if part is None:
                report.error(
                    site.path,
                    f'the chart "{site.key}" on template slide {site.slide.number} has no chart part '
                    "(damaged template)",
                )
                continue
            template = part.xml
            templates[chart_relationship_id(frame.element) or ""] = template
            colours[chart_relationship_id(frame.element) or ""] = template_colours(site.slide.part, part)
            report.problems.extend(
                check_chart(
                    template,
                    value,
                    site.path,
                    template_groups(template),
                    partial(template_placements, template, value),
                )
            )
        return Operation(site.key, value, ChartFiller(templates, colours))

    def fill(self, site: KeySite, value: Chart | ScatterChart, output: OutputSlide) -> None:
        for frame in site.frames:
            if frame.kind != "chart":
                continue
            chart_part = _chart_part(output.part, frame)
            if chart_part is None:
                continue
            workbook_part = chart_part.related(RT.PACKAGE)
            workbook = workbook_part.blob if workbook_part is not None else None
            rid = chart_relationship_id(frame.element) or ""
            # Written now, the data children spliced in as text: never parsed into the tree.
            chart_part.blob, new_workbook = filled_chart_bytes(
                chart_part.xml, value, workbook, self._templates.get(rid), self._colours.get(rid)
            )
            if workbook_part is not None and new_workbook is not None:
                workbook_part.blob = new_workbook


def _described(slide: Part, frame: Frame) -> str:
    """'"trend" (a clustered column chart with series "A", "B")'."""
    part = _chart_part(slide, frame)
    return f'"{frame.alt_text}" ({describe_chart(part.xml)})' if part is not None else f'"{frame.alt_text}"'
