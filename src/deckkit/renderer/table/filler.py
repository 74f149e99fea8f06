"""The table filler: a Table's rows replace the whole table of a graphic frame, header included.

The engine finds the frame (alt text = key); :class:`TableFiller` calls :func:`check_table` while
planning and :func:`fill_table` while assembling. The table keeps its style, banding and first-row/column
flags; its rows and columns follow the data (``table_grid``), every cell takes the formatting of
the template cell at its position (``table_cell``), data bars become the cell's fill
(``table_databar``).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from lxml import etree

from deckkit.errors import Problem
from deckkit.model.elements import Table, TableCell
from deckkit.ooxml.geometry import Box
from deckkit.ooxml.locate import Frame
from deckkit.renderer.drawingml import a
from deckkit.renderer.filler import KeySite, Operation, OutputSlide, PlanReport, TextHeight, register_filler
from deckkit.renderer.offslide import EMU_PER_INCH, TOLERANCE_EMU, on_slide_tree, overhangs
from deckkit.renderer.overlap import Grown
from deckkit.renderer.room import Room, Surroundings
from deckkit.renderer.stencil.replay import through_stencil
from deckkit.renderer.table.cell import apply_cell_styles, set_cell_text
from deckkit.renderer.table.databar import ImageSink, LinkSink, draw_databar
from deckkit.renderer.table.grid import (
    Merge,
    cell_matrix,
    cut_merges,
    grid_of,
    resize_grid,
    row_source,
    rows_alternate,
    rows_of,
    source_index,
    table_of,
)
from deckkit.renderer.table.measure import MadeCells, RowNeeds, rows_within
from deckkit.renderer.table.prototype import BuiltCells, TablePrototype, keep_template_cells, table_prototype
from deckkit.renderer.table.row_height import measured_height
from deckkit.renderer.table.shrink import FixedFit, shared_heights, shrink_to_frame
from deckkit.renderer.table.sizing import apply_sizing, frame_box, scale_to_total
from deckkit.renderer.table.slide_rows import SlideRoom, rows_a_slide, tallest_cell, too_tall
from deckkit.renderer.table.style import StyleFills

__all__ = ["ImageSink", "TableFiller", "check_table", "fill_table", "table_off_slide"]


def _size(value: str | None) -> int:
    try:
        return max(int(value), 0) if value is not None else 0
    except ValueError:
        return 0


def check_table(frame: etree._Element, table: Table, path: str) -> list[Problem]:
    """Problems that would stop this table from being filled (none means fill_table will work)."""
    tbl = table_of(frame)
    if tbl is None:
        return [Problem(path, "the frame with this alt text holds no table; give the alt text to a table")]
    problems = []
    if not rows_of(tbl):
        problems.append(Problem(path, "the template table has no rows; add one in PowerPoint"))
    if not table.rows or not any(table.rows):
        problems.append(Problem(f"{path}.rows", "a table needs at least one row with at least one cell"))
    return problems


def fill_table(frame: etree._Element, table: Table, sink: ImageSink | None = None) -> MadeCells | None:
    """Fill the frame's table with the data's rows, resizing and moving it per the sizing modes.

    ``sink`` stores data-bar images (see ``table_databar``); without one, data bars are drawn
    as gradient fills. Returns the cells the table stencil made holding one line of text
    (``BuiltCells.made``, for measuring them), None when it made none.
    """
    tbl = table_of(frame)
    if tbl is None:
        raise ValueError("the frame holds no table (check_table reports this)")
    n_rows, n_cols = table.shape
    template_widths = [_size(col.get("w")) for col in grid_of(tbl).findall(a("gridCol"))] or [914400]
    # A row of height 0 (PptxGenJS writes them) is as tall as PowerPoint draws it: measured.
    template_heights = [_size(tr.get("h")) or measured_height(tr) for tr in rows_of(tbl)]

    matrix, merges, built, alternating = through_stencil(
        lambda: table_prototype(tbl),
        lambda prototype: _from_prototype(tbl, table, prototype),
        lambda: _resized(tbl, n_rows, n_cols),
    )
    widths = [template_widths[source_index(j, len(template_widths))] for j in range(n_cols)]
    heights = [template_heights[row_source(i, len(template_heights), alternating)] for i in range(n_rows)]
    apply_sizing(frame, tbl, widths, heights, table.horizontal_sizing, table.vertical_sizing)
    final_widths = [_size(col.get("w")) for col in grid_of(tbl).findall(a("gridCol"))]

    merge_at = {(m.row, m.col): m for m in merges}
    covered = _covered(merges)
    style_fills: StyleFills | None = None
    for i, row in enumerate(table.rows):
        for j in range(n_cols):
            if built is not None and built.filled[i][j]:
                continue  # made with its text already
            tc = matrix[i][j]
            if (i, j) in covered:
                # The data for a cell under a merge is ignored (the interface asks for "").
                set_cell_text(tc, "")
                continue
            value = row[j] if j < len(row) else ""
            if isinstance(value, str):
                set_cell_text(tc, value)
                continue
            if style_fills is None and value.databar is not None:
                style_fills = StyleFills(tbl)
            _fill_cell_object(style_fills, matrix, i, j, value, merge_at.get((i, j)), final_widths, sink)
    return built.made if built is not None else None


def _covered(merges: list[Merge]) -> set[tuple[int, int]]:
    """The cells under a merge, its top-left cell excepted."""
    return {
        (r, c)
        for m in merges
        for r in range(m.row, m.row + m.rows)
        for c in range(m.col, m.col + m.cols)
        if (r, c) != (m.row, m.col)
    }


_Grid = tuple[list[list[etree._Element]], list[Merge], BuiltCells | None, bool]
"""The output cells, their merges, the cells built with their text (None: none), and whether
the template's rows are banded by hand (:func:`rows_alternate`)."""


