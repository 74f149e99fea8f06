"""The embedded workbook edited in place: the block, its neighbours, tables, prefixes, references."""

from __future__ import annotations

import io
import re
import zipfile

import openpyxl
import pytest

from deckkit.renderer.chart.workbook.editor import (
    CellRange,
    ChartWorkbook,
    NumberText,
    format_formula,
    parse_formula,
)


def workbook() -> bytes:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "My data"
    ws.append([None, "S1", "S2"])
    ws.append(["a", 1, 2])
    ws.append(["b", 3, 4])
    ws["A10"] = "note below"
    ws["F2"] = "note beside"
    ws["E5"] = "=SUM(B2:C3)"
    wb.create_sheet("Other")["A1"] = "other"
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def values(data: bytes, sheet: str = "My data") -> dict[str, object]:
    ws = openpyxl.load_workbook(io.BytesIO(data))[sheet]
    return {c.coordinate: c.value for row in ws.iter_rows() for c in row if c.value is not None}


GRID = [
    [None, "S1", "New"],
    ["x", NumberText("1.5"), NumberText("7")],
    ["y", None, NumberText("8")],
    ["z", NumberText("3"), NumberText("9")],
]


def test_block_replaced_and_neighbours_kept() -> None:
    book = ChartWorkbook.open(workbook())
    assert book is not None
    assert book.sheet_names == ["My data", "Other"]
    out = book.write_block("My data", CellRange(1, 1, 3, 3), 1, 1, GRID)
    got = values(out)
    assert got == {
        "B1": "S1",
        "C1": "New",
        "A2": "x",
        "B2": 1.5,
        "C2": 7,
        "F2": "note beside",
        "A3": "y",
        "C3": 8,
        "A4": "z",
        "B4": 3,
        "C4": 9,
        "E5": "=SUM(B2:C3)",
        "A10": "note below",
    }
    assert values(out, "Other") == {"A1": "other"}
    sheet = zipfile.ZipFile(io.BytesIO(out)).read("xl/worksheets/sheet1.xml").decode()
    assert '<dimension ref="A1:F10"/>' in sheet
    assert re.findall(r'<row r="(\d+)"', sheet) == ["1", "2", "3", "4", "5", "10"]


def test_fewer_rows_empty_the_old_block() -> None:
    book = ChartWorkbook.open(workbook())
    assert book is not None
    out = book.write_block("My data", CellRange(1, 1, 3, 3), 1, 1, [[None, "S1"], ["only", NumberText("5")]])
    got = values(out)
    assert "A3" not in got
    assert "B3" not in got
    assert "C1" not in got
    assert got["A2"] == "only"
    assert got["B2"] == 5


def test_sheet_with_prefixed_namespace() -> None:
    data = workbook()
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        parts = {i.filename: z.read(i.filename) for i in z.infolist()}
    xml = parts["xl/worksheets/sheet1.xml"].decode()
    xml = re.sub(r"<(/?)(\w+)", r"<\1x:\2", xml).replace('xmlns="', 'xmlns:x="', 1)
    parts["xl/worksheets/sheet1.xml"] = xml.encode()
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, body in parts.items():
            z.writestr(name, body)
    book = ChartWorkbook.open(buf.getvalue())
    assert book is not None
    out = book.write_block("My data", CellRange(1, 1, 3, 3), 1, 1, GRID)
    assert values(out)["C4"] == 9


def test_unreadable_bytes_are_no_workbook() -> None:
    assert ChartWorkbook.open(b"not a zip") is None


@pytest.mark.parametrize(
    ("formula", "sheet", "rng"),
    [
        ("Sheet1!$B$2:$B$4", "Sheet1", CellRange(2, 2, 4, 2)),
        ("'My data'!$A$1", "My data", CellRange(1, 1, 1, 1)),
        ("'It''s'!$C$3:$D$3", "It's", CellRange(3, 3, 3, 4)),
    ],
)
def test_formulas_read_and_written(formula: str, sheet: str, rng: CellRange) -> None:
    assert parse_formula(formula) == (sheet, rng)
    assert format_formula(sheet, rng) == formula


def test_formula_that_is_not_a_plain_range() -> None:
    assert parse_formula("(Sheet1!$A$1,Sheet1!$A$3)") is None
