"""Block edits prepared once per workbook and shape: each copy's output is the general edit's, byte for byte."""

from __future__ import annotations

import io
import random
import zipfile
from collections.abc import Sequence

import openpyxl
import pytest
from lxml import etree
from openpyxl.worksheet.table import Table

from deckkit.ooxml.namespaces import S
from deckkit.renderer.chart.workbook import prepared
from deckkit.renderer.chart.workbook.cells import CellValue, DateNumber, NumberText
from deckkit.renderer.chart.workbook.editor import ChartWorkbook, _edit_block
from deckkit.renderer.chart.workbook.followed import StyleSource
from deckkit.renderer.chart.workbook.package import XlsxPackage
from deckkit.renderer.chart.workbook.prepared import BlockEdit
from deckkit.renderer.chart.workbook.refs import CellRange
from deckkit.renderer.stencil.markers import numbered

Grid = list[list[CellValue]]
SHEET = "xl/worksheets/sheet1.xml"

# What the stencils replay is held against the general path: on, whichever way the suite runs.
pytestmark = pytest.mark.usefixtures("stencils_on")


def template(table: bool = False, title: str = "Data") -> bytes:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = title
    ws.append(["", "S1", "S2"])
    ws.append(["a", 1, 2])
    ws.append(["b", 3, 4])
    ws["B2"].number_format = "0.0%"
    ws["F2"] = "note beside"
    ws["A10"] = "note below"
    if table:
        ws.add_table(Table(displayName="T1", ref="A1:C3"))
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def general(data: bytes, edit: BlockEdit, grid: Sequence[Sequence[CellValue]]) -> bytes:
    """The general edit alone, never prepared."""
    package = XlsxPackage(data)
    _edit_block(package, edit, grid)
    return package.write()


def parts(xlsx: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(xlsx)) as z:
        return {name: z.read(name) for name in z.namelist()}


def write(data: bytes, grid: Grid, edit: BlockEdit | None = None) -> bytes:
    edit = edit or BlockEdit(SHEET, CellRange(1, 1, 3, 3), 1, 1, "m/d/yyyy", ())
    book = ChartWorkbook.open(data)
    assert book is not None
    out = book.write_block(
        "Data", edit.clear, edit.top, edit.left, grid, edit.date_format, edit.style_sources
    )
    assert out == general(data, edit, grid)
    return out


def numbers(rows: int, cols: int, start: int = 0, label: str = "row") -> Grid:
    header: list[CellValue] = [None, *(f"Series {j}" for j in range(cols))]
    return [header] + [
        [f"{label} {i}", *(NumberText(str(start + i * cols + j)) for j in range(cols))] for i in range(rows)
    ]


@pytest.fixture(autouse=True)
def empty_memo() -> None:
    prepared._MEMO.clear()


def memo_of(data: bytes) -> list[object]:
    """The stencils made of the workbook (None for each shape that could not be)."""
    return list(prepared._MEMO.made(XlsxPackage(data).source))


@pytest.mark.parametrize("table", [False, True])
def test_copies_of_one_shape_get_their_own_values(table: bool) -> None:
    data = template(table)
    first = write(data, numbers(5, 2))
    second = write(data, numbers(5, 2, start=100, label="other"))
    assert len(memo_of(data)) == 1  # prepared once, used twice
    assert b"row 4" in parts(first)[SHEET]
    assert b"row 4" not in parts(second)[SHEET]
    assert b"other 4" in parts(second)[SHEET]


@pytest.mark.parametrize("table", [False, True])
def test_header_names_follow_each_copy(table: bool) -> None:
    data = template(table)
    for names in (["North", "South"], ["East", "West"], [" spaced ", "a&b<c>{0}"]):
        grid = numbers(3, 2)
        grid[0] = [None, *names]
        out = parts(write(data, grid))
        if table:
            columns = etree.fromstring(out["xl/tables/table1.xml"]).iter(f"{{{S}}}tableColumn")
            assert [c.get("name") for c in columns] == ["Column1", *names]


def test_two_templates_and_shapes_never_share_cells() -> None:
    one, other = template(), template(title="Data", table=True)
    for rows, cols in [(3, 2), (6, 3), (3, 2), (2, 1), (6, 3)]:
        write(one, numbers(rows, cols, start=rows))
        write(other, numbers(rows, cols, start=-rows))
    assert len(memo_of(one)) == 3
    assert len(memo_of(other)) == 3