def _resized(tbl: etree._Element, n_rows: int, n_cols: int) -> _Grid:
    """The output grid made element by element from the template's cells."""
    alternating = rows_alternate(tbl)  # read before the rows change
    return (*resize_grid(tbl, n_rows, n_cols, alternating=alternating), None, alternating)


def _from_prototype(tbl: etree._Element, table: Table, prototype: TablePrototype) -> _Grid:
    """The output grid made from the template's text (``table_prototype``); UnfitError changes nothing."""
    n_rows, n_cols = table.shape
    covered = _covered(cut_merges(prototype.merges, n_rows, n_cols))
    built = prototype.build(table.rows, n_rows, n_cols, covered)
    keep_template_cells(cell_matrix(tbl), built, prototype.has_keys)
    grid = resize_grid(tbl, n_rows, n_cols, built.matrix, built.added_rows, prototype.alternating)
    return (*grid, built, prototype.alternating)


def _fill_cell_object(
    style_fills: StyleFills | None,
    matrix: list[list[etree._Element]],
    row: int,
    col: int,
    cell: TableCell,
    merge: Merge | None,
    widths: list[int],
    sink: ImageSink | None,
) -> None:
    tc = matrix[row][col]
    # Only rich text links; the sink that adds links is the slide's (a test's may add images only).
    rich = not isinstance(cell.value, str)
    add_hyperlink = sink.add_hyperlink if rich and isinstance(sink, LinkSink) else None
    set_cell_text(tc, cell.value, cell.styles.font if cell.styles is not None else None, add_hyperlink)
    if cell.styles is not None and cell.styles.shape is not None:
        apply_cell_styles(matrix, row, col, cell.styles.shape, merge)
    if cell.databar is not None:
        span = merge.cols if merge is not None else 1
        style = style_fills.color(row, col, len(matrix), len(widths)) if style_fills is not None else None
        draw_databar(tc, sum(widths[col : col + span]), cell.databar, sink, style)


