"""Keys in speaker notes are filled like slide text, in each output slide's own notes."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import deckkit
from tests.renderer.core_kit import NS, RenderedPptx, add_notes, add_textbox, blank_slide, new_presentation


def _notes_texts(deck: RenderedPptx, i: int) -> list[str]:
    slide = deck.slide_names()[i]
    notes = [t for kind, t, _ in deck.rels(slide).values() if kind == "notesSlide"]
    assert len(notes) == 1
    return ["".join(p.itertext()) for p in deck.xml(notes[0]).iter(f"{{{NS['a']}}}p")]


def _template(save_template: Callable[[Any, str], Path], notes: str) -> Path:
    prs = new_presentation()
    slide = blank_slide(prs)
    add_textbox(slide, "{title}")
    add_notes(slide, notes)
    return save_template(prs, "template.pptx")


def test_keys_in_notes_are_filled_per_output_slide(save_template, check_render) -> None:
    template = _template(save_template, "Say: {title} grew by {growth}.")
    data = [
        {"template": 1, "title": "North", "growth": "12%"},
        {"template": 1, "title": "South", "growth": "3%"},
    ]
    result = deckkit.render(template, data)
    deck = check_render(result.pptx, template, pages=2)
    assert "Say: North grew by 12%." in _notes_texts(deck, 0)
    assert "Say: South grew by 3%." in _notes_texts(deck, 1)
    assert result.warnings == []  # {growth} is only in the notes: used, not "no {growth} on the slide"


def test_text_objects_lists_and_links_in_notes(save_template, check_render) -> None:
    template = _template(save_template, "{points}\nSee {source}")
    data = [
        {
            "template": 1,
            "title": "T",
            "points": {"type": "list", "values": ["first", {"value": "second", "level": 1}]},
            "source": {
                "value": "the report",
                "hyperlink": "https://example.com/r",
                "styles": {"font": {"bold": True}},
            },
        }
    ]
    result = deckkit.render(template, data)
    deck = check_render(result.pptx, template, pages=1)
    texts = _notes_texts(deck, 0)
    assert "first" in texts
    assert "second" in texts
    assert "See the report" in texts
    slide = deck.slide_names()[0]
    notes = next(t for kind, t, _ in deck.rels(slide).values() if kind == "notesSlide")
    links = [(t, mode) for kind, t, mode in deck.rels(notes).values() if kind == "hyperlink"]
    assert links == [("https://example.com/r", "External")]
    assert not [t for kind, t, _ in deck.rels(slide).values() if kind == "hyperlink"]


def test_an_unfilled_key_in_notes_is_a_warning(save_template) -> None:
    template = _template(save_template, "Remember {caveat}")
    result = deckkit.render(template, [{"template": 1, "title": "T"}])
    assert [str(w) for w in result.warnings] == [
        "slides[0].caveat: {caveat} in the speaker notes of template slide 1 is not filled; it is left as it is"
    ]
