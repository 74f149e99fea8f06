"""Speaker notes: a ``{key}`` in a slide's notes is filled like the slide's text.

The notes slide is copied with its slide (the package's clone follows the slide's notes
relationship), so each output slide fills its own notes; hyperlinks go into the notes part's
relationships, not the slide's.
"""

from __future__ import annotations

from collections.abc import Iterable

from deckkit.model import List, Text
from deckkit.ooxml.locate import Occurrence, locate_placeholders
from deckkit.ooxml.opc.part import Part
from deckkit.ooxml.opc.relationships import RT
from deckkit.renderer.fill.lists import fill_list
from deckkit.renderer.fill.text import replace_occurrences

__all__ = ["fill_notes", "notes_keys"]


def notes_keys(slide: Part) -> dict[str, list[Occurrence]]:
    """Every ``{key}`` in the speaker notes of slide (none when it has no notes)."""
    notes = slide.related(RT.NOTES_SLIDE)
    return locate_placeholders(notes.xml).text if notes is not None else {}


def fill_notes(slide: Part, values: Iterable[tuple[str, Text | List]]) -> None:
    """Fill the keys of slide's speaker notes with the slide's text and list values."""
    notes = slide.related(RT.NOTES_SLIDE)
    if notes is None:
        return
    located = locate_placeholders(notes.xml).text

    def add_hyperlink(url: str) -> str:
        return notes.rels.add(RT.HYPERLINK, url, external=True)

    for key, value in values:
        occurrences = located.get(key)
        if not occurrences:
            continue
        if isinstance(value, List):
            fill_list(occurrences, value, add_hyperlink)
        else:
            replace_occurrences(occurrences, value, add_hyperlink)