def _split_rows(counts: str, *, in_python: bool = True) -> str:
    """The one wording of the advice to split a table's rows, read alike by a JSON client and in
    Python (where ``in_python``: Deck.add_table_slides can do it)."""
    said = f"split the rows over several slides, the header row and {counts}"
    return said + (" (in Python Deck.add_table_slides does it)" if in_python else "")


_FRAME_OFF_SLIDE = "the template's frame reaches past the slide's edge: move it in PowerPoint"


def _inches(emu: int) -> str:
    return f"{emu / EMU_PER_INCH:.1f} in"


def _points(size: int) -> str:
    return f"{size / 100:g} pt"


def table_off_slide(
    frame: etree._Element,
    size: tuple[int, int],
    path: str,
    *,
    text_height: TextHeight | None = None,
    template_frame: Box | None = None,
    vertical_sizing: str = "anchor_top",
    fixed_fit: FixedFit | None = None,
    needs: RowNeeds | None = None,
    made: MadeCells | None = None,
    around: Surroundings | None = None,
) -> Problem | None:
    """A warning when the filled table is drawn past the slide's edges, or (vertical_sizing
    "fixed") past its frame, else None.

    The table's extent is its final grid: the column widths and each row's drawn height, its
    ``a:tr/@h`` or, with ``text_height``, what its text needs when that is more (PowerPoint grows
    the row; see :mod:`deckkit.renderer.table.measure`). A fixed table comes with ``fixed_fit``,
    its text shrunk as far as it goes (:mod:`deckkit.renderer.table.shrink`) and its rows measured
    so. Advice is given only when it works: how many rows a slide holds with the header row,
    whichever rows they are (:mod:`deckkit.renderer.table.slide_rows`), to split them, or the
    row that no slide holds and its tallest cell; "keep them in the frame with
    vertical_sizing="fixed"" when the rows' text fits the template's frame (``template_frame``)
    shared out by what each row needs.
    ``needs``: the rows' measurements when the caller has them (each row is measured once).
    ``made``: the cells the table stencil made holding one line of text (what
    :func:`fill_table` returns), unchanged since; not used with ``fixed_fit``, whose text is shrunk.
    ``around``: the shapes the table must stay clear of; the advice counts the rows that fit its
    room (:mod:`deckkit.renderer.room`), as the overlap warning's advice and
    ``Deck.add_table_slides`` do. Without it, the room is the whole slide.
    """
    tbl = table_of(frame)
    if tbl is None or not on_slide_tree(frame):
        return None
    rows = rows_of(tbl)
    widths = [_size(c.get("w")) for c in grid_of(tbl).findall(a("gridCol"))]
    heights = [_size(r.get("h")) for r in rows]
    made = made if fixed_fit is None else None
    if fixed_fit is not None:
        needs = fixed_fit.needs
    elif needs is None:
        needs = RowNeeds(tbl, widths, text_height, made)
    box = frame_box(frame)
    # Off the slide by its rows' h alone (a lower bound): said so without measuring every row.
    over = overhangs(Box(box.x, box.y, sum(widths), sum(heights)), size)
    squeezed = False
    if not any("bottom" in o for o in over):
        drawn = needs.drawn(heights, limit=size[1] - box.y)
        if vertical_sizing == "fixed":
            squeezed = sum(needs.drawn(heights, limit=box.cy + TOLERANCE_EMU)) > box.cy + TOLERANCE_EMU
        over = overhangs(Box(box.x, box.y, sum(widths), sum(drawn)), size)
        if over or squeezed:  # a warning after all: its amounts from every row
            over = overhangs(Box(box.x, box.y, sum(widths), sum(needs.drawn(heights))), size)
    if not over and not squeezed:
        return None
    vertical = squeezed or any("bottom" in o or "top" in o for o in over)
    horizontal = any("right" in o or "left" in o for o in over)
    counts = ([f"{len(rows)} rows"] if vertical else []) + ([f"{len(widths)} columns"] if horizontal else [])
    target = template_frame if template_frame is not None else box
    fixes = []
    if vertical:
        room = SlideRoom(vertical_sizing, target, _space(around, box.x, sum(widths), size))
        fixes.append(_rows_fix(room, size, fixed_fit, tbl, widths, heights, needs, text_height))
    if horizontal:
        bottom = _space(around, target.x, target.cx, size).bottom
        fixes.append(_fewer_columns(tbl, widths, heights, box, target, size, over, text_height, made, bottom))
    if squeezed:
        drawn = needs.drawn(heights)
        inside = rows_within(drawn, box.cy + TOLERANCE_EMU)
        shrunk = ""
        if fixed_fit is not None:
            floor = _points(fixed_fit.floor)
            shrunk = (
                f" even shrunk to the floor of {floor}"
                if fixed_fit.shrunk
                else f" (its text is no larger than the floor of {floor}: not shrunk)"
            )
        where = ""
        if over:
            on_slide = rows_within(drawn, size[1] - box.y)
            where = f", and it ends {' and '.join(over)}, with {on_slide} of {len(rows)} rows on the slide"
        said = (
            f'with vertical_sizing="fixed" the rows share {_inches(box.cy)} but their text needs '
            f"{_inches(sum(drawn))}{shrunk} ({', '.join(counts)}): the table is drawn "
            f"{_inches(sum(drawn) - box.cy)} taller than its frame, with {inside} of {len(rows)} rows "
            f"inside it{where}"
        )
    else:
        said = f"the table now ends {' and '.join(over)} ({', '.join(counts)})"
    return Problem(path, f"{said}; {'; '.join(fixes)}", "off slide")


