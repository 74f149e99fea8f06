"""Auto-fit from the whole inheritance chain (issue 25), on a deck PowerPoint wrote
(``inherited_kit``: its placeholders inherit "shrink text on overflow" from the master)."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

import deckkit
from deckkit.errors import TextOverflowWarning
from tests.readers import assert_readable
from tests.renderer.core_kit import RenderedPptx
from tests.renderer.fill.inherited_kit import ITEMS, text_only_template

BODY = "//p:sp[p:nvSpPr/p:cNvPr/@name='Rectangle 3']/p:txBody/a:bodyPr"
TITLE = "//p:sp[p:nvSpPr/p:cNvPr/@name='Rectangle 2']/p:txBody/a:bodyPr"
_template = text_only_template


def _render(template: Path, **values: object) -> tuple[RenderedPptx, list[deckkit.Problem]]:
    result = deckkit.render(template, [{"template": 2, **values}])
    return RenderedPptx(result.pptx), result.warnings


def test_an_inherited_shrink_shrinks_a_list_that_overflows(tmp_path: Path) -> None:
    template = _template(tmp_path)
    deck, warned = _render(template, title="Text Only Slide", items=deckkit.List(values=ITEMS))
    assert warned == []
    norm = deck.xpath(deck.slide_names()[0], BODY + "/a:normAutofit")
    assert len(norm) == 1, "the inherited normAutofit is written on the box, with its scale"
    scale, reduction = int(norm[0].get("fontScale")), int(norm[0].get("lnSpcReduction"))
    assert 25000 <= scale < 100000
    assert reduction in (10000, 20000)
    out = tmp_path / "out.pptx"
    out.write_bytes(
        deckkit.render(template, [{"template": 2, "title": "T", "items": deckkit.List(values=ITEMS)}]).pptx
    )
    assert_readable(out, template, pages=1)


def test_text_that_fits_leaves_the_box_as_it_was(tmp_path: Path) -> None:
    deck, warned = _render(_template(tmp_path), title="Short", items=deckkit.List(values=ITEMS[:3]))
    assert warned == []
    body_pr = deck.xpath(deck.slide_names()[0], BODY)[0]
    assert len(body_pr) == 0, "nothing written when the text fits"
    assert not body_pr.attrib
    assert not deck.xpath(deck.slide_names()[0], "//p:sp/p:spPr/a:xfrm"), "no frame copied in either"


def test_an_inherited_title_shrink_shrinks_a_long_title(tmp_path: Path) -> None:
    title = "Quarterly review of every region, product line and channel, with the board's questions answered"
    deck, warned = _render(_template(tmp_path), title=title, items=deckkit.List(values=ITEMS[:2]))
    assert warned == []
    norm = deck.xpath(deck.slide_names()[0], TITLE + "/a:normAutofit")
    assert len(norm) == 1
    assert int(norm[0].get("fontScale")) < 100000


def test_no_autofit_overflow_is_a_warning_naming_the_shape(tmp_path: Path) -> None:
    template = _template(tmp_path, "<a:bodyPr><a:noAutofit/></a:bodyPr>")
    deck, warned = _render(template, title="Text Only Slide", items=deckkit.List(values=ITEMS))
    assert [w.kind for w in warned] == ["text overflow"]
    message = str(warned[0])
    assert message.startswith('slides[0].items: the text of "Rectangle 3" needs ')
    assert "below the slide's bottom edge" in message
    assert not deck.xpath(deck.slide_names()[0], BODY + "/a:normAutofit"), "its own noAutofit is kept"
    # The same warning from validation, and as a Python warning from Deck.render.
    deck_ = deckkit.Deck(template)
    deck_.add_slide(2, title="Text Only Slide", items=deckkit.List(values=ITEMS))
    assert list(deck_.validate().warnings) == warned
    with pytest.warns(TextOverflowWarning, match="Rectangle 3"):
        deck_.render()


def test_text_past_the_smallest_shrink_is_a_warning(tmp_path: Path) -> None:
    many = ITEMS * 8
    deck, warned = _render(_template(tmp_path), title="Text Only Slide", items=deckkit.List(values=many))
    norm = deck.xpath(deck.slide_names()[0], BODY + "/a:normAutofit")[0]
    assert norm.get("fontScale") == "25000"
    assert [w.kind for w in warned] == ["text overflow"]
    assert "shrunk as far as PowerPoint shrinks text" in warned[0].message


def test_validation_and_render_give_the_same_warnings_without_a_python_warning(tmp_path: Path) -> None:
    template = _template(tmp_path)
    deck = deckkit.Deck(template)
    deck.add_slide(2, title="Text Only Slide", items=deckkit.List(values=ITEMS))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        report = deck.validate()
        result = deck.render()
    assert report.ok
    assert list(report.warnings) == result.warnings == []
