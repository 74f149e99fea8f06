"""A template with one of each element the frames layer builds, made with python-pptx."""

from __future__ import annotations

import io

from pptx import Presentation
from pptx.chart.data import CategoryChartData, XyChartData
from pptx.enum.chart import XL_CHART_TYPE
from pptx.util import Inches, Pt


def _alt_text(shape: object, text: str) -> None:
    shape._element.xpath("./*[1]/p:cNvPr")[0].set("descr", text)  # type: ignore[attr-defined]


def frames_template() -> bytes:
    """Slide 1: table "sales", line chart "trend", scatter chart "points", {agenda}, {picture}."""
    prs = Presentation()
    prs.slide_width, prs.slide_height = Inches(13.333), Inches(7.5)
    slide = prs.slides.add_slide(prs.slide_layouts[6])

    table = slide.shapes.add_table(3, 3, Inches(0.4), Inches(0.4), Inches(6), Inches(1.5))
    for c, text in enumerate(["Region", "Revenue", "Units"]):
        table.table.cell(0, c).text = text
    _alt_text(table, "sales")

    line = CategoryChartData()
    line.categories = ["a", "b", "c"]
    line.add_series("S1", (1, 2, 3))
    trend = slide.shapes.add_chart(
        XL_CHART_TYPE.LINE_MARKERS, Inches(6.8), Inches(0.4), Inches(6), Inches(3), line
    )
    _alt_text(trend, "trend")

    xy = XyChartData()
    series = xy.add_series("P1")
    series.add_data_point(1, 2)
    points = slide.shapes.add_chart(
        XL_CHART_TYPE.XY_SCATTER, Inches(6.8), Inches(3.8), Inches(6), Inches(3.3), xy
    )
    _alt_text(points, "points")

    # Three 18 pt lines of agenda (1.2 em each, as PowerPoint and LibreOffice draw them) and the
    # insets end exactly where the picture's box starts: close, and no overlap.
    for text, top, height in (("{agenda}", 2.9, 0.9), ("{picture}", 3.9, 3.3)):
        box = slide.shapes.add_textbox(Inches(0.4), Inches(top), Inches(6), Inches(height))
        box.text_frame.text = text
        box.text_frame.paragraphs[0].runs[0].font.size = Pt(18)

    out = io.BytesIO()
    prs.save(out)
    return out.getvalue()
