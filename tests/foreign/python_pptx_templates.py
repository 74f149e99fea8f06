"""Writes tests/foreign/templates/python-pptx.pptx: deckkit's test templates as python-pptx authors them.

``./dev foreign-templates`` runs it (``python -m tests.foreign.python_pptx_templates``); the file
is committed beside PptxGenJS's, and test_templates.py checks it is what this script writes.

The same kinds as the PptxGenJS set, made the way a python-pptx user makes them: the default
template's layouts (a title placeholder holds ``{heading}``), charts from ``CategoryChartData``
(one with real dates, so a ``c:dateAx``), keys as alt text set on ``cNvPr``.
"""

from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parent / "templates" / "python-pptx.pptx"
BRAND = ("1F4E79", "2E75B6", "9DC3E6", "C55A11", "F4B183")
MONTHS = ("Jan", "Feb", "Mar", "Apr")


def _alt_text(shape: Any, key: str) -> None:
    shape._element.xpath("./*[1]/p:cNvPr")[0].set("descr", key)


def _titled(prs: Any) -> Any:
    slide = prs.slides.add_slide(prs.slide_layouts[5])  # "Title Only"
    slide.shapes.title.text = "{heading}"
    return slide


def _chart(slide: Any, kind: Any, data: Any, key: str) -> Any:
    from pptx.util import Inches

    frame = slide.shapes.add_chart(kind, Inches(0.6), Inches(1.6), Inches(8.8), Inches(5.4), data)
    _alt_text(frame, key)
    return frame.chart


def _colour_series(chart: Any, colours: tuple[str, ...]) -> None:
    from pptx.dml.color import RGBColor

    for series, colour in zip(chart.plots[0].series, colours, strict=False):
        fill = series.format.fill
        fill.solid()
        fill.fore_color.rgb = RGBColor.from_string(colour)


def _colour_points(chart: Any, count: int) -> None:
    from pptx.dml.color import RGBColor

    series = chart.plots[0].series[0]
    for index in range(count):
        fill = series.points[index].format.fill
        fill.solid()
        fill.fore_color.rgb = RGBColor.from_string(BRAND[index % len(BRAND)])


