"""The height a row is drawn at when the template gives none (``h="0"``, as PptxGenJS writes).

``a:tr/@h`` is a row's minimum height: PowerPoint draws a row at least as tall as its tallest
cell's text, the lines of its paragraphs at their text size (single spacing: 1.2 times the size)
plus the cell's top and bottom margins (``marT``/``marB``, 0.05 in by default). A row written
with a height of 0 is measured that way, so that sizing a table (anchoring it at its bottom edge,
scaling its rows into its frame) works from the heights PowerPoint shows, not from zero.
"""

from __future__ import annotations

from lxml import etree

from deckkit.ooxml.xml_children import first_child
from deckkit.renderer.drawingml import a
from deckkit.renderer.table.grid import attr_int

__all__ = ["DEFAULT_SIZE", "measured_height"]

DEFAULT_SIZE = 1800  # hundredths of a point: PowerPoint's table text without a size of its own
_DEFAULT_MARGIN = 45720  # 0.05 in
_EMU_PER_HUNDREDTH_POINT = 127
_LINE = 1.2  # single spacing, as a multiple of the text size
_SIZED = (a("rPr"), a("endParaRPr"), a("defRPr"))


def _paragraph_height(paragraph: etree._Element) -> int:
    sizes = [attr_int(el.get("sz")) for el in paragraph.iter(*_SIZED) if el.get("sz") is not None]
    size = max(sizes, default=0) or DEFAULT_SIZE
    lines = 1 + sum(1 for _ in paragraph.iterchildren(a("br")))
    return round(lines * size * _LINE * _EMU_PER_HUNDREDTH_POINT)


def measured_height(tr: etree._Element) -> int:
    """The height PowerPoint draws the row at: its tallest cell's text and margins."""
    tallest = 0
    for tc in tr.iterchildren(a("tc")):
        tc_pr = first_child(tc, a("tcPr"))
        margins = (
            attr_int(tc_pr.get("marT"), _DEFAULT_MARGIN) + attr_int(tc_pr.get("marB"), _DEFAULT_MARGIN)
            if tc_pr is not None
            else 2 * _DEFAULT_MARGIN
        )
        body = first_child(tc, a("txBody"))
        paragraphs = list(body.iterchildren(a("p"))) if body is not None else []
        text = sum(_paragraph_height(p) for p in paragraphs) if paragraphs else _paragraph_height(tc)
        tallest = max(tallest, margins + text)
    return tallest
