"""A vertical_sizing="fixed" table whose rows cannot hold their text: the text is shrunk to fit, to a floor.

Every check of "fits" is a measurement of the rendered deck (fit_kit): the rows as drawn, each as
tall as its text needs, within the frame and the slide.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import deckkit
from deckkit.renderer import render
from tests.renderer.core_kit import EMU_INCH, RenderedPptx, blank_slide, new_presentation, set_alt_text
from tests.renderer.table.fit_kit import drawn_tables


def _template(
    save_template: Any, *, name: str = "Sales", header: float = 20, body: float = 14, height: float = 2
) -> Path:
    """A 10 x 7.5 in slide with a 2-row table 6 x 2 in (``height``) at (1, 2) in: header and body text sizes."""
    from pptx.util import Inches, Pt

    prs = new_presentation()
    slide = blank_slide(prs)
    frame = slide.shapes.add_table(2, 2, Inches(1), Inches(2), Inches(6), Inches(height))
    frame.name = name
    set_alt_text(frame, "sales")
    for row, size in ((0, header), (1, body)):
        for col in range(2):
            cell = frame.table.cell(row, col)
            cell.text = "x"
            cell.text_frame.paragraphs[0].runs[0].font.size = Pt(size)
    return save_template(prs)


def _rows(n: int) -> list[list[str]]:
    return [["Region", "Revenue"]] + [[f"Region {i}", f"{i},200"] for i in range(1, n)]


def _fixed(rows: list[list[Any]]) -> dict[str, Any]:
    return {"template": 1, "sales": {"type": "table", "rows": rows, "vertical_sizing": "fixed"}}


def _off(result: deckkit.RenderResult) -> list[str]:
    return [str(w) for w in result.warnings if w.kind == "off slide"]


def test_a_fixed_table_that_fits_keeps_the_designers_sizes(save_template: Any) -> None:
    template = _template(save_template)
    result = render(template, [_fixed(_rows(4))])
    assert _off(result) == []
    ((table,),) = drawn_tables(result.pptx)
    assert table.fits_frame()
    assert set(table.sizes) == {2000, 1400}, "the template's own sizes, untouched"


def test_rows_that_overflow_are_shrunk_in_one_step_for_every_cell_until_they_fit(
    save_template: Any, check_render: Any
) -> None:
    template = _template(save_template)
    own = render(template, [{"template": 1, "sales": {"type": "table", "rows": _rows(6)}}])
    ((grown,),) = drawn_tables(own.pptx)
    assert grown.drawn > 2 * EMU_INCH, "at the designer's sizes the 6 rows need more than the 2 in frame"

    result = render(template, [_fixed(_rows(6))])
    check_render(
        result.pptx, template, pages=1
    )  # the three readers: sizes written where the schema wants them
    assert _off(result) == []
    ((table,),) = drawn_tables(result.pptx)
    assert table.fits_frame()
    assert table.fits_slide()
    header, body = table.sizes[0], table.sizes[-1]
    assert header is not None
    assert body is not None
    assert header < 2000
    step = round(header / 2000, 1)
    assert step in (0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3)
    # one step of the designer's sizes for every run, rounded to half a point
    assert header == round(2000 * step / 50) * 50
    assert body == max(600, round(1400 * step / 50) * 50)
    assert set(table.sizes) == {header, body}


def test_rows_share_the_frame_by_what_their_text_needs_before_any_text_is_shrunk(
    save_template: Any, check_render: Any
) -> None:
    """One row's text wraps to three lines: it takes room the short rows leave, at the designer's sizes."""
    template = _template(save_template)
    rows = _rows(4)
    rows[2][0] = "Region 2, the largest of all the regions by far"
    result = render(template, [_fixed(rows)])
    check_render(result.pptx, template, pages=1)
    assert _off(result) == []
    ((table,),) = drawn_tables(result.pptx)
    assert set(table.sizes) == {2000, 1400}, "no text shrunk"
    assert table.drawn == table.frame.cy, "the rows fill the frame exactly"
    heights = [int(h) for h in RenderedPptx(result.pptx).xpath("ppt/slides/slide1.xml", "//a:tr/@h")]
    assert sum(heights) == table.frame.cy
    assert heights[2] > heights[1] == heights[3], "the wrapped row is the tallest; the others share alike"


def test_at_the_floor_the_warning_says_the_exact_overflow_and_a_split_that_works(
    save_template: Any, check_render: Any
) -> None:
    template = _template(save_template)
    result = render(template, [_fixed(_rows(30))])
    check_render(result.pptx, template, pages=1)
    ((table,),) = drawn_tables(result.pptx)
    assert set(table.sizes) == {600}, "every size at the floor, 6 pt"
    (warning,) = _off(result)
    assert warning == (
        'slides[0].sales: with vertical_sizing="fixed" the rows share 2.0 in but their text needs '
        f"{table.drawn / EMU_INCH:.1f} in even shrunk to the floor of 6 pt (30 rows): the table is drawn "
        f"{(table.drawn - table.frame.cy) / EMU_INCH:.1f} in taller than its frame, with 10 of 30 rows inside "
        "it, and it ends 0.5 in below the slide's bottom edge, with 27 of 30 rows on the slide; split the "
        "rows over several slides, the header row and at most 9 more on each with their text shrunk, 4 at "
        "its own size (in Python Deck.add_table_slides does it)"
    )
    # A row at 6 pt is a 7.2 pt line and 7.2 pt of cell margins: 0.2 in, ten of them in the 2 in frame.
    assert table.drawn == 30 * EMU_INCH // 5
    assert not table.fits_frame()
    assert not table.fits_slide()


def test_the_split_the_warning_gives_fits_at_either_count(save_template: Any) -> None:
    """Followed: the header and 9 rows a slide fit with their text shrunk, the header and 4 at the
    designer's sizes (0.43 in and four 0.33 in rows: 1.77 in of the 2 in frame, shared by what each
    row needs)."""
    template = _template(save_template)
    rows = _rows(30)
    for per_slide in (9, 4):
        pages = [_fixed(rows[:1] + rows[i : i + per_slide]) for i in range(1, len(rows), per_slide)]
        result = render(template, pages)
        assert _off(result) == [], per_slide
        tables = [table for (table,) in drawn_tables(result.pptx)]
        assert all(table.fits_frame() for table in tables), per_slide
        assert all(table.fits_slide() for table in tables), per_slide
        at_own_size = [set(table.sizes) <= {2000, 1400} for table in tables]
        # 4 rows a slide keep the designer's sizes; 9 fit only with their text shrunk
        assert all(at_own_size) if per_slide == 4 else not at_own_size[0], per_slide


def test_a_minimum_in_the_tables_name_is_the_floor(save_template: Any) -> None:
    template = _template(save_template, name="Sales table (min 9 pt)")
    result = render(template, [_fixed(_rows(30))])
    ((table,),) = drawn_tables(result.pptx)
    assert set(table.sizes) == {900}
    (warning,) = _off(result)
    assert "even shrunk to the floor of 9 pt (30 rows)" in warning
    # below 6 pt a designer's minimum is 6 pt
    template = _template(save_template, name="Sales (min 4 pt)")
    ((table,),) = drawn_tables(render(template, [_fixed(_rows(30))]).pptx)
    assert set(table.sizes) == {600}


def test_text_already_below_the_floor_is_never_enlarged(save_template: Any) -> None:
    template = _template(save_template)
    small = [[{"value": v, "styles": {"font": {"size": 5}}} for v in row] for row in _rows(40)]
    result = render(template, [_fixed(small)])
    ((table,),) = drawn_tables(result.pptx)
    assert set(table.sizes) == {500}
    (warning,) = _off(result)
    assert "(its text is no larger than the floor of 6 pt: not shrunk)" in warning


def test_text_without_a_size_is_shrunk_from_the_18_pt_it_is_drawn_at(
    save_template: Any, check_render: Any
) -> None:
    from pptx.util import Inches

    prs = new_presentation()
    frame = blank_slide(prs).shapes.add_table(2, 2, Inches(1), Inches(2), Inches(6), Inches(2))
    set_alt_text(frame, "sales")
    template = save_template(prs)
    result = render(template, [_fixed(_rows(6))])
    check_render(result.pptx, template, pages=1)  # rPr and endParaRPr made where the schema wants them
    assert _off(result) == []
    ((table,),) = drawn_tables(result.pptx)
    assert table.fits_frame()
    (size,) = set(table.sizes)
    assert size is not None
    assert 600 <= size < 1800
    assert size % 50 == 0


def test_validate_reports_what_the_render_reports(save_template: Any) -> None:
    deck = deckkit.Deck(_template(save_template))
    deck.add_slide(1, sales=deckkit.Table(rows=_rows(30), vertical_sizing="fixed"))
    report = deck.validate()
    with pytest.warns(deckkit.OffSlideWarning, match="even shrunk to the floor of 6 pt") as caught:
        result = deck.render()
    assert [str(w) for w in report.warnings] == [str(w) for w in result.warnings]
    assert len(caught) == 1


def test_the_step_kept_is_the_largest_that_fits(save_template: Any) -> None:
    """One step larger than the sizes chosen, the rows' text needs more than the frame."""
    from deckkit.ooxml.opc.package import open_package
    from deckkit.renderer.fill.autofit import TextMeasure
    from deckkit.renderer.fill.masterstyles import MasterStyles
    from deckkit.renderer.table.grid import grid_of, rows_of, table_of
    from deckkit.renderer.table.measure import RowNeeds
    from tests.renderer.core_kit import NS

    result = render(_template(save_template), [_fixed(_rows(6))])
    ((table,),) = drawn_tables(result.pptx)
    step = round(table.sizes[0] / 2000, 1)
    assert step <= 0.9, "shrunk"
    package = open_package(result.pptx)
    (slide,) = package.slides()
    tbl = table_of(slide.xml.find(".//p:graphicFrame", NS))
    larger = step + 0.1
    for i, tr in enumerate(rows_of(tbl)):
        own = 2000 if i == 0 else 1400
        for rpr in tr.iterfind(".//a:rPr", NS):
            rpr.set("sz", str(min(own, max(600, round(own * larger / 50) * 50))))
    widths = [int(c.get("w")) for c in grid_of(tbl).iterfind("a:gridCol", NS)]
    needs = RowNeeds(tbl, widths, TextMeasure(slide, MasterStyles()))
    assert sum(needs[i] for i in range(len(needs))) > table.frame.cy


def test_a_taller_frame_is_offered_when_one_holds_every_row_on_the_slide(
    save_template: Any, check_render: Any
) -> None:
    import re

    (warning,) = _off(render(_template(save_template), [_fixed(_rows(15))]))
    found = re.search(r"make the frame at least (\d+\.\d) in tall in the template$", warning)
    assert found is not None, warning
    # followed: every row at the designer's sizes, inside the frame, on the slide
    template = _template(save_template, height=float(found.group(1)))
    result = render(template, [_fixed(_rows(15))])
    check_render(result.pptx, template, pages=1)
    assert _off(result) == []
    ((table,),) = drawn_tables(result.pptx)
    assert set(table.sizes) == {2000, 1400}
    assert table.fits_frame()
    assert table.fits_slide()
