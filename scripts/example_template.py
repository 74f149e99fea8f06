"""Build src/deckkit/examples/template.pptx, the sample template ``deckkit.examples.template()`` ships.

Run ``python scripts/example_template.py`` after changing it; the .pptx is committed so that the
package needs no python-pptx code at run time to provide it.
"""

from __future__ import annotations

import io
from pathlib import Path

from pptx import Presentation
from pptx.chart.data import CategoryChartData, XyChartData
from pptx.dml.color import RGBColor
from pptx.enum.chart import XL_CHART_TYPE, XL_LEGEND_POSITION
from pptx.util import Inches, Pt

EXAMPLES = Path(__file__).resolve().parents[1] / "src" / "deckkit" / "examples"
OUT = EXAMPLES / "template.pptx"
CHARTS_OUT = EXAMPLES / "charts.pptx"
C = "http://schemas.openxmlformats.org/drawingml/2006/chart"


def _alt_text(shape: object, text: str) -> None:
    shape._element.xpath("./*[1]/p:cNvPr")[0].set("descr", text)  # type: ignore[attr-defined]


def _heading(slide: object, text: str) -> None:
    box = slide.shapes.add_textbox(Inches(0.5), Inches(0.3), Inches(12.3), Inches(0.9))  # type: ignore[attr-defined]
    box.text_frame.text = text
    box.text_frame.paragraphs[0].runs[0].font.size = Pt(30)
    box.text_frame.paragraphs[0].runs[0].font.bold = True
    box.text_frame.paragraphs[0].runs[0].font.color.rgb = RGBColor(0x1F, 0x3A, 0x5F)


def _grey_png() -> bytes:
    from PIL import Image, ImageDraw

    picture = Image.new("RGB", (400, 270), (225, 228, 232))
    ImageDraw.Draw(picture).text((150, 125), "picture: plot", fill=(90, 90, 90))
    out = io.BytesIO()
    picture.save(out, format="PNG")
    return out.getvalue()


def build() -> bytes:
    prs = Presentation()
    prs.slide_width, prs.slide_height = Inches(13.333), Inches(7.5)
    blank = prs.slide_layouts[6]

    # 1: title slide
    s = prs.slides.add_slide(prs.slide_layouts[0])
    s.shapes.title.text = "{title}"
    s.placeholders[1].text = "{subtitle}"

    # 2: a table and a caption
    s = prs.slides.add_slide(blank)
    _heading(s, "{heading}")
    frame = s.shapes.add_table(4, 3, Inches(0.5), Inches(1.4), Inches(8), Inches(2.4))
    for c, text in enumerate(["Region", "Revenue", "Growth"]):
        frame.table.cell(0, c).text = text
    for r in range(1, 4):
        for c in range(3):
            frame.table.cell(r, c).text = "-"
    _alt_text(frame, "sales")
    note = s.shapes.add_textbox(Inches(8.8), Inches(1.4), Inches(4), Inches(2))
    note.text_frame.word_wrap = True
    note.text_frame.text = "{caption}"

    # 3: a line chart with a bulleted list beside it
    s = prs.slides.add_slide(blank)
    _heading(s, "{heading}")
    data = CategoryChartData()
    data.categories = ["Jan", "Feb", "Mar", "Apr"]
    data.add_series("Revenue", (10, 12, 11, 14))
    data.add_series("Cost", (7, 8, 8, 9))
    chart = s.shapes.add_chart(
        XL_CHART_TYPE.LINE_MARKERS, Inches(0.5), Inches(1.4), Inches(8), Inches(5.4), data
    )
    chart.chart.has_legend = True
    chart.chart.legend.position = XL_LEGEND_POSITION.BOTTOM
    chart.chart.legend.include_in_layout = False
    _alt_text(chart, "revenue")
    points = s.shapes.add_textbox(Inches(8.8), Inches(1.4), Inches(4), Inches(5))
    points.text_frame.word_wrap = True
    points.text_frame.text = "{highlights}"

    # 4: a scatter chart
    s = prs.slides.add_slide(blank)
    _heading(s, "{heading}")
    xy = XyChartData()
    series = xy.add_series("Stores")
    for x, y in ((1, 2), (2, 3), (3, 5)):
        series.add_data_point(x, y)
    scatter = s.shapes.add_chart(
        XL_CHART_TYPE.XY_SCATTER, Inches(0.5), Inches(1.4), Inches(12.3), Inches(5.6), xy
    )
    _alt_text(scatter, "spread")

    # 5: a picture slot (a rectangle whose alt text is the key) and a footnote
    s = prs.slides.add_slide(blank)
    _heading(s, "{heading}")
    slot = s.shapes.add_picture(io.BytesIO(_grey_png()), Inches(0.5), Inches(1.4), Inches(8), Inches(5.4))
    _alt_text(slot, "plot")
    foot = s.shapes.add_textbox(Inches(8.8), Inches(1.4), Inches(4), Inches(2))
    foot.text_frame.word_wrap = True
    foot.text_frame.text = "{footnote}"

    out = io.BytesIO()
    prs.save(out)
    return out.getvalue()


