"""One room for every advice: a table or a list above a footer is told to stop above the footer,
by the off-slide warning and the overlap warning alike, and what they say, followed, renders
with neither warning and nothing over the footer (``deckkit.renderer.room``).
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest
from pptx.enum.text import MSO_AUTO_SIZE

import deckkit
from deckkit.cli import main
from deckkit.renderer import render
from tests.renderer.core_kit import (
    EMU_INCH,
    RenderedPptx,
    add_table,
    add_textbox,
    blank_slide,
    new_presentation,
    set_alt_text,
)
from tests.renderer.table.fit_kit import drawn_tables

FOOTER_TOP = 6.5  # in: the footer box of the templates below, 8 x 0.5 in at (1, 6.5) in
_more = re.compile(r"the header row and at most (\d+) more on each")
_items = re.compile(r"keep at most (\d+) of the list's (\d+) items")


def _rows(n: int) -> list[list[str]]:
    return [["Region", "Sales"]] + [[f"Region {i}", f"{i * 10}"] for i in range(1, n)]


def _footer(slide: Any) -> None:
    footer = add_textbox(slide, "Source: finance", left=1, top=FOOTER_TOP, width=8, height=0.5)
    footer.name = "Footer"


@pytest.fixture
def table_above_footer(save_template: Any) -> Path:
    """A 10 x 7.5 in slide: a 2-row table 6 x 2 in at (1, 2) in (rows of 1 in), the footer below,
    and a note beside the table (7.5 to 9.5 in across, 4 to 5 in down: not in its way)."""
    prs = new_presentation()
    slide = blank_slide(prs)
    set_alt_text(add_table(slide), "sales")
    add_textbox(slide, "Note", left=7.5, top=4, width=2, height=1).name = "Note"
    _footer(slide)
    return save_template(prs, "table.pptx")


@pytest.fixture
def list_above_footer(save_template: Any) -> Path:
    """A "resize shape to fit text" box 6 x 0.5 in at (1, 0.5) in holding {points}, the footer below."""
    prs = new_presentation()
    slide = blank_slide(prs)
    box = add_textbox(slide, "{points}", left=1, top=0.5, width=6, height=0.5)
    box.name = "Points"
    box.text_frame.auto_size = MSO_AUTO_SIZE.SHAPE_TO_FIT_TEXT
    box.text_frame.word_wrap = True
    _footer(slide)
    return save_template(prs, "list.pptx")


def _kinds(warnings: list[deckkit.Problem] | tuple[deckkit.Problem, ...]) -> list[str]:
    return [w.kind for w in warnings]


def _by_kind(warnings: list[deckkit.Problem], kind: str) -> str:
    (found,) = [str(w) for w in warnings if w.kind == kind]
    return found


def _nothing_over_the_footer(pptx: bytes) -> None:
    """Every slide's table ends above the footer, and every text box other than the footer too."""
    done = RenderedPptx(pptx)
    for i, tables in enumerate(drawn_tables(pptx)):
        for table in tables:
            assert table.frame.y + table.drawn <= FOOTER_TOP * EMU_INCH + 12700, (i, table)
        for off, ext in zip(
            done.xpath(done.slide_names()[i], "//p:sp[not(.//p:cNvPr[@name='Footer'])]/p:spPr/a:xfrm/a:off"),
            done.xpath(done.slide_names()[i], "//p:sp[not(.//p:cNvPr[@name='Footer'])]/p:spPr/a:xfrm/a:ext"),
            strict=True,
        ):
            assert int(off.get("y")) + int(ext.get("cy")) <= FOOTER_TOP * EMU_INCH + 12700, i


def test_a_table_above_a_footer_is_told_one_count_that_stops_above_the_footer(
    table_above_footer: Path, check_render: Any
) -> None:
    rows = _rows(48)
    result = render(table_above_footer, [{"template": 1, "sales": {"type": "table", "rows": rows}}])
    assert _kinds(result.warnings) == ["off slide", "overlap"]
    counts = {int(_more.search(str(w)).group(1)) for w in result.warnings}  # type: ignore[union-attr]
    # From 2 in down to the footer at 6.5 in: rows of 1 in, the header row and 3 more (not 4,
    # which the slide's bottom edge would allow, and which covers the footer).
    assert counts == {3}, [str(w) for w in result.warnings]
    more = counts.pop()

    pages = [rows[:1] + rows[i : i + more] for i in range(1, len(rows), more)]
    followed = render(
        table_above_footer, [{"template": 1, "sales": {"type": "table", "rows": p}} for p in pages]
    )
    check_render(followed.pptx, table_above_footer, pages=len(pages))
    assert followed.warnings == []
    _nothing_over_the_footer(followed.pptx)
    # The count is the most: one more row a page covers the footer.
    fuller = [rows[:1] + rows[i : i + more + 1] for i in range(1, len(rows), more + 1)]
    over = render(
        table_above_footer, [{"template": 1, "sales": {"type": "table", "rows": p}} for p in fuller]
    )
    assert "overlap" in _kinds(over.warnings)

    deck = deckkit.Deck(table_above_footer)
    split = deck.add_table_slides(1, "sales", deckkit.Table(rows=rows))
    assert [len(page.values["sales"].rows) - 1 for page in split] == [more] * 15 + [2]
    assert deck.validate().warnings == ()
    done = deck.render()
    check_render(done.pptx, table_above_footer, pages=len(split))
    assert done.warnings == []
    _nothing_over_the_footer(done.pptx)


