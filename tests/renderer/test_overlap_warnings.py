"""Overlap warnings: a table grown with its rows, or a text box grown to fit its text, that now
covers another shape of the slide it did not cover in the template."""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import pytest
from pptx.enum.text import MSO_AUTO_SIZE

import deckkit
from deckkit.errors import Problem, RenderError
from deckkit.renderer import render
from deckkit.template.inspect import Template
from deckkit.warn import render_warning_category, warning_code
from tests.foreign.matrix import TEMPLATES
from tests.renderer.core_kit import add_table, add_textbox, blank_slide, new_presentation, set_alt_text


def _overlaps(result_warnings: list[Problem]) -> list[str]:
    return [str(w) for w in result_warnings if w.kind == "overlap"]


def _rows(n: int, cols: int = 2) -> list[list[str]]:
    return [[f"r{i}c{j}" for j in range(cols)] for i in range(n)]


@pytest.fixture
def stacked(save_template) -> Path:
    """A 10 x 7.5 in slide: a 2-row table 6 x 2 in at (1, 2) in, a text box "Note" 6 x 1 in at
    (1, 5) in below it (a 1 in gap), and a {caption} box 2 x 1 in at (7.5, 2) in beside it."""
    prs = new_presentation()
    slide = blank_slide(prs)
    set_alt_text(add_table(slide), "sales")
    note = add_textbox(slide, "Source: finance", left=1, top=5, width=6, height=1)
    note.name = "Note"
    add_textbox(slide, "{caption}", left=7.5, top=2, width=2, height=1)
    return save_template(prs)


def test_a_table_that_grows_onto_a_shape_below_it_is_reported(stacked: Path, check_render) -> None:
    result = render(stacked, [{"template": 1, "sales": {"type": "table", "rows": _rows(4)}, "caption": "c"}])
    check_render(result.pptx, stacked, pages=1)
    # 4 rows of 1 in from 2 in: down to 6 in, over the note's 5 to 6 in; 3 rows end at 5 in.
    assert _overlaps(result.warnings) == [
        'slides[0].sales: the table "sales" grows with its data and now covers "Note" (1.00 in deep, '
        "6.00 in across), which it did not cover in the template; split the rows over several slides, the "
        "header row and at most 2 more on each (in Python Deck.add_table_slides does it), or keep them in "
        'the frame with vertical_sizing="fixed", or move the other shape (or the table) in the template'
    ]
    assert [w.kind for w in result.warnings] == ["overlap"], "on the slide: no off-slide warning"
    assert warning_code(result.warnings[0]) == "overlap"
    assert render_warning_category(result.warnings[0]) is deckkit.OverlapWarning


def test_following_the_advice_gives_slides_without_the_overlap(stacked: Path) -> None:
    deck = deckkit.Deck(stacked)
    deck.add_slide(1, sales=deckkit.Table(rows=_rows(4)), caption="c")
    (warning,) = _overlaps(list(deck.validate().warnings))
    max_rows = int(re.search(r"at most (\d+) more on each", warning).group(1))  # type: ignore[union-attr]
    split = deckkit.Deck(stacked)
    pages = split.add_table_slides(1, "sales", deckkit.Table(rows=_rows(30)), max_rows=max_rows, caption="c")
    assert len(pages) == 15  # 29 body rows, 2 a slide
    assert split.validate().warnings == ()
    assert split.render().warnings == []


def test_a_table_that_stays_clear_or_overlapped_in_the_template_is_quiet(
    stacked: Path, save_template
) -> None:
    fits = render(stacked, [{"template": 1, "sales": {"type": "table", "rows": _rows(3)}, "caption": "c"}])
    assert fits.warnings == []  # down to 5 in: touches the note, does not cover it
    # The designer put the note over the table: growing further over it is their layout.
    prs = new_presentation()
    slide = blank_slide(prs)
    set_alt_text(add_table(slide), "sales")
    add_textbox(slide, "Overlaid", left=1, top=3.5, width=6, height=1)
    overlaid = save_template(prs)
    grown = render(overlaid, [{"template": 1, "sales": {"type": "table", "rows": _rows(5)}}])
    assert _overlaps(grown.warnings) == []


def test_overlap_is_a_python_warning_at_validate_and_render_and_strict_an_error(stacked: Path) -> None:
    deck = deckkit.Deck(stacked)
    deck.add_slide(1, sales=deckkit.Table(rows=_rows(4)), caption="c")
    assert [w.kind for w in deck.validate().warnings] == ["overlap"]
    with pytest.warns(deckkit.OverlapWarning, match=r'now covers "Note" \(1\.00 in deep'):
        deck.render()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(RenderError, match=r'slides\[0\]\.sales: the table "sales" grows'):
            deck.render(strict=True)


