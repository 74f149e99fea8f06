"""RenderResult: a rendered deck's bytes, its slide count and the warnings met on the way."""

from __future__ import annotations

import io
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deckkit.compare import DeckDiff, DeckSource, diff
from deckkit.display_hook import Displayable
from deckkit.errors import Problem, problems_text

__all__ = ["RenderResult", "rendered_text"]


@dataclass(frozen=True, slots=True, repr=False)
class RenderResult(Displayable):
    """A rendered deck: the pptx bytes, its slide count and the warnings met on the way.

    Its repr never shows the pptx bytes (a notebook cell ending in ``result`` must stay a few KB
    whatever the deck; its rich display is a strip of thumbnails, see :mod:`deckkit.display`);
    ``presentation()`` opens it with python-pptx.
    """

    pptx: bytes
    slide_count: int
    warnings: list[Problem] = field(default_factory=list)

    def __repr__(self) -> str:
        return rendered_text(type(self).__name__, self.slide_count, len(self.pptx), self.warnings)

    def presentation(self) -> Any:
        """The rendered deck as a python-pptx ``Presentation``, for the last mile no template covers."""
        # python-pptx loads only for this: ``import deckkit`` and a render stay light.
        from pptx import Presentation

        return Presentation(io.BytesIO(self.pptx))

    def diff(self, previous: DeckSource) -> DeckDiff:
        """What changed since ``previous`` (an earlier RenderResult, a .pptx path or its bytes):
        ``deckkit.diff(previous, self)``."""
        return diff(previous, self)

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the pptx to ``path`` and return it as a Path."""
        target = Path(path)
        target.write_bytes(self.pptx)
        return target


def _plural(count: int, word: str) -> str:
    return f"{count:,} {word}{'s' if count != 1 else ''}"


def rendered_text(
    kind: str, slide_count: int | None, size: int, warnings: Sequence[Problem], extra: str = ""
) -> str:
    """A rendered deck in one short repr: its slide count, size and (some of) its warnings."""
    slides = _plural(slide_count, "slide") if slide_count is not None else "unknown slide count"
    head = f"<{kind}: {slides}, pptx of {size:,} bytes{extra}"
    listed = problems_text(warnings)
    return head + (">" if not listed else ",\n" + listed + "\n>")
