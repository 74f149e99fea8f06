"""deckkit.diff: two known decks, each kind of change found and nothing else; the CLI; the display."""

from __future__ import annotations

import base64
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from PIL import Image as PILImage

import deckkit
from deckkit.cli import main
from deckkit.compare import Change, DeckDiff, change_text, diff
from deckkit.compare.match import moved
from deckkit.errors import TemplateError
from deckkit.examples import template
from deckkit.renderer import RenderResult


def _png(colour: str) -> bytes:
    out = io.BytesIO()
    PILImage.new("RGB", (40, 30), colour).save(out, format="PNG")
    return out.getvalue()


def _deck(
    *,
    title: str = "Q3 review",
    north: str = "12",
    february: float = 14,
    colour: str = "red",
    order: tuple[int, ...] = (1, 2, 3, 5),
    extra: bool = False,
) -> RenderResult:
    deck = deckkit.Deck(template())
    slides: dict[int, dict[str, Any]] = {
        1: {"title": title, "subtitle": "2026"},
        2: {
            "heading": "Sales",
            "caption": "by region",
            "sales": deckkit.Table(rows=[["Region", "Sales"], ["North", north], ["South", "7"]]),
        },
        3: {
            "heading": "Revenue",
            "highlights": "up",
            "revenue": deckkit.Chart(
                labels=["Jan", "Feb"], axis1={"series": {"2026": {"values": [10, february]}}}
            ),
        },
        5: {
            "heading": "Plot",
            "footnote": "source: us",
            "plot": deckkit.Image.from_bytes(_png(colour), "png"),
        },
    }
    for number in order:
        deck.add_slide(number, **slides[number])
    if extra:
        deck.add_slide(1, title="Appendix", subtitle="more")
    return deck.render()


@pytest.fixture(scope="module")
def old() -> RenderResult:
    return _deck()


def test_the_same_input_rendered_twice_diffs_as_identical(old: RenderResult) -> None:
    again = _deck()
    found = diff(old, again)
    assert found.identical
    assert [s.status for s in found.slides] == ["same"] * 4
    assert found.summary() == "the old deck -> the new deck: 4 slides -> 4; identical"


def test_each_kind_of_change_is_found_and_nothing_else(old: RenderResult) -> None:
    new = _deck(title="Q4 review", north="15", february=16.5, colour="blue")
    found = new.diff(old)
    assert [(s.status, s.old, s.new, s.moved) for s in found.slides] == [
        ("changed", 1, 1, False),
        ("changed", 2, 2, False),
        ("changed", 3, 3, False),
        ("changed", 4, 4, False),
    ]
    changes = [c for s in found.slides for c in s.changes]
    assert changes[:3] == [
        Change("text", "Title 1", "Q3 review", "Q4 review"),
        Change("table", "Table 2", "12", "15", row=2, column=2),
        Change("chart", "Chart 2", "14", "16.5", series="2026", category="Feb"),
    ]
    assert len(changes) == 4
    for slide in found.slides:  # each changed shape marked where it is, on both pictures
        assert len(slide.old_marks) == len(slide.new_marks) == 1
        x, y, width, height = slide.new_marks[0]
        assert 0 <= x < x + width <= 1
        assert 0 <= y < y + height <= 1
    picture = changes[3]
    assert (picture.kind, picture.shape) == ("picture", "Picture 2")
    assert picture.old != picture.new


def test_slides_added_removed_and_moved(old: RenderResult) -> None:
    # The chart slide goes before the table slide, the picture slide goes, a title slide comes.
    new = _deck(order=(1, 3, 2), extra=True)
    found = diff(old, new)
    assert [(s.status, s.old, s.new, s.moved) for s in found.slides] == [
        ("same", 1, 1, False),
        ("same", 3, 2, True),
        ("same", 2, 3, False),
        ("removed", 4, None, False),
        ("added", None, 4, False),
    ]
    assert all(not s.changes for s in found.slides)
    assert found.summary().splitlines() == [
        "the old deck -> the new deck: 4 slides -> 4; 1 added, 1 removed, 1 moved",
        'slide 2 (was 3) "Revenue": moved',
        'old slide 4 "Plot": removed',
        'slide 4 "Appendix": added',
    ]


