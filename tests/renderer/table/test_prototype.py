"""Tables built from their cells' text (table_prototype) come out as the element path makes them."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from lxml import etree

from deckkit.model.elements import Table
from deckkit.renderer.stencil import switch
from deckkit.renderer.table import prototype
from deckkit.renderer.table.filler import fill_table

A = "http://schemas.openxmlformats.org/drawingml/2006/main"
P = "http://schemas.openxmlformats.org/presentationml/2006/main"
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
A16 = "http://schemas.microsoft.com/office/drawing/2014/main"
TABLE_URI = "http://schemas.openxmlformats.org/drawingml/2006/table"

PLAIN = (
    "<a:tc><a:txBody><a:bodyPr/><a:lstStyle/><a:p><a:r><a:t>x</a:t></a:r></a:p></a:txBody><a:tcPr/></a:tc>"
)
FORMATTED = (
    '<a:tc><a:txBody><a:bodyPr/><a:lstStyle/><a:p><a:pPr algn="ctr"/>'
    '<a:r><a:rPr lang="en-GB" sz="1400" b="1" err="1"><a:solidFill><a:srgbClr val="FF0000"/></a:solidFill>'
    '</a:rPr><a:t>{k}</a:t></a:r><a:r><a:rPr i="1"/><a:t>tail</a:t></a:r><a:endParaRPr sz="900"/></a:p>'
    "<a:p><a:r><a:t>more</a:t></a:r></a:p></a:txBody>"
    '<a:tcPr anchor="ctr"><a:solidFill><a:srgbClr val="DDEBF7"/></a:solidFill></a:tcPr></a:tc>'
)
END_ONLY = (
    '<a:tc><a:txBody><a:bodyPr/><a:lstStyle/><a:p><a:endParaRPr lang="de-DE" sz="1100"/></a:p></a:txBody>'
    '<a:tcPr marL="0"/><a:extLst><a:ext uri="{X}"><a:foo/></a:ext></a:extLst></a:tc>'
)
ROW_ID = f'<a:extLst><a:ext uri="{{0D}}"><a16:rowId xmlns:a16="{A16}" val="100"/></a:ext></a:extLst>'


def _slide(rows: list[list[str]], widths: int, *, spacing: str = "", row_ext: str = "") -> etree._Element:
    grid = "".join('<a:gridCol w="1000000"/>' for _ in range(widths))
    trs = "".join(
        f'<a:tr h="370840">{spacing}{spacing.join(cells)}{spacing}{row_ext}</a:tr>{spacing}' for cells in rows
    )
    xml = (
        f'<p:sld xmlns:a="{A}" xmlns:p="{P}" xmlns:r="{R}"><p:cSld><p:spTree><p:graphicFrame>'
        '<p:nvGraphicFramePr><p:cNvPr id="3" name="Table 2" descr="t"/><p:cNvGraphicFramePr/><p:nvPr/>'
        '</p:nvGraphicFramePr><p:xfrm><a:off x="0" y="0"/><a:ext cx="3000000" cy="1112520"/></p:xfrm>'
        f'<a:graphic><a:graphicData uri="{TABLE_URI}"><a:tbl><a:tblPr firstRow="1"/>'
        f"<a:tblGrid>{grid}</a:tblGrid>{spacing}{trs}</a:tbl></a:graphicData></a:graphic></p:graphicFrame>"
        "</p:spTree></p:cSld></p:sld>"
    )
    return etree.fromstring(xml)


def _frame(slide: etree._Element) -> etree._Element:
    return slide.find(f".//{{{P}}}graphicFrame")  # type: ignore[return-value]


def _filled(slide: etree._Element, rows: list[list[Any]], *, built: bool, monkeypatch: Any) -> bytes:
    slide = copy.deepcopy(slide)
    with monkeypatch.context() as m:
        m.setattr(switch.state, "on", built)
        fill_table(_frame(slide), Table.model_validate({"type": "table", "rows": rows}))
    return etree.tostring(slide)


TEMPLATES = {
    "plain 2x2": _slide([[PLAIN, PLAIN], [PLAIN, PLAIN]], 2),
    "formatted": _slide([[FORMATTED, END_ONLY, PLAIN], [END_ONLY, FORMATTED, PLAIN]], 3, row_ext=ROW_ID),
    "pretty-printed": _slide([[FORMATTED, PLAIN], [PLAIN, END_ONLY]], 2, spacing="\n  "),
    "merged": _slide(
        [
            [
                FORMATTED.replace("<a:tc>", '<a:tc gridSpan="2">'),
                PLAIN.replace("<a:tc>", '<a:tc hMerge="1">'),
            ],
            [END_ONLY.replace("<a:tc>", '<a:tc rowSpan="2">'), PLAIN],
            [PLAIN.replace("<a:tc>", '<a:tc vMerge="1">'), FORMATTED],
        ],
        2,
    ),
}
NO_KEY = FORMATTED.replace("{k}", "k")


def _heights(slide: etree._Element, *heights: str) -> etree._Element:
    for tr, h in zip(slide.iter(f"{{{A}}}tr"), heights, strict=True):
        tr.set("h", h)
    return slide


TEMPLATES.update(
    {
        "formatted, no keys": _heights(
            _slide([[NO_KEY, END_ONLY, PLAIN], [END_ONLY, NO_KEY, PLAIN]], 3), "400000", "500000"
        ),
        "row ids, no keys": _slide([[NO_KEY, PLAIN], [PLAIN, END_ONLY]], 2, row_ext=ROW_ID),
        "merged, no keys": _heights(
            _slide(
                [
                    [
                        NO_KEY.replace("<a:tc>", '<a:tc gridSpan="2">'),
                        PLAIN.replace("<a:tc>", '<a:tc hMerge="1">'),
                    ],
                    [END_ONLY.replace("<a:tc>", '<a:tc rowSpan="2">'), PLAIN],
                    [PLAIN.replace("<a:tc>", '<a:tc vMerge="1">'), NO_KEY],
                ],
                2,
            ),
            "1",
            "2",
            "3",
        ),
    }
)
ROW_IDS = {"formatted", "row ids, no keys"}  # rows with an extension list: added element by element
DATA = {
    "smaller": [["a"]],
    "same": [["a", "b & <c>"], ["", "]]>"]],
    "larger": [[f"r{i}c{j}" for j in range(5)] for i in range(7)],
    "special": [["two\nlines", "cr\r\nlf", "v\vtab", "line\u2028sep"], ["\ttab ", "  ", "ünï ✓", "𝄞"]],
    "objects": [
        [{"value": "bold", "styles": {"font": {"bold": True}}}, "x"],
        ["y", {"value": "bar", "databar": {"ratio": 0.5, "color": "accent2"}}],
        [{"value": "a\nb", "styles": {"shape": {"fill": "FF0000", "outline": "000000", "align": "right"}}}],
    ],
    "ragged": [["one"], ["two", "three", "four"], []],
}


@pytest.mark.parametrize("template", TEMPLATES)
@pytest.mark.parametrize("data", DATA)
def test_built_cells_come_out_as_the_element_path_makes_them(
    template: str, data: str, monkeypatch: Any
) -> None:
    slide = TEMPLATES[template]
    rows = DATA[data]
    if not any(rows):
        return
    assert prototype.table_prototype(_frame(slide).find(f".//{{{A}}}tbl")) is not None  # type: ignore[arg-type]
    expected = _filled(slide, rows, built=False, monkeypatch=monkeypatch)
    assert _filled(slide, rows, built=True, monkeypatch=monkeypatch) == expected


@pytest.mark.parametrize("template", TEMPLATES)
def test_added_rows_are_built_whole_unless_they_carry_an_extension_list(template: str) -> None:
    made = prototype.table_prototype(_frame(TEMPLATES[template]).find(f".//{{{A}}}tbl"))  # type: ignore[arg-type]
    assert made is not None
    built = made.build([["a", "b"]] * 5, 5, 2, set())
    assert built is not None
    if template in ROW_IDS:
        assert built.added_rows is None
        return
    assert built.added_rows is not None
    t_rows = len(made.cells)
    assert len(built.added_rows) == 5 - t_rows
    assert [list(tr) for tr in built.added_rows] == built.matrix[t_rows:]
    assert made.build([["a"]], 1, 1, set()).added_rows is None  # type: ignore[union-attr]


def test_the_template_cells_the_output_keeps_are_the_same_elements(monkeypatch: Any) -> None:
    slide = copy.deepcopy(TEMPLATES["formatted"])
    tbl = _frame(slide).find(f".//{{{A}}}tbl")
    assert tbl is not None
    first = tbl.find(f"{{{A}}}tr/{{{A}}}tc")
    fill_table(_frame(slide), Table.model_validate({"type": "table", "rows": [["new", "b"], ["c", "d"]]}))
    assert tbl.find(f"{{{A}}}tr/{{{A}}}tc") is first
    assert "".join(first.itertext()) == "new"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "odd_cell",
    [
        PLAIN.replace(
            "<a:tcPr/>",
            f'<a:tcPr><a:extLst><a:ext uri="u"><a16:x xmlns:a16="{A16}"/></a:ext></a:extLst></a:tcPr>',
        ),
        PLAIN.replace("<a:tc>", f'<a:tc xmlns:a16="{A16}">'),
        PLAIN.replace("<a:r>", '<a:r><a:rPr><a:hlinkClick r:id="rId9"/></a:rPr>'),
    ],
)
def test_cells_in_other_namespaces_take_the_element_path(odd_cell: str, monkeypatch: Any) -> None:
    slide = _slide([[odd_cell, PLAIN]], 2)
    assert prototype.table_prototype(_frame(slide).find(f".//{{{A}}}tbl")) is None  # type: ignore[arg-type]
    rows = [["a", "b"], ["c", "d"]]
    assert _filled(slide, rows, built=True, monkeypatch=monkeypatch) == _filled(
        slide, rows, built=False, monkeypatch=monkeypatch
    )


def test_the_cache_never_serves_one_templates_cells_to_another(monkeypatch: Any) -> None:
    red, blue = (_slide([[FORMATTED.replace("FF0000", colour), PLAIN]], 2) for colour in ("FF0000", "0000FF"))
    rows = [["a", "b"], ["c", "d"]]
    for slide in (red, blue, red, blue):
        out = _filled(slide, rows, built=True, monkeypatch=monkeypatch)
        assert out == _filled(slide, rows, built=False, monkeypatch=monkeypatch)
    assert b"0000FF" in _filled(blue, rows, built=True, monkeypatch=monkeypatch)
    assert b"FF0000" not in _filled(blue, rows, built=True, monkeypatch=monkeypatch)


def test_a_template_table_changed_since_its_last_fill_is_analysed_again(monkeypatch: Any) -> None:
    slide = _slide([[FORMATTED, PLAIN]], 2)
    rows = [["a", "b"]]
    before = _filled(slide, rows, built=True, monkeypatch=monkeypatch)
    # The text filler may have changed a cell before the table is filled: a new table text.
    r_pr = slide.find(f".//{{{A}}}rPr")
    assert r_pr is not None
    r_pr.set("sz", "2400")
    after = _filled(slide, rows, built=True, monkeypatch=monkeypatch)
    assert after != before
    assert b'sz="2400"' in after
    assert after == _filled(slide, rows, built=False, monkeypatch=monkeypatch)


def test_the_cache_stays_bounded(monkeypatch: Any) -> None:
    for i in range(prototype._CACHE_SIZE + 10):
        slide = _slide([[PLAIN.replace(">x<", f">x{i}<")]], 1)
        _filled(slide, [["v"]], built=True, monkeypatch=monkeypatch)
    assert len(prototype._stencils) <= prototype._CACHE_SIZE
