"""Slide thumbnails for rich displays: LibreOffice pictures when possible, wireframes otherwise.

Every display that shows slides (a RenderResult, a Deck preview, a Template, ``%deckkit
preview``) goes through :func:`thumbnails`, so they all say the same thing about where the
pictures come from. A strip shows at most ``deckkit.options.thumbnails`` slides; LibreOffice is
only started for decks short enough to convert in a few seconds.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from deckkit.errors import PreviewUnavailableError
from deckkit.options import options
from deckkit.template import preview
from deckkit.template.inspect import Template

__all__ = ["Thumbnails", "slide_pictures", "thumbnails"]

# LibreOffice converts the whole deck; past this many slides a strip of wireframes is faster
# than waiting for pictures of slides the strip does not show.
LIBREOFFICE_MAX_SLIDES = 40


@dataclass(frozen=True)
class Thumbnails:
    """Pictures of the first slides: ``images`` are data URIs; ``note`` says where they came from."""

    images: tuple[str, ...]
    total: int
    source: str  # "LibreOffice" | "wireframe"
    note: str

    def html(self, *, labels: tuple[str, ...] = (), width: int | None = None) -> str:
        width = width if width is not None else options.thumbnail_width
        cells = []
        for i, uri in enumerate(self.images):
            label = labels[i] if i < len(labels) else f"slide {i + 1}"
            cells.append(
                f'<figure style="margin:0 6px 6px 0;display:inline-block;vertical-align:top;width:{width}px">'
                f'<img src="{uri}" width="{width}" style="border:1px solid #ccc" alt="{html.escape(label)}"/>'
                f'<figcaption style="font-size:11px;color:#555">{label}</figcaption></figure>'
            )
        more = self.total - len(self.images)
        tail = f'<span style="font-size:12px;color:#555">… and {more} more</span>' if more > 0 else ""
        return (
            f'<div class="deckkit-thumbnails">{"".join(cells)}{tail}'
            f'<div style="font-size:11px;color:#888">{html.escape(self.note)}</div></div>'
        )


def _png_uri(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def _svg_uri(svg: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


def thumbnails(
    pptx: bytes,
    *,
    template: Template | None = None,
    width: int | None = None,
    limit: int | None = None,
    numbers: list[int] | None = None,
) -> Thumbnails:
    """Pictures of the first ``limit`` slides of ``pptx``, or of slides ``numbers`` (from 1), at
    ``width`` pixels (``deckkit.options.thumbnail_width``). ``template``: the deck is a template,
    opened; its wireframes name its keys. A rendered deck's wireframes show its text instead."""

    width = width if width is not None else options.thumbnail_width
    opened = template if template is not None else Template(pptx, "deck.pptx")
    total = len(opened.slides)
    shown = min(total, limit if limit is not None else options.thumbnails)
    wanted = numbers if numbers is not None else list(range(1, shown + 1))
    pictures, reason = _pictures(pptx, opened, wanted, width, _why_not_libreoffice(total), template is None)
    images = tuple(uri for _, uri in pictures)
    count = total if numbers is None else len(wanted)
    if reason is None:
        return Thumbnails(images, count, "LibreOffice", "previews rendered by LibreOffice")
    return Thumbnails(images, count, "wireframe", f"wireframe previews ({reason})")


def _pictures(
    pptx: bytes, opened: Template, wanted: Sequence[int], width: int, reason: str | None, content: bool
) -> tuple[list[tuple[int, str]], str | None]:
    """(slide number, data URI) of each slide ``wanted``: LibreOffice's picture when ``reason``
    (why not LibreOffice) is None and the conversion works, else its wireframe (``content``: what
    its shapes say); and why they are wireframes (None when LibreOffice made them)."""
    if reason is None:
        # Converted at twice the width: a crisp picture on high-density screens, still a few KB.
        try:
            pngs = preview.slide_pngs(pptx, width=width * 2)
        except PreviewUnavailableError as error:
            reason = str(error)
        else:
            return [(n, _png_uri(pngs[n - 1])) for n in wanted if n <= len(pngs)], None
    return [
        (n, _svg_uri(preview.wireframe_svg(opened, n, width=width, content=content))) for n in wanted
    ], reason


def _why_not_libreoffice(total: int) -> str | None:

    if options.previews == "wireframe":
        return 'deckkit.options.previews = "wireframe"'
    if not preview.libreoffice_available():
        return "LibreOffice is not installed"
    if total > LIBREOFFICE_MAX_SLIDES and options.previews == "auto":
        return f"{total} slides: LibreOffice previews are made for decks of up to {LIBREOFFICE_MAX_SLIDES}"
    return None


def slide_pictures(
    pptx: bytes, numbers: Iterable[int], *, width: int = 320, any_length: bool = False
) -> tuple[dict[int, str], str]:
    """Pictures of the slides ``numbers`` (counted from 1) as data URIs, and where they came from.

    The same rule as :func:`thumbnails`: LibreOffice when installed and allowed for a deck of
    this length (``any_length``: of any length, for a report asked for), otherwise wireframes
    that show the slides' text, table cells and chart kinds (what a diff compares), not the
    shapes' names and keys.
    """
    wanted = sorted(set(numbers))
    if not wanted:
        return {}, ""
    opened = Template(pptx, "deck.pptx")
    why_not = _why_not_libreoffice(0 if any_length else len(opened.slides))
    pictures, reason = _pictures(pptx, opened, wanted, width, why_not, content=True)
    if reason is None:
        return dict(pictures), "pictures rendered by LibreOffice"
    return dict(pictures), f"wireframe pictures ({reason})"
