"""Overlap checks: a shape the fill grew (a table's rows, a text box resized to fit its text) that
now covers another shape of the slide it did not cover in the template.

The fillers record what they grew (:class:`Grown`, on ``OutputSlide.grown``) with its box in the
template and as drawn: a table's box with each row's drawn height (the off-slide check's
measurement, :mod:`deckkit.renderer.table.measure`), a text box's new size. Once the slide is
filled, :func:`created_overlaps` compares them with every other shape on the slide's shape tree.
Shapes that overlapped in the template already are the designer's choice and never reported;
shapes inside a group, and placeholders that take their position from the layout (no ``a:xfrm``
of their own), are not compared.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from lxml import etree

from deckkit.errors import Problem
from deckkit.ooxml.geometry import Box, xfrm_box
from deckkit.ooxml.namespaces import qn
from deckkit.renderer.offslide import EMU_PER_INCH, TOLERANCE_EMU

__all__ = ["Grown", "covers_any", "created_overlaps", "others_clear_of", "shape_name"]

_SP_TREE = qn("./p:cSld/p:spTree")
_XFRMS = {
    qn("p:sp"): qn("./p:spPr/a:xfrm"),
    qn("p:pic"): qn("./p:spPr/a:xfrm"),
    qn("p:cxnSp"): qn("./p:spPr/a:xfrm"),
    qn("p:graphicFrame"): qn("./p:xfrm"),
    qn("p:grpSp"): qn("./p:grpSpPr/a:xfrm"),
    qn("p:contentPart"): qn("./p:xfrm"),
}


@dataclass(frozen=True, slots=True)
class Grown:
    """A shape the fill made larger: its box in the template (``before``) and as drawn (``after``).

    ``advice(other)`` is what makes it stop covering a shape whose box is ``other``: it is checked
    by whoever grew the shape, which knows what helps (fewer rows, shorter text).
    """

    shape: etree._Element
    before: Box
    after: Box
    path: str
    what: str  # "the table \"sales\"", "the text box \"Title 1\""
    advice: Callable[[Box], str]


def shape_name(shape: etree._Element) -> str:
    """The shape's name as PowerPoint's selection pane shows it, quoted (or its kind when it has none)."""
    c_nv_pr = shape.find(qn("./*/p:cNvPr"))
    name = c_nv_pr.get("name") if c_nv_pr is not None else None
    return f'"{name}"' if name else "an unnamed shape"


def _box(shape: etree._Element) -> Box | None:
    path = _XFRMS.get(shape.tag)
    xfrm = shape.find(path) if path is not None else None
    return xfrm_box(xfrm) if xfrm is not None else None


def _depth(one: Box, other: Box) -> tuple[int, int]:
    """How far the boxes overlap (across, down) in EMU; a side <= 0 when they do not."""
    across = min(one.x + one.cx, other.x + other.cx) - max(one.x, other.x)
    down = min(one.y + one.cy, other.y + other.cy) - max(one.y, other.y)
    return across, down


def _covers(one: Box, other: Box) -> bool:
    across, down = _depth(one, other)
    return across > TOLERANCE_EMU and down > TOLERANCE_EMU


def _inches(emu: int) -> str:
    return f"{emu / EMU_PER_INCH:.2f} in"


def others_clear_of(tree: etree._Element, shape: etree._Element) -> list[Box]:
    """The boxes of the shapes on the shape tree ``tree`` other than ``shape`` that ``shape``'s box
    does not cover: those it must stay clear of when it grows (see :func:`covers_any`)."""
    own = _box(shape)
    return [
        b for s in tree if s is not shape and (b := _box(s)) is not None and not (own and _covers(own, b))
    ]


def covers_any(box: Box, others: Sequence[Box]) -> bool:
    """The box covers one of ``others`` (beyond a point each way)."""
    return any(_covers(box, other) for other in others)


def created_overlaps(slide: etree._Element, grown: Sequence[Grown]) -> list[Problem]:
    """A warning for each shape in ``grown`` that covers another shape on the shape tree of
    ``slide`` (a ``p:sld``) which its template box did not cover."""
    tree = slide.find(_SP_TREE) if grown else None
    if tree is None:
        return []
    by_shape = {id(g.shape): g for g in grown}
    shapes = [(s, b) for s in tree if (b := _box(s)) is not None]
    problems: list[Problem] = []
    reported: set[tuple[int, int]] = set()
    for g in grown:
        for other, now in shapes:
            if other is g.shape or (id(other), id(g.shape)) in reported:
                continue
            was = by_shape[id(other)].before if id(other) in by_shape else now
            if not _covers(g.after, now) or _covers(g.before, was):
                continue
            reported.add((id(g.shape), id(other)))
            across, down = _depth(g.after, now)
            problems.append(
                Problem(
                    g.path,
                    f"{g.what} grows with its data and now covers {shape_name(other)} "
                    f"({_inches(down)} deep, {_inches(across)} across), which it did not cover in the "
                    f"template; {g.advice(now)}",
                    "overlap",
                )
            )
    return problems
