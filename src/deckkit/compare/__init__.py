"""What changed between two decks: ``deckkit.diff(old, new)``, ``result.diff(previous)``, ``deckkit diff``.

The decks are read through :mod:`deckkit.ooxml` (:mod:`.read`), their slides matched by their
template slide and content (:mod:`.match`), each pair compared shape by shape (:mod:`.changes`);
the answer is a :class:`DeckDiff` (:mod:`.report`). Reading a deck renders nothing, so two
renders of the same input diff as identical whatever their bytes.
"""

from __future__ import annotations

import os
from pathlib import Path

from deckkit.compare.changes import Change, ChangeKind, slide_changes
from deckkit.compare.match import match_slides, moved
from deckkit.compare.read import SlideContent, read_deck
from deckkit.compare.report import Area, DeckDiff, SlideDiff, SlideStatus, change_text
from deckkit.diff_hook import DIFF, DeckSource
from deckkit.errors import TemplateError

__all__ = [
    "Area",
    "Change",
    "ChangeKind",
    "DeckDiff",
    "DeckSource",
    "SlideDiff",
    "SlideStatus",
    "change_text",
    "diff",
]


def _opened(deck: DeckSource, side: str) -> tuple[bytes, str]:
    """(the pptx bytes, the name to call the deck by)."""
    if isinstance(deck, bytes | bytearray):
        return bytes(deck), f"the {side} deck"
    pptx = getattr(deck, "pptx", None)
    if isinstance(pptx, bytes):
        return pptx, f"the {side} deck"
    if isinstance(deck, str | os.PathLike):
        try:
            return Path(deck).read_bytes(), str(deck)
        except OSError as error:
            raise TemplateError(f"{deck}: cannot read the {side} deck ({error.strerror or error})") from None
    raise TypeError(
        f"diff: the {side} deck is a {type(deck).__name__}; give a .pptx path, its bytes or a RenderResult"
    )


@DIFF.register  # result.diff's comparison (the renderer does not import this package)
def diff(old: DeckSource, new: DeckSource) -> DeckDiff:
    """What changed from ``old`` to ``new`` (.pptx paths, their bytes, or RenderResults).

    Slides are matched by their template slide (layout and shape names) and content; the answer
    lists slides added, removed and moved, and per slide the text, table cells, chart values (from
    the charts' caches) and pictures that changed. A file that is not a readable .pptx raises
    TemplateError naming it.
    """
    old_pptx, old_name = _opened(old, "old")
    new_pptx, new_name = _opened(new, "new")
    before, after = read_deck(old_pptx, old_name), read_deck(new_pptx, new_name)
    pairs = match_slides(before, after)
    out_of_place = moved(pairs)
    by_new = {j: i for i, j in pairs}
    # A removed slide is listed after the slide it followed in the old deck, of those that kept
    # their place (a moved slide's place says nothing); before every slide when none did.
    in_place = sorted(i for i, j in pairs if (i, j) not in out_of_place)
    removed_after: dict[int | None, list[int]] = {}
    for i in sorted(set(range(len(before))) - set(by_new.values())):
        anchor = max((k for k in in_place if k < i), default=None)
        removed_after.setdefault(anchor, []).append(i)

    slides = [_removed(before[i]) for i in removed_after.get(None, [])]
    for j, slide in enumerate(after):
        if j not in by_new:
            slides.append(SlideDiff("added", None, slide.number, slide.title))
            continue
        i = by_new[j]
        changes = tuple(slide_changes(before[i], slide))
        status: SlideStatus = "changed" if changes else "same"
        slides.append(
            SlideDiff(
                status,
                before[i].number,
                slide.number,
                slide.title,
                (i, j) in out_of_place,
                changes,
                _marks(before[i], changes),
                _marks(slide, changes),
            )
        )
        if (i, j) not in out_of_place:
            slides += [_removed(before[k]) for k in removed_after.get(i, [])]
    return DeckDiff(old_name, new_name, len(before), len(after), tuple(slides), old_pptx, new_pptx)


def _marks(slide: SlideContent, changes: tuple[Change, ...]) -> tuple[Area, ...]:
    """The areas of the slide's shapes that changed, each once."""
    areas = (slide.area(name) for name in dict.fromkeys(c.shape for c in changes))
    return tuple(area for area in areas if area is not None)


def _removed(slide: SlideContent) -> SlideDiff:
    return SlideDiff("removed", slide.number, None, slide.title)
