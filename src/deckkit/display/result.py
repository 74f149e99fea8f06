"""RenderResult and the client's RenderedDeck: a thumbnail strip, the slide count, the warnings.

Never the pptx bytes: a notebook cell ending in ``result`` must stay a few KB whatever the deck.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from deckkit.display.html import box, esc, problems_html, problems_text
from deckkit.errors import Problem

__all__ = ["ResultDisplay", "rendered_html", "rendered_text"]


def _plural(count: int, word: str) -> str:
    return f"{count:,} {word}{'s' if count != 1 else ''}"


def rendered_text(
    kind: str, slide_count: int | None, size: int, warnings: Sequence[Problem], extra: str = ""
) -> str:
    slides = _plural(slide_count, "slide") if slide_count is not None else "unknown slide count"
    head = f"<{kind}: {slides}, pptx of {size:,} bytes{extra}"
    listed = problems_text(warnings)
    return head + (">" if not listed else ",\n" + listed + "\n>")


def rendered_html(
    kind: str, pptx: bytes, slide_count: int | None, warnings: Sequence[Problem], extra: str = ""
) -> str:
    from deckkit.display.thumbnails import thumbnails

    slides = _plural(slide_count, "slide") if slide_count is not None else "slides"
    title = f"{esc(kind)}: {slides}, {len(pptx) / 1024:,.0f} KB{esc(extra)}"
    strip = thumbnails(pptx).html() if pptx else "<i>no pptx</i>"
    return box(title, strip + problems_html(warnings))


class ResultDisplay:
    """Mixin for RenderResult (a slots dataclass with ``pptx``, ``slide_count``, ``warnings``)."""

    __slots__ = ()
    pptx: bytes
    slide_count: int
    warnings: list[Problem]

    def __repr__(self) -> str:
        return rendered_text(type(self).__name__, self.slide_count, len(self.pptx), self.warnings)

    def _repr_html_(self) -> str:
        return rendered_html(type(self).__name__, self.pptx, self.slide_count, self.warnings)

    def presentation(self) -> Any:
        """The rendered deck as a python-pptx ``Presentation``, for the last mile no template covers."""
        import io

        from pptx import Presentation

        return Presentation(io.BytesIO(self.pptx))

    def save(self, path: Any) -> Any:
        """Write the pptx to ``path`` and return it as a Path."""
        from pathlib import Path

        target = Path(path)
        target.write_bytes(self.pptx)
        return target


class PptxPreview:
    """A .pptx file shown as a thumbnail strip (``%deckkit preview out.pptx``)."""

    def __init__(self, path: Any) -> None:
        from pathlib import Path

        from deckkit.ooxml.opc.package import open_package

        self.path = Path(path)
        self.pptx = self.path.read_bytes()
        self.slide_count = len(open_package(self.pptx).slides())

    def __repr__(self) -> str:
        return rendered_text(f"pptx {self.path.name}", self.slide_count, len(self.pptx), [])

    def _repr_html_(self) -> str:
        return rendered_html(self.path.name, self.pptx, self.slide_count, [])
