"""Pictures of slides: LibreOffice renders real ones when installed; a wireframe SVG always works.

LibreOffice converts the deck to PDF and poppler's ``pdftoppm`` cuts the pages into PNGs
(:mod:`deckkit.office` runs them). The deck is read and written again by deckkit first
(``read_deck``), so LibreOffice sees deckkit's writing, never a template as it came. Results are
cached per deck content, since browsing a template asks for the same pages again and again.
"""

from __future__ import annotations

import hashlib
import html
from typing import TYPE_CHECKING

from lxml import etree

from deckkit import office
from deckkit.errors import ConversionError, PreviewUnavailableError, TemplateError
from deckkit.office import libreoffice_available
from deckkit.ooxml.geometry import xfrm_box
from deckkit.ooxml.locate import inherited_xfrm, non_visual_properties, shape_tree
from deckkit.ooxml.namespaces import qn
from deckkit.ooxml.opc.part import Part
from deckkit.places import place_kind
from deckkit.renderer import read_deck
from deckkit.template.wireframe_content import Content, shape_content

if TYPE_CHECKING:
    from deckkit.template.inspect import Template

__all__ = ["PreviewUnavailableError", "libreoffice_available", "slide_pngs", "wireframe_svg"]

_EMU_PER_PX = 9525


def slide_pngs(pptx: bytes, *, width: int = 640, timeout: float = 180.0) -> list[bytes]:
    """One PNG per slide of ``pptx``, ``width`` pixels wide (cached per content and width).

    The PDF is kept too (per content), so the same deck at another width (a thumbnail and its
    enlarged picture) costs pdftoppm only, not a second LibreOffice conversion.
    """
    digest = hashlib.sha256(pptx).hexdigest()
    key = (digest, width)
    if key not in _CACHE:
        pngs = _render_pngs(_pdf(pptx, digest, timeout), width, timeout)
        if len(_CACHE) >= _CACHE_SIZE:
            del _CACHE[next(iter(_CACHE))]  # the oldest entry
        _CACHE[key] = pngs
    return list(_CACHE[key])


# Keyed by the deck's digest, not its bytes: a lookup hashes the deck once and the cache keeps
# only the pictures (and the last few decks' PDFs).
_CACHE: dict[tuple[str, int], tuple[bytes, ...]] = {}
_CACHE_SIZE = 16
_PDFS: dict[str, bytes] = {}
_PDFS_SIZE = 4


def _pdf(pptx: bytes, digest: str, timeout: float) -> bytes:
    if digest not in _PDFS:
        try:
            pdf = office.pptx_to_pdf(read_deck(pptx).pptx, timeout=timeout)
        except ConversionError as error:
            raise PreviewUnavailableError(f"no slide previews: {error}", cause=error.cause) from None
        except TemplateError as error:
            raise PreviewUnavailableError(f"no slide previews: {error}") from None
        if len(_PDFS) >= _PDFS_SIZE:
            del _PDFS[next(iter(_PDFS))]
        _PDFS[digest] = pdf
    return _PDFS[digest]


def _render_pngs(pdf: bytes, width: int, timeout: float) -> tuple[bytes, ...]:
    try:
        return tuple(office.pdf_to_pngs(pdf, width=width, timeout=timeout))
    except ConversionError as error:
        raise PreviewUnavailableError(f"no slide previews: {error}", cause=error.cause) from None