def _space(around: Surroundings | None, x: int, cx: int, size: tuple[int, int]) -> Room:
    """The table's room on its slide spanning ``x`` to ``x + cx`` (the whole slide without ``around``)."""
    return around.room(x, cx) if around is not None else Room(0, size[1])


def _rows_fix(
    room: SlideRoom,
    size: tuple[int, int],
    fixed_fit: FixedFit | None,
    tbl: etree._Element,
    widths: list[int],
    heights: list[int],
    needs: RowNeeds,
    text_height: TextHeight | None,
) -> str:
    """The one advice for rows that do not fit their room, in the off-slide and the overlap
    warnings alike: a fixed frame off the slide moved; a fixed table shrunk as far as it goes
    split (:func:`_split_shrunk`); else split, the header row and at most N more on each slide (N
    counted for every run of rows, :func:`~deckkit.renderer.table.slide_rows.rows_a_slide`), or
    kept in the frame with vertical_sizing="fixed" when the rows' text fits the template's frame;
    when not one row fits with the header row, that row's tallest text."""
    target = room.frame
    if room.sizing == "fixed" and overhangs(target, size):
        return _FRAME_OFF_SLIDE
    if room.sizing == "fixed" and fixed_fit is not None:
        return _split_shrunk(tbl, widths, heights, fixed_fit, room, text_height)
    fitting = rows_a_slide(heights, needs, room)
    if not fitting:
        return _too_tall(tbl, widths, heights, needs, room, text_height, "")
    split = _split_rows(f"at most {fitting} more on each")
    if (
        room.sizing != "fixed"
        and shared_heights(heights, needs, target.cy) is not None
        and not overhangs(target, size)
    ):
        split += ', or keep them in the frame with vertical_sizing="fixed"'
    return split


def _fewer_columns(
    tbl: etree._Element,
    widths: list[int],
    heights: list[int],
    box: Box,
    target: Box,
    size: tuple[int, int],
    over: list[str],
    text_height: TextHeight | None,
    made: MadeCells | None,
    bottom: int,
) -> str:
    """The advice for a table past a side edge: as many columns as stay on the slide, and
    horizontal_sizing="fixed" when the template's frame is on the slide and the rows, wrapped in
    the narrower columns, still end above ``bottom`` (the bottom of the frame's room)."""
    room = size[0] - box.x if any("right" in o for o in over) else box.x + box.cx
    fitting = rows_within(widths, room + TOLERANCE_EMU)
    fixes = [f"use at most {fitting} columns"] if fitting else []
    if not overhangs(target, size):
        narrower = RowNeeds(tbl, scale_to_total(widths, target.cx), text_height, made)
        if box.y + sum(narrower.drawn(heights, limit=bottom - box.y)) <= bottom + TOLERANCE_EMU:
            fixes.append('keep them in the frame with horizontal_sizing="fixed"')
    return ", or ".join(fixes) or _FRAME_OFF_SLIDE


