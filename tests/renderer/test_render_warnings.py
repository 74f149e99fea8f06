"""Renderer warnings: each carries its kind; dummy data and off-slide tables and pictures are found."""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import pytest

import deckkit
from deckkit.cli import main
from deckkit.errors import Problem, RenderError
from deckkit.renderer import plan_render, render
from deckkit.warn import render_warning_category
from tests.renderer.core_kit import (
    add_chart,
    add_picture,
    add_table,
    add_textbox,
    blank_slide,
    new_presentation,
    png_bytes,
    set_alt_text,
)
from tests.renderer.table.fit_kit import drawn_tables

# -- kinds ----------------------------------------------------------------------------------------


def test_the_category_follows_the_kind_not_the_message_text() -> None:
    assert render_warning_category(Problem("p", "x", "unused key")) is deckkit.UnusedKeyWarning
    assert (
        render_warning_category(Problem("p", "x", "unfilled placeholder"))
        is deckkit.UnfilledPlaceholderWarning
    )
    assert render_warning_category(Problem("p", "x", "dummy data")) is deckkit.DummyDataWarning
    assert render_warning_category(Problem("p", "x", "off slide")) is deckkit.OffSlideWarning
    assert render_warning_category(Problem("p", "x", "dropped link")) is deckkit.DroppedLinkWarning
    # A message that merely reads like one is not classed by its words.
    assert render_warning_category(Problem("p", "{a} is not filled")) is deckkit.RenderWarning
    assert issubclass(deckkit.OffSlideWarning, deckkit.RenderWarning)
    assert Problem("p", "x", "off slide") == Problem("p", "x"), "the kind is not part of equality"


@pytest.fixture
def texts(save_template) -> Path:
    prs = new_presentation()
    add_textbox(blank_slide(prs), "{title} {subtitle}")
    second = blank_slide(prs)
    add_textbox(second, "{heading}")
    second.notes_slide.notes_text_frame.text = "say {note}"
    return save_template(prs)


def test_the_renderer_gives_each_warning_its_kind(texts: Path) -> None:
    result = render(texts, [{"template": 1, "title": "T", "titel": "typo"}, {"template": 2, "heading": "H"}])
    kinds = {(w.path, w.kind) for w in result.warnings}
    assert kinds == {
        ("slides[0].titel", "unused key"),
        ("slides[0]", "unfilled placeholder"),  # {subtitle}
        ("slides[1]", "unfilled placeholder"),  # {note} in the speaker notes
    }
    assert any("{subtitle} on template slide 1 is not filled" in w.message for w in result.warnings)


def test_a_stray_key_is_named_as_the_typo_only_of_the_key_it_is_closest_to(texts: Path) -> None:
    # "titel" is a typo of {title}: when {title} is filled, it is not offered as {subtitle}'s.
    filled = render(texts, [{"template": 1, "title": "T", "titel": "typo"}, {"template": 2, "heading": "H"}])
    (subtitle,) = [w.message for w in filled.warnings if "{subtitle}" in w.message]
    assert "typo" not in subtitle, subtitle
    unfilled = render(
        texts, [{"template": 1, "subtitle": "S", "titel": "typo"}, {"template": 2, "heading": "H"}]
    )
    (title,) = [w.message for w in unfilled.warnings if "{title}" in w.message]
    assert "(the data gives `titel`: a typo of `title`?)" in title, title


# -- dummy data -----------------------------------------------------------------------------------