def test_copies_of_one_template_slide_are_matched_by_content() -> None:
    regions = ["North", "South", "East"]
    before = deckkit.render(template(), [{"template": 1, "title": r, "subtitle": "Q3"} for r in regions])
    after = deckkit.render(
        template(),
        [{"template": 1, "title": r, "subtitle": "Q4" if r == "East" else "Q3"} for r in reversed(regions)],
    )
    found = diff(before, after)
    assert [(s.status, s.old, s.new) for s in found.slides] == [
        ("changed", 3, 1),
        ("same", 2, 2),
        ("same", 1, 3),
    ]
    assert found.slides[0].changes == (Change("text", "Subtitle 2", "Q3", "Q4"),)
    assert found.count("moved") == 2


def test_the_moved_slides_are_those_off_the_longest_run_in_order() -> None:
    assert moved([(0, 0), (1, 1), (2, 2)]) == set()
    assert moved([(0, 0), (2, 1), (1, 2), (3, 3)]) in ({(2, 1)}, {(1, 2)})
    assert moved([(3, 0), (0, 1), (1, 2), (2, 3)]) == {(3, 0)}


def test_chart_values_equal_as_numbers_are_the_same(old: RenderResult) -> None:
    assert diff(old, _deck(february=14.0)).identical


def test_the_json_lists_every_slide_and_change(old: RenderResult) -> None:
    found = diff(old, _deck(north="15"))
    data = json.loads(json.dumps(found.to_json()))
    assert data["counts"] == {"same": 3, "changed": 1, "added": 0, "removed": 0, "moved": 0}
    assert data["slides"][1]["changes"] == [
        {"kind": "table", "shape": "Table 2", "old": "12", "new": "15", "row": 2, "column": 2}
    ]


def test_a_file_that_is_not_a_deck_is_named(tmp_path: Path, old: RenderResult) -> None:
    picture = tmp_path / "chart.png"
    picture.write_bytes(_png("red"))
    with pytest.raises(TemplateError, match=r"chart\.png is a PNG picture, not a PowerPoint file"):
        diff(old, picture)
    with pytest.raises(TypeError, match=r"give a \.pptx path"):
        diff(old, 3)


