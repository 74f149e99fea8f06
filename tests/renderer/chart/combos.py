"""Combo chart templates written the way PowerPoint writes them, in any group order.

A combo is a list of groups in document order, each a chart type, its series and the value axis
it is drawn on ("primary" or "secondary"). PowerPoint writes the groups in an order of chart type
(area, bar, line) whatever their axes, and then the axes primary pair first: category axis
(id 1001), value axis (1002), secondary value axis (2002, at the right), secondary category axis
(2001, deleted). ``secondary_pair_first`` writes the secondary pair first instead, to show that
the order of the axes, not of the groups, says which pair is primary.

Every series has its own solid fill (``COMBO_COLOURS``), so that pictures tell the series apart.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from pathlib import Path

from lxml import etree

from tests.renderer.chart.templates import _c

PRIMARY_IDS = ("1001", "1002")  # (category axis, value axis)
SECONDARY_IDS = ("2001", "2002")
COMBO_LABELS = ["Jan", "Feb", "Mar", "Apr"]
COMBO_COLOURS = ["4472C4", "ED7D31", "A5A5A5", "FFC000", "5B9BD5", "70AD47"]


@dataclass(frozen=True)
class Group:
    kind: str  # barChart, lineChart, areaChart, pieChart
    series: tuple[str, ...]
    axis: str = "primary"  # or "secondary"


# Series children a bar series has and a line or area series has no place for.
_BAR_ONLY = ("invertIfNegative", "shape", "pictureOptions")


def _convert_series(ser: etree._Element, kind: str) -> None:
    """Turn a bar series (python-pptx's) into a series of kind, in schema order."""
    if kind == "barChart":
        return
    for tag in _BAR_ONLY:
        for el in ser.findall(_c(tag)):
            ser.remove(el)
    for dpt in ser.findall(_c("dPt")):
        for el in dpt.findall(_c("invertIfNegative")) + dpt.findall(_c("bubble3D")):
            dpt.remove(el)
    if kind == "lineChart":
        sp_pr = ser.find(_c("spPr"))
        fill = sp_pr.find(f"{{{_A}}}solidFill")
        colour = copy.deepcopy(fill) if fill is not None else None
        # A line series draws its spPr as the line: a 2.25 pt line in the series colour.
        for el in list(sp_pr):
            sp_pr.remove(el)
        ln = etree.SubElement(sp_pr, f"{{{_A}}}ln", w="28575")
        if colour is not None:
            ln.append(colour)
        marker = etree.Element(_c("marker"))
        etree.SubElement(marker, _c("symbol")).set("val", "circle")
        etree.SubElement(marker, _c("size")).set("val", "7")
        sp_pr.addnext(marker)
        etree.SubElement(ser, _c("smooth")).set("val", "0")


_A = "http://schemas.openxmlformats.org/drawingml/2006/main"


def _group_element(group: Group, series: list[etree._Element]) -> etree._Element:
    el = etree.Element(_c(group.kind))
    if group.kind == "barChart":
        etree.SubElement(el, _c("barDir")).set("val", "col")
        etree.SubElement(el, _c("grouping")).set("val", "clustered")
    elif group.kind in ("lineChart", "areaChart"):
        etree.SubElement(el, _c("grouping")).set("val", "standard")
    etree.SubElement(el, _c("varyColors")).set("val", "1" if group.kind == "pieChart" else "0")
    for ser in series:
        _convert_series(ser, group.kind)
        el.append(ser)
    if group.kind == "barChart":
        etree.SubElement(el, _c("gapWidth")).set("val", "150")
    if group.kind == "lineChart":
        etree.SubElement(el, _c("marker")).set("val", "1")
    if group.kind == "pieChart":
        etree.SubElement(el, _c("firstSliceAng")).set("val", "0")
        return el
    for ax_id in PRIMARY_IDS if group.axis == "primary" else SECONDARY_IDS:
        etree.SubElement(el, _c("axId")).set("val", ax_id)
    return el


def _axes(area: etree._Element, secondary: bool, secondary_pair_first: bool) -> list[etree._Element]:
    """The category and value axes of python-pptx's chart renumbered, plus a secondary pair."""
    cat = area.find(_c("catAx"))
    val = area.find(_c("valAx"))
    area.remove(cat)
    area.remove(val)
    for ax, own, cross in ((cat, PRIMARY_IDS[0], PRIMARY_IDS[1]), (val, PRIMARY_IDS[1], PRIMARY_IDS[0])):
        ax.find(_c("axId")).set("val", own)
        ax.find(_c("crossAx")).set("val", cross)
    if not secondary:
        return [cat, val]
    cat2, val2 = copy.deepcopy(cat), copy.deepcopy(val)
    cat2.find(_c("axId")).set("val", SECONDARY_IDS[0])
    cat2.find(_c("crossAx")).set("val", SECONDARY_IDS[1])
    cat2.find(_c("delete")).set("val", "1")
    val2.find(_c("axId")).set("val", SECONDARY_IDS[1])
    val2.find(_c("crossAx")).set("val", SECONDARY_IDS[0])
    val2.find(_c("axPos")).set("val", "r")
    for el in val2.findall(_c("majorGridlines")):
        val2.remove(el)
    val2.find(_c("crosses")).set("val", "max")
    if secondary_pair_first:
        # The secondary pair written first: now it is the primary pair, whatever axPos says.
        val.find(_c("axPos")).set("val", "r")
        val2.find(_c("axPos")).set("val", "l")
        return [cat2, val2, cat, val]
    return [cat, val, val2, cat2]


def build_combo(
    groups: list[Group], path: Path, alt: str = "chart", secondary_pair_first: bool = False
) -> Path:
    """A one-slide deck with the combo chart; series values 10, 20, ... so every one is visible."""
    from pptx import Presentation
    from pptx.chart.data import CategoryChartData
    from pptx.dml.color import RGBColor
    from pptx.enum.chart import XL_CHART_TYPE
    from pptx.util import Inches

    names = [name for g in groups for name in g.series]
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    data = CategoryChartData(number_format="0")
    data.categories = COMBO_LABELS
    for i, name in enumerate(names):
        data.add_series(name, [10.0 * (i + 1) + k for k in range(len(COMBO_LABELS))])
    frame = slide.shapes.add_chart(
        XL_CHART_TYPE.COLUMN_CLUSTERED, Inches(0.5), Inches(0.5), Inches(9), Inches(6.5), data
    )
    frame._element.nvGraphicFramePr.cNvPr.set("descr", alt)
    chart = frame.chart
    chart.has_legend = True
    for i, series in enumerate(chart.plots[0].series):
        series.format.fill.solid()
        series.format.fill.fore_color.rgb = RGBColor.from_string(COMBO_COLOURS[i % len(COMBO_COLOURS)])
    area = chart.part._element.find(f"{_c('chart')}/{_c('plotArea')}")
    template_group = area.find(_c("barChart"))
    by_name = {ser.find(f"{_c('tx')}//{_c('v')}").text: ser for ser in template_group.findall(_c("ser"))}
    at = list(area).index(template_group)
    area.remove(template_group)
    pie_only = all(g.kind == "pieChart" for g in groups)
    axes = [] if pie_only else _axes(area, any(g.axis == "secondary" for g in groups), secondary_pair_first)
    if pie_only:
        for tag in ("catAx", "valAx"):
            area.remove(area.find(_c(tag)))
    for offset, g in enumerate(groups):
        area.insert(at + offset, _group_element(g, [by_name[n] for n in g.series]))
    position = at + len(groups)
    for offset, ax in enumerate(axes):
        area.insert(position + offset, ax)
    prs.save(str(path))
    return path


def value_axis_ids(root: etree._Element) -> list[str]:
    """The ids of the plot area's value axes in document order."""
    area = root.find(f"{_c('chart')}/{_c('plotArea')}")
    return [ax.find(_c("axId")).get("val") for ax in area.findall(_c("valAx"))]


def groups_on_axis(root: etree._Element, value_axis_id: str) -> list[etree._Element]:
    area = root.find(f"{_c('chart')}/{_c('plotArea')}")
    return [
        g
        for g in area
        if g.tag.endswith("Chart") and value_axis_id in {a.get("val") for a in g.findall(_c("axId"))}
    ]


__all__ = ["COMBO_LABELS", "Group", "build_combo", "groups_on_axis", "value_axis_ids"]
