"""Template charts for the tests: one per kind and combination, built with python-pptx plus XML.

python-pptx makes the single-kind charts; combinations and secondary axes are made by moving
series of a python-pptx chart into a second plot group (and a second axis pair) in the XML.
Every template gets explicit series formatting (fill, outline, a point format, data labels) so
that tests can check that overwritten series keep it byte for byte.
"""

from __future__ import annotations

import copy
import io
from pathlib import Path

from lxml import etree

C = "http://schemas.openxmlformats.org/drawingml/2006/chart"
A = "http://schemas.openxmlformats.org/drawingml/2006/main"

LABELS = ["North", "South", "East"]
SERIES = {"Revenue": [10.0, 20.0, 30.0], "Costs": [5.0, 8.0, 13.0], "Margin": [1.5, 2.5, 3.5]}

# name -> (python-pptx chart type, second group kind or None, secondary axis)
CATEGORY_KINDS: dict[str, tuple[str, str | None, bool]] = {
    "column_clustered": ("COLUMN_CLUSTERED", None, False),
    "column_stacked": ("COLUMN_STACKED", None, False),
    "column_stacked_100": ("COLUMN_STACKED_100", None, False),
    "bar_clustered": ("BAR_CLUSTERED", None, False),
    "bar_stacked": ("BAR_STACKED", None, False),
    "bar_stacked_100": ("BAR_STACKED_100", None, False),
    "line": ("LINE", None, False),
    "line_markers": ("LINE_MARKERS", None, False),
    "line_stacked": ("LINE_STACKED", None, False),
    "area": ("AREA", None, False),
    "area_stacked": ("AREA_STACKED", None, False),
    "pie": ("PIE", None, False),
    "doughnut": ("DOUGHNUT", None, False),
    "bar_line": ("COLUMN_CLUSTERED", "lineChart", False),
    "bar_line_secondary": ("COLUMN_CLUSTERED", "lineChart", True),
    "bar_area": ("COLUMN_CLUSTERED", "areaChart", False),
    "bar_area_secondary": ("COLUMN_CLUSTERED", "areaChart", True),
    "line_area": ("LINE_MARKERS", "areaChart", False),
    "line_area_secondary": ("LINE_MARKERS", "areaChart", True),
}
SCATTER_KINDS = {"scatter": "XY_SCATTER", "scatter_lines": "XY_SCATTER_LINES", "bubble": "BUBBLE"}
COLOURS = ["1F77B4", "FF7F0E", "2CA02C"]


def _c(tag: str) -> str:
    return f"{{{C}}}{tag}"


def _presentation():  # type: ignore[no-untyped-def]
    from pptx import Presentation

    prs = Presentation()
    return prs, prs.slides.add_slide(prs.slide_layouts[6])


def build_category(kind: str, path: Path, alt: str = "chart") -> Path:
    from pptx.chart.data import CategoryChartData
    from pptx.dml.color import RGBColor
    from pptx.enum.chart import XL_CHART_TYPE
    from pptx.util import Inches

    chart_type, second, secondary = CATEGORY_KINDS[kind]
    prs, slide = _presentation()
    data = CategoryChartData(number_format="0.0")
    data.categories = LABELS
    for name, values in SERIES.items():
        data.add_series(name, values)
    frame = slide.shapes.add_chart(
        getattr(XL_CHART_TYPE, chart_type), Inches(0.5), Inches(0.5), Inches(9), Inches(6.5), data
    )
    frame._element.nvGraphicFramePr.cNvPr.set("descr", alt)
    chart = frame.chart
    chart.has_legend = True
    plot = chart.plots[0]
    if kind not in ("pie", "doughnut"):
        for i, series in enumerate(plot.series):
            series.format.fill.solid()
            series.format.fill.fore_color.rgb = RGBColor.from_string(COLOURS[i])
            series.format.line.color.rgb = RGBColor.from_string("404040")
        plot.series[0].points[1].format.fill.solid()
        plot.series[0].points[1].format.fill.fore_color.rgb = RGBColor.from_string("D62728")
    else:
        for i in range(len(LABELS)):
            point = plot.series[0].points[i]
            point.format.fill.solid()
            point.format.fill.fore_color.rgb = RGBColor.from_string(COLOURS[i])
    plot.has_data_labels = True
    plot.data_labels.number_format = "0.0"
    plot.data_labels.number_format_is_linked = False
    chart_part = chart.part
    if second is not None:
        _make_combo(chart_part._element, second, secondary)
    prs.save(str(path))
    return path


