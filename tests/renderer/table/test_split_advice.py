"""The split advice of a table's off-slide warning, followed: in Python with Deck.add_table_slides,
in data.json by the header row and at most N more rows a slide; every page measured as drawn.

A row that does not fit a slide even with only the header row is named, with the cell whose text
is the tallest; shortened as told, the table fits.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import deckkit
from deckkit.renderer import render
from tests.renderer.core_kit import EMU_INCH, blank_slide, new_presentation, set_alt_text
from tests.renderer.table.fit_kit import DrawnTable, drawn_tables

NOTE = "a note that wraps over two lines of this column even at the floor of 6 pt, as some notes do"


def _template(save_template: Any, *, top: float = 2, height: float = 2) -> Path:
    """A 10 x 7.5 in slide with a 2-row table 6 x ``height`` in at (1, ``top``) in: 20 pt header, 14 pt body."""
    from pptx.util import Inches, Pt

    prs = new_presentation()
    frame = blank_slide(prs).shapes.add_table(2, 2, Inches(1), Inches(top), Inches(6), Inches(height))
    set_alt_text(frame, "sales")
    for row, size in ((0, 20), (1, 14)):
        for col in range(2):
            cell = frame.table.cell(row, col)
            cell.text = "x"
            cell.text_frame.paragraphs[0].runs[0].font.size = Pt(size)
    return save_template(prs)


def _rows(n: int, *, tall_from: int, notes: int = 1) -> list[list[str]]:
    """A header and n rows; from row ``tall_from`` on, the second column's text wraps (``notes``
    times the note)."""
    note = " ".join([NOTE] * notes)
    return [["Region", "Note"]] + [[f"Region {i}", note if i >= tall_from else "-"] for i in range(1, n + 1)]


_more = re.compile(r"the header row and at most (\d+) more on each")


def _off(result: deckkit.RenderResult) -> list[str]:
    return [str(w) for w in result.warnings if w.kind == "off slide"]


def _fits(table: DrawnTable, sizing: str) -> bool:
    return table.fits_slide() and (table.fits_frame() or sizing != "fixed") and table.frame.y >= 0


def _table(rows: list[list[str]], sizing: str) -> dict[str, Any]:
    return {"type": "table", "rows": rows, "vertical_sizing": sizing}


def _pages_of(rows: list[list[str]], more: int) -> list[list[list[str]]]:
    """The header row and ``more`` rows a page, as a data.json would split them."""
    return [rows[:1] + rows[i : i + more] for i in range(1, len(rows), more)]


# The fixed table's 2 in frame is a tie: the header (0.2 in at 6 pt) and six rows of two lines
# (0.3 in) fill it exactly, drawn shared by what each row needs (table/shrink.shared_heights), though
# the header's share of the frame is 0.29 in: the advice counts the six, as the filler draws them.
@pytest.mark.parametrize(
    ("sizing", "top", "notes", "height"),
    [
        ("fixed", 2.0, 1, 2),
        ("anchor_top", 2.0, 4, 2),
        ("anchor_top", 4.5, 2, 2),
        ("anchor_bottom", 1.0, 2, 2),
    ],
)
def test_the_split_advised_fits_every_page_when_later_rows_are_taller(
    save_template: Any, check_render: Any, sizing: str, top: float, notes: int, height: float
) -> None:
    template = _template(save_template, top=top, height=height)
    # taller than the template's 1 in rows for the anchored tables, than their shares for "fixed"
    rows = _rows(40, tall_from=12, notes=notes)
    (warning,) = _off(render(template, [{"template": 1, "sales": _table(rows, sizing)}]))
    found = re.search(
        r"split the rows over several slides, the header row and at most (\d+) more on each", warning
    )
    assert found is not None, warning
    assert warning.endswith("(in Python Deck.add_table_slides does it)"), warning
    more = int(found.group(1))

    # data.json: the header row and `more` rows a slide, the last page with what is left
    result = render(
        template, [{"template": 1, "sales": _table(page, sizing)} for page in _pages_of(rows, more)]
    )
    check_render(result.pptx, template, pages=len(_pages_of(rows, more)))
    assert _off(result) == []
    assert all(_fits(table, sizing) for (table,) in drawn_tables(result.pptx))
    # one more row a slide leaves some page: the count is the most that holds for every slide
    fuller = render(
        template, [{"template": 1, "sales": _table(page, sizing)} for page in _pages_of(rows, more + 1)]
    )
    assert not all(_fits(table, sizing) for (table,) in drawn_tables(fuller.pptx)), sizing

    # Python: Deck.add_table_slides, as the warning says
    deck = deckkit.Deck(template)
    pages = deck.add_table_slides(1, "sales", deckkit.Table(rows=rows, vertical_sizing=sizing))
    assert [row for page in pages for row in page.values["sales"].rows[1:]] == rows[1:]
    done = deck.render()
    check_render(done.pptx, template, pages=len(pages))
    assert done.warnings == []
    assert all(_fits(table, sizing) for (table,) in drawn_tables(done.pptx))


def test_the_count_is_that_of_the_tallest_rows_not_the_first(save_template: Any, check_render: Any) -> None:
    """The first rows are short: at the count they fit (what the advice named when it counted the
    first rows only), the later, taller rows leave the frame; the count named holds for them."""
    template = _template(save_template)
    short = _rows(40, tall_from=99)
    (warning,) = _off(render(template, [{"template": 1, "sales": _table(short, "fixed")}]))
    first = int(_more.search(warning).group(1))  # type: ignore[union-attr]
    rows = _rows(40, tall_from=12)  # rows 1 to 11 as short as those, the first page's worth
    assert first <= 11
    (warning,) = _off(render(template, [{"template": 1, "sales": _table(rows, "fixed")}]))
    named = int(_more.search(warning).group(1))  # type: ignore[union-attr]
    assert named < first
    overflowing = render(
        template, [{"template": 1, "sales": _table(page, "fixed")} for page in _pages_of(rows, first)]
    )
    check_render(overflowing.pptx, template, pages=len(_pages_of(rows, first)))
    assert _off(overflowing), "the first rows' count leaves the frame on a later page"


def test_a_row_too_tall_for_any_slide_is_named_and_shortened_it_fits(
    save_template: Any, check_render: Any
) -> None:
    template = _template(save_template)
    rows = _rows(3, tall_from=99)
    rows[2][1] = " ".join(["a paragraph far too long for one slide's table"] * 40)
    for sizing in ("fixed", "anchor_top"):
        (warning,) = _off(render(template, [{"template": 1, "sales": _table(rows, sizing)}]))
        assert "split the rows" not in warning, warning
        found = re.search(
            r"row 2 with the header row needs (\d+\.\d) in(?: at the floor of 6 pt)?, more than the "
            r"(\d+\.\d) in a slide has for the table: shorten the text of rows\[2\]\[1\], the tallest in them",
            warning,
        )
        assert found is not None, warning
        assert float(found.group(1)) > float(found.group(2))
        assert float(found.group(2)) == (2.0 if sizing == "fixed" else 5.5)
        # followed: the text shortened, the table fits (no split needed for 3 rows)
        shortened = [list(row) for row in rows]
        shortened[2][1] = "a short note"
        result = render(template, [{"template": 1, "sales": _table(shortened, sizing)}])
        check_render(result.pptx, template, pages=1)
        assert _off(result) == [], sizing
        ((table,),) = drawn_tables(result.pptx)
        assert _fits(table, sizing)


def test_a_header_too_tall_for_the_frame_is_named(save_template: Any, check_render: Any) -> None:
    template = _template(save_template, height=0.5)
    rows = [["Region", " ".join(["a header that runs on"] * 12)], ["Region 1", "-"]]
    (warning,) = _off(render(template, [{"template": 1, "sales": _table(rows, "fixed")}]))
    assert re.search(
        r"row 1 with the header row needs \d+\.\d in at the floor of 6 pt, more than the 0\.5 in a slide has "
        r"for the table: shorten the text of rows\[0\]\[1\], the tallest in them",
        warning,
    ), warning
    rows[0][1] = "Note"
    result = render(template, [{"template": 1, "sales": _table(rows, "fixed")}])
    check_render(result.pptx, template, pages=1)
    assert _off(result) == []
    ((table,),) = drawn_tables(result.pptx)
    assert table.fits_frame()
    assert table.drawn <= 0.5 * EMU_INCH + 12700


def test_a_fixed_frame_past_the_slides_edge_is_told_to_move_and_moved_it_fits(
    save_template: Any, check_render: Any
) -> None:
    rows = _rows(3, tall_from=99)
    (warning,) = _off(
        render(_template(save_template, top=6.5), [{"template": 1, "sales": _table(rows, "fixed")}])
    )
    assert warning.endswith("the template's frame reaches past the slide's edge: move it in PowerPoint"), (
        warning
    )
    moved = _template(save_template, top=5.5)
    result = render(moved, [{"template": 1, "sales": _table(rows, "fixed")}])
    check_render(result.pptx, moved, pages=1)
    assert _off(result) == []
    ((table,),) = drawn_tables(result.pptx)
    assert _fits(table, "fixed")


def test_each_row_of_a_page_takes_the_template_height_of_its_place(
    save_template: Any, check_render: Any
) -> None:
    """The template's first body row is tall, its second short: in the whole table only row 1 is
    tall, but on each page of the split the first row after the header is; the count allows for it
    where the later rows' text makes them taller than the short row."""
    from pptx.util import Inches, Pt

    prs = new_presentation()
    frame = blank_slide(prs).shapes.add_table(3, 2, Inches(1), Inches(1), Inches(6), Inches(1.9))
    set_alt_text(frame, "sales")
    for row, height in enumerate((0.4, 1.2, 0.3)):
        frame.table.rows[row].height = Inches(height)
        for col in range(2):
            cell = frame.table.cell(row, col)
            cell.text = "x"
            cell.text_frame.paragraphs[0].runs[0].font.size = Pt(12)
    template = save_template(prs)
    rows = _rows(60, tall_from=30)
    (warning,) = _off(render(template, [{"template": 1, "sales": _table(rows, "anchor_top")}]))
    more = int(_more.search(warning).group(1))  # type: ignore[union-attr]
    result = render(
        template, [{"template": 1, "sales": _table(page, "anchor_top")} for page in _pages_of(rows, more)]
    )
    assert _off(result) == []
    assert all(_fits(table, "anchor_top") for (table,) in drawn_tables(result.pptx))
    fuller = render(
        template, [{"template": 1, "sales": _table(page, "anchor_top")} for page in _pages_of(rows, more + 1)]
    )
    assert _off(fuller), "one more row a slide: a page of the taller rows leaves the slide"
    pages = deckkit.Deck(template).add_table_slides(1, "sales", deckkit.Table(rows=rows))
    assert min(len(page.values["sales"].rows) - 1 for page in pages[:-1]) == more


def test_add_table_slides_is_not_named_when_no_row_fits_at_its_own_size(
    save_template: Any, check_render: Any
) -> None:
    """Deck.add_table_slides measures a fixed page at the designer's sizes: where a row fits only
    with its text shrunk, it would refuse, so the advice names the split alone, and that fits."""
    template = _template(save_template)
    rows = _rows(40, tall_from=12, notes=3)
    (warning,) = _off(render(template, [{"template": 1, "sales": _table(rows, "fixed")}]))
    found = re.search(r"the header row and at most (\d+) more on each with their text shrunk$", warning)
    assert found is not None, warning
    with pytest.raises(deckkit.DataError, match=r"rows\[12\]: row 12 alone"):
        deckkit.Deck(template).add_table_slides(1, "sales", deckkit.Table(rows=rows, vertical_sizing="fixed"))
    pages = _pages_of(rows, int(found.group(1)))
    result = render(template, [{"template": 1, "sales": _table(page, "fixed")} for page in pages])
    check_render(result.pptx, template, pages=len(pages))
    assert _off(result) == []
    assert all(_fits(table, "fixed") for (table,) in drawn_tables(result.pptx))
