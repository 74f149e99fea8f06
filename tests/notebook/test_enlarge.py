"""A click on a slide thumbnail opens it large (issue 25, item 5): a <details> whose summary is
the thumbnail and whose body is the enlarged picture, so no script is needed."""

from __future__ import annotations

import re

import pytest
from tests.bundle.conftest import PNG

import deckkit
from deckkit import examples
from deckkit.display import thumbnails


@pytest.mark.usefixtures("wireframes")
def test_each_thumbnail_opens_its_slide_large_on_a_click() -> None:
    deck = deckkit.Deck(examples.template())
    deck.add_slide(1, title="Q3", subtitle="review")
    deck.add_slide(1, title="Q4", subtitle="plans")
    page = deck.render()._repr_html_()
    cells = re.findall(r'<details class="deckkit-enlarge">(.*?)</details>', page)
    assert len(cells) == 2
    for cell in cells:
        thumb = re.search(r'<summary[^>]*><img class="deckkit-thumb" src="([^"]+)" width="(\d+)"', cell)
        large = re.search(
            rf'</summary><img class="deckkit-enlarged" src="([^"]+)" width="{deckkit.options.enlarged_width}"',
            cell,
        )
        assert thumb is not None
        assert large is not None
        assert int(thumb.group(2)) == deckkit.options.thumbnail_width
        assert large.group(1) == thumb.group(1)  # a wireframe's SVG, drawn larger
    assert "click a slide to enlarge it" in page


@pytest.mark.usefixtures("wireframes")
def test_pictures_shown_large_already_do_not_enlarge() -> None:
    deck = deckkit.Deck(examples.template())
    deck.add_slide(1, title="Q3", subtitle="review")
    page = deck.render().show(1)._repr_html_()
    assert "<details" not in page
    assert "deckkit-enlarged" not in page


def test_pictures_shown_large_are_drawn_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # LibreOffice's pictures, recorded by the width asked: show(1) draws the slide at twice its
    # width (for high-density screens), and no enlarged picture besides (a second pdftoppm pass).
    asked: list[int] = []

    def slide_pngs(pptx: bytes, *, width: int) -> list[bytes]:
        asked.append(width)
        return [PNG]

    monkeypatch.setattr(thumbnails, "_why_not_libreoffice", lambda total: None)
    monkeypatch.setattr(thumbnails.preview, "slide_pngs", slide_pngs)
    deck = deckkit.Deck(examples.template())
    deck.add_slide(1, title="Q3", subtitle="review")
    deck.render().show(1, width=480)._repr_html_()
    assert asked == [960]


@pytest.mark.usefixtures("wireframes")
def test_enlarged_width_sets_the_large_picture_and_0_turns_it_off() -> None:
    deck = deckkit.Deck(examples.template())
    deck.add_slide(1, title="Q3", subtitle="review")
    result = deck.render()
    before = deckkit.options.enlarged_width
    try:
        deckkit.options.enlarged_width = 1280
        assert 'class="deckkit-enlarged" src="data:image/svg+xml;base64,' in result._repr_html_()
        assert 'width="1280"' in result._repr_html_()
        deckkit.options.enlarged_width = 0
        page = result._repr_html_()
        assert "<details" not in page
        assert "click a slide" not in page
        assert page.count('<img class="deckkit-thumb"') == 1
        with pytest.raises(ValueError, match="0 \\(thumbnails do not open\\) or a whole number of pixels"):
            deckkit.options.enlarged_width = 100
    finally:
        deckkit.options.enlarged_width = before
