from __future__ import annotations

import io
from pathlib import Path

import pytest


def _alt(shape: object, text: str) -> None:
    shape._element.xpath("./*[1]/p:cNvPr")[0].set("descr", text)  # type: ignore[attr-defined]


@pytest.fixture(scope="session")
def template_bytes() -> bytes:
    """Four slides: title placeholders, a table, a category chart, a scatter chart and a picture slot."""
    from pptx import Presentation
    from pptx.chart.data import CategoryChartData, XyChartData
    from pptx.enum.chart import XL_CHART_TYPE
    from pptx.util import Inches

    prs = Presentation()
    s = prs.slides.add_slide(prs.slide_layouts[0])
    s.shapes.title.text = "{title}"
    s.placeholders[1].text = "{subtitle} on {date}"
    s = prs.slides.add_slide(prs.slide_layouts[6])
    frame = s.shapes.add_table(2, 3, Inches(1), Inches(1), Inches(6), Inches(2))
    _alt(frame, "sales")
    for r in range(2):
        for c in range(3):
            frame.table.cell(r, c).text = f"r{r}c{c}"
    frame.table.cell(1, 2).text = "{note}"
    s = prs.slides.add_slide(prs.slide_layouts[6])
    cd = CategoryChartData()
    cd.categories = ["A", "B", "C"]
    cd.add_series("Revenue", (1, 2, 3))
    cd.add_series("Cost", (2, None, 4))
    _alt(
        s.shapes.add_chart(XL_CHART_TYPE.COLUMN_CLUSTERED, Inches(1), Inches(1), Inches(6), Inches(4), cd),
        "trend",
    )
    xy = XyChartData()
    pts = xy.add_series("Points")
    pts.add_data_point(1, 2)
    pts.add_data_point(3, 4)
    _alt(
        s.shapes.add_chart(XL_CHART_TYPE.XY_SCATTER, Inches(1), Inches(5), Inches(6), Inches(2), xy),
        "{spread}",
    )
    s = prs.slides.add_slide(prs.slide_layouts[6])
    group = s.shapes.add_group_shape()
    group.shapes.add_shape(1, Inches(1), Inches(1), Inches(4), Inches(3)).text_frame.text = "{photo}"
    out = io.BytesIO()
    prs.save(out)
    return out.getvalue()


@pytest.fixture
def template_path(tmp_path: Path, template_bytes: bytes) -> Path:
    path = tmp_path / "template.pptx"
    path.write_bytes(template_bytes)
    return path
