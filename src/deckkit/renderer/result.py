"""RenderResult: a rendered deck's bytes, its slide count and the warnings met on the way."""

from __future__ import annotations

import io
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deckkit import office
from deckkit.diff_hook import DIFF, DeckDiffProtocol, DeckSource
from deckkit.display_hook import Displayable
from deckkit.errors import Problem, problems_text

__all__ = ["RenderResult", "SlidePictures", "rendered_text"]


@dataclass(frozen=True, slots=True, repr=False)
class RenderResult(Displayable):
    """A rendered deck: the pptx bytes, its slide count and the warnings met on the way.

    Its repr never shows the pptx bytes (a notebook cell ending in ``result`` must stay a few KB
    whatever the deck; its rich display is a strip of thumbnails, see :mod:`deckkit.display`);
    ``presentation()`` opens it with python-pptx; ``to_pdf()`` and ``to_pngs()`` export it
    through LibreOffice (see :mod:`deckkit.office`).
    """

    pptx: bytes
    slide_count: int
    warnings: list[Problem] = field(default_factory=list)
    # The PDF, once made: to_pngs() after to_pdf() (or twice) starts LibreOffice once.
    _pdf: list[bytes] = field(default_factory=list, init=False, repr=False, compare=False)

    def __repr__(self) -> str:
        return rendered_text(type(self).__name__, self.slide_count, len(self.pptx), self.warnings)

    def presentation(self) -> Any:
        """The rendered deck as a python-pptx ``Presentation``, for the last mile no template covers."""
        # python-pptx loads only for this: ``import deckkit`` and a render stay light.
        from pptx import Presentation

        return Presentation(io.BytesIO(self.pptx))

    def diff(self, previous: DeckSource) -> DeckDiffProtocol:
        """What changed since ``previous`` (an earlier RenderResult, a .pptx path or its bytes):
        ``deckkit.diff(previous, self)``, a :class:`~deckkit.DeckDiff`."""
        # Through the declared hook: the renderer does not import deckkit.compare (diff_hook.py).
        return DIFF(previous, self)

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the pptx to ``path`` and return it as a Path."""
        target = Path(path)
        target.write_bytes(self.pptx)
        return target

    def to_pdf(self, path: str | os.PathLike[str] | None = None, *, timeout: float = 180.0) -> bytes:
        """The deck as a PDF, one page per slide (hidden slides too), made by LibreOffice.

        Written to ``path`` too when given. Raises :class:`~deckkit.errors.ConversionError` when
        LibreOffice is not installed (the message names the package) or the conversion fails or
        takes longer than ``timeout`` seconds.
        """
        if not self._pdf:
            self._pdf.append(office.pptx_to_pdf(self.pptx, timeout=timeout))
        pdf = self._pdf[0]
        if path is not None:
            Path(path).write_bytes(pdf)
        return pdf

    def to_pngs(
        self,
        folder: str | os.PathLike[str] | None = None,
        *,
        dpi: float = 96,
        slides: Sequence[int] | None = None,
        timeout: float = 180.0,
    ) -> list[bytes]:
        """A PNG picture of each slide (or of ``slides``, numbered from 1, in that order).

        At ``dpi`` dots per inch: a 13.33 x 7.5 inch slide is 1280 x 720 pixels at 96. With
        ``folder`` the pictures are written there too, as ``slide-01.png`` ... (numbered by
        slide; the folder is made when missing). Needs LibreOffice and poppler (pdftoppm).
        """
        pages = self._slide_numbers(slides)
        if not (isinstance(dpi, int | float) and not isinstance(dpi, bool) and 0 < dpi <= 1200):
            raise ValueError(
                f"dpi: {dpi!r} is not a resolution; give a number of dots per inch from 1 to 1200"
            )
        if not pages:
            return []
        pngs = office.pdf_to_pngs(self.to_pdf(timeout=timeout), dpi=dpi, pages=pages, timeout=timeout)
        if folder is not None:
            target = Path(folder)
            target.mkdir(parents=True, exist_ok=True)
            digits = len(str(self.slide_count))
            for number, png in zip(pages, pngs, strict=True):
                (target / f"slide-{number:0{digits}d}.png").write_bytes(png)
        return pngs

    def _slide_numbers(self, slides: Sequence[int] | None) -> list[int]:
        if slides is None:
            return list(range(1, self.slide_count + 1))
        if isinstance(slides, str | bytes) or not isinstance(slides, Sequence):
            raise ValueError(f"slides: give a list of slide numbers (from 1), not {slides!r}")
        for i, number in enumerate(slides):
            if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= self.slide_count:
                raise ValueError(
                    f"slides[{i}]: {number!r} is not a slide of this deck; "
                    f"it has {_plural(self.slide_count, 'slide')}, numbered from 1 to {self.slide_count}"
                )
        return list(slides)

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