def _split_shrunk(
    tbl: etree._Element,
    widths: list[int],
    heights: list[int],
    fit: FixedFit,
    room: SlideRoom,
    text_height: TextHeight | None,
) -> str:
    """The advice for a fixed table shrunk as far as it goes: how many rows a slide fit the frame
    with their text shrunk, and how many at the designer's size (what Deck.add_table_slides
    measures); and the frame's height that holds every row at the designer's size, when a frame
    that tall stays in the table's room. When not one row fits with the header row even at the floor:
    that row's tallest text, to shorten."""
    box = room.frame
    shrunk = rows_a_slide(heights, fit.needs, room)
    own = rows_a_slide(heights, fit.own_needs, room) if fit.shrunk else shrunk
    fixes = []
    if shrunk:
        # Deck.add_table_slides measures at the designer's sizes: named only when a row fits so.
        counts = f"at most {shrunk} more on each" + (
            ""
            if own == shrunk
            else f" with their text shrunk, {own} at its own size"
            if own
            else " with their text shrunk"
        )
        fixes.append(_split_rows(counts, in_python=bool(own)))
    else:
        fixes.append(
            _too_tall(
                tbl, widths, heights, fit.needs, room, text_height, f" at the floor of {_points(fit.floor)}"
            )
        )
    # Rows that need no more than the frame in all are shared out in it: this height holds them.
    tall = math.ceil(sum(fit.own_needs.drawn([0] * len(heights))) * 10 / EMU_PER_INCH) / 10
    if box.y + tall * EMU_PER_INCH <= room.space.bottom + TOLERANCE_EMU:
        fixes.append(f"make the frame at least {tall:.1f} in tall in the template")
    return ", or ".join(fixes)


def _too_tall(
    tbl: etree._Element,
    widths: list[int],
    heights: list[int],
    needs: RowNeeds,
    room: SlideRoom,
    text_height: TextHeight | None,
    size: str,
) -> str:
    """The advice when a row does not fit a slide even with only the header row: the cell whose
    text is the tallest in it (as a data path), to shorten."""
    row, need = too_tall(heights, needs, room)
    rows = "the header row alone" if row == 0 else f"row {row} with the header row"
    tallest = row if needs[row] >= needs[0] else 0
    col = tallest_cell(tbl, tallest, widths, text_height)
    return (
        f"{rows} needs {_inches(need)}{size}, more than the {_inches(room.height())} a slide has for "
        f"the table: shorten the text of rows[{tallest}][{col}], the tallest in {'it' if row == 0 else 'them'}"
    )


def _within(inner: Box, outer: Box) -> bool:
    """The box ``inner`` lies within ``outer`` (to a point)."""
    return (
        inner.x >= outer.x - TOLERANCE_EMU
        and inner.y >= outer.y - TOLERANCE_EMU
        and inner.x + inner.cx <= outer.x + outer.cx + TOLERANCE_EMU
        and inner.y + inner.cy <= outer.y + outer.cy + TOLERANCE_EMU
    )


