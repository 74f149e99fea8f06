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

OUT = Path(__file__).resolve().parents[1] / "src" / "deckkit" / "examples" / "template.pptx"


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
    chart = s.shapes.add_chart(XL_CHART_TYPE.LINE_MARKERS, Inches(0.5), Inches(1.4), Inches(8), Inches(5.4), data)
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
    scatter = s.shapes.add_chart(XL_CHART_TYPE.XY_SCATTER, Inches(0.5), Inches(1.4), Inches(12.3), Inches(5.6), xy)
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


if __name__ == "__main__":
    OUT.write_bytes(build())
    print(f"wrote {OUT}")