def test_date_labels_and_number_labels_of_one_shape() -> None:
    data = template()
    dated: Grid = [
        [None, "S1"],
        [DateNumber("45000"), NumberText("1")],
        [DateNumber("45001"), NumberText("2")],
    ]
    plain: Grid = [
        [None, "S1"],
        [NumberText("45000"), NumberText("1")],
        [NumberText("45001"), NumberText("2")],
    ]
    for grid in (dated, plain, dated):
        write(data, grid)
    for fmt in ("d-mmm", "yyyy-mm-dd"):
        write(data, dated, BlockEdit(SHEET, CellRange(1, 1, 3, 3), 1, 1, fmt, ()))
    assert parts(write(data, plain))["xl/styles.xml"] == parts(data)["xl/styles.xml"]


def test_texts_that_need_care() -> None:
    data = template()
    texts = ("  spaced ", "{1}{x}", "a & b < c > d", "ünï ☃ 𝄞", "tab\there", "]]>", "bad\x01char", "cr\rhere")
    # Rows 2 and 3 are the template's (re-serialized by lxml), row 5 is new (written as text).
    for text in (*texts, "", "\x01\x02", "\n"):
        grid = numbers(4, 2)
        grid[1][0] = grid[4][2] = text
        grid[2][1] = None
        write(data, grid)
    assert any(made is not None for made in memo_of(data))


def test_followed_styles_and_blocks_elsewhere() -> None:
    data = template()
    follow = (StyleSource(CellRange(2, 3, 6, 3), CellRange(2, 2, 3, 2)),)
    for edit in (
        BlockEdit(SHEET, CellRange(1, 1, 3, 3), 1, 1, "m/d/yyyy", follow),
        BlockEdit(SHEET, None, 4, 2, "m/d/yyyy", ()),
        BlockEdit(SHEET, CellRange(1, 1, 3, 3), 2, 5, "m/d/yyyy", ()),  # beside the kept F2
    ):
        write(data, numbers(5, 2), edit)
        write(data, numbers(5, 2, start=7), edit)


def test_a_book_written_twice_takes_the_general_edit() -> None:
    data = template()
    book = ChartWorkbook.open(data)
    assert book is not None
    book.write_block("Data", CellRange(1, 1, 3, 3), 1, 1, numbers(3, 2))
    # The second write sees the first one's sheet: nothing prepared from the template applies.
    again = book.write_block("Data", CellRange(1, 1, 4, 3), 1, 1, numbers(2, 2, start=50))
    package = XlsxPackage(data)
    edit = BlockEdit(SHEET, CellRange(1, 1, 3, 3), 1, 1, "m/d/yyyy", ())
    _edit_block(package, edit, numbers(3, 2))
    _edit_block(
        package, BlockEdit(SHEET, CellRange(1, 1, 4, 3), 1, 1, "m/d/yyyy", ()), numbers(2, 2, start=50)
    )
    assert again == package.write()


def test_the_memo_is_bounded_and_large_blocks_are_not_prepared() -> None:
    data = template()
    for rows in range(1, prepared.MAX_PREPARED_PER_WORKBOOK + 6):
        write(data, numbers(rows, 1))
    assert len(memo_of(data)) == prepared.MAX_PREPARED_PER_WORKBOOK
    prepared._MEMO.clear()
    write(data, numbers(prepared.MAX_PREPARED_CELLS // 3 + 1, 2))
    assert not memo_of(data)


def test_a_sheet_holding_what_looks_like_a_marker_is_written_as_the_general_edit_writes_it() -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Data"
    # Written as a character reference, which the edit writes back as the character.
    ws["A1"], ws["H1"] = "x", f'="looks like a marker: \ue0001\ue001 {numbered(0)[:-3]}"'
    out = io.BytesIO()
    wb.save(out)
    data = out.getvalue()
    write(data, numbers(3, 2))
    write(data, numbers(3, 2, start=9))
    assert [made is not None for made in memo_of(data)] == [True]  # write() held it to the general edit


def test_random_texts_in_template_rows_and_new_rows() -> None:
    data = template()
    alphabet = " \t\n&<>\"'{}=;aé\u2028\x85\x7f\ud7ff\ufffd\U0001f600"
    rng = random.Random(14)
    for _ in range(60):
        grid = numbers(4, 2)
        for row, col in ((0, 1), (1, 0), (3, 0), (4, 0)):
            grid[row][col] = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 6)))
        write(data, grid)
