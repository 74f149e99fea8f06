"""A diff's answer: each slide's fate (same, changed, added, removed, moved) and its changes."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from deckkit.compare.changes import Change
from deckkit.diff_hook import SlideStatus
from deckkit.display_hook import Displayable
from deckkit.words import counted

__all__ = ["Area", "DeckDiff", "SlideDiff", "SlideStatus"]

Area = tuple[float, float, float, float]

# A terminal summary lists this many changes of a slide, and counts the rest.
_LISTED = 20


@dataclass(frozen=True, slots=True)
class SlideDiff:
    """One slide: its number in the old and in the new deck (None where it is not), what became
    of it, and its changes. ``moved``: it left its place among the slides both decks have."""

    status: SlideStatus
    old: int | None
    new: int | None
    title: str
    moved: bool = False
    changes: tuple[Change, ...] = ()
    # Where the changed shapes are on each slide, as fractions of the slide (x, y, width, height):
    # what a picture of the slide marks.
    old_marks: tuple[Area, ...] = ()
    new_marks: tuple[Area, ...] = ()

    @property
    def label(self) -> str:
        """``slide 4 (was 6)``, ``slide 4``, ``old slide 6``."""
        if self.new is None:
            return f"old slide {self.old}"
        return f"slide {self.new}" + (f" (was {self.old})" if self.old not in (None, self.new) else "")

    @property
    def headline(self) -> str:
        """``slide 4 (was 6) "Sales": changed, moved``."""
        states = [
            s for s in (self.status if self.status != "same" else "", "moved" if self.moved else "") if s
        ]
        title = f' "{self.title[:60]}"' if self.title else ""
        return f"{self.label}{title}: {', '.join(states) or 'same'}"

    def to_json(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "moved": self.moved,
            "old": self.old,
            "new": self.new,
            "title": self.title,
            "changes": [c.to_json() for c in self.changes],
        }


@dataclass(frozen=True, slots=True, repr=False)
class DeckDiff(Displayable):
    """What changed from one deck to another, slide by slide (``deckkit.diff(old, new)``).

    ``slides`` follow the new deck's order, each removed slide after the slide that came before
    it in the old deck. ``identical`` when no slide was added, removed, moved or changed. Its
    rich display shows old and new side by side (:mod:`deckkit.display`); ``old_pptx`` and
    ``new_pptx`` are kept for it, and never shown.
    """

    old_name: str
    new_name: str
    old_count: int
    new_count: int
    slides: tuple[SlideDiff, ...]
    old_pptx: bytes = field(default=b"", compare=False)
    new_pptx: bytes = field(default=b"", compare=False)

    @property
    def identical(self) -> bool:
        return all(s.status == "same" and not s.moved for s in self.slides)

    def count(self, status: SlideStatus | Literal["moved"]) -> int:
        if status == "moved":
            return sum(s.moved for s in self.slides)
        return sum(s.status == status for s in self.slides)

    @property
    def differences(self) -> tuple[SlideDiff, ...]:
        """The slides that are not the same in the same place."""
        return tuple(s for s in self.slides if s.status != "same" or s.moved)

    def summary_line(self) -> str:
        head = f"{self.old_name} -> {self.new_name}: {counted(self.old_count, 'slide')} -> {self.new_count:,}"
        if self.identical:
            return f"{head}; identical"
        counts = ", ".join(
            f"{self.count(status)} {status}"
            for status in ("changed", "added", "removed", "moved")
            if self.count(status)
        )
        return f"{head}; {counts}"

    def summary(self) -> str:
        """The terminal report: one line for the decks, then each slide that differs and its changes."""
        lines = [self.summary_line()]
        for slide in self.differences:
            lines.append(slide.headline)
            for change in slide.changes[:_LISTED]:
                lines.append("  " + change_text(change))
            if len(slide.changes) > _LISTED:
                lines.append(f"  … and {counted(len(slide.changes) - _LISTED, 'more change')}")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        return {
            "old": self.old_name,
            "new": self.new_name,
            "old_slides": self.old_count,
            "new_slides": self.new_count,
            "identical": self.identical,
            "counts": {s: self.count(s) for s in ("same", "changed", "added", "removed", "moved")},
            "slides": [s.to_json() for s in self.slides],
        }

    def __repr__(self) -> str:
        return f"<DeckDiff: {self.summary_line()}>"


def _quoted(text: str | None, limit: int = 80) -> str:
    if text is None:
        return "(none)"
    flat = text.replace("\n", " / ")
    return '"' + (flat if len(flat) <= limit else flat[: limit - 1] + "…") + '"'


def change_text(change: Change) -> str:
    """One change on one line: ``table Sales, row 2, column 3: "12" -> "14"``."""
    if change.kind == "picture":
        return f"picture {change.where}: replaced"
    if change.kind == "table" and change.column is None:
        added = change.old is None
        return f"table {change.where}: {'added' if added else 'removed'} {_quoted(change.new if added else change.old)}"
    if change.kind == "shape":
        if change.old is None:
            return f"shape {change.where}: added ({change.new})"
        if change.new is None:
            return f"shape {change.where}: removed ({change.old})"
        return f"shape {change.where}: {change.old} -> {change.new}"
    return f"{change.kind} {change.where}: {_quoted(change.old)} -> {_quoted(change.new)}"
