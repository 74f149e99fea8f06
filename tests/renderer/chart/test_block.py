"""Workbook blocks given as columns of plain texts: the same workbook as the typed rows they stand for."""

from __future__ import annotations

import random

import pytest

from deckkit.renderer.chart.series import (
    _categories_xml,
    _points,
    _points_with_gaps,
    categories_xml,
    number_texts,
)
from deckkit.renderer.chart.workbook import prepared
from deckkit.renderer.chart.workbook.block import Column, Columns
from deckkit.renderer.chart.workbook.cells import CellValue, DateNumber, NumberText, format_number
from deckkit.renderer.chart.workbook.editor import ChartWorkbook
from deckkit.renderer.chart.workbook.prepared import BlockEdit
from deckkit.renderer.chart.workbook.refs import CellRange

from .test_prepared import SHEET, general, parts, template

# What the stencils replay is held against the general path: on, whichever way the suite runs.
pytestmark = pytest.mark.usefixtures("stencils_on")


@pytest.fixture(autouse=True)
def empty_memo() -> None:
    prepared._MEMO.clear()


def written(data: bytes, cells: Columns | list[list[CellValue]], edit: BlockEdit) -> bytes:
    book = ChartWorkbook.open(data)
    assert book is not None
    return book.write_block(
        "Data", edit.clear, edit.top, edit.left, cells, edit.date_format, edit.style_sources
    )


def random_columns(rng: random.Random, transposed: bool) -> Columns:
    rows = rng.randint(1, 6)
    texts = " a&<>{}é\t"

    def number() -> str | None:
        return (
            None
            if rng.random() < 0.2
            else format_number(rng.choice([rng.uniform(-1e6, 1e6), rng.randint(0, 9)]))
        )

    labels: list[CellValue] = [
        rng.choice([None, NumberText("7"), "".join(rng.choice(texts) for _ in range(rng.randint(1, 4)))])
        for _ in range(rows)
    ]
    columns = [rng.choice([Column(None, labels), Column(None, [number() for _ in range(rows)], DateNumber)])]
    for j in range(rng.randint(1, 3)):
        columns.append(
            Column(rng.choice([None, f"S{j}", f" S {j}"]), [number() for _ in range(rows)], NumberText)
        )
    return Columns(columns, transposed)


@pytest.mark.parametrize("table", [False, True])
@pytest.mark.parametrize("transposed", [False, True])
def test_columns_write_what_their_rows_write(table: bool, transposed: bool) -> None:
    data = template(table)
    edit = BlockEdit(SHEET, CellRange(1, 1, 3, 3), 1, 1, "m/d/yyyy", ())
    rng = random.Random(18)
    for _ in range(40):
        cells = random_columns(rng, transposed)
        out = written(data, cells, edit)  # prepared after the first of a shape
        assert parts(out) == parts(general(data, edit, cells.grid()))
        assert out == written(data, cells.grid(), edit)


def test_columns_values_and_grid_agree() -> None:
    cells = Columns(
        [
            Column(None, ["a", "b"]),
            Column("S", ["1", None], NumberText),
            Column(" T", ["3", "4"], DateNumber),
        ],
        transposed=False,
    )
    assert cells.grid() == [
        [None, "S", " T"],
        ["a", NumberText("1"), DateNumber("3")],
        ["b", None, DateNumber("4")],
    ]
    assert [type(v) for v in cells.grid()[1]] == [str, NumberText, DateNumber]
    assert cells.values() == [None, "S", " T", "a", "1", "3", "b", None, "4"]
    assert cells.text_positions() == [1, 2, 3, 6]
    flipped = Columns(cells.columns, transposed=True)
    assert flipped.values() == [None, "a", "b", "S", "1", None, " T", "3", "4"]
    assert flipped.text_positions() == [1, 2, 3, 6]
    assert cells.shape() != flipped.shape()
    gap_moved = Columns([cells.columns[0], Column("S", [None, "1"], NumberText), cells.columns[2]], False)
    assert gap_moved.shape()[0] != cells.shape()[0]


def test_points_joined_in_c_as_in_general() -> None:
    rng = random.Random(3)
    for size in (1, 2, 63, 64, 65, 300):
        texts = number_texts([rng.uniform(-100, 100) for _ in range(size)])
        assert _points(texts) == _points_with_gaps(texts)
    assert _points([]) == ""
    assert _points(["1", None, ""]) == _points_with_gaps(["1", None, ""])


def test_number_texts_are_plain_and_as_format_number() -> None:
    values = [3.0, 1.5, None, -0.0, 1e22, 2.5e-7, 7, 10.0]
    texts = number_texts(values)
    assert texts == [None if v is None else format_number(v) for v in values]
    assert {type(t) for t in texts} == {str, type(None)}


def test_category_labels_remembered_as_made() -> None:
    for labels in (["a", "b&c", " d ", ""], ["a", "b&c", " d ", ""], [f"L{i}<" for i in range(1_001)]):
        for ref in (None, "Sheet1!$A$2:$A$5"):
            assert categories_xml(labels, ref) == _categories_xml.__wrapped__(tuple(labels), ref)
    assert "b&amp;c" in categories_xml(["a", "b&c"], None)


def test_large_blocks_take_the_general_edit_with_typed_rows() -> None:
    data = template()
    edit = BlockEdit(SHEET, CellRange(1, 1, 3, 3), 1, 1, "m/d/yyyy", ())
    rows = prepared.MAX_PREPARED_CELLS // 2
    body = [str(i) for i in range(rows)]
    cells = Columns([Column(None, [f"r{i}" for i in range(rows)]), Column("S", body, NumberText)], False)
    assert cells.size() > prepared.MAX_PREPARED_CELLS
    assert [type(v) for v in cells.grid()[1]] == [str, NumberText]
    gapped = Columns([cells.columns[0], Column("S", [None, *body[1:]], NumberText)], False)
    assert [type(v) for v in gapped.grid()[1]] == [str, type(None)]
    for block in (cells, gapped):
        assert written(data, block, edit) == written(data, block.grid(), edit)
    assert not prepared._MEMO  # never prepared
