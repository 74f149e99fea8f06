"""Where a long table is split over copies of its template slide, so that every page fits.

A page is the table's header rows and a run of its body rows. Each candidate page is filled into
a copy of the template's table frame (:func:`~deckkit.renderer.table.filler.fill_table`, as a
render fills it) and its rows measured as drawn (:class:`~deckkit.renderer.table.measure.RowNeeds`,
text wrapped in its column as auto-fit measures it), so a page fits exactly when the rows stay
in the room the off-slide and overlap warnings' advice counts with
(:class:`~deckkit.renderer.table.slide_rows.SlideRoom`, :mod:`deckkit.renderer.room`):

- ``vertical_sizing="fixed"``: the rows, text included, stay within the frame's height;
- ``"anchor_top"``: from the frame's top edge down to the first shape in the way below it, else
  the slide's bottom edge;
- ``"anchor_bottom"``: the table ends at the frame's bottom edge and starts below the last shape
  in the way above it, else on the slide.

Each page takes the most rows that fit (at most ``max_rows`` when given), found by trying the
previous page's count first, then widening or halving: a few fills of one page each.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

from lxml import etree

from deckkit.errors import DataError, Problem
from deckkit.model.elements import Table
from deckkit.ooxml.geometry import slide_size
from deckkit.ooxml.locate import locate_placeholders
from deckkit.ooxml.opc.package import open_package
from deckkit.renderer.drawingml import a
from deckkit.renderer.fill.autofit import TextMeasure
from deckkit.renderer.fill.masterstyles import MasterStyles, default_text_style
from deckkit.renderer.offslide import TOLERANCE_EMU
from deckkit.renderer.room import Surroundings
from deckkit.renderer.table.filler import fill_table
from deckkit.renderer.table.grid import attr_int, grid_of, rows_of, table_of
from deckkit.renderer.table.measure import RowNeeds
from deckkit.renderer.table.sizing import frame_box
from deckkit.renderer.table.slide_rows import SlideRoom

__all__ = ["TablePages", "table_pages"]


@dataclass(frozen=True, slots=True)
class TablePages:
    """The body rows of each page (``range`` over ``table.rows``), header rows excluded."""

    header_rows: int
    pages: tuple[range, ...]

    def tables(self, table: Table) -> list[Table]:
        """Each page as a Table: the header rows, then the page's body rows."""
        header = table.rows[: self.header_rows]
        return [table.model_copy(update={"rows": header + table.rows[p.start : p.stop]}) for p in self.pages]


class _Room:
    """Whether a page's rows fit the template's table frames of the key (every one of them)."""

    def __init__(self, template: bytes, number: int, key: str, table: Table, header_rows: int) -> None:
        package = open_package(template)
        slide = package.slides()[number - 1]
        self._frames = [
            f.element for f in locate_placeholders(slide.xml).frames_named(key) if f.kind == "table"
        ]
        size = slide_size(package.presentation.xml)
        # What each frame must stay clear of as it grows: the room the warnings' advice counts with.
        self._around = {id(f): Surroundings(slide, f, frame_box(f), size) for f in self._frames}
        self._measure = TextMeasure(slide, MasterStyles(default_text_style(package.presentation.xml)))
        self._table = table
        self._header = table.rows[:header_rows]

    def fits(self, start: int, count: int) -> bool:
        page = self._table.model_copy(update={"rows": self._header + self._table.rows[start : start + count]})
        return all(self._fits_frame(frame, page, self._around[id(frame)]) for frame in self._frames)

    def _fits_frame(self, frame: etree._Element, page: Table, around: Surroundings) -> bool:
        filled = copy.deepcopy(frame)
        fill_table(filled, page)
        tbl = table_of(filled)
        if tbl is None:  # not a table: the renderer's plan says so
            return True
        widths = [attr_int(col.get("w")) for col in grid_of(tbl).findall(a("gridCol"))]
        heights = [attr_int(tr.get("h")) for tr in rows_of(tbl)]
        needs = RowNeeds(tbl, widths, self._measure)
        box = frame_box(filled)
        if page.vertical_sizing == "fixed":
            held = box.cy + TOLERANCE_EMU
            return sum(needs.drawn(heights, limit=held)) <= held
        # Only the top and bottom of its room: no split of the rows helps a table too wide.
        room = SlideRoom(page.vertical_sizing, around.template, around.room(box.x, sum(widths)))
        drawn = needs.drawn(heights, limit=room.space.bottom - box.y + TOLERANCE_EMU)
        return room.on_slide(sum(heights), sum(drawn))


def table_pages(
    template: bytes,
    number: int,
    key: str,
    table: Table,
    *,
    header_rows: int,
    max_rows: int | None = None,
    path: str = "table",
    label: str | None = None,
) -> TablePages:
    """How ``table`` splits over copies of template slide ``number`` (from 1), whose table frame
    has the alt text ``key`` (``label``: how messages name the slide, its number unless given):
    the header rows (the first ``header_rows``) on every page, then as
    many body rows as fit (at most ``max_rows``). The slide and its frame are the caller's to
    check first (``deckkit.template.table_pages``).

    Raises DataError (at ``path``'s ``rows[i]``) when a body row does not fit on a page with the
    header rows alone, or the header rows do not fit by themselves.
    """
    body = len(table.rows) - header_rows
    if body <= 0:
        return TablePages(header_rows, (range(header_rows, len(table.rows)),))
    room = _Room(template, number, key, table, header_rows)
    if header_rows and not room.fits(header_rows, 0):
        raise DataError(
            [Problem(f"{path}.rows[0]", "the header rows alone do not fit on the slide; " + _fix())]
        )
    pages: list[range] = []
    start, guess = header_rows, 1
    while start < len(table.rows):
        count = _most_rows(room, start, min(len(table.rows) - start, max_rows or body), guess)
        if count == 0:
            raise DataError(
                [
                    Problem(
                        f"{path}.rows[{start}]",
                        f"row {start} alone{_with_header(header_rows)} is taller than the table's room "
                        f"on template slide {label or number}; {_fix()}",
                    )
                ]
            )
        pages.append(range(start, start + count))
        start, guess = start + count, count
    return TablePages(header_rows, tuple(pages))


def _most_rows(room: _Room, start: int, most: int, guess: int) -> int:
    """The most rows from ``start`` (at most ``most``) that fit: ``guess`` tried first, then
    widened by doubling steps until one does not fit, then halved between the two."""
    fits, fails = 0, most + 1
    probe, step = min(max(guess, 1), most), 1
    while fails - fits > 1:
        if room.fits(start, probe):
            fits = probe
        else:
            fails = probe
        if fails > most:  # none too many yet: widen
            probe, step = min(fits + step, most), step * 2
        else:
            probe = (fits + fails) // 2
    return fits


def _with_header(header_rows: int) -> str:
    return f" (with the {header_rows} header row{'s' if header_rows != 1 else ''})" if header_rows else ""


def _fix() -> str:
    return "shorten or shrink its text, or make the template's table frame (or slide) taller"
