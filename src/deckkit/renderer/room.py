"""The room a growing shape has on its slide: one definition for every piece of advice that counts
rows or items (the off-slide, overlap and text-overflow warnings) and for the pages of
``Deck.add_table_slides``.

A shape the fill grows (a table's rows, a text box resized to fit its text) may take the slide
from its template top edge down to the first shape in the way below it, else to the slide's
bottom edge; a shape that grows upwards (a table anchored at its bottom, a text box anchored at
its bottom or centre) up to the first shape in the way above it, else to the slide's top edge.
What is in the way is what a person sees on the slide in PowerPoint:

- every shape of the slide's own shape tree, at its box: a text box, a picture, a chart or table,
  a connector, a group (its whole box), and a placeholder, at its own position or, when it has
  none, where its layout (else master) placeholder puts it. So a footer, date or slide number the
  slide shows is in the way where PowerPoint draws it, and an empty placeholder too (PowerPoint
  shows its prompt);
- not the layout's or the master's placeholders: PowerPoint draws them on a slide only through
  the slide's own placeholder (*Insert* > *Header & Footer* adds the footer to the slide). The
  layout's and master's other shapes (bands, logos) are the slide's backdrop, drawn behind
  everything the designer places, and not counted either;
- not a shape the growing shape's template box already covers: that overlap is the designer's
  layout (a backdrop panel, a label laid over the table);
- a shape another key's fill grew (``grown``: a table given more rows, a text box resized to its
  text) at its template box, where it stays when its data is cut as its own warning advises, and
  also where its data took it, so that advice followed on its own clears it as drawn; not there
  when it grew over this shape's template box (that overlap is the other shape's to fix, and its
  warning says so). Whether a shape is the designer's layout is judged on template boxes alone;
- not a shape beside it: only a shape whose horizontal span meets the growing shape's (by more
  than a point) stops it, since it grows down (up) past the others without touching them. A
  shape a table's widened columns reach beside it is the column advice's matter, not the rows'.

Shapes inside a group are measured in the group's space: a growing shape inside a group has the
slide's edges as its only bounds.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import NamedTuple, Protocol

from lxml import etree

from deckkit.ooxml.geometry import Box, xfrm_box
from deckkit.ooxml.locate import inherited_xfrm
from deckkit.ooxml.namespaces import qn
from deckkit.ooxml.opc.part import Part
from deckkit.renderer.offslide import TOLERANCE_EMU, on_slide_tree

__all__ = ["Room", "Surroundings", "covers", "depth", "placed_shapes"]

_SP_TREE = qn("./p:cSld/p:spTree")
_PH = qn("./*/p:nvPr/p:ph")
_XFRMS = {
    qn("p:sp"): qn("./p:spPr/a:xfrm"),
    qn("p:pic"): qn("./p:spPr/a:xfrm"),
    qn("p:cxnSp"): qn("./p:spPr/a:xfrm"),
    qn("p:graphicFrame"): qn("./p:xfrm"),
    qn("p:grpSp"): qn("./p:grpSpPr/a:xfrm"),
    qn("p:contentPart"): qn("./p:xfrm"),
}


class Grew(Protocol):
    """A shape the fill made larger, with its template box (:class:`deckkit.renderer.overlap.Grown`)."""

    @property
    def shape(self) -> etree._Element: ...

    @property
    def before(self) -> Box: ...


class Room(NamedTuple):
    """The span of the slide (EMU, from the slide's top edge) a growing shape may take."""

    top: int
    bottom: int


def placed_shapes(slide: Part) -> Iterator[tuple[etree._Element, Box]]:
    """Each shape of the slide's shape tree with the box PowerPoint draws it in (a placeholder
    without a position of its own: its layout's, else its master's)."""
    tree = slide.xml.find(_SP_TREE)
    for shape in tree if tree is not None else ():
        path = _XFRMS.get(shape.tag)
        if path is None:
            continue
        xfrm = shape.find(path)
        if xfrm is None and shape.find(_PH) is not None:
            xfrm = inherited_xfrm(shape, slide)
        box = xfrm_box(xfrm) if xfrm is not None else None
        if box is not None:
            yield shape, box


def depth(one: Box, other: Box) -> tuple[int, int]:
    """How far the boxes overlap (across, down) in EMU; a side <= 0 when they do not."""
    across = min(one.x + one.cx, other.x + other.cx) - max(one.x, other.x)
    down = min(one.y + one.cy, other.y + other.cy) - max(one.y, other.y)
    return across, down


def covers(one: Box, other: Box) -> bool:
    """The boxes overlap by more than a point each way."""
    across, down = depth(one, other)
    return across > TOLERANCE_EMU and down > TOLERANCE_EMU


class Surroundings:
    """What a shape growing from its template box ``template`` on ``slide`` (a slide of ``size``)
    must stay clear of: the shapes in the way (see the module), read on first use; ``grown``: the
    shapes the slide's fill grew so far (``OutputSlide.grown``), counted at their template boxes
    and as drawn."""

    def __init__(
        self,
        slide: Part,
        shape: etree._Element,
        template: Box,
        size: tuple[int, int],
        grown: Sequence[Grew] = (),
    ) -> None:
        self._slide, self._shape, self.template, self.size = slide, shape, template, size
        self._grown = grown
        self._others: list[Box] | None = None

    def others(self) -> list[Box]:
        """The boxes of the slide's other shapes that the template box does not cover (a grown
        shape's template box, and its box as drawn unless that covers the template box)."""
        if self._others is None:
            self._others = []
            if on_slide_tree(self._shape):
                before = {id(g.shape): g.before for g in self._grown}
                for shape, now in placed_shapes(self._slide):
                    was = before.get(id(shape), now)
                    if shape is self._shape or covers(self.template, was):
                        continue
                    self._others.append(was)
                    if was != now and not covers(self.template, now):
                        self._others.append(now)
        return self._others

    def anew(self) -> Surroundings:
        """The same surroundings read again: the shapes as drawn once the slide is filled (the
        overlap warnings' advice), where these were read as the fill went."""
        return Surroundings(self._slide, self._shape, self.template, self.size, self._grown)

    def room(self, x: int, cx: int) -> Room:
        """The room of the shape when it spans ``x`` to ``x + cx`` across: down to the first
        shape in the way below the template box, up to the last one above it."""
        t = self.template
        top, bottom = 0, self.size[1]
        for other in self.others():
            if min(x + cx, other.x + other.cx) - max(x, other.x) <= TOLERANCE_EMU:
                continue  # beside it
            if other.y >= t.y + t.cy - TOLERANCE_EMU:
                bottom = min(bottom, other.y)
            elif other.y + other.cy <= t.y + TOLERANCE_EMU:
                top = max(top, other.y + other.cy)
        return Room(top, bottom)

    def holds(self, box: Box) -> bool:
        """The box, grown from the template box, stays within its room and across the slide, and
        covers none of the shapes in the way beside it either."""
        room = self.room(box.x, box.cx)
        return (
            box.y >= room.top - TOLERANCE_EMU
            and box.y + box.cy <= room.bottom + TOLERANCE_EMU
            and box.x >= -TOLERANCE_EMU
            and box.x + box.cx <= self.size[0] + TOLERANCE_EMU
            and not any(covers(box, other) for other in self.others())
        )