def test_a_text_box_resized_to_fit_its_text_that_grows_onto_a_table(save_template, check_render) -> None:
    prs = new_presentation()
    slide = blank_slide(prs)
    box = add_textbox(slide, "{intro}", left=1, top=0.5, width=6, height=0.5)
    box.name = "Intro"
    box.text_frame.auto_size = MSO_AUTO_SIZE.SHAPE_TO_FIT_TEXT  # a:spAutoFit
    box.text_frame.word_wrap = True  # it grows down, its width kept
    set_alt_text(add_table(slide), "sales")  # at 2 in: 1 in below the box
    template = save_template(prs)
    short = render(
        template, [{"template": 1, "intro": "One line", "sales": {"type": "table", "rows": _rows(2)}}]
    )
    assert short.warnings == []
    long = "A sentence that wraps over several lines of the box. " * 6
    result = render(template, [{"template": 1, "intro": long, "sales": {"type": "table", "rows": _rows(2)}}])
    check_render(result.pptx, template, pages=1)
    (warning,) = _overlaps(result.warnings)
    assert warning.startswith(
        'slides[0].intro: the text box "Intro" (resize shape to fit text) grows with its data and now covers '
    ), warning
    assert "which it did not cover in the template; shorten the text" in warning


def test_the_foreign_powerpoint_table_that_grows_over_the_table_below_is_reported() -> None:
    """PowerPoint's own deck (pptx-automizer's SlideWithTables): the upper table, given more rows,
    grows down over the table below it (tests/gallery/golden/foreign/powerpoint_tables-3.png)."""
    template = Template.open(TEMPLATES["powerpoint-tables"])
    found = []
    for slide in template.slides:
        tables = [s for s in slide.untagged if s.kind == "table"]
        if len(tables) < 2:
            continue
        for shape in tables:
            template.tag(slide.number, shape.shape_id, f"table_{shape.shape_id}")
        found.append((slide.number, [f"table_{s.shape_id}" for s in tables]))
    assert found, "the deck has a slide with two tables"
    number, keys = found[0]
    tagged = template.data
    data = {"template": number, keys[0]: {"type": "table", "rows": _rows(12, 3)}}
    data.update({k: {"delete": True} for k in keys[2:]})
    data[keys[1]] = {"type": "table", "rows": _rows(2, 3)}
    overlaps = _overlaps(render(tagged, [data]).warnings)
    assert len(overlaps) == 1, overlaps
    assert overlaps[0].startswith(
        f'slides[0].{keys[0]}: the table "{keys[0]}" grows with its data and now covers'
    )
    assert "more on each" in overlaps[0]


def test_an_anchor_bottom_table_that_grows_up_onto_a_shape_above_it(save_template) -> None:
    prs = new_presentation()
    slide = blank_slide(prs)
    heading = add_textbox(slide, "Sales", left=1, top=0.5, width=6, height=1)
    heading.name = "Heading"
    set_alt_text(add_table(slide), "sales")  # 2 to 4 in: its bottom edge stays at 4 in
    template = save_template(prs)
    table = deckkit.Table(rows=_rows(4), vertical_sizing="anchor_bottom")
    deck = deckkit.Deck(template)
    deck.add_slide(1, sales=table)
    (warning,) = _overlaps(list(deck.validate().warnings))
    # 4 rows of 1 in up from 4 in: from 0 in, over the heading's 0.5 to 1.5 in; 2 rows start at 2 in.
    assert 'now covers "Heading" (1.00 in deep, 6.00 in across)' in warning, warning
    assert "the header row and at most 1 more on each" in warning, warning
    max_rows = int(re.search(r"at most (\d+) more on each", warning).group(1))  # type: ignore[union-attr]
    split = deckkit.Deck(template)
    split.add_table_slides(1, "sales", table.model_copy(update={"rows": _rows(6)}), max_rows=max_rows)
    assert split.validate().warnings == ()


def test_add_table_slides_keeps_each_page_clear_of_the_shapes_around_the_table(stacked: Path) -> None:
    deck = deckkit.Deck(stacked)
    pages = deck.add_table_slides(1, "sales", deckkit.Table(rows=_rows(30)), caption="c")
    # From 2 in down to the note at 5 in: 3 rows of 1 in, the header row and 2 more.
    assert [len(page.values["sales"].rows) for page in pages] == [3] * 14 + [2]
    assert deck.validate().warnings == ()


def test_of_two_tables_that_both_grew_the_one_that_reached_the_other_is_reported() -> None:
    """PowerPoint's SlideWithTables, every table given 5 rows: the middle table grows down onto the
    lower one's place, and the lower one grows too, into empty space. The warning is the middle
    table's, with the rows that keep it clear; the lower table, which reached nothing, is quiet
    (it was told to use fewer columns, which could not help)."""
    template = Template.open(TEMPLATES["powerpoint-tables"])
    slide = template.slide(1)
    names = {s.name: f"table_{s.shape_id}" for s in slide.untagged if s.kind == "table"}
    for shape in slide.untagged:
        if shape.kind == "table":
            template.tag(1, shape.shape_id, names[shape.name])
    middle, lower = names["TableWithLabels"], names["TableWithHeader"]
    data = {"template": 1, **{key: {"type": "table", "rows": _rows(6, 4)} for key in names.values()}}
    overlaps = [w for w in render(template.data, [data]).warnings if w.kind == "overlap"]
    assert lower not in {w.path.split(".")[-1] for w in overlaps}, overlaps
    (warning,) = [w for w in overlaps if w.path == f"slides[0].{middle}"]
    assert 'now covers "TableWithHeader"' in warning.message, warning
    kept = re.search(r"the header row and at most (\d+) more on each", warning.message)
    assert kept is not None, warning
    data[middle] = {"type": "table", "rows": _rows(1 + int(kept[1]), 4)}  # the header row and N more
    after = render(template.data, [data]).warnings
    assert [w for w in after if w.kind == "overlap" and w.path == f"slides[0].{middle}"] == []
