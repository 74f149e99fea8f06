"""How many rows a slide holds when a table too long for its slide is split over copies of it.

The off-slide warning's split advice names a count a data.json can follow without measuring: the
header row (the table's first) on every slide, and at most N more rows on each, whichever rows
they are. N is found from the rows as the render measured them (:mod:`.measure`), for the room
the table's ``vertical_sizing`` gives it, as ``Deck.add_table_slides`` measures a page
(``renderer/table_pages.py``): ``"fixed"`` the template frame's height, the rows at their shares
of it; ``"anchor_top"`` from the frame's top edge down to the bottom of its room on the slide
(the first shape in the way below it, else the slide's bottom edge: :mod:`deckkit.renderer.room`);
``"anchor_bottom"`` up from the frame's bottom edge to the top of its room. A row of a page takes
the template's height of its place on the page (as the page's table is filled) and needs what its
own text needs. Every run of N rows fits with the header row, so a slide of fewer fits too (fewer
rows never need more room): the count holds for later rows that are taller than the first ones.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import NamedTuple

from lxml import etree

from deckkit.ooxml.geometry import Box
from deckkit.renderer.drawingml import a
from deckkit.renderer.filler import TextHeight
from deckkit.renderer.offslide import TOLERANCE_EMU
from deckkit.renderer.room import Room
from deckkit.renderer.table.grid import rows_of
from deckkit.renderer.table.measure import RowNeeds

__all__ = ["SlideRoom", "rows_a_slide", "tallest_cell", "too_tall"]

_TX_BODY = a("txBody")


class SlideRoom(NamedTuple):
    """The room a slide gives a table's rows: ``frame`` the template's table frame, ``space`` the
    span of the slide it may grow in (:class:`~deckkit.renderer.room.Room`)."""

    sizing: str
    frame: Box
    space: Room

    def height(self) -> int:
        """The height the rows may take (EMU)."""
        if self.sizing == "fixed":
            return self.frame.cy
        if self.sizing == "anchor_bottom":
            return self.frame.y + self.frame.cy - self.space.top
        return self.space.bottom - self.frame.y

    def holds(self, rows: Sequence[tuple[int, int]]) -> bool:
        """Whether these rows, each ``(h, need)``, fit as the filler draws them: an anchored table's
        each max(h, need), where ``h`` is the template's height; a fixed table's at their shares of
        the frame, or, when a row needs more than its share, shared again by what each needs
        (:func:`~deckkit.renderer.table.shrink.shared_heights`), which holds them when their needs
        sum to no more than the frame."""
        total = sum(h for h, _ in rows)
        if self.sizing == "fixed":
            frame = self.frame.cy
            return (
                sum(need for _, need in rows) <= frame
                or sum(max(round(h * frame / (total or 1)), need) for h, need in rows)
                <= frame + TOLERANCE_EMU
            )
        return self.on_slide(total, sum(max(h, need) for h, need in rows))

    def on_slide(self, total: int, drawn: int) -> bool:
        """Whether an anchored table's rows, their heights summing to ``total`` and drawn
        ``drawn`` tall, stay in their room on the slide."""
        if self.sizing == "anchor_bottom":
            top = self.frame.y + self.frame.cy - total
            return top >= self.space.top - TOLERANCE_EMU and top + drawn <= self.space.bottom + TOLERANCE_EMU
        return self.frame.y + drawn <= self.space.bottom + TOLERANCE_EMU


def rows_a_slide(heights: Sequence[int], needs: RowNeeds, room: SlideRoom) -> int:
    """The most rows besides the header row (row 0) that a slide holds, whichever they are: every
    run of that many consecutive rows fits with the header row. 0 when a row does not fit even
    alone with it (:func:`too_tall` says which)."""
    need = [needs[i] for i in range(len(heights))]
    if not room.holds([(heights[0], need[0])]):
        return 0
    most = len(heights) - 1
    count = 0  # rows from ``start`` that fit with the header; from the next start, one fewer at least
    for start in range(1, len(heights)):
        count = max(count - 1, 0)
        page = _page(heights, need, start, count)
        total, drawn = sum(h for h, _ in page), sum(max(pair) for pair in page)
        while start + count < len(heights):
            h, more = heights[count + 1], need[start + count]
            # An anchored page by its sums, one step a row; a fixed one by every row's share.
            if room.sizing == "fixed":
                if not room.holds([*page, (h, more)]):
                    break
            elif not room.on_slide(total + h, drawn + max(h, more)):
                break
            page.append((h, more))
            total, drawn, count = total + h, drawn + max(h, more), count + 1
        if start + count == len(heights):  # the rest fit from here: no shorter run after it
            break
        most = min(most, count)
    return most


def _page(heights: Sequence[int], needs: Sequence[int], start: int, count: int) -> list[tuple[int, int]]:
    """The header row and ``count`` rows from ``start`` as a page of their own: each row takes the
    template's height of its place on the page (``heights[1]``, ``heights[2]``, ...), as the page's
    table is filled, and needs what its text needs."""
    return [
        (heights[0], needs[0]),
        *((heights[place], needs[start + place - 1]) for place in range(1, count + 1)),
    ]


def too_tall(heights: Sequence[int], needs: RowNeeds, room: SlideRoom) -> tuple[int, int]:
    """The first row that does not fit a slide with the header row (the header row itself when it
    does not fit alone), and what it needs with the header row as drawn (EMU)."""
    need = [needs[i] for i in range(len(heights))]
    for row in range(len(heights)):
        page = _page(heights, need, 1, 0) if row == 0 else _page(heights, need, row, 1)
        if not room.holds(page):
            return row, sum(max(pair) for pair in page)
    raise ValueError("every row fits with the header row (rows_a_slide is not 0)")


def tallest_cell(tbl: etree._Element, row: int, widths: Sequence[int], text_height: TextHeight | None) -> int:
    """The column of row ``row`` whose text needs the most height, measured as the row is: each
    cell alone in a copy of the row."""
    tr = rows_of(tbl)[row]
    cells = len(list(tr.iterchildren(a("tc"))))
    needs = []
    for col in range(cells):
        alone = copy.deepcopy(tr)
        for j, tc in enumerate(alone.iterchildren(a("tc"))):
            if j != col:
                for body in tc.findall(_TX_BODY):
                    tc.remove(body)
        holder = etree.Element(tbl.tag)
        holder.append(alone)
        needs.append(RowNeeds(holder, widths, text_height)[0])
    return max(range(cells), key=lambda col: (needs[col], -col)) if cells else 0
