"""Rows added to a table banded cell by cell keep the bands going (grid.rows_alternate).

PptxGenJS (and Google Slides) write a banded table as cell fills, row by row; PowerPoint's table
styles band by ``bandRow`` instead. Found by the foreign-template matrix (tests/foreign): the
PptxGenJS table "white, blue, white" filled with seven rows showed one blue row, then four white.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

from lxml import etree

from deckkit.renderer import render
from deckkit.template.inspect import Template
from tests.readers import assert_readable

PPTXGENJS = Path(__file__).resolve().parents[2] / "foreign" / "templates" / "pptxgenjs.pptx"
A = "http://schemas.openxmlformats.org/drawingml/2006/main"
WHITE, BAND = None, "DEEAF6"


def _template(tmp_path: Path) -> Path:
    template = Template.open(PPTXGENJS)
    template.tag(8, "Sales table", "sales")
    path = tmp_path / "template.pptx"
    template.save(path)
    return path


def _row_fills(template: Path, rows: int, tmp_path: Path) -> list[str | None]:
    body = [[f"R{i}", "1", "2", "3"] for i in range(rows - 1)]
    data = {
        "template": 8,
        "heading": "Banded",
        "sales": {"type": "table", "rows": [["Region", "Q1", "Q2", "Q3"], *body]},
    }
    out = tmp_path / "out.pptx"
    out.write_bytes(render(template, [data]).pptx)
    assert_readable(out, template, pages=1, libreoffice=False)
    with zipfile.ZipFile(out) as z:
        root = etree.fromstring(z.read("ppt/slides/slide1.xml"))
    fills = []
    for tr in root.iter(f"{{{A}}}tr"):
        first = tr.find(f"{{{A}}}tc/{{{A}}}tcPr/{{{A}}}solidFill/{{{A}}}srgbClr")
        fills.append(None if first is None else first.get("val"))
    return fills


def test_added_rows_keep_the_bands_going(tmp_path: Path) -> None:
    fills = _row_fills(_template(tmp_path), 8, tmp_path)
    assert fills == ["1F4E79", WHITE, BAND, WHITE, BAND, WHITE, BAND, WHITE]


def test_fewer_rows_keep_their_own_bands(tmp_path: Path) -> None:
    assert _row_fills(_template(tmp_path), 3, tmp_path) == ["1F4E79", WHITE, BAND]


def test_rows_alike_are_repeated_as_before(tmp_path: Path) -> None:
    """A table whose last rows look alike (a table style bands it, or nothing does) repeats its last row."""
    from deckkit.renderer.table.grid import row_source, rows_alternate

    with zipfile.ZipFile(PPTXGENJS) as z:
        tbl = next(etree.fromstring(z.read("ppt/slides/slide8.xml")).iter(f"{{{A}}}tbl"))
    assert rows_alternate(tbl)
    trs = tbl.findall(f"{{{A}}}tr")
    tbl.remove(trs[2])  # header, North, East: the last two alike
    assert not rows_alternate(tbl)
    assert [row_source(i, 3, False) for i in range(5)] == [0, 1, 2, 2, 2]
    assert [row_source(i, 4, True) for i in range(7)] == [0, 1, 2, 3, 2, 3, 2]