def build(path: Path) -> Path:
    """Write the template set to path (eight slides, one kind of place each)."""
    from pptx import Presentation
    from pptx.chart.data import CategoryChartData, XyChartData
    from pptx.dml.color import RGBColor
    from pptx.enum.chart import XL_CHART_TYPE, XL_LABEL_POSITION, XL_LEGEND_POSITION
    from pptx.util import Inches, Pt

    prs = Presentation()

    # 1. Text: the title layout's placeholders and a text box.
    slide = prs.slides.add_slide(prs.slide_layouts[0])
    slide.shapes.title.text = "{title}"
    slide.placeholders[1].text = "{subtitle}"
    box = slide.shapes.add_textbox(Inches(1), Inches(5.6), Inches(8), Inches(1.2))
    box.text_frame.word_wrap = True
    run = box.text_frame.paragraphs[0].add_run()
    run.text = "{body}"
    run.font.size = Pt(16)
    run.font.color.rgb = RGBColor.from_string("404040")

    three = CategoryChartData(number_format="#,##0")
    three.categories = MONTHS
    for offset, name in enumerate(("Actual", "Plan", "Last year")):
        three.add_series(name, [10 + 2 * j + offset for j in range(len(MONTHS))])

    # 2. Clustered columns with values on top and a legend at the bottom.
    chart = _chart(_titled(prs), XL_CHART_TYPE.COLUMN_CLUSTERED, three, "sales")
    _colour_series(chart, BRAND)
    chart.has_legend = True
    chart.legend.position = XL_LEGEND_POSITION.BOTTOM
    chart.legend.include_in_layout = False
    chart.plots[0].has_data_labels = True
    labels = chart.plots[0].data_labels
    labels.show_value = True
    labels.position = XL_LABEL_POSITION.OUTSIDE_END
    labels.font.size = Pt(10)

    # 3. Stacked bars, white bold labels inside.
    chart = _chart(_titled(prs), XL_CHART_TYPE.BAR_STACKED, three, "stack")
    _colour_series(chart, BRAND)
    chart.has_legend = True
    chart.legend.position = XL_LEGEND_POSITION.RIGHT
    chart.plots[0].has_data_labels = True
    labels = chart.plots[0].data_labels
    labels.show_value = True
    labels.font.bold = True
    labels.font.size = Pt(10)
    labels.font.color.rgb = RGBColor.from_string("FFFFFF")

    # 4. Lines on a date axis: python-pptx writes c:dateAx for date categories.
    dated = CategoryChartData(number_format="#,##0")
    dated.categories = [dt.date(2024, month, 1) for month in range(1, 7)]
    dated.categories.number_format = "mmm yy"
    dated.add_series("Visits", (310, 290, 350, 370, 360, 400))
    dated.add_series("Signups", (31, 25, 40, 44, 39, 52))
    chart = _chart(_titled(prs), XL_CHART_TYPE.LINE_MARKERS, dated, "trend")
    chart.has_legend = True
    chart.legend.position = XL_LEGEND_POSITION.TOP
    for series, colour in zip(chart.plots[0].series, ("C55A11", "1F4E79"), strict=True):
        series.format.line.color.rgb = RGBColor.from_string(colour)
        series.format.line.width = Pt(2.25)
        series.smooth = False

    # 5. A pie, slices in brand colours, percentages.
    share = CategoryChartData()
    share.categories = ("North", "South", "East")
    share.add_series("Share", (50, 30, 20))
    chart = _chart(_titled(prs), XL_CHART_TYPE.PIE, share, "share")
    _colour_points(chart, 3)
    chart.has_legend = True
    chart.legend.position = XL_LEGEND_POSITION.RIGHT
    chart.plots[0].has_data_labels = True
    labels = chart.plots[0].data_labels
    labels.show_percentage = True
    labels.show_value = False
    labels.number_format = "0%"
    labels.number_format_is_linked = False
    labels.font.color.rgb = RGBColor.from_string("FFFFFF")
    labels.font.bold = True

    # 6. A doughnut.
    mix = CategoryChartData()
    mix.categories = ("Online", "Retail", "Partner", "Other")
    mix.add_series("Mix", (45, 30, 15, 10))
    chart = _chart(_titled(prs), XL_CHART_TYPE.DOUGHNUT, mix, "mix")
    _colour_points(chart, 4)
    chart.has_legend = True
    chart.legend.position = XL_LEGEND_POSITION.BOTTOM

    # 7. A scatter of two groups, markers only.
    points = XyChartData()
    for name, ys in (("Stores", (12, 18, 21, 30, 33)), ("Outlets", (8, 9, 15, 14, 20))):
        series = points.add_series(name)
        for x, y in enumerate(ys, start=1):
            series.add_data_point(x, y)
    chart = _chart(_titled(prs), XL_CHART_TYPE.XY_SCATTER, points, "spread")
    chart.has_legend = True
    chart.legend.position = XL_LEGEND_POSITION.BOTTOM
    for series, colour in zip(chart.plots[0].series, ("2E75B6", "C55A11"), strict=True):
        series.format.line.fill.background()
        series.marker.size = 9
        series.marker.format.fill.solid()
        series.marker.format.fill.fore_color.rgb = RGBColor.from_string(colour)

    # 8. A table: python-pptx's default style (Medium Style 2, accent 1), its name as the designer left it.
    slide = _titled(prs)
    rows = [("Region", "Q1", "Q2", "Q3"), ("North", "10", "12", "15"), ("South", "8", "9", "11")]
    frame = slide.shapes.add_table(len(rows), 4, Inches(0.6), Inches(1.8), Inches(8.8), Inches(1.5))
    frame.name = "Sales table"
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            frame.table.cell(r, c).text = text

    path.parent.mkdir(parents=True, exist_ok=True)
    prs.save(str(path))
    return path


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else OUT
    print(f"wrote {build(target)}")
