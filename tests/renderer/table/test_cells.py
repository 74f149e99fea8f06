"""Cell text and styles: the template cell's formatting, styles.font on runs, styles.shape on the cell."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckkit.model.elements import Table
from deckkit.renderer.table.filler import check_table, fill_table
from tests.renderer.table.pptx_tables import (
    NS,
    EditedDeck,
    TableSpec,
    build_template,
    cells,
    column_fill,
    fill_and_save,
    row_size,
    tbl,
    texts,
)

A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"


def test_strings_and_cell_objects_mix_and_newlines_become_breaks(tmp_path: Path) -> None:
    rows = [["a", {"value": "b\nc"}], [{"value": ""}, "x\r\ny\n"]]
    frame = fill_and_save(tmp_path, TableSpec(2, 2), {"rows": rows}).frame
    assert texts(frame) == [["a", "b\nc"], ["", "x\ny\n"]]
    para = cells(frame)[0][1].find("a:txBody/a:p", NS)
    assert [child.tag.split("}")[1] for child in para] == ["r", "br", "r", "endParaRPr"]
    # The break carries the run formatting so that the line keeps its height.
    assert para.find("a:br/a:rPr", NS).get("sz") == str(row_size(0))


def test_the_value_replaces_the_whole_text_with_the_first_runs_formatting(tmp_path: Path) -> None:
    template = build_template(tmp_path / "t.pptx", [TableSpec(1, 1)])
    deck = EditedDeck(template)
    frame = deck.frame(1)
    tc = cells(frame)[0][0]
    body = tc.find("a:txBody", NS)
    first = body.find("a:p", NS)
    first.insert(
        0, _el('<a:pPr xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" algn="ctr"/>')
    )
    run = first.find("a:r", NS)
    run.find("a:rPr", NS).set("b", "1")
    run.find("a:rPr", NS).set("err", "1")
    second_run = _el(
        '<a:r xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:rPr i="1"/><a:t>tail</a:t></a:r>'
    )
    first.append(second_run)
    body.append(
        _el(
            '<a:p xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:r><a:t>more</a:t></a:r></a:p>'
        )
    )
    fill_table(frame, Table.model_validate({"type": "table", "rows": [["new"]]}))
    paragraphs = tc.findall("a:txBody/a:p", NS)
    assert len(paragraphs) == 1
    assert paragraphs[0].find("a:pPr", NS).get("algn") == "ctr"
    runs = paragraphs[0].findall("a:r", NS)
    assert [r.findtext("a:t", None, NS) for r in runs] == ["new"]
    r_pr = runs[0].find("a:rPr", NS)
    assert (r_pr.get("b"), r_pr.get("sz"), r_pr.get("err"), r_pr.get("i")) == (
        "1",
        str(row_size(0)),
        None,
        None,
    )
    out = deck.save(tmp_path / "out.pptx")
    from tests.readers import assert_readable

    assert_readable(out, template, pages=1, libreoffice=False)


def test_font_styles_apply_to_the_cells_runs(tmp_path: Path) -> None:
    font = {
        "typeface": "Georgia",
        "size": 21,
        "color": "accent2",
        "bold": True,
        "italic": True,
        "underline": True,
        "strike": True,
    }
    frame = fill_and_save(
        tmp_path, TableSpec(1, 2), {"rows": [[{"value": "a\nb", "styles": {"font": font}}, "plain"]]}
    ).frame
    styled, plain = cells(frame)[0]
    props = styled.findall("a:txBody/a:p/*/a:rPr", NS) + styled.findall("a:txBody/a:p/a:endParaRPr", NS)
    assert len(props) == 4  # two runs, one break, the end of the paragraph
    for r_pr in props:
        assert (r_pr.get("sz"), r_pr.get("b"), r_pr.get("i"), r_pr.get("u"), r_pr.get("strike")) == (
            "2100",
            "1",
            "1",
            "sng",
            "sngStrike",
        )
        assert r_pr.find("a:solidFill/a:schemeClr", NS).get("val") == "accent2"
        assert r_pr.find("a:latin", NS).get("typeface") == "Georgia"
    assert plain.find("a:txBody/a:p/a:r/a:rPr", NS).get("b") is None


def test_shape_styles_fill_outline_and_alignment(tmp_path: Path) -> None:
    shape = {"fill": "#123456", "outline": "red", "align": "right", "vertical_align": "bottom"}
    rows = [
        ["", "", ""],
        [
            "",
            {"value": "x\ny", "styles": {"shape": shape}},
            {"value": "z", "styles": {"shape": {"fill": "", "outline": ""}}},
        ],
        ["", "", ""],
    ]
    frame = fill_and_save(tmp_path, TableSpec(3, 3), {"rows": rows}).frame
    grid = cells(frame)
    styled = grid[1][1]
    tc_pr = styled.find("a:tcPr", NS)
    assert tc_pr.get("anchor") == "b"
    assert tc_pr.find("a:solidFill/a:srgbClr", NS).get("val") == "123456"
    assert [p.find("a:pPr", NS).get("algn") for p in styled.findall("a:txBody/a:p", NS)] == ["r"]
    for side in ("lnL", "lnT", "lnB"):
        assert tc_pr.find(f"a:{side}/a:solidFill/a:prstClr", NS).get("val") == "red"
    # The shared right edge belongs to the later cell too, whose outline "" removed it.
    assert tc_pr.find("a:lnR/a:noFill", NS) is not None
    # The neighbours' copies of the shared edges agree.
    assert grid[0][1].find("a:tcPr/a:lnB/a:solidFill/a:prstClr", NS).get("val") == "red"
    assert grid[2][1].find("a:tcPr/a:lnT/a:solidFill/a:prstClr", NS).get("val") == "red"
    assert grid[1][0].find("a:tcPr/a:lnR/a:solidFill/a:prstClr", NS).get("val") == "red"
    # "" removes: the right neighbour draws no fill and no borders, including the shared edge.
    removed = grid[1][2].find("a:tcPr", NS)
    assert removed.find("a:noFill", NS) is not None
    assert removed.find("a:solidFill", NS) is None
    for side in ("lnL", "lnR", "lnT", "lnB"):
        assert removed.find(f"a:{side}/a:noFill", NS) is not None
    # Borders come before the fill in a:tcPr (schema order).
    names = [c.tag.split("}")[1] for c in tc_pr]
    assert names.index("lnB") < names.index("solidFill")


def test_the_table_style_and_its_flags_stay(tmp_path: Path) -> None:
    template = build_template(tmp_path / "t.pptx", [TableSpec(3, 3)])
    before = tbl(EditedDeck(template).frame(1)).find("a:tblPr", NS)
    frame = fill_and_save(tmp_path, TableSpec(3, 3), {"rows": [["a"] * 5] * 6}).frame
    after = tbl(frame).find("a:tblPr", NS)
    assert dict(after.attrib) == dict(before.attrib)
    assert after.findtext("a:tableStyleId", None, NS) == before.findtext("a:tableStyleId", None, NS)
    assert cells(frame)[5][4].find("a:tcPr/a:solidFill/a:srgbClr", NS).get("val") == column_fill(2)


def test_check_reports_a_frame_without_a_table_and_a_table_without_rows(tmp_path: Path) -> None:
    template = build_template(tmp_path / "t.pptx", [TableSpec(2, 2)])
    frame = EditedDeck(template).frame(1)
    table = Table.model_validate({"type": "table", "rows": [["a"]]})
    for tr in tbl(frame).findall("a:tr", NS):
        tbl(frame).remove(tr)
    problems = check_table(frame, table, "slides[0].tbl")
    assert [p.path for p in problems] == ["slides[0].tbl"]
    assert "no rows" in problems[0].message
    frame.find("a:graphic/a:graphicData", NS).remove(tbl(frame))
    assert "holds no table" in check_table(frame, table, "slides[1].tbl")[0].message


def test_a_table_without_rows_is_a_data_error_with_its_path() -> None:
    from pydantic import ValidationError

    with pytest.raises(ValidationError, match="at least one row"):
        Table.model_validate({"type": "table", "rows": []})
    empty = Table.model_construct(
        type="table", rows=[], horizontal_sizing="fixed", vertical_sizing="anchor_top"
    )
    from lxml import etree

    frame = etree.fromstring(
        '<p:graphicFrame xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" '
        'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphic><a:graphicData>'
        '<a:tbl><a:tblGrid><a:gridCol w="10"/></a:tblGrid><a:tr h="10"><a:tc/></a:tr></a:tbl>'
        "</a:graphicData></a:graphic></p:graphicFrame>"
    )
    assert [str(p) for p in check_table(frame, empty, "slides[0].sales")] == [
        "slides[0].sales.rows: a table needs at least one row with at least one cell"
    ]


def _el(xml: str):  # type: ignore[no-untyped-def]
    from lxml import etree

    return etree.fromstring(xml)
