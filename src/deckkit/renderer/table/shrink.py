"""A ``vertical_sizing="fixed"`` table whose text does not fit its frame: the text is shrunk, to a floor.

PowerPoint grows a row to hold its text whatever ``a:tr/@h`` says, so a fixed table with more text
than its frame holds is drawn taller than the frame. Here its text is made smaller the way
PowerPoint's *shrink text on overflow* does it, in steps, every size at once: each run's size
(its own ``sz``, or the 18 pt a table cell's text is without one) becomes 90 %, 80 %, ... 10 % of
the designer's size, rounded to half a point: the largest step at which the rows, measured
again (:mod:`deckkit.renderer.table.measure`), fit the frame, found by halving the steps. No size goes below the floor: 6 pt, or the
designer's own minimum when the table's name (PowerPoint's Selection Pane) says one, ``min 9 pt``;
a size already below the floor stays as it is. A table that fits at the designer's sizes is only
measured (the same rows the off-slide check reads), and is left as it was.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import NamedTuple

from lxml import etree

from deckkit.ooxml.xml_children import first_child, first_on_path
from deckkit.renderer.drawingml import a
from deckkit.renderer.filler import TextHeight
from deckkit.renderer.table.grid import attr_int, grid_of, p, rows_of, table_of
from deckkit.renderer.table.measure import RowNeeds, fits_fixed
from deckkit.renderer.table.row_height import DEFAULT_SIZE
from deckkit.renderer.table.sizing import frame_box, scale_to_total

__all__ = ["FLOOR", "STEPS", "FixedFit", "designer_floor", "shared_heights", "shrink_to_frame"]

FLOOR = 600
"""6 pt in hundredths of a point: no text is shrunk below it (a designer may ask for more)."""
STEPS = (0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1, 0.0)
"""The fractions of the designer's sizes tried in turn; the last takes every size to the floor."""

_HALF_POINT = 50
_MINIMUM = re.compile(r"\bmin(?:imum)?\s*(\d+(?:\.\d+)?)\s*pt\b", re.IGNORECASE)
_RUNS = (a("r"), a("fld"), a("br"))
_RPR, _END_PARA_RPR, _P, _TX_BODY, _TC = a("rPr"), a("endParaRPr"), a("p"), a("txBody"), a("tc")


class FixedFit(NamedTuple):
    """How a fixed table's text was fitted: the rows measured as they are now, and as the designer
    sized them; ``shrunk`` when the sizes were made smaller; ``floor`` the smallest size allowed
    (hundredths of a point; 6 pt, unread, when the table fits as it is)."""

    needs: RowNeeds
    own_needs: RowNeeds
    shrunk: bool
    floor: int


def designer_floor(frame: etree._Element) -> int:
    """The floor in hundredths of a point: ``min 9 pt`` in the table's name, else 6 pt (never less)."""
    c_nv_pr = first_on_path(frame, p("nvGraphicFramePr"), p("cNvPr"))
    found = _MINIMUM.search(c_nv_pr.get("name", "") if c_nv_pr is not None else "")
    return FLOOR if found is None else max(FLOOR, round(float(found.group(1)) * 100))


class _Sized(NamedTuple):
    """A run (or a paragraph's end) of a cell and its designer's size; ``element`` its rPr (its
    endParaRPr), None until a size is written on it."""

    holder: etree._Element
    element: etree._Element | None
    own: int


def _sized(tbl: etree._Element) -> Iterator[_Sized]:
    """Every run and paragraph end of the cells' text, with the size it is drawn at."""
    for tr in rows_of(tbl):
        for tc in tr.iterchildren(_TC):
            body = first_child(tc, _TX_BODY)
            if body is None:
                continue
            for paragraph in body.iterchildren(_P):
                for run in paragraph.iterchildren(*_RUNS):
                    rpr = first_child(run, _RPR)
                    yield _Sized(run, rpr, _size(rpr))
                end = first_child(paragraph, _END_PARA_RPR)
                yield _Sized(paragraph, end, _size(end))


def _size(element: etree._Element | None) -> int:
    own = attr_int(element.get("sz")) if element is not None else 0
    return own if own > 0 else DEFAULT_SIZE


