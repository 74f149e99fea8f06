"""Templates authored with PptxGenJS (tests/corpus/decks/pptxgenjs, how it was made: NOTICE.md), filled (issue 26).

PptxGenJS writes table rows with ``h="0"`` and names its shapes without alt text; its pie charts
label and colour every slice on its own (``c:dLbl``, ``c:dPt``) over a series-level label style.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from deckkit.errors import RenderError
from deckkit.renderer import render
from deckkit.renderer.chart.drawn_colours import DrawnColours
from tests.readers import CORPUS, assert_readable
from tests.renderer.chart.designer_kit import edit_chart
from tests.renderer.chart.kit import NS, chart_part_names, output_series, read_chart

DECK = CORPUS / "pptxgenjs" / "deckkit_pptxgenjs-templates.pptx"
P = "http://schemas.openxmlformats.org/presentationml/2006/main"
EMU = 914400


def _named(tmp_path: Path, slide: int, alt: str) -> Path:
    """The deck with the graphic frame of a slide given alt text (PptxGenJS writes none)."""

    def name(root: etree._Element) -> None:
        for frame in root.iter(f"{{{P}}}graphicFrame"):
            frame.find(f"{{{P}}}nvGraphicFramePr/{{{P}}}cNvPr").set("descr", alt)

    path = tmp_path / f"template-{slide}.pptx"
    if not path.exists():
        path.write_bytes(DECK.read_bytes())
    return edit_chart(path, name, f"ppt/slides/slide{slide}.xml")


def _render(template: Path, slide: dict[str, Any], tmp_path: Path) -> Path:
    out = tmp_path / "out.pptx"
    out.write_bytes(render(template, [slide]).pptx)
    assert_readable(out, template, pages=1, libreoffice=False)
    return out


def _frame_box(pptx: Path) -> tuple[int, int, int, int]:
    import zipfile

    with zipfile.ZipFile(pptx) as z:
        root = etree.fromstring(z.read("ppt/slides/slide1.xml"))
    frame = next(root.iter(f"{{{P}}}graphicFrame"))
    off, ext = frame.find(f"{{{P}}}xfrm/a:off", NS), frame.find(f"{{{P}}}xfrm/a:ext", NS)
    return int(off.get("x")), int(off.get("y")), int(ext.get("cx")), int(ext.get("cy"))


def test_a_table_without_alt_text_is_named_in_the_message(tmp_path: Path) -> None:
    rows = [["Region", "Q1"], ["North", "1"]]
    with pytest.raises(RenderError) as caught:
        render(DECK, [{"template": 1, "sales": {"type": "table", "rows": rows}}])
    message = str(caught.value)
    assert 'no table with alt text "sales" on template slide 1' in message
    assert '1 table without ("Table 0")' in message
    assert 'alt text "sales" (Format Shape > Alt Text > Description)' in message


def test_rows_of_height_zero_are_measured_when_the_table_is_anchored_at_its_bottom(tmp_path: Path) -> None:
    template = _named(tmp_path, 1, "sales")
    before = _frame_box(template)
    rows = [["Region", "Q1", "Q2"]] + [[f"R{i}", str(i), str(2 * i)] for i in range(5)]
    data = {"type": "table", "rows": rows, "vertical_sizing": "anchor_bottom"}
    out = _render(template, {"template": 1, "sales": data}, tmp_path)
    _, y, _, cy = _frame_box(out)
    # The bottom edge stays; 6 rows as tall as the template's 3 are (14 pt text and margins).
    assert y + cy == before[1] + before[3]
    assert cy == 2 * before[3]
    assert y < before[1]


def _share(labels: list[str], name: str = "Share") -> dict[str, Any]:
    values = [float(len(labels) - i) for i in range(len(labels))]
    return {"type": "chart", "labels": labels, "axis1": {"series": {name: {"values": values}}}}


def test_a_grown_and_renamed_pie_keeps_the_designers_slices(tmp_path: Path) -> None:
    labels = ["North", "South", "East", "West", "Centre"]
    out = _render(
        _named(tmp_path, 2, "share"), {"template": 2, "share": _share(labels, "Revenue share")}, tmp_path
    )
    (ser,) = output_series(read_chart(out, chart_part_names(out)[0]).root)
    fills = [dpt.xpath("c:spPr/a:solidFill/*", namespaces=NS)[0] for dpt in ser.findall("c:dPt", NS)]
    colours = [(etree.QName(f).localname, f.get("val"), ()) for f in fills]
    assert [c[1] for c in colours[:3]] == ["1F4E79", "2E75B6", "9DC3E6"]
    drawn = DrawnColours({})
    assert len(colours) == 5
    assert not any(drawn.alike(a, b) for i, a in enumerate(colours) for b in colours[i + 1 :]), colours
    labels_of = ser.findall("c:dLbls/c:dLbl", NS)
    assert len(labels_of) == 5
    for label in labels_of:
        assert label.find("c:showPercent", NS).get("val") == "1"
        assert label.xpath("c:txPr//a:defRPr/@sz", namespaces=NS) == ["1400"]


def test_a_chart_without_a_title_filled_with_one_series_stays_untitled(tmp_path: Path) -> None:
    data = {"type": "chart", "labels": ["Jan", "Feb"], "axis1": {"series": {"Actual": {"values": [1, 2]}}}}
    out = _render(_named(tmp_path, 3, "trend"), {"template": 3, "trend": data}, tmp_path)
    root = read_chart(out, chart_part_names(out)[0]).root
    assert root.find("c:chart/c:title", NS) is None
    assert root.find("c:chart/c:autoTitleDeleted", NS).get("val") == "1"