def test_the_cli_exits_0_same_1_different_2_error(
    tmp_path: Path, old: RenderResult, capsys: pytest.CaptureFixture[str]
) -> None:
    a, b = old.save(tmp_path / "a.pptx"), _deck(north="15").save(tmp_path / "b.pptx")
    assert main(["diff", str(a), str(a)]) == 0
    assert "identical" in capsys.readouterr().out
    assert main(["diff", str(a), str(b)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"{a} -> {b}: 4 slides -> 4; 1 changed",
        'slide 2 "Sales": changed',
        '  table Table 2, row 2, column 2: "12" -> "15"',
    ]
    assert main(["diff", "--json", str(a), str(b)]) == 1
    assert json.loads(capsys.readouterr().out)["counts"]["changed"] == 1
    assert main(["diff", str(a), str(tmp_path / "gone.pptx")]) == 2
    assert capsys.readouterr().err == (
        f"deckkit: {tmp_path / 'gone.pptx'}: cannot read the new deck (No such file or directory)\n"
    )


def test_the_notebook_display_marks_each_change(old: RenderResult) -> None:
    deckkit.options.previews = "wireframe"
    try:
        page = _deck(north="15", title="Q4 review")._repr_html_()
        found: DeckDiff = diff(old, _deck(north="15", title="Q4 review"))
        html = found._repr_html_()
    finally:
        deckkit.options.previews = "auto"
    assert "RenderResult" in page
    assert html.count("<del ") == 2
    assert html.count("<ins ") == 2
    assert ">12</del>" in html
    assert ">15</ins>" in html
    assert "wireframe pictures" in html
    assert html.count("outline:2px solid #cf222e") == html.count("outline:2px solid #1a7f37") == 2
    assert "2 slides the same" in html
    assert repr(found) == "<DeckDiff: the old deck -> the new deck: 4 slides -> 4; 2 changed>"


def test_the_wireframe_pictures_show_each_deck_s_text(old: RenderResult) -> None:
    """Without LibreOffice the pictures are wireframes of the rendered slides: their text, not the
    shapes' names (an empty frame per shape would show nothing of what changed)."""
    deckkit.options.previews = "wireframe"
    try:
        html = diff(old, _deck(title="Q4 review"))._repr_html_()
    finally:
        deckkit.options.previews = "auto"
    pictures = [
        base64.b64decode(uri).decode("utf-8")
        for uri in re.findall(r"data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)", html)
    ]
    assert len(pictures) == 2, "slide 1, old and new"
    assert "Q3 review" in pictures[0]
    assert "Q4 review" not in pictures[0]
    assert "Q4 review" in pictures[1]
    assert "Q3 review" not in pictures[1]
    assert "2026" in pictures[0]  # the subtitle, unchanged, is shown too


@pytest.mark.soffice
@pytest.mark.slow
def test_the_html_report_shows_both_decks_pictures(tmp_path: Path, old: RenderResult) -> None:
    a, b = old.save(tmp_path / "a.pptx"), _deck(colour="blue").save(tmp_path / "b.pptx")
    report = tmp_path / "report.html"
    assert main(["diff", "--html", str(report), str(a), str(b)]) == 1
    html = report.read_text()
    assert html.startswith("<!doctype html>")
    assert html.count("data:image/png;base64,") == 2  # the picture slide, old and new
    assert "pictures rendered by LibreOffice" in html
    assert "<b>picture</b> Picture 2: replaced" in html


def test_a_deck_without_slides_is_a_deck(old: RenderResult) -> None:
    # python-pptx's own default presentation has no slide (a template would be refused).
    from pptx import Presentation

    buffer = io.BytesIO()
    Presentation().save(buffer)
    empty = buffer.getvalue()
    assert diff(empty, empty).identical
    found = diff(empty, old)
    assert [(s.status, s.new) for s in found.slides] == [("added", n) for n in (1, 2, 3, 4)]


def test_the_speaker_notes_are_compared_too() -> None:
    from pptx import Presentation

    with_notes = Presentation(str(template()))
    with_notes.slides[0].notes_slide.notes_text_frame.text = "Open with {title}"
    buffer = io.BytesIO()
    with_notes.save(buffer)
    before = deckkit.render(buffer.getvalue(), [{"template": 1, "title": "Q3", "subtitle": "2026"}])
    after = deckkit.render(buffer.getvalue(), [{"template": 1, "title": "Q4", "subtitle": "2026"}])
    (slide,) = diff(before, after).slides
    assert slide.changes == (
        Change("text", "Title 1", "Q3", "Q4"),
        Change("text", "(speaker notes)", "Open with Q3", "Open with Q4"),
    )
    assert len(slide.new_marks) == 1  # the notes are not on the slide's picture


def _table_deck(rows: list[list[str]]) -> RenderResult:
    return deckkit.render(
        template(), [{"template": 2, "heading": "Sales", "sales": deckkit.Table(rows=rows)}]
    )


def test_a_row_added_or_removed_is_one_change_not_a_cascade() -> None:
    before = _table_deck([["Region", "Sales"], ["North", "12"], ["South", "7"], ["West", "3"]])
    after = _table_deck([["Region", "Sales"], ["North", "12"], ["East", "9"], ["South", "7"], ["West", "4"]])
    (slide,) = diff(before, after).slides
    assert slide.changes == (
        Change("table", "Table 2", None, "East | 9", row=3),
        Change("table", "Table 2", "3", "4", row=5, column=2),
    )
    (slide,) = diff(after, before).slides
    assert slide.changes == (
        Change("table", "Table 2", "East | 9", None, row=3),
        Change("table", "Table 2", "4", "3", row=4, column=2),
    )
    assert change_text(slide.changes[0]) == 'table Table 2, row 3: removed "East | 9"'
