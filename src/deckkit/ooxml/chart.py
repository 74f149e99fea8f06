"""What a template chart is made of: its plot groups, their value axes and their series.

A chart part (``c:chartSpace``) holds one ``c:plotArea`` with one or more plot groups
(``c:barChart``, ``c:lineChart``, ...), each with its series (``c:ser``) and the ids of the axes
it is drawn on. Which value axis is primary is read from the axes, never from the order of the
groups: PowerPoint and Excel write the groups in a fixed order of chart type (area before bar
before line ...) whatever their axes, and then the axes with the primary pair first (category
axis, value axis, then the secondary value axis, often at the right, and the secondary category
axis, often deleted). So the primary value axis is the groups' value axis that comes first among
the plot area's axes; a group drawn on another value axis is on the secondary one. Pie-like
groups have no axes and count as primary.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lxml import etree

from deckkit.ooxml.namespaces import names_in, qn
from deckkit.ooxml.xml_children import first_child

CATEGORY_GROUPS = frozenset(
    (
        "barChart",
        "bar3DChart",
        "lineChart",
        "line3DChart",
        "areaChart",
        "area3DChart",
        "pieChart",
        "pie3DChart",
        "doughnutChart",
        "ofPieChart",
        "radarChart",
        "stockChart",
        "surfaceChart",
        "surface3DChart",
    )
)
SCATTER_GROUPS = frozenset(("scatterChart", "bubbleChart"))
PIE_GROUPS = frozenset(("pieChart", "pie3DChart", "doughnutChart", "ofPieChart"))
AXIS_TAGS = frozenset(("valAx", "catAx", "dateAx", "serAx"))


c = names_in("c")
"""``c("ser")`` is ``qn("c:ser")``: the chart name of a tag chosen at run time."""


def local(el: etree._Element) -> str:
    tag = el.tag
    if isinstance(tag, str):  # an element (the common case): no QName object needed
        return tag.rpartition("}")[2]
    return etree.QName(el).localname


def child_val(el: etree._Element | None, tag: str, default: str = "") -> str:
    """``@val`` of ``el/c:{tag}``, or default."""
    if el is None:
        return default
    found = first_child(el, c(tag))
    return default if found is None else found.get("val", default)


@dataclass(eq=False)
class PlotGroup:
    """One plot group (``c:barChart`` ...) and the axes it is drawn on."""

    element: etree._Element
    kind: str  # local name: barChart, lineChart, ...
    axis_ids: tuple[str, ...]
    value_axis: etree._Element | None  # the value (y) axis; None for pie-like groups
    x_axis: etree._Element | None  # the category, date or x value axis
    secondary: bool = False
    series: list[etree._Element] = field(default_factory=list)

    @property
    def is_scatter(self) -> bool:
        return self.kind in SCATTER_GROUPS

    @property
    def is_pie(self) -> bool:
        return self.kind in PIE_GROUPS


def plot_area(chart_space: etree._Element) -> etree._Element | None:
    chart = chart_space.find(qn("c:chart"))
    return chart.find(qn("c:plotArea")) if chart is not None else None


def axes_by_id(area: etree._Element) -> dict[str, etree._Element]:
    return {child_val(ax, "axId"): ax for ax in area if local(ax) in AXIS_TAGS}


def _split_axes(kind: str, axes: list[etree._Element]) -> tuple[etree._Element | None, etree._Element | None]:
    """(value axis, x axis) among a group's axes."""
    if kind in SCATTER_GROUPS:
        # Both are value axes; the one drawn at the left or right is y, whatever the order.
        vertical = [ax for ax in axes if child_val(ax, "axPos") in ("l", "r")]
        horizontal = [ax for ax in axes if ax not in vertical]
        if vertical and horizontal:
            return vertical[0], horizontal[0]
        return (axes[1], axes[0]) if len(axes) >= 2 else (None, None)
    value = next((ax for ax in axes if local(ax) == "valAx"), None)
    x = next((ax for ax in axes if local(ax) in ("catAx", "dateAx")), None)
    return value, x


def primary_value_axis(area: etree._Element, groups: list[PlotGroup]) -> etree._Element | None:
    """The value axis of the primary pair: of the axes the groups are drawn on, the first in the plot area."""
    drawn_on = {id(g.value_axis) for g in groups if g.value_axis is not None}
    return next((ax for ax in area if id(ax) in drawn_on), None)