def _c(tag: str) -> str:
    return f"{{{C}}}{tag}"


def _line_on_secondary_axis(chart_space: object) -> None:
    """Move the chart's last series into a line group on a secondary value axis (a combo chart)."""
    import copy

    from lxml import etree

    area = chart_space.find(f"{_c('chart')}/{_c('plotArea')}")  # type: ignore[attr-defined]
    bars = next(el for el in area if el.tag.endswith("Chart"))
    ser = bars.findall(_c("ser"))[-1]
    bars.remove(ser)
    for tag in ("invertIfNegative",):
        for el in ser.findall(_c(tag)):
            ser.remove(el)
    line = etree.Element(_c("lineChart"))
    etree.SubElement(line, _c("grouping")).set("val", "standard")
    etree.SubElement(line, _c("varyColors")).set("val", "0")
    line.append(ser)
    etree.SubElement(ser, _c("smooth")).set("val", "0")
    etree.SubElement(line, _c("marker")).set("val", "1")
    cat_ax = next(el for el in area if el.tag == _c("catAx"))
    val_ax = next(el for el in area if el.tag == _c("valAx"))
    new_cat, new_val = copy.deepcopy(cat_ax), copy.deepcopy(val_ax)
    new_cat.find(_c("axId")).set("val", "50010")
    new_cat.find(_c("crossAx")).set("val", "50020")
    new_cat.find(_c("delete")).set("val", "1")
    new_val.find(_c("axId")).set("val", "50020")
    new_val.find(_c("crossAx")).set("val", "50010")
    new_val.find(_c("axPos")).set("val", "r")
    for el in new_val.findall(_c("majorGridlines")):
        new_val.remove(el)
    new_val.find(_c("crosses")).set("val", "max")
    val_ax.addnext(new_cat)
    new_cat.addnext(new_val)
    for ax_id in ("50010", "50020"):
        etree.SubElement(line, _c("axId")).set("val", ax_id)
    bars.addnext(line)


# alt text -> (python-pptx chart type, what the slide shows); one chart per slide, under {heading}
CHART_SLIDES = [
    ("column", "COLUMN_CLUSTERED", "Clustered column"),
    ("stacked", "BAR_STACKED", "Stacked bar"),
    ("line", "LINE_MARKERS", "Line with markers"),
    ("area", "AREA", "Area"),
    ("pie", "PIE", "Pie"),
    ("doughnut", "DOUGHNUT", "Doughnut"),
    ("radar", "RADAR_MARKERS", "Radar"),
    ("combo", "COLUMN_CLUSTERED", "Column + line on a secondary axis"),
    ("daily", "LINE", "Daily values (date axis)"),
    ("monthly", "COLUMN_CLUSTERED", "Monthly values (date axis)"),
]


def build_charts() -> bytes:
    from pptx.enum.chart import XL_CHART_TYPE

    prs = Presentation()
    prs.slide_width, prs.slide_height = Inches(13.333), Inches(7.5)
    blank = prs.slide_layouts[6]
    for alt, kind, _title in CHART_SLIDES:
        s = prs.slides.add_slide(blank)
        _heading(s, "{heading}")
        data = CategoryChartData()
        data.categories = ["A", "B", "C", "D"]
        data.add_series("Revenue", (10, 12, 11, 14))
        if kind not in ("PIE", "DOUGHNUT"):
            data.add_series(
                "Margin" if alt == "combo" else "Cost",
                (0.2, 0.25, 0.22, 0.3) if alt == "combo" else (7, 8, 8, 9),
            )
        frame = s.shapes.add_chart(
            getattr(XL_CHART_TYPE, kind), Inches(0.5), Inches(1.3), Inches(12.3), Inches(5.9), data
        )
        frame.chart.has_legend = True
        frame.chart.legend.position = XL_LEGEND_POSITION.BOTTOM
        frame.chart.legend.include_in_layout = False
        _alt_text(frame, alt)
        if alt == "combo":
            _line_on_secondary_axis(frame.chart._chartSpace)
    xy = XyChartData()
    series = xy.add_series("Stores")
    for x, y in ((1, 2), (2, 3), (3, 5)):
        series.add_data_point(x, y)
    s = prs.slides.add_slide(blank)
    _heading(s, "{heading}")
    frame = s.shapes.add_chart(
        XL_CHART_TYPE.XY_SCATTER, Inches(0.5), Inches(1.3), Inches(12.3), Inches(5.9), xy
    )
    _alt_text(frame, "scatter")
    out = io.BytesIO()
    prs.save(out)
    return out.getvalue()


if __name__ == "__main__":
    OUT.write_bytes(build())
    CHARTS_OUT.write_bytes(build_charts())
    print(f"wrote {OUT} and {CHARTS_OUT}")