@pytest.fixture
def sample_frames(save_template) -> Path:
    """A slide with every sort of chart and table: named by alt text or not, with {key} cells or not."""
    prs = new_presentation()
    slide = blank_slide(prs)
    add_textbox(slide, "{title}", top=0.2)
    set_alt_text(add_chart(slide), "sales")
    set_alt_text(add_table(slide), "numbers")
    add_chart(slide)  # no alt text: the designer's own chart
    add_table(slide)  # no alt text: the designer's own table
    set_alt_text(add_chart(slide), "Revenue by quarter, 2024")  # a description for screen readers
    keyed = add_table(slide, 2, 2, {(0, 0): "{cell}", (0, 1): "stay"})
    set_alt_text(keyed, "keyed")  # filled through its {cell}: not sample data
    pictured = add_picture(slide, png_bytes(), left=8, top=5)
    set_alt_text(pictured, "logo")  # a picture keeps no sample values to speak of
    blank_slide(prs)  # an unused template slide: never reported
    set_alt_text(add_chart(prs.slides[1]), "unused")
    return save_template(prs)


def _dummy(warnings_: list[Problem]) -> list[str]:
    return [w.message for w in warnings_ if w.kind == "dummy data"]


def test_a_named_chart_or_table_that_gets_no_data_is_dummy_data_on_every_path(
    sample_frames: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data: list[dict[str, Any]] = [{"template": 1, "title": "T", "cell": "c"}]
    expected = [
        "a chart `sales` on template slide 1 gets no data and keeps the template's sample values; "
        "fill it, or remove it with `sales=deckkit.Delete()`",
        "a table `numbers` on template slide 1 gets no data and keeps the template's sample values; "
        "fill it, or remove it with `numbers=deckkit.Delete()`",
    ]
    result = deckkit.render(sample_frames, data)
    assert _dummy(result.warnings) == expected
    assert all(w.path == "slides[0]" for w in result.warnings if w.kind == "dummy data")
    assert _dummy(plan_render(sample_frames, data).warnings) == expected
    # the CLI prints them
    (tmp_path / "data.json").write_text(json.dumps(data))
    assert (
        main(["render", str(sample_frames), str(tmp_path / "data.json"), "-o", str(tmp_path / "o.pptx")]) == 0
    )
    assert "warning: slides[0]: a chart `sales` on template slide 1 gets no data" in capsys.readouterr().err
    # strict: an error
    with pytest.raises(RenderError, match="a table `numbers`"):
        render(sample_frames, data, strict=True)


def test_filled_or_deleted_frames_are_not_dummy_data(sample_frames: Path) -> None:
    data = {
        "template": 1,
        "title": "T",
        "cell": "c",
        "sales": {"delete": True},
        "numbers": {"type": "table", "rows": [["a", "b"]]},
    }
    assert _dummy(render(sample_frames, [data]).warnings) == []


def test_deck_render_and_validate_report_the_renderers_dummy_data(sample_frames: Path) -> None:
    deck = deckkit.Deck(sample_frames)
    deck.add_slide(1, title="T", cell="c", sales=deckkit.Delete())
    report = deck.validate()
    assert [str(w) for w in report.warnings if "sample values" in str(w)] == [
        "slides[0]: a table `numbers` on template slide 1 gets no data and keeps the template's sample "
        "values; fill it, or remove it with `numbers=deckkit.Delete()`"
    ]
    with pytest.warns(deckkit.DummyDataWarning, match="a table `numbers`") as caught:
        result = deck.render()
    assert len(caught) == 1
    assert len(_dummy(result.warnings)) == 1, "reported once, by the renderer (no second definition)"


# -- off the slide --------------------------------------------------------------------------------


@pytest.fixture
def placed(save_template) -> Path:
    """A 10 x 7.5 in slide: a 2-row table 6 x 2 in at (1, 2) in, a {pic} box 2 x 1 in at (7.5, 6) in."""
    prs = new_presentation()
    slide = blank_slide(prs)
    set_alt_text(add_table(slide), "sales")
    add_textbox(slide, "{pic}", left=7.5, top=6, width=2, height=1)
    return save_template(prs)


def _rows(n: int, cols: int = 2) -> list[list[str]]:
    return [[f"r{i}c{j}" for j in range(cols)] for i in range(n)]


def _off(result_warnings: list[Problem]) -> list[str]:
    return [str(w) for w in result_warnings if w.kind == "off slide"]


def test_a_table_that_grows_past_the_bottom_edge_is_reported(placed: Path, check_render) -> None:
    image = {"type": "image", "src": "a.png", "scaling": "contain"}
    media = {"a.png": png_bytes()}
    tall = render(
        placed, [{"template": 1, "sales": {"type": "table", "rows": _rows(30)}, "pic": image}], media
    )
    check_render(tall.pptx, placed, pages=1)
    # 30 rows of 1 in from 2 in down: ends at 32 in on a 7.5 in slide. Their 18 pt text cannot fit
    # a 2 in frame: "fixed" is not offered, only the split that works.
    assert _off(tall.warnings) == [
        "slides[0].sales: the table now ends 24.5 in below the slide's bottom edge (30 rows); split the "
        "rows over several slides, the header row and at most 4 more on each (in Python "
        "Deck.add_table_slides does it)"
    ]
    fits = render(
        placed, [{"template": 1, "sales": {"type": "table", "rows": _rows(5)}, "pic": image}], media
    )
    assert _off(fits.warnings) == []  # 5 rows end at 7 in


def test_fixed_sizing_that_cannot_hold_the_text_says_how_many_rows_are_seen(placed: Path) -> None:
    fixed = {"type": "table", "rows": _rows(30), "vertical_sizing": "fixed"}
    (warning,) = _off(render(placed, [{"template": 1, "sales": fixed, "pic": {"delete": True}}]).warnings)
    # the text is shrunk to the floor first (tests/renderer/table/test_shrink.py), then measured: a
    # row of 6 pt is a 7.2 pt line and 7.2 pt of cell margins, 0.2 in; of 18 pt 28.8 pt, 0.4 in
    assert warning == (
        'slides[0].sales: with vertical_sizing="fixed" the rows share 2.0 in but their text needs 6.0 in '
        "even shrunk to the floor of 6 pt (30 rows): the table is drawn 4.0 in taller than its frame, with "
        "10 of 30 rows inside it, and it ends 0.5 in below the slide's bottom edge, with 27 of 30 rows on "
        "the slide; split the rows over several slides, the header row and at most 9 more on each with "
        "their text shrunk, 4 at its own size (in Python Deck.add_table_slides does it)"
    )


def test_the_advice_given_is_the_advice_that_works(placed: Path) -> None:
    """Each piece of advice, followed, gives a table that fits."""
    # Split as told: every page of the header row and 4 more fits its frame, fixed or not.
    pages = [_rows(30)[:1] + _rows(30)[i : i + 4] for i in range(1, 30, 4)]
    for sizing in ("anchor_top", "fixed"):
        data = [
            {
                "template": 1,
                "sales": {"type": "table", "rows": rows, "vertical_sizing": sizing},
                "pic": {"delete": True},
            }
            for rows in pages
        ]
        result = render(placed, data)
        assert _off(result.warnings) == [], sizing
        for (table,) in drawn_tables(result.pptx):  # measured: every page on its slide (and in its frame)
            assert table.fits_slide(), sizing
            assert table.fits_frame() or sizing != "fixed", sizing
    # Small text: "fixed" fits, so it is offered, and following it fits.
    small = [[{"value": v, "styles": {"font": {"size": 10}}} for v in row] for row in _rows(6)]
    table = {"type": "table", "rows": small}
    (warning,) = _off(render(placed, [{"template": 1, "sales": table, "pic": {"delete": True}}]).warnings)
    assert warning.endswith('or keep them in the frame with vertical_sizing="fixed"')
    followed = {**table, "vertical_sizing": "fixed"}
    result = render(placed, [{"template": 1, "sales": followed, "pic": {"delete": True}}])
    assert _off(result.warnings) == []
    ((drawn,),) = drawn_tables(result.pptx)
    assert drawn.fits_frame()
    assert drawn.fits_slide()


def test_a_table_that_grows_past_the_right_edge_is_reported(placed: Path) -> None:
    wide = {"type": "table", "rows": _rows(2, cols=6), "horizontal_sizing": "anchor_left"}
    result = render(placed, [{"template": 1, "sales": wide, "pic": {"delete": True}}])
    # 6 columns of 3 in from 1 in: ends at 19 in on a 10 in slide; 3 columns end at 10 in
    assert _off(result.warnings) == [
        "slides[0].sales: the table now ends 9.0 in past the slide's right edge (6 columns); use at most 3 "
        'columns, or keep them in the frame with horizontal_sizing="fixed"'
    ]
    # followed, each fits: no warning, and the table as drawn is on the slide
    for followed in (
        {**wide, "rows": [row[:3] for row in _rows(2, cols=6)]},
        {**wide, "horizontal_sizing": "fixed"},
    ):
        done = render(placed, [{"template": 1, "sales": followed, "pic": {"delete": True}}])
        assert _off(done.warnings) == []
        ((table,),) = drawn_tables(done.pptx)
        assert table.frame.x + table.frame.cx <= 10 * 914400
        assert table.fits_slide()


def test_fixed_columns_are_not_offered_when_their_wrapped_rows_would_leave_the_slide(placed: Path) -> None:
    words = " ".join(["revenue"] * 12)
    wide = {"type": "table", "rows": [[words] * 12] * 2, "horizontal_sizing": "anchor_left"}
    (warning,) = _off(render(placed, [{"template": 1, "sales": wide, "pic": {"delete": True}}]).warnings)
    assert warning.endswith("use at most 3 columns"), warning
    squeezed = {**wide, "horizontal_sizing": "fixed"}
    done = render(placed, [{"template": 1, "sales": squeezed, "pic": {"delete": True}}])
    ((table,),) = drawn_tables(done.pptx)
    assert not table.fits_slide(), "fixed columns would have been advice that does not work"
    followed = {**wide, "rows": [row[:3] for row in wide["rows"]]}
    done = render(placed, [{"template": 1, "sales": followed, "pic": {"delete": True}}])
    assert _off(done.warnings) == []
    ((table,),) = drawn_tables(done.pptx)
    assert table.fits_slide()


def test_a_picture_placed_past_the_edge_is_reported(placed: Path, check_render) -> None:
    table = {"type": "table", "rows": _rows(2)}
    big = png_bytes(480, 96)  # 5 x 1 in at 96 dpi
    shown = render(
        placed, [{"template": 1, "sales": table, "pic": {"type": "image", "src": "b.png"}}], {"b.png": big}
    )
    check_render(shown.pptx, placed, pages=1)
    # centred on the box (7.5 to 9.5 in): 6 to 11 in
    assert _off(shown.warnings) == [
        "slides[0].pic: the picture now reaches 1.0 in past the slide's right edge; "
        'scaling="contain" fits it into its place (it is shown at its own size now)'
    ]
    fitted = {"type": "image", "src": "b.png", "scaling": "contain"}
    assert (
        _off(render(placed, [{"template": 1, "sales": table, "pic": fitted}], {"b.png": big}).warnings) == []
    )


def test_off_slide_is_a_python_warning_and_strict_an_error(placed: Path) -> None:
    deck = deckkit.Deck(placed)
    deck.add_slide(1, sales=deckkit.Table(rows=_rows(30)), pic=deckkit.Delete())
    with pytest.warns(deckkit.OffSlideWarning, match=r"24\.5 in below the slide's bottom edge"):
        deck.render()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(RenderError, match=r"slides\[0\]\.sales: the table now ends"):
            deck.render(strict=True)


def test_every_warning_kind_has_a_class_and_a_line_in_the_docs() -> None:
    from typing import get_args

    from deckkit.errors import WarningKind

    docs = (Path(__file__).parents[2] / "docs" / "renderer.md").read_text()
    for kind in get_args(WarningKind):
        if kind:
            assert render_warning_category(Problem("", "", kind)) is not deckkit.RenderWarning, kind
            assert f'`"{kind}"`' in docs, kind


def _picture_box(pptx: bytes) -> tuple[int, int, int, int]:
    """The placed picture's box as drawn (its a:xfrm)."""
    from tests.renderer.core_kit import RenderedPptx

    (xfrm,) = RenderedPptx(pptx).xpath("ppt/slides/slide1.xml", "//p:pic/p:spPr/a:xfrm")
    off, ext = xfrm[0], xfrm[1]
    return int(off.get("x")), int(off.get("y")), int(ext.get("cx")), int(ext.get("cy"))


def _within(box: tuple[int, int, int, int]) -> bool:
    x, y, cx, cy = box
    return x >= 0 and y >= 0 and x + cx <= 10 * 914400 and y + cy <= int(7.5 * 914400)


def test_a_covering_picture_past_the_edge_is_told_to_clip_or_fit_and_each_fits(placed: Path) -> None:
    table = {"type": "table", "rows": _rows(2)}
    media = {"b.png": png_bytes(480, 96)}  # 5:1, covering the 2 x 1 in box: 5 in wide, centred
    cover = {"type": "image", "src": "b.png", "scaling": "cover"}
    shown = render(placed, [{"template": 1, "sales": table, "pic": cover}], media)
    assert _off(shown.warnings) == [
        "slides[0].pic: the picture now reaches 1.0 in past the slide's right edge; "
        'overflow="hidden" clips it to its place, or scaling="contain" fits it in'
    ]
    for followed in ({**cover, "overflow": "hidden"}, {**cover, "scaling": "contain"}):
        done = render(placed, [{"template": 1, "sales": table, "pic": followed}], media)
        assert _off(done.warnings) == [], followed
        assert _within(_picture_box(done.pptx)), followed


def test_a_place_past_the_edge_is_told_to_move_and_moved_it_fits(save_template) -> None:
    media = {"a.png": png_bytes()}
    image = {"type": "image", "src": "a.png", "scaling": "contain"}
    for left, warned in ((9.0, True), (7.5, False)):  # the designer moves the place back on the slide
        prs = new_presentation()
        add_textbox(blank_slide(prs), "{pic}", left=left, top=6, width=2, height=1)
        result = render(save_template(prs), [{"template": 1, "pic": image}], media)
        if warned:
            (warning,) = _off(result.warnings)
            assert warning.endswith(
                "its place on the template slide reaches past the edge: move or shrink it in PowerPoint"
            )
        else:
            assert _off(result.warnings) == []
            assert _within(_picture_box(result.pptx))


def test_fixed_is_offered_when_its_rows_shared_out_by_their_text_fit(placed: Path) -> None:
    """One row wraps: at equal shares the rows would overflow the 2 in frame, shared by what each
    needs they fit; "fixed" is offered, and followed it fits at the text's own size."""
    small = [[{"value": v, "styles": {"font": {"size": 10}}} for v in row] for row in _rows(6)]
    small[2][0] = {
        "value": "a region whose name runs over three lines of this column, as long names of sales regions often do in such tables",
        "styles": {"font": {"size": 10}},
    }
    table = {"type": "table", "rows": small}
    (warning,) = _off(render(placed, [{"template": 1, "sales": table, "pic": {"delete": True}}]).warnings)
    assert warning.endswith('or keep them in the frame with vertical_sizing="fixed"'), warning
    result = render(
        placed, [{"template": 1, "sales": {**table, "vertical_sizing": "fixed"}, "pic": {"delete": True}}]
    )
    assert _off(result.warnings) == []
    ((drawn,),) = drawn_tables(result.pptx)
    assert set(drawn.sizes) == {1000}, "not shrunk"
    assert drawn.fits_frame()
    assert drawn.fits_slide()
