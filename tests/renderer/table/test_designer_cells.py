"""New table cells take their look from the visible cell, never from a merged-away one (issue 26)."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from lxml import etree

from deckkit.renderer import render
from deckkit.renderer.table.grid import resize_grid
from tests.readers import assert_readable
from tests.renderer.table.designer_tables import HEADER_FILL, merged_header_table

A = "http://schemas.openxmlformats.org/drawingml/2006/main"
NS = {"a": A}


def _table(pptx: bytes) -> etree._Element:
    with zipfile.ZipFile(io.BytesIO(pptx)) as z:
        return etree.fromstring(z.read("ppt/slides/slide1.xml")).find(".//a:tbl", NS)


def _look(tc: etree._Element) -> tuple[list[str], list[str], list[str]]:
    """The cell's fill, its text size and boldness."""
    return (
        tc.xpath("a:tcPr/a:solidFill/a:srgbClr/@val", namespaces=NS),
        tc.xpath(".//a:rPr/@sz | .//a:endParaRPr/@sz", namespaces=NS)[:1],
        tc.xpath(".//a:rPr/@b | .//a:endParaRPr/@b", namespaces=NS)[:1],
    )


@pytest.mark.parametrize("styled", [False, True], ids=["text", "table-cell"])
def test_a_new_column_under_a_merged_header_looks_like_the_header(tmp_path: Path, styled: bool) -> None:
    template = merged_header_table(tmp_path / "t.pptx")
    header: list[object] = ["Region", "Sales", "", "Growth"]
    if styled:
        header[3] = {"value": "Growth", "styles": {"font": {"italic": True}}}
    rows = [header, ["North", "1", "2", "3%"], ["South", "4", "5", "6%"]]
    result = render(template, [{"template": 1, "sales": {"type": "table", "rows": rows}}])
    out = tmp_path / "out.pptx"
    out.write_bytes(result.pptx)
    assert_readable(out, template, pages=1, libreoffice=False)
    cells = _table(result.pptx).findall("a:tr", NS)[0].findall("a:tc", NS)
    assert _look(cells[3]) == ([HEADER_FILL], ["1400"], ["1"])
    assert cells[3].get("hMerge") is None
    assert cells[3].xpath("string(.//a:t)", namespaces=NS) == "Growth"


def test_the_element_path_copies_the_visible_cell_too(tmp_path: Path) -> None:
    template = merged_header_table(tmp_path / "t.pptx")
    tbl = _table(template.read_bytes())
    matrix, merges = resize_grid(tbl, 4, 4)
    assert _look(matrix[0][3]) == ([HEADER_FILL], ["1400"], ["1"])
    assert merges  # the header stays merged over its two columns
    assert _look(matrix[3][3])[0] == []  # a body cell stays a body cell