def test_a_list_above_a_footer_is_told_how_many_items_stop_above_the_footer(
    list_above_footer: Path, check_render: Any
) -> None:
    values = [f"Item {i}: a point made in a few words" for i in range(1, 31)]
    result = render(list_above_footer, [{"template": 1, "points": {"type": "list", "values": values}}])
    assert _kinds(result.warnings) == ["text overflow", "overlap"]
    counts = {_items.search(str(w)).groups() for w in result.warnings}  # type: ignore[union-attr]
    assert len(counts) == 1, [str(w) for w in result.warnings]
    ((keep, of),) = counts
    assert int(of) == 30
    keep_n = int(keep)

    followed = render(
        list_above_footer, [{"template": 1, "points": {"type": "list", "values": values[:keep_n]}}]
    )
    check_render(followed.pptx, list_above_footer, pages=1)
    assert followed.warnings == []
    _nothing_over_the_footer(followed.pptx)
    one_more = render(
        list_above_footer, [{"template": 1, "points": {"type": "list", "values": values[: keep_n + 1]}}]
    )
    assert _kinds(one_more.warnings) == ["overlap"], "the count is the most that stays clear"


def test_a_footer_placeholder_where_its_layout_puts_it_is_in_the_way(save_template: Any) -> None:
    """The slide's footer placeholder has no position of its own (PowerPoint draws it where the
    layout's footer is, at 6.95 in): the table stops above it, and covering it is reported."""
    prs = new_presentation()
    slide = blank_slide(prs)
    set_alt_text(add_table(slide), "sales")
    layout_footer = next(p for p in slide.slide_layout.placeholders if p.name.startswith("Footer"))
    footer = copy.deepcopy(layout_footer._element)
    assert footer.spPr.find("{http://schemas.openxmlformats.org/drawingml/2006/main}xfrm") is None
    slide.shapes._spTree.append(footer)
    template = save_template(prs)
    rows = _rows(30)
    deck = deckkit.Deck(template)
    deck.add_slide(1, sales=deckkit.Table(rows=rows))
    warnings = list(deck.validate().warnings)
    assert _kinds(warnings) == ["off slide", "overlap"]
    assert 'now covers "Footer Placeholder 2"' in _by_kind(warnings, "overlap")
    # From 2 in to the footer at 6.95 in: the header row and 3 more (4 would end at 7 in).
    assert {int(_more.search(str(w)).group(1)) for w in warnings} == {3}  # type: ignore[union-attr]
    split = deckkit.Deck(template)
    split.add_table_slides(1, "sales", deckkit.Table(rows=rows), max_rows=3)
    assert split.validate().warnings == ()
    assert split.render().warnings == []


def test_validate_and_the_command_line_give_the_render_s_list(
    table_above_footer: Path, list_above_footer: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for template, data in (
        (table_above_footer, [{"template": 1, "sales": {"type": "table", "rows": _rows(48)}}]),
        (
            list_above_footer,
            [{"template": 1, "points": {"type": "list", "values": [f"p{i}" for i in range(40)]}}],
        ),
    ):
        rendered = [str(w) for w in render(template, data).warnings]
        assert len(rendered) == 2
        counts = {(_more.search(w) or _items.search(w)).group(1) for w in rendered}  # type: ignore[union-attr]
        assert len(counts) == 1, rendered  # one story: the same count in both warnings
        deck = deckkit.Deck(template)
        for slide in data:
            deck.add_slide(1, **{k: v for k, v in slide.items() if k != "template"})
        assert [str(w) for w in deck.validate().warnings] == rendered
        path = tmp_path / "data.json"
        path.write_text(json.dumps(data))
        assert main(["validate", str(path), "--template", str(template)]) == 0
        out, err = capsys.readouterr()
        assert out == f"{path}: valid, 1 slide, 2 warnings\n"
        assert [line.strip().removeprefix("warning: ") for line in err.splitlines()] == rendered
