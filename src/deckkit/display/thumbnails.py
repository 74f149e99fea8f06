"""Slide thumbnails for rich displays: LibreOffice pictures when possible, wireframes otherwise.

Every display that shows slides (a RenderResult, a Deck preview, a Template, ``%deckkit
preview``) goes through :func:`thumbnails`, so they all say the same thing about where the
pictures come from. A strip shows at most ``deckkit.options.thumbnails`` slides; LibreOffice is
only started for decks short enough to convert in a few seconds.
"""

from __future__ import annotations

import base64
import html
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from deckkit.display.palette import compact_png
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
    """Pictures of the first slides: ``images`` are data URIs; ``note`` says where they came from.

    ``enlarged``: the same slides' pictures ``deckkit.options.enlarged_width`` pixels wide (a
    wireframe's SVG is the same picture, drawn larger), which a click on a thumbnail opens under
    it; none when that option is 0.
    """

    images: tuple[str, ...]
    total: int
    source: str  # "LibreOffice" | "wireframe"
    note: str
    enlarged: tuple[str, ...] = ()

    def html(self, *, labels: tuple[str, ...] = (), width: int | None = None, enlarge: bool = True) -> str:
        """The strip; ``enlarge``: a click on a picture opens its enlarged one (not for pictures
        already shown large, ``result.show()``)."""
        width = width if width is not None else options.thumbnail_width
        enlarged = self.enlarged if enlarge and options.enlarged_width else ()
        cells = []
        for i, uri in enumerate(self.images):
            label = labels[i] if i < len(labels) else f"slide {i + 1}"
            alt = html.escape(_plain(label))
            picture = (
                f'<img class="deckkit-thumb" src="{uri}" width="{width}"'
                ' style="border:1px solid #ccc;display:block;max-width:100%;height:auto"'
                f' alt="{alt}"/>'
            )
            if i < len(enlarged):
                # A <details> opens on a click with no script: it works in JupyterLab (even where
                # output is sanitized), in VS Code and in a static HTML export alike.
                picture = (
                    '<details class="deckkit-enlarge"><summary title="click to enlarge (again to close)"'
                    f' style="list-style:none;cursor:zoom-in">{picture}</summary>'
                    f'<img class="deckkit-enlarged" src="{enlarged[i]}" width="{options.enlarged_width}"'
                    f' alt="{alt}, enlarged"'
                    ' style="max-width:100%;height:auto;border:1px solid #ccc;margin-top:4px"/></details>'
                )
            cells.append(
                '<figure style="margin:0 6px 6px 0;display:inline-block;vertical-align:top;max-width:100%">'
                f"{picture}"
                f'<figcaption style="font-size:11px;color:#555;width:{width}px">{label}</figcaption></figure>'
            )
        more = self.total - len(self.images)
        tail = f'<span style="font-size:12px;color:#555">… and {more} more</span>' if more > 0 else ""
        hint = "; click a slide to enlarge it" if enlarged else ""
        return (
            f'<div class="deckkit-thumbnails">{"".join(cells)}{tail}'
            f'<div style="font-size:11px;color:#888">{html.escape(self.note)}{hint}</div></div>'
        )


def _plain(label: str) -> str:
    """A caption's text without its markup (a template's captions hold <b> and <code>)."""
    return re.sub(r"<[^>]+>", " ", label).replace("  ", " ").strip()


def _png_uri(png: bytes) -> str:
    # A notebook stores every picture it shows: a palette where that looks the same (palette.py).
    return "data:image/png;base64," + base64.b64encode(compact_png(png)).decode("ascii")


def _svg_uri(svg: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


def thumbnails(
    pptx: bytes,
    *,
    template: Template | None = None,
    width: int | None = None,
    limit: int | None = None,
    numbers: list[int] | None = None,
    enlarge: bool = True,
) -> Thumbnails:
    """Pictures of the first ``limit`` slides of ``pptx``, or of slides ``numbers`` (from 1), at
    ``width`` pixels (``deckkit.options.thumbnail_width``). ``template``: the deck is a template,
    opened; its wireframes name its keys. A rendered deck's wireframes show its text instead.
    ``enlarge``: also the enlarged pictures a click opens (``deckkit.options.enlarged_width``)."""

    width = width if width is not None else options.thumbnail_width
    opened = template if template is not None else Template(pptx, "deck.pptx")
    total = len(opened.slides)
    shown = min(total, limit if limit is not None else options.thumbnails)
    wanted = numbers if numbers is not None else list(range(1, shown + 1))
    large_width = options.enlarged_width if enlarge else 0
    pictures, large, reason = _pictures(
        pptx,
        opened,
        wanted,
        width,
        _why_not_libreoffice(total),
        content=template is None,
        large_width=large_width,
    )
    count = total if numbers is None else len(wanted)
    if reason is None:
        return Thumbnails(pictures, count, "LibreOffice", "previews rendered by LibreOffice", large)
    return Thumbnails(pictures, count, "wireframe", f"wireframe previews ({reason})", large)


def _pictures(
    pptx: bytes,
    opened: Template,
    wanted: Sequence[int],
    width: int,
    reason: str | None,
    *,
    content: bool,
    large_width: int = 0,
) -> tuple[tuple[str, ...], tuple[str, ...], str | None]:
    """Data URIs of the slides ``wanted``, of their pictures ``large_width`` wide (none when 0),
    and why they are wireframes (None when LibreOffice drew them). LibreOffice's pictures when
    ``reason`` (why not LibreOffice) is None and the conversion works, else wireframes
    (``content``: what the shapes say, rather than their keys)."""
    if reason is None:
        # Converted at twice the width: a crisp picture on high-density screens, still a few KB.
        try:
            pngs = preview.slide_pngs(pptx, width=width * 2)
            large = preview.slide_pngs(pptx, width=large_width) if large_width else []
        except PreviewUnavailableError as error:
            reason = str(error)
        else:
            return (
                tuple(_png_uri(pngs[n - 1]) for n in wanted if n <= len(pngs)),
                tuple(_png_uri(large[n - 1]) for n in wanted if n <= len(large)),
                None,
            )
    images = tuple(_svg_uri(preview.wireframe_svg(opened, n, width=width, content=content)) for n in wanted)
    return images, images if large_width else (), reason  # an SVG: the same picture drawn larger


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
    pictures, _, reason = _pictures(pptx, opened, wanted, width, why_not, content=True)
    found = dict(zip(wanted, pictures, strict=False))
    if reason is None:
        return found, "pictures rendered by LibreOffice"
    return found, f"wireframe pictures ({reason})"