def _grown_table(
    frame: Frame,
    tbl: etree._Element,
    widths: list[int],
    needs: RowNeeds,
    template_frame: Box,
    size: tuple[int, int],
    path: str,
    rows_fix: Callable[[], str],
) -> Grown | None:
    """The table as drawn (each row at its drawn height, as the off-slide check measures it, down
    to the slide's bottom edge), when it reaches past its template frame; None when it does not.
    ``rows_fix``: the off-slide warning's advice for rows past their room, which the overlap
    advice gives too (the room ends at the first shape in the way)."""
    heights = [_size(r.get("h")) for r in rows_of(tbl)]
    box = frame_box(frame.element)
    drawn = sum(needs.drawn(heights, limit=size[1] - box.y))
    after = Box(box.x, box.y, sum(widths), drawn)
    t = template_frame
    if _within(after, t):
        return None

    def advice(other: Box) -> str:
        if other.y >= t.y + t.cy - TOLERANCE_EMU or other.y + other.cy <= t.y + TOLERANCE_EMU:
            # below (the table grows down onto it) or above (an anchor_bottom table grows up)
            return f"{rows_fix()}, or move the other shape (or the table) in the template"
        # beside it: the columns, not the rows, reach it
        return (
            'use fewer or narrower columns, or keep them in the frame with horizontal_sizing="fixed", '
            "or move the other shape in the template"
        )

    return Grown(frame.element, template_frame, after, path, f"the table {_described(frame)}", advice)


def _rows_fix_of(
    frame: etree._Element,
    tbl: etree._Element,
    widths: list[int],
    needs: RowNeeds,
    value: Table,
    template_frame: Box,
    around: Surroundings,
    output: OutputSlide,
    fixed_fit: FixedFit | None,
) -> Callable[[], str]:
    """:func:`_rows_fix` for the filled table, worked out when a warning asks for it."""

    def fix() -> str:
        size = around.size
        heights = [_size(r.get("h")) for r in rows_of(tbl)]
        box = frame_box(frame)
        room = SlideRoom(value.vertical_sizing, template_frame, around.anew().room(box.x, sum(widths)))
        return _rows_fix(room, size, fixed_fit, tbl, widths, heights, needs, output.text_height)

    return fix


def _described(frame: Frame) -> str:
    return f'"{frame.alt_text}"'


@register_filler(Table, places=("table",))
class TableFiller:
    """A Table fills every table frame whose alt text is the key."""

    removes_shapes = False

    def plan(self, site: KeySite, value: Table, report: PlanReport) -> Operation[Table] | None:
        tables = [f for f in site.frames if f.kind == "table"]
        if not tables:
            report.wrong_place(site, "table", "tables", _described)
            return None
        for frame in tables:
            report.problems.extend(check_table(frame.element, value, site.path))
        return Operation(site.key, value, self)

    def fill(self, site: KeySite, value: Table, output: OutputSlide) -> None:
        for frame in site.frames:
            if frame.kind == "table":
                template_frame = frame_box(frame.element)
                made = fill_table(frame.element, value, output.sink)
                fixed_fit = (
                    shrink_to_frame(frame.element, output.text_height)
                    if value.vertical_sizing == "fixed" and output.text_height is not None
                    else None
                )
                size = output.slide_size
                if size is None:
                    continue
                around = Surroundings(output.part, frame.element, template_frame, size, output.grown)
                tbl = table_of(frame.element)
                widths = (
                    [_size(c.get("w")) for c in grid_of(tbl).findall(a("gridCol"))] if tbl is not None else []
                )
                needs: RowNeeds | None = None
                if fixed_fit is not None:
                    needs = fixed_fit.needs
                elif tbl is not None:
                    needs = RowNeeds(tbl, widths, output.text_height, made)
                warning = table_off_slide(
                    frame.element,
                    size,
                    site.path,
                    text_height=output.text_height,
                    template_frame=template_frame,
                    vertical_sizing=value.vertical_sizing,
                    fixed_fit=fixed_fit,
                    needs=needs,
                    made=made,
                    around=around,
                )
                if warning is not None:
                    output.warnings.append(warning)
                if tbl is not None and needs is not None and on_slide_tree(frame.element):
                    grown = _grown_table(
                        frame,
                        tbl,
                        widths,
                        needs,
                        template_frame,
                        size,
                        site.path,
                        _rows_fix_of(
                            frame.element,
                            tbl,
                            widths,
                            needs,
                            value,
                            template_frame,
                            around,
                            output,
                            fixed_fit,
                        ),
                    )
                    if grown is not None:
                        output.grown.append(grown)
