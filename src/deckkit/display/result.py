"""RenderResult and the client's RenderedDeck: a thumbnail strip, the slide count, the warnings.

Never the pptx bytes: a notebook cell ending in ``result`` must stay a few KB whatever the deck.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from deckkit.display.html import box, esc, problems_html
from deckkit.display.thumbnails import thumbnails
from deckkit.display_hook import HTML
from deckkit.errors import Problem
from deckkit.ooxml.opc.package import open_package
from deckkit.renderer.result import RenderResult, SlidePictures, rendered_text

if TYPE_CHECKING:
    from deckkit.client import RenderedDeck

__all__ = ["PptxPreview", "rendered_html"]


def _plural(count: int, word: str) -> str:
    return f"{count:,} {word}{'s' if count != 1 else ''}"


def rendered_html(
    kind: str, pptx: bytes, slide_count: int | None, warnings: Sequence[Problem], extra: str = ""
) -> str:
    slides = _plural(slide_count, "slide") if slide_count is not None else "slides"
    title = f"{esc(kind)}: {slides}, {len(pptx) / 1024:,.0f} KB{esc(extra)}"
    strip = thumbnails(pptx).html() if pptx else "<i>no pptx</i>"
    return box(title, strip + problems_html(warnings))


@HTML.register("deckkit.renderer.result.RenderResult")
def render_result_html(result: RenderResult) -> str:
    return rendered_html(type(result).__name__, result.pptx, result.slide_count, result.warnings)


@HTML.register("deckkit.renderer.result.SlidePictures")
def slide_pictures_html(shown: SlidePictures) -> str:
    pictures = thumbnails(shown.pptx, width=shown.width, numbers=list(shown.numbers), enlarge=False)
    labels = tuple(f"slide {n}" for n in shown.numbers)
    return pictures.html(labels=labels, width=shown.width, enlarge=False)  # shown large already


# Registered by name: the client (and its HTTP library) loads only where a client is used.
@HTML.register("deckkit.client._rendered.RenderedDeck")
def rendered_deck_html(rendered: RenderedDeck) -> str:
    extra = (
        ""
        if rendered.succeeded
        else f" ({rendered.session.state.value}: {rendered.session.render_message or 'no pptx'})"
    )
    # The service's warnings, listed as a local RenderResult lists them (one story everywhere).
    return rendered_html("RenderedDeck", rendered.content, rendered.slide_count, rendered.warnings, extra)


class PptxPreview:
    """A .pptx file shown as a thumbnail strip (``%deckkit preview out.pptx``)."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self.pptx = self.path.read_bytes()
        self.slide_count = len(open_package(self.pptx).slides())

    def __repr__(self) -> str:
        return rendered_text(f"pptx {self.path.name}", self.slide_count, len(self.pptx), [])

    def _repr_html_(self) -> str:
        return rendered_html(self.path.name, self.pptx, self.slide_count, [])