def _make_combo(chart_space: etree._Element, kind: str, secondary: bool) -> None:
    """Move the last template series into a new `kind` group (on its own axes when secondary)."""
    area = chart_space.find(f"{_c('chart')}/{_c('plotArea')}")
    first = next(el for el in area if el.tag.endswith("Chart"))
    ser = first.findall(_c("ser"))[-1]
    first.remove(ser)
    group = etree.Element(_c(kind))
    etree.SubElement(group, _c("grouping")).set("val", "standard")
    etree.SubElement(group, _c("varyColors")).set("val", "0")
    # Series children that a line or area series has no place for.
    for tag in ("invertIfNegative", "shape", "marker", "smooth"):
        for el in ser.findall(_c(tag)):
            ser.remove(el)
    if kind == "lineChart":
        marker = etree.Element(_c("marker"))
        etree.SubElement(marker, _c("symbol")).set("val", "circle")
        etree.SubElement(marker, _c("size")).set("val", "7")
        ser.find(_c("spPr")).addnext(marker)
        etree.SubElement(ser, _c("smooth")).set("val", "0")
    for dpt in ser.findall(_c("dPt")):
        for el in (
            dpt.findall(_c("invertIfNegative")) + dpt.findall(_c("bubble3D")) + dpt.findall(_c("marker"))
        ):
            dpt.remove(el)
    group.append(ser)
    if kind == "lineChart":
        etree.SubElement(group, _c("marker")).set("val", "1")
    ax_ids = [el.get("val") for el in first.findall(_c("axId"))]
    if secondary:
        cat_ax = next(el for el in area if el.tag == _c("catAx"))
        val_ax = next(el for el in area if el.tag == _c("valAx"))
        new_cat, new_val = copy.deepcopy(cat_ax), copy.deepcopy(val_ax)
        ax_ids = ["50010", "50020"]
        new_cat.find(_c("axId")).set("val", ax_ids[0])
        new_cat.find(_c("crossAx")).set("val", ax_ids[1])
        new_cat.find(_c("delete")).set("val", "1")
        new_val.find(_c("axId")).set("val", ax_ids[1])
        new_val.find(_c("crossAx")).set("val", ax_ids[0])
        new_val.find(_c("axPos")).set("val", "r")
        for el in new_val.findall(_c("majorGridlines")):
            new_val.remove(el)
        crosses = new_val.find(_c("crosses"))
        crosses.set("val", "max")
        val_ax.addnext(new_cat)
        new_cat.addnext(new_val)
    for ax_id in ax_ids:
        etree.SubElement(group, _c("axId")).set("val", ax_id)
    first.addnext(group)


def build_scatter(kind: str, path: Path, alt: str = "chart") -> Path:
    from pptx.chart.data import BubbleChartData, XyChartData
    from pptx.dml.color import RGBColor
    from pptx.enum.chart import XL_CHART_TYPE
    from pptx.util import Inches

    prs, slide = _presentation()
    bubble = kind == "bubble"
    data = BubbleChartData() if bubble else XyChartData()
    for i, name in enumerate(("Alpha", "Beta")):
        series = data.add_series(name, number_format="0.00")
        for k in range(3):
            if bubble:
                series.add_data_point(k + 1, (k + 1) * (i + 2), 5)
            else:
                series.add_data_point(k + 1, (k + 1) * (i + 2))
    frame = slide.shapes.add_chart(
        getattr(XL_CHART_TYPE, SCATTER_KINDS[kind]), Inches(0.5), Inches(0.5), Inches(9), Inches(6.5), data
    )
    frame._element.nvGraphicFramePr.cNvPr.set("descr", alt)
    for i, series in enumerate(frame.chart.plots[0].series):
        if bubble:
            series.format.fill.solid()
            series.format.fill.fore_color.rgb = RGBColor.from_string(COLOURS[i])
        else:
            series.marker.format.fill.solid()
            series.marker.format.fill.fore_color.rgb = RGBColor.from_string(COLOURS[i])
    prs.save(str(path))
    return path


def workbook_with_table() -> bytes:
    """A chart workbook as PowerPoint makes it: a table over the data, a styled header, a second sheet."""
    import openpyxl
    from openpyxl.styles import Font
    from openpyxl.worksheet.table import Table

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Data"
    ws.append([" ", *SERIES])
    for i, label in enumerate(LABELS):
        ws.append([label, *(values[i] for values in SERIES.values())])
    for cell in ws[1]:
        cell.font = Font(bold=True)
    ws.add_table(Table(displayName="Table1", ref="A1:D4"))
    notes = wb.create_sheet("Notes")
    notes["A1"] = "keep me"
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def use_table_workbook(template: Path) -> Path:
    """Give the template's chart a workbook with a table on sheet "Data" (formulas follow)."""
    import zipfile

    with zipfile.ZipFile(template) as z:
        parts = {i.filename: z.read(i.filename) for i in z.infolist()}
    for name in list(parts):
        if name.startswith("ppt/embeddings/") and name.endswith(".xlsx"):
            parts[name] = workbook_with_table()
        if name.startswith("ppt/charts/chart") and name.endswith(".xml"):
            parts[name] = parts[name].replace(b"Sheet1!", b"Data!")
    with zipfile.ZipFile(template, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in parts.items():
            z.writestr(name, data)
    return template
