"""Cells the table stencil made holding one line of text are measured by their template cell's
line form and their text (measure.RowNeeds with ``made``), never walked one by one, and measure
exactly as the walk does."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from deckkit.model.elements import Table
from deckkit.ooxml.opc.package import open_package
from deckkit.renderer.fill.autofit import TextMeasure
from deckkit.renderer.fill.masterstyles import MasterStyles
from deckkit.renderer.table.filler import fill_table
from deckkit.renderer.table.grid import grid_of, rows_of, table_of
from tests.renderer.core_kit import NS, blank_slide, new_presentation


class _Counted(TextMeasure):
    """A TextMeasure that counts what it is asked."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.asked: Counter[str] = Counter()

    def __call__(self, body: Any, width: int) -> int:
        self.asked["walked"] += 1
        return super().__call__(body, width)

    def line_form(self, body: Any) -> Any:
        self.asked["line form"] += 1
        return super().line_form(body)


def _filled(save_template: Any, rows: list[list[str]]) -> tuple[Any, Any, Any]:
    """A 2 x 2 template table (14 pt header, 11 pt body, wider margins in one body cell) filled
    with rows; (slide, tbl, the cells made with one line of text)."""
    from pptx.util import Inches, Pt

    prs = new_presentation()
    frame = blank_slide(prs).shapes.add_table(2, 2, Inches(1), Inches(1), Inches(4), Inches(1))
    for row, size in ((0, 14), (1, 11)):
        for col in range(2):
            cell = frame.table.cell(row, col)
            cell.text = "x"
            cell.text_frame.paragraphs[0].runs[0].font.size = Pt(size)
    # Margins of its own on one template cell: the cells made of it are measured within them.
    frame.table.cell(1, 1).margin_left = Inches(0.4)
    frame.table.cell(1, 1).margin_bottom = Inches(0.2)
    package = open_package(save_template(prs).read_bytes())
    (slide,) = package.slides()
    graphic = slide.xml.find(".//p:graphicFrame", NS)
    made = fill_table(graphic, Table(rows=rows))
    return slide, table_of(graphic), made


@pytest.mark.usefixtures("stencils_on")
def test_made_cells_measure_as_walked_cells_with_one_look_per_template_cell(save_template: Any) -> None:
    from deckkit.renderer.table.measure import RowNeeds

    rows = [["Region", "Revenue"]] + [
        [f"Region {i}", "a long note that wraps in a two-inch column " * (i % 3)] for i in range(1, 40)
    ]
    slide, tbl, cells = _filled(save_template, rows)
    assert cells is not None
    assert sum(line is not None for row in cells.lines for line in row) == sum(
        1 for row in rows for text in row if text
    )
    # No cell of these rows is merged or left empty: each is measured without looking at it.
    assert [bool(row[1]) for row in rows] == list(cells.whole)
    widths = [int(c.get("w")) for c in grid_of(tbl).iterfind("a:gridCol", NS)]
    walked = _Counted(slide, MasterStyles())
    made = _Counted(slide, MasterStyles())
    by_walking, by_form = RowNeeds(tbl, widths, walked), RowNeeds(tbl, widths, made, cells)
    expected = [by_walking[i] for i in range(len(rows_of(tbl)))]
    assert [by_form[i] for i in range(len(rows_of(tbl)))] == expected
    assert walked.asked["walked"] == 2 * len(rows), "every cell walked, an empty one too"
    # One look at each template cell's form (header and body, two columns); the bodies walked
    # are the first of each form, the empty notes (made otherwise) and the notes that wrap (more
    # than one line: measured whole).
    assert made.asked["line form"] == 4
    empty = sum(1 for row in rows if not row[1])
    wrapping = len(rows) - 1 - empty
    assert made.asked["walked"] <= 4 + empty + wrapping < walked.asked["walked"]

    # The template cells' forms stay with the table stencil: the next fill of the same template
    # table measures its made cells without looking at a template cell again.
    slide, tbl, cells = _filled(save_template, rows)
    again = _Counted(slide, MasterStyles())
    assert [RowNeeds(tbl, widths, again, cells)[i] for i in range(len(rows_of(tbl)))] == expected
    assert again.asked["line form"] == 0


@pytest.mark.usefixtures("stencils_on")
def test_a_row_holding_a_merges_first_cell_measures_as_walked(save_template: Any) -> None:
    """A cell spanning rows shares their height (it is left out of its first row's need): the
    row it starts in is measured cell by cell, though every cell of it was made with one line."""
    from pptx.util import Inches, Pt

    from deckkit.renderer.table.measure import RowNeeds

    prs = new_presentation()
    frame = blank_slide(prs).shapes.add_table(3, 2, Inches(1), Inches(1), Inches(4), Inches(1.5))
    for row in range(3):
        for col in range(2):
            cell = frame.table.cell(row, col)
            cell.text = "x"
            cell.text_frame.paragraphs[0].runs[0].font.size = Pt(12)
    frame.table.cell(1, 0).merge(frame.table.cell(2, 0))
    package = open_package(save_template(prs).read_bytes())
    (slide,) = package.slides()
    graphic = slide.xml.find(".//p:graphicFrame", NS)
    rows = [["Region", "Revenue"], ["a long note that wraps in a two-inch column " * 3, "1"], ["", "2"]]
    cells = fill_table(graphic, Table(rows=rows))
    assert cells is not None
    tbl = table_of(graphic)
    assert None not in cells.lines[1], "both cells of the merge's first row made with one line"
    assert list(cells.whole) == [True, False, False]
    widths = [int(c.get("w")) for c in grid_of(tbl).iterfind("a:gridCol", NS)]
    walked = RowNeeds(tbl, widths, TextMeasure(slide, MasterStyles()))
    by_form = RowNeeds(tbl, widths, TextMeasure(slide, MasterStyles()), cells)
    expected = [walked[i] for i in range(3)]
    assert [by_form[i] for i in range(3)] == expected
    assert expected[1] < 2 * expected[0], "the merged cell's three lines are not its first row's"


def test_one_line_by_length_answers_as_the_body_measures(save_template: Any) -> None:
    """A one-line cell's text is answered by its length alone when that many of the run's widest
    ASCII character stay one line: never for a text that wraps, whatever its characters."""
    from lxml import etree

    slide, _, _ = _filled(save_template, [["x", "y"]])
    a = f"{{{NS['a']}}}"

    def body(*runs: str) -> Any:
        tx_body = etree.Element(a + "txBody", nsmap={"a": NS["a"]})
        etree.SubElement(tx_body, a + "bodyPr")
        paragraph = etree.SubElement(tx_body, a + "p")
        for text in runs:
            run = etree.SubElement(paragraph, a + "r")
            etree.SubElement(run, a + "rPr", sz="1800")
            etree.SubElement(run, a + "t").text = text
        return tx_body

    measure = TextMeasure(slide, MasterStyles())
    one = measure(body("x"), 10**7)
    form = measure.line_form(body("x"))
    answered = 0
    # Widths around where 6 to 8 of the widest characters ('@', 'W', 'M') stop fitting; the text
    # split over two runs of its formatting is measured whole, line by line.
    for width in range(1_000_000, 1_700_000, 9_973):
        for text in ("@@@@@@@", "WWWWWWW", "MMMMMMM", "iiiiiiii", "906,845", "@@@@@@@@", "Region 10"):
            found = measure.one_line(form, text, width)
            if found is not None:
                answered += 1
                assert found == one == measure(body(text[:1], text[1:]), width), (text, width)
    assert answered > 0
