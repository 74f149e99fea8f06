"""Off-slide checks: a filled table or a placed picture that reaches past the slide's edges.

The fillers call these on the output slide, with the final geometry: a table's frame position
with its grid widths and row heights (``a:tr/@h`` summed, a lower bound, since PowerPoint grows a
row to fit its text), a picture's placement box. Shapes inside a group are not checked: their
coordinates are in the group's own space, not the slide's.
"""

from __future__ import annotations

from lxml import etree

from deckkit.ooxml.geometry import Box
from deckkit.ooxml.namespaces import qn

__all__ = ["EMU_PER_INCH", "TOLERANCE_EMU", "on_slide_tree", "overhangs"]

EMU_PER_INCH = 914400
TOLERANCE_EMU = 12700
"""One point: less than this past an edge is rounding (or a hairline border), not a problem."""


def on_slide_tree(shape: etree._Element) -> bool:
    """True when the shape sits directly on the slide's shape tree (its box is in slide space)."""
    parent = shape.getparent()
    return parent is not None and parent.tag == qn("p:spTree")


def _inches(emu: int) -> str:
    return f"{emu / EMU_PER_INCH:.1f} in" if emu >= EMU_PER_INCH / 20 else f"{emu / EMU_PER_INCH:.2f} in"


def overhangs(box: Box, size: tuple[int, int]) -> list[str]:
    """How far the box reaches past each edge of a slide of ``size``, in words ([] when it fits):
    ``["1.3 in below the slide's bottom edge"]``."""
    width, height = size
    found = []
    for amount, where in (
        (box.y + box.cy - height, "below the slide's bottom edge"),
        (box.x + box.cx - width, "past the slide's right edge"),
        (-box.y, "above the slide's top edge"),
        (-box.x, "past the slide's left edge"),
    ):
        if amount > TOLERANCE_EMU:
            found.append(f"{_inches(amount)} {where}")
    return found