def plot_groups(chart_space: etree._Element) -> list[PlotGroup]:
    """The plot groups of the chart in document order, each marked primary or secondary."""
    area = plot_area(chart_space)
    if area is None:
        return []
    axes = axes_by_id(area)
    groups: list[PlotGroup] = []
    for el in area:
        kind = local(el)
        if kind not in CATEGORY_GROUPS and kind not in SCATTER_GROUPS:
            continue
        ids = tuple(ax.get("val", "") for ax in el.findall(qn("c:axId")))
        value, x = _split_axes(kind, [axes[i] for i in ids if i in axes])
        groups.append(PlotGroup(el, kind, ids, value, x, series=el.findall(qn("c:ser"))))
    primary = primary_value_axis(area, groups)
    for g in groups:
        g.secondary = g.value_axis is not None and primary is not None and g.value_axis is not primary
    return groups


def series_name(ser: etree._Element) -> str:
    """The series name as the chart shows it (from the cache or the literal)."""
    tx = ser.find(qn("c:tx"))
    if tx is None:
        return ""
    return "".join(v.text or "" for v in tx.iter(qn("c:v")))


def family(groups: list[PlotGroup]) -> str:
    """'category', 'scatter', 'mixed' or 'empty'."""
    if not groups:
        return "empty"
    scatter = {g.is_scatter for g in groups}
    if scatter == {True}:
        return "scatter"
    return "category" if scatter == {False} else "mixed"


_GROUPING = {
    "clustered": "clustered ",
    "stacked": "stacked ",
    "percentStacked": "100% stacked ",
    "standard": "",
}


def group_label(group: PlotGroup) -> str:
    """'clustered column', 'stacked area', 'doughnut', 'line with markers' ... for messages."""
    el, kind = group.element, group.kind
    grouping = _GROUPING.get(child_val(el, "grouping", "standard"), "")
    three_d = "3-D " if "3D" in kind else ""
    if kind in ("barChart", "bar3DChart"):
        if kind == "barChart" and grouping == "":
            grouping = "clustered "
        return f"{grouping}{three_d}{'column' if child_val(el, 'barDir', 'col') == 'col' else 'bar'}"
    if kind in ("lineChart", "line3DChart"):
        markers = any(child_val(s.find(qn("c:marker")), "symbol", "auto") != "none" for s in group.series)
        markers = markers and child_val(el, "marker", "1") not in ("0", "false")
        return f"{grouping}{three_d}line{' with markers' if markers and not three_d else ''}"
    if kind in ("areaChart", "area3DChart"):
        return f"{grouping}{three_d}area"
    if kind == "ofPieChart":
        return f"{child_val(el, 'ofPieType', 'pie')}-of-pie"
    names = {
        "pieChart": "pie",
        "pie3DChart": "3-D pie",
        "doughnutChart": "doughnut",
        "radarChart": "radar",
        "stockChart": "stock",
        "surfaceChart": "surface",
        "surface3DChart": "3-D surface",
        "scatterChart": "scatter",
        "bubbleChart": "bubble",
    }
    return names.get(kind, kind)


def chart_label(groups: list[PlotGroup]) -> str:
    labels: list[str] = []
    for g in groups:
        label = group_label(g)
        if label not in labels:
            labels.append(label)
    return " + ".join(labels) if labels else "empty"


def cached_texts(source: etree._Element | None) -> dict[int, str]:
    """Index -> text of a data source's cached points (``c:cat``, ``c:val``, ``c:xVal``, ``c:yVal``).

    The cache (``c:strCache``, ``c:numCache``, or a literal) is what PowerPoint draws until the
    workbook is opened; of a multi-level category cache, the innermost level (the first ``c:lvl``).
    """
    if source is None:
        return {}
    level = source.find(_ANY_LEVEL)
    holder = level if level is not None else source
    texts: dict[int, str] = {}
    for pt in holder.iter(_PT):
        try:
            index = int(pt.get("idx", ""))
        except ValueError:
            continue
        texts.setdefault(index, pt.findtext(_V) or "")
    return texts


_ANY_LEVEL, _PT, _V = f".//{qn('c:lvl')}", qn("c:pt"), qn("c:v")


def series_points(ser: etree._Element) -> list[tuple[str, str]]:
    """(category, value) of each cached point of a series, in index order.

    The category is the cached category (or x value, for scatter and bubble series), or the
    point's number counted from 1 when the series has none.
    """
    categories = cached_texts(_either(ser, "cat", "xVal"))
    values = cached_texts(_either(ser, "val", "yVal"))
    return [(categories.get(i, str(i + 1)), values[i]) for i in sorted(values)]


def _either(ser: etree._Element, tag: str, scatter_tag: str) -> etree._Element | None:
    found = first_child(ser, c(tag))
    return found if found is not None else first_child(ser, c(scatter_tag))