def wireframe_svg(template: Template, number: int, *, width: int = 640, content: bool = False) -> str:
    """An SVG sketch of template slide ``number``: every top-level shape's frame, keys highlighted.

    With ``content`` (a rendered deck: no keys left) each shape shows what it says instead of its
    name: its text, its table's rows at their heights, its chart's kind (``wireframe_content``).
    """

    slide_part = template._package.slides()[number - 1]
    cx, cy = template.slide_size
    height = round(width * cy / cx)
    scale = width / cx
    by_shape: dict[str, list[str]] = {}
    kinds: dict[str, str] = {}
    for p in template.slide(number).placeholders:
        by_shape.setdefault(p.shape, []).append("{" + p.key + "}")
        kinds.setdefault(p.shape, p.kind)
    items = [f'<rect width="{width}" height="{height}" fill="#fff" stroke="#999"/>']
    for shape in shape_tree(slide_part.xml):
        nv = non_visual_properties(shape)
        box = _frame(shape, slide_part)
        if box is None or nv is None:
            continue
        x, y, w, h = (round(v * scale) for v in box)
        name = nv.get("name") or ""
        keys = by_shape.get(name) or [
            k for n, ks in by_shape.items() if _contains_named(shape, n) for k in ks
        ]
        color = place_kind(kinds.get(name, "text")).colour if keys else "#bbb"
        label = " ".join(keys) if keys else name
        shown = shape_content(shape, slide_part) if content else None
        if shown is not None:
            items.append(_content_svg(shown, x, y, w, h, scale))
            continue
        items.append(
            f'<g><rect x="{x}" y="{y}" width="{max(w, 1)}" height="{max(h, 1)}" fill="{color}" fill-opacity="0.08" '
            f'stroke="{color}"/><text x="{x + 4}" y="{y + 14}" font-size="12" font-family="sans-serif" '
            f'fill="{color}">{html.escape(label)}</text></g>'
        )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}">{"".join(items)}</svg>'
    )


_LINE = 13  # px between lines of a wireframe's text


def _content_svg(shown: Content, x: int, y: int, w: int, h: int, scale: float) -> str:
    """A shape's content in its frame: its lines from the top (as many as the frame holds, then an
    ellipsis), or a table's rows at their own heights, running past the frame (and the slide) as
    they are drawn."""
    texts: list[str] = []
    if shown.rows is not None:
        top = y
        for line, row in zip(shown.lines, shown.rows, strict=True):
            step = max(round(row * scale), _LINE)
            texts.append(_text_line(line, x + 4, top + min(step, _LINE + 1) - 2, w))
            texts.append(f'<line x1="{x}" y1="{top + step}" x2="{x + w}" y2="{top + step}" stroke="#ddd"/>')
            top += step
        height = max(top - y, 1)
    else:
        room = max(h // _LINE, 1)
        lines = shown.lines if len(shown.lines) <= room else [*shown.lines[: room - 1], "…"]
        texts = [_text_line(line, x + 4, y + _LINE * (i + 1), w) for i, line in enumerate(lines)]
        height = max(h, 1)
    return (
        f'<g><rect x="{x}" y="{y}" width="{max(w, 1)}" height="{height}" fill="#4a6fa5" fill-opacity="0.05" '
        f'stroke="#889"/>{"".join(texts)}</g>'
    )


def _text_line(text: str, x: int, y: int, width: int) -> str:
    # About 6 px a character at 11 px: what fits the frame's width, then an ellipsis.
    room = max(width // 6, 1)
    shown = text if len(text) <= room else text[: room - 1] + "…"
    return f'<text x="{x}" y="{y}" font-size="11" font-family="sans-serif" fill="#333">{html.escape(shown)}</text>'


def _contains_named(group: etree._Element, name: str) -> bool:

    return any(el.get("name") == name for el in group.iter(qn("p:cNvPr")))


def _frame(shape: etree._Element, slide_part: Part) -> tuple[int, int, int, int] | None:
    """The shape's own frame, or for a placeholder the one it inherits from layout or master."""

    xfrm = shape.find(qn("p:xfrm"))  # graphic frames
    for path in (qn("p:spPr/a:xfrm"), qn("p:grpSpPr/a:xfrm")):
        xfrm = xfrm if xfrm is not None else shape.find(path)
    if xfrm is None:
        xfrm = inherited_xfrm(shape, slide_part)
    return xfrm_box(xfrm) if xfrm is not None else None
