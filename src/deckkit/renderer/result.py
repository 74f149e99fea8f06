"""RenderResult: a rendered deck's bytes, its slide count and the warnings met on the way."""

from __future__ import annotations

import io
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deckkit.display_hook import Displayable
from deckkit.errors import Problem, problems_text

__all__ = ["RenderResult", "SlidePictures", "rendered_text"]


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

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the pptx to ``path`` and return it as a Path."""
        target = Path(path)
        target.write_bytes(self.pptx)
        return target

    def show(self, n: int | None = None, width: int = 960) -> SlidePictures:
        """Slide ``n`` (from 1), or every slide, as pictures ``width`` pixels wide, to judge by eye
        (a notebook displays them; LibreOffice's pictures when installed, else wireframes that
        show the slides' text)."""
        if n is not None and not 1 <= n <= self.slide_count:
            raise ValueError(f"slide {n} does not exist; the deck has slides 1 to {self.slide_count}")
        if not 48 <= width <= 4096:
            raise ValueError(f"width {width}: give a number of pixels from 48 to 4096")
        numbers = (n,) if n is not None else tuple(range(1, self.slide_count + 1))
        return SlidePictures(self.pptx, numbers, width)


@dataclass(frozen=True, slots=True, repr=False)
class SlidePictures(Displayable):
    """Slides of a rendered deck shown large (``RenderResult.show``): its display is the pictures."""

    pptx: bytes
    numbers: tuple[int, ...]
    width: int

    def __repr__(self) -> str:
        which = ", ".join(map(str, self.numbers[:10])) + (" …" if len(self.numbers) > 10 else "")
        return f"<SlidePictures: slide{'s' if len(self.numbers) != 1 else ''} {which} at {self.width} px>"


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
