"""Data bars: a bar inside a table cell, from the left of its text area, ``ratio`` of its width.

A table cell cannot hold a shape, and a shape laid over the table would neither stay with the
cell nor sit between the cell's fill and its text. So the bar is the cell's fill itself:

- with an image sink (the engine's, per output slide): an image fill (``a:blipFill``) stretched
  over the cell, made of a 1000 x 1 pixel black-and-white mask recoloured by ``a:duotone`` (black
  to the bar's colour, white to the cell's own fill colour). Hard edges in PowerPoint and in
  every LibreOffice version; theme colours stay theme colours, because the colours live in the
  XML, not in the pixels. Masks depend only on where the bar starts and ends, so identical bars
  share one image part.
- without a sink: a linear gradient fill with hard stops (two stops at each edge). PowerPoint and
  LibreOffice 7.6 or later draw it exactly; older LibreOffice blurs it into a soft gradient.

Both are stretched over the cell, so the bar follows the cell when the table moves or is
resized, and it lies behind the cell's text. The rest of the cell keeps the cell's own solid
fill or, when it has none, the fill its table style gives it (for the built-in styles
``table_style`` knows); a cell with ``a:noFill``, a gradient or picture fill, or a table style
not known here has a clear rest.
"""

from __future__ import annotations

import functools
import struct
import zlib
from typing import Protocol, runtime_checkable

from lxml import etree

from deckkit.model.elements import CellDataBar
from deckkit.ooxml.namespaces import R
from deckkit.ooxml.xml_copy import copy_tree
from deckkit.renderer.drawingml import FILL_TAGS, a, color_element, insert_before_any
from deckkit.renderer.table.cell import cell_properties

MASK_WIDTH = 1000
DEFAULT_MARGIN = 91440  # a:tcPr marL/marR default: 0.1 inch
_AFTER_FILL_IN_TCPR = ("headers", "extLst")


class ImageSink(Protocol):
    """Where a filler puts an image: returns the relationship id from the slide to it."""

    def add_image(self, data: bytes, ext: str) -> str: ...


@runtime_checkable
class LinkSink(Protocol):
    """A sink that also adds hyperlinks (the slide's): rich text in a cell may link."""

    def add_hyperlink(self, url: str) -> str: ...


def bar_span(cell_width: int, mar_l: int, mar_r: int, ratio: float) -> tuple[float, float]:
    """Start and end of the bar as fractions of the cell's width (the fill's coordinate space)."""
    if cell_width <= 0:
        return 0.0, 0.0
    inner = max(cell_width - mar_l - mar_r, 0)
    start = min(max(mar_l, 0), cell_width) / cell_width
    end = min(start + ratio * inner / cell_width, 1.0)
    return start, end


def cell_margins(tc: etree._Element) -> tuple[int, int]:
    tc_pr = tc.find(a("tcPr"))

    def margin(name: str) -> int:
        value = tc_pr.get(name) if tc_pr is not None else None
        try:
            return int(value) if value is not None else DEFAULT_MARGIN
        except ValueError:
            return DEFAULT_MARGIN

    return margin("marL"), margin("marR")


def own_fill_color(tc: etree._Element, style_color: etree._Element | None) -> etree._Element | None:
    """The colour the rest of the cell keeps: its own solid fill, else its table style's; None for clear."""
    tc_pr = tc.find(a("tcPr"))
    fills = [c for c in tc_pr if c.tag in FILL_TAGS] if tc_pr is not None else []
    if not fills:
        return copy_tree(style_color) if style_color is not None else None
    solid = fills[0]
    if solid.tag != a("solidFill") or len(solid) == 0:
        return None
    return copy_tree(solid[0])


def mask_png(start: float, end: float, transparent_rest: bool) -> bytes:
    """A 1-pixel-high grey+alpha PNG: black from start to end, white (or clear) elsewhere."""
    return _mask_png(round(start * MASK_WIDTH), round(end * MASK_WIDTH), transparent_rest)


@functools.lru_cache(maxsize=4096)
def _mask_png(first: int, last: int, transparent_rest: bool) -> bytes:
    rest = b"\xff\x00" if transparent_rest else b"\xff\xff"
    row = rest * first + b"\x00\xff" * (last - first) + rest * (MASK_WIDTH - last)
    raw = b"\x00" + row

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data))
            + kind
            + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
        )

    header = struct.pack(">IIBBBBB", MASK_WIDTH, 1, 8, 4, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def _image_fill(r_id: str, bar: etree._Element, rest: etree._Element) -> etree._Element:
    fill = etree.Element(a("blipFill"), nsmap={"r": R})
    fill.set("dpi", "0")
    fill.set("rotWithShape", "1")
    blip = etree.SubElement(fill, a("blip"))
    blip.set(f"{{{R}}}embed", r_id)
    duotone = etree.SubElement(blip, a("duotone"))
    duotone.append(bar)
    duotone.append(rest)
    etree.SubElement(fill, a("srcRect"))
    etree.SubElement(etree.SubElement(fill, a("stretch")), a("fillRect"))
    return fill


def _transparent(color: etree._Element) -> etree._Element:
    clear = copy_tree(color)
    for old in clear.findall(a("alpha")):
        clear.remove(old)
    etree.SubElement(clear, a("alpha")).set("val", "0")
    return clear


def _gradient_fill(start: float, end: float, bar: etree._Element, rest: etree._Element) -> etree._Element:
    fill = etree.Element(a("gradFill"))
    fill.set("rotWithShape", "1")
    stops = etree.SubElement(fill, a("gsLst"))
    s, e = round(start * 100000), round(end * 100000)
    points: list[tuple[int, etree._Element]] = []
    if s > 0:
        points += [(0, rest), (s, rest)]
    points += [(s, bar), (e, bar)]
    if e < 100000:
        points += [(e, rest), (100000, rest)]
    for pos, color in points:
        gs = etree.SubElement(stops, a("gs"))
        gs.set("pos", str(pos))
        gs.append(copy_tree(color))
    lin = etree.SubElement(fill, a("lin"))
    lin.set("ang", "0")
    lin.set("scaled", "0")
    return fill


def draw_databar(
    tc: etree._Element,
    cell_width: int,
    databar: CellDataBar,
    sink: ImageSink | None,
    style_color: etree._Element | None = None,
) -> None:
    """Make the cell's fill show the bar; a bar of zero length leaves the cell as it is.

    style_color is the colour the table style gives the cell (``table_style``), kept for the
    rest of a cell that has no fill of its own.
    """
    mar_l, mar_r = cell_margins(tc)
    start, end = bar_span(cell_width, mar_l, mar_r, float(databar.ratio))
    if round(end * MASK_WIDTH) <= round(start * MASK_WIDTH):
        return
    bar = color_element(databar.color)
    own = own_fill_color(tc, style_color)
    if sink is not None:
        # Where the cell has no fill the mask itself is clear, so white's colour does not matter.
        r_id = sink.add_image(mask_png(start, end, transparent_rest=own is None), "png")
        fill = _image_fill(r_id, bar, own if own is not None else copy_tree(bar))
    else:
        fill = _gradient_fill(start, end, bar, own if own is not None else _transparent(bar))
    tc_pr = cell_properties(tc)
    for old in [c for c in tc_pr if c.tag in FILL_TAGS]:
        tc_pr.remove(old)
    insert_before_any(tc_pr, fill, _AFTER_FILL_IN_TCPR)