class _Sizes:
    """The designer's size of every run of a table's cells, to scale them all from."""

    def __init__(self, tbl: etree._Element) -> None:
        self._all = list(_sized(tbl))

    def scale(self, step: float, floor: int) -> bool:
        """Every size at ``step`` of its own, rounded to half a point, never below ``floor`` (nor
        above its own); False when no size is smaller than its own (every one at the floor)."""
        smaller = False
        for i, (holder, element, own) in enumerate(self._all):
            size = min(own, max(floor, round(own * step / _HALF_POINT) * _HALF_POINT))
            smaller = smaller or size < own
            if element is None:
                if size == own:
                    continue
                element = _made(holder)
                self._all[i] = _Sized(holder, element, own)
            element.set("sz", str(size))
        return smaller


def _made(holder: etree._Element) -> etree._Element:
    """A new rPr, first in its run, or endParaRPr, last in its paragraph."""
    if holder.tag == _P:
        return etree.SubElement(holder, _END_PARA_RPR)
    rpr = etree.Element(_RPR)
    holder.insert(0, rpr)
    return rpr


def shared_heights(heights: Sequence[int], needs: RowNeeds, frame: int) -> list[int] | None:
    """Row heights that sum to ``frame`` with each row at least as tall as its text needs: the rows
    that need more than their share get what they need, the others share the rest in the
    proportions of ``heights``. None when the rows' text needs more than the frame."""
    need, total = [], 0
    for i in range(len(heights)):
        need.append(needs[i])
        total += need[-1]
        if total > frame:
            return None
    pinned: set[int] = set()
    while True:
        free = [i for i in range(len(heights)) if i not in pinned]
        room = frame - sum(need[i] for i in pinned)
        weight = sum(heights[i] for i in free)
        more = {i for i in free if weight <= 0 or need[i] * weight > heights[i] * room}
        if not more:
            break
        pinned |= more
    out = list(need)
    if free:
        for i, height in zip(free, scale_to_total([heights[i] for i in free], room), strict=True):
            out[i] = height
    else:  # every row at its need: what is left goes to them all, as their heights share it
        for i, extra in enumerate(scale_to_total(heights, frame - sum(need))):
            out[i] += extra
    return out


def shrink_to_frame(frame: etree._Element, text_height: TextHeight) -> FixedFit | None:
    """Fit the rows of a filled ``vertical_sizing="fixed"`` table into its frame: when they are
    drawn taller than it, its row heights are shared again by what each row's text needs
    (:func:`shared_heights`), and its text is shrunk in steps until they can be (as far as the
    floor). None when the frame holds no table."""
    tbl = table_of(frame)
    if tbl is None:
        return None
    widths = [attr_int(col.get("w")) for col in grid_of(tbl).iterchildren(a("gridCol"))]
    rows = rows_of(tbl)
    heights = [attr_int(tr.get("h")) for tr in rows]
    frame_height = frame_box(frame).cy
    own = RowNeeds(tbl, widths, text_height)
    # A table that fits as it is (the common case) costs the rows the off-slide check measures anyway.
    if fits_fixed(heights, own, frame_height):
        return FixedFit(own, own, False, FLOOR)
    floor = designer_floor(frame)
    needs, shrunk = own, False
    shared = shared_heights(heights, own, frame_height)
    if shared is None:
        own.drawn([0] * len(own))  # every row measured at the designer's sizes, before they change
        sizes = _Sizes(tbl)
        # Smaller text never needs more room, so the largest step that fits is found by halving.
        low, high = 0, len(STEPS)  # STEPS[high] is the first known to fit (none yet)
        found: tuple[RowNeeds, list[int]] | None = None
        while low < high:
            middle = (low + high) // 2
            shrunk = sizes.scale(STEPS[middle], floor)
            needs = RowNeeds(tbl, widths, text_height)
            shared = shared_heights(heights, needs, frame_height)
            if shared is not None:
                high, found = middle, (needs, shared)
            else:
                low = middle + 1
        if found is not None:
            shrunk = sizes.scale(STEPS[high], floor)
            needs, shared = found
        # else the last step tried is the last of all: the text stays at the floor, where it
        # overflows least, and its rows are measured so
    if shared is not None:
        for tr, height in zip(rows, shared, strict=True):
            tr.set("h", str(height))
    return FixedFit(needs, own, shrunk, floor)
