"""Overlap checks: a shape the fill grew (a table's rows, a text box resized to fit its text) that
now covers another shape of the slide it did not cover in the template.

The fillers record what they grew (:class:`Grown`, on ``OutputSlide.grown``) with its box in the
template and as drawn: a table's box with each row's drawn height (the off-slide check's
measurement, :mod:`deckkit.renderer.table.measure`), a text box's new size. Once the slide is
filled, :func:`created_overlaps` compares them with every other shape on the slide.
Shapes that overlapped in the template already are the designer's choice and never reported.
When both shapes of an overlap grew, it is reported for each one that reaches the other's template
box, and for both when neither does (they met in the space between); the advice of each keeps it
clear of the other where its template puts it and as drawn (:class:`~deckkit.renderer.room.Surroundings`);
the shapes compared are those the room of a growing shape counts (:mod:`deckkit.renderer.room`):
the slide's own, placeholders where their layout puts them, not the shapes inside a group.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from lxml import etree

from deckkit.errors import Problem
from deckkit.ooxml.geometry import Box
from deckkit.ooxml.namespaces import qn
from deckkit.ooxml.opc.part import Part
from deckkit.renderer.offslide import EMU_PER_INCH
from deckkit.renderer.room import covers, depth, placed_shapes

__all__ = ["Grown", "created_overlaps", "shape_name"]


@dataclass(frozen=True, slots=True)
class Grown:
    """A shape the fill made larger: its box in the template (``before``) and as drawn (``after``).

    ``advice(other)`` is what makes it stop covering a shape whose box is ``other``: it is checked
    by whoever grew the shape, which knows what helps (fewer rows or items, shorter text), and
    counts with the same room as the off-slide advice (:mod:`deckkit.renderer.room`).
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


def _inches(emu: int) -> str:
    return f"{emu / EMU_PER_INCH:.2f} in"


def created_overlaps(slide: Part, grown: Sequence[Grown]) -> list[Problem]:
    """A warning for each shape in ``grown`` that covers another shape of ``slide`` (where
    PowerPoint draws it: :func:`~deckkit.renderer.room.placed_shapes`) which its template box
    did not cover."""
    if not grown:
        return []
    by_shape = {id(g.shape): g for g in grown}
    shapes = list(placed_shapes(slide))
    problems: list[Problem] = []
    for g in grown:
        for other, now in shapes:
            if other is g.shape:
                continue
            peer = by_shape.get(id(other))
            was = peer.before if peer is not None else now
            if not covers(g.after, now) or covers(g.before, was):
                continue
            if peer is not None and not covers(g.after, was) and covers(peer.after, g.before):
                # Both grew, and only the other reached this one's template box: the other's
                # warning names the overlap, with the advice that removes it (this shape's own
                # rows or text, cut, would still be covered).
                continue
            across, down = depth(g.after, now)
            problems.append(
                Problem(
                    g.path,
                    f"{g.what} grows with its data and now covers {shape_name(other)} "
                    f"({_inches(down)} deep, {_inches(across)} across), which it did not cover in the "
                    f"template; {g.advice(was)}",
                    "overlap",
                )
            )
    return problems
