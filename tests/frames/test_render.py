"""Elements built from frames render into a template: the three readers accept the file, and the
slide's parts hold the data (XPath on the parts)."""

from __future__ import annotations

import datetime as dt
import io
import zipfile
from pathlib import Path
from typing import Any

import matplotlib.pyplot as plt
import pytest
from lxml import etree

from deckkit import Deck
from deckkit.frames import DataBar, percent
from deckkit.model import Chart, Image, List, Table
from deckkit.model.chart import Scatter
from tests.frames.conftest import MakeFrame
from tests.frames.templates import frames_template
from tests.readers import assert_readable

NS = {
    "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
    "p": "http://schemas.openxmlformats.org/presentationml/2006/main",
    "c": "http://schemas.openxmlformats.org/drawingml/2006/chart",
}


def _parts(pptx: bytes) -> dict[str, etree._Element]:
    with zipfile.ZipFile(io.BytesIO(pptx)) as z:
        return {
            n: etree.fromstring(z.read(n))
            for n in z.namelist()
            if n.endswith(".xml") and n.startswith("ppt/")
        }


def _xpath(root: etree._Element, path: str) -> list[Any]:
    result = root.xpath(path, namespaces=NS)
    assert isinstance(result, list)
    return result


def _build(make: MakeFrame, tmp_path: Path) -> tuple[Path, Path]:
    sales = make(
        {"region": ["North", "South", "East"], "revenue": [1500.0, -200.0, None], "share": [0.6, 0.1, 0.3]}
    )
    monthly = make(
        {
            "month": [dt.date(2024, 1, 1), dt.date(2024, 2, 1), dt.date(2024, 3, 1)],
            "revenue": [10.0, None, 12.0],
        }
    )
    points = make({"x": [1.0, 2.0, 3.0, 4.0], "y": [4.0, 3.0, 2.0, 1.0], "g": ["A", "B", "A", "B"]})
    fig, ax = plt.subplots(figsize=(4, 3))
    ax.bar(["a", "b"], [1, 2])
    deck = Deck(frames_template())
    deck.add_slide(
        1,
        sales=Table.from_dataframe(
            sales, formats={"share": percent(0)}, databars={"revenue": DataBar(color="green")}
        ),
        trend=Chart.from_dataframe(monthly, names={"revenue": "Revenue"}),
        points=Scatter.from_dataframe(points, x="x", y="y", by="g"),
        agenda=List.from_values(["One", ["One.a"], "Two"]),
        picture=Image.from_figure(fig, dpi=80),
    )
    template = tmp_path / "template.pptx"
    template.write_bytes(frames_template())
    out = tmp_path / "out.pptx"
    deck.render(out)
    return out, template


def test_frames_render_into_the_template(make: MakeFrame, tmp_path: Path) -> None:
    out, template = _build(make, tmp_path)
    assert_readable(out, template, pages=1, libreoffice=False)
    parts = _parts(out.read_bytes())
    slide = parts["ppt/slides/slide1.xml"]

    rows = _xpath(slide, "//a:tbl/a:tr")
    texts = [["".join(_xpath(tc, ".//a:t/text()")) for tc in _xpath(tr, "a:tc")] for tr in rows]
    assert texts == [
        ["region", "revenue", "share"],
        ["North", "1,500", "60%"],
        ["South", "-200", "10%"],
        ["East", "", "30%"],
    ]
    assert _xpath(rows[1], "a:tc[2]//a:pPr/@algn") == ["r"]

    charts = [root for name, root in parts.items() if name.startswith("ppt/charts/chart")]
    line = next(c for c in charts if _xpath(c, "//c:lineChart"))
    assert _xpath(line, "//c:ser/c:tx//c:v/text()") == ["Revenue"]
    assert _xpath(line, "//c:ser/c:cat//c:pt/c:v/text()") == ["45292", "45323", "45352"]
    assert _xpath(line, "//c:ser/c:val//c:pt/@idx") == ["0", "2"]  # the gap has no point
    scatter = next(c for c in charts if _xpath(c, "//c:scatterChart"))
    assert _xpath(scatter, "//c:ser/c:tx//c:v/text()") == ["A", "B"]
    assert _xpath(scatter, "//c:ser[1]/c:xVal//c:pt/c:v/text()") == ["1", "3"]

    paragraphs = _xpath(slide, "//p:sp//a:p[a:r/a:t[.='One' or .='One.a' or .='Two']]")
    assert [
        ("".join(_xpath(p, ".//a:t/text()")), (_xpath(p, "a:pPr/@lvl") or ["0"])[0]) for p in paragraphs
    ] == [
        ("One", "0"),
        ("One.a", "1"),
        ("Two", "0"),
    ]
    assert len(_xpath(slide, "//p:pic")) >= 1


@pytest.mark.slow
def test_frames_render_passes_libreoffice(make: MakeFrame, tmp_path: Path) -> None:
    out, template = _build(make, tmp_path)
    assert_readable(out, template, pages=1)
