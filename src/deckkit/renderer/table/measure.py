"""How tall a filled table is drawn: PowerPoint grows a row to fit its text, whatever ``a:tr/@h`` says.

Each cell's text is wrapped in its column width (its span) less the cell's left and right margins,
as auto-fit measures text (``OutputSlide.text_height``), plus the top and bottom margins; a row is
drawn as tall as its tallest cell needs, and never lower than its ``h``. A cell spanning rows
(``rowSpan``) is left out of the rows it spans: its text shares their height. The advice of the
table's off-slide warning is checked with these heights: it names only what makes the table fit.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from itertools import islice
from typing import NamedTuple

from lxml import etree

from deckkit.ooxml.xml_children import first_of_two
from deckkit.renderer.drawingml import a
from deckkit.renderer.filler import TextHeight
from deckkit.renderer.table.grid import attr_int, rows_of

__all__ = ["CellForm", "MadeCells", "RowNeeds", "fits_fixed", "fixed_heights", "rows_within"]

_TOLERANCE = 12700  # one point: rounding, not a row that does not fit
_MARGINS = {"marL": 91440, "marR": 91440, "marT": 45720, "marB": 45720}  # a:tcPr's defaults


_TC, _TX_BODY, _TC_PR = a("tc"), a("txBody"), a("tcPr")
_ON = ("1", "true")
_DEFAULT_MARGINS = (_MARGINS["marL"] + _MARGINS["marR"], _MARGINS["marT"] + _MARGINS["marB"])


def _margins(tc_pr: etree._Element | None) -> tuple[int, int]:
    """(left + right, top + bottom) margins of a cell."""
    if tc_pr is None or not len(tc_pr.attrib):
        return _DEFAULT_MARGINS
    get = tc_pr.get
    return (
        attr_int(get("marL"), _MARGINS["marL"]) + attr_int(get("marR"), _MARGINS["marR"]),
        attr_int(get("marT"), _MARGINS["marT"]) + attr_int(get("marB"), _MARGINS["marB"]),
    )


class CellForm(NamedTuple):
    """What a made cell's template cell gives its measuring: its line form and margins."""

    line: Hashable | None  # TextHeight.line_form of its text body; None: measure the body
    across: int  # left + right margins
    down: int  # top + bottom margins


class MadeCells(NamedTuple):
    """The cells a table stencil made holding one line of text (``BuiltCells.made``): cells of
    one template cell differ only in that text."""

    # By output row, then column: (template cell, text) of a cell made holding one line of
    # text, None for any other cell.
    lines: Sequence[Sequence[tuple[int, str] | None]]
    # By output row: every cell of it made holding one line of text, none of them merged. Such a
    # row is measured from ``lines`` alone, its elements not looked at (a template cell's form
    # not read yet and a text that may wrap aside).
    whole: Sequence[bool]
    # By template cell, read from the first cell made of it: kept with the stencil, so each
    # template cell is looked at once for as long as its stencil lives (the values depend only
    # on the template cell).
    forms: dict[int, CellForm]


def _children(tc: etree._Element) -> tuple[etree._Element | None, etree._Element | None]:
    """The cell's first a:txBody and a:tcPr, its children looked at once."""
    return first_of_two(tc, _TX_BODY, _TC_PR)


def _made_height(
    made: tuple[int, str],
    tc: etree._Element | None,
    tr: etree._Element,
    col: int,
    width: int,
    text_height: TextHeight,
    forms: dict[int, CellForm],
) -> int:
    """What a made cell needs within ``width`` (its column or span): by its template cell's form
    and its text; its element (``tc``, else the ``col``-th cell of ``tr``) is looked at only
    for a form not read yet and a text that may wrap (measured whole). -1: it has no text body."""
    form = forms.get(made[0])
    if form is None:
        tc = _nth_cell(tr, col) if tc is None else tc
        body, tc_pr = _children(tc)
        form = forms[made[0]] = CellForm(
            text_height.line_form(body) if body is not None else None, *_margins(tc_pr)
        )
    inner = max(width - form.across, 1)
    height = text_height.one_line(form.line, made[1], inner) if form.line is not None else None
    if height is None:
        body, _ = _children(_nth_cell(tr, col) if tc is None else tc)
        if body is None:
            return -1
        height = text_height(body, inner)
    return height + form.down


def _nth_cell(tr: etree._Element, col: int) -> etree._Element:
    return next(islice(tr.iterchildren(_TC), col, None))


def _row_need(
    tr: etree._Element,
    widths: Sequence[int],
    text_height: TextHeight,
    row: int = 0,
    made_cells: MadeCells | None = None,
) -> int:
    # Each cell's children are looked at once (a row of a long table is measured for every check
    # that asks about it, so this loop is the table check's own cost). A made cell is measured
    # by its template cell's line form and margins and its text, without looking at its children;
    # a row of made cells only is measured without looking at its cells at all.
    need = 0
    lines: Sequence[tuple[int, str] | None] = ()
    forms: dict[int, CellForm] = {}
    if made_cells is not None and row < len(made_cells.lines):
        lines, forms = made_cells.lines[row], made_cells.forms
        if made_cells.whole[row] and len(lines) <= len(widths):
            for col, made in enumerate(lines):
                if made is not None:
                    height = _made_height(made, None, tr, col, widths[col], text_height, forms)
                    if height > need:
                        need = height
            return need
    for col, tc in enumerate(tr.iterchildren(_TC)):
        span = 1
        if len(tc.attrib):
            get = tc.get
            if get("hMerge") in _ON or get("vMerge") in _ON or attr_int(get("rowSpan"), 1) > 1:
                continue
            span = attr_int(get("gridSpan"), 1)
        made = lines[col] if col < len(lines) else None
        if made is not None:
            width = widths[col] if span == 1 else sum(widths[col : col + span])
            height = _made_height(made, tc, tr, col, width, text_height, forms)
        else:
            body, tc_pr = _children(tc)
            if body is None:
                continue
            across, down = _margins(tc_pr) if tc_pr is not None and len(tc_pr.attrib) else _DEFAULT_MARGINS
            inner = max(sum(widths[col : col + span]) - across, 1)
            height = text_height(body, inner) + down
        if height > need:
            need = height
    return need


class RowNeeds:
    """What each row's text needs (a row is drawn at its ``h``, or at this when it is more),
    measured when first asked: a check that can stop early measures only the rows it looks at."""

    def __init__(
        self,
        tbl: etree._Element,
        widths: Sequence[int],
        text_height: TextHeight | None,
        made: MadeCells | None = None,
    ) -> None:
        """``made``: the cells a table stencil made holding one line of text (``BuiltCells.made``),
        as they still are (nothing has changed their formatting since)."""
        self._rows = rows_of(tbl)
        self._widths = widths
        self._text_height = text_height
        self._known: list[int] = [-1] * len(self._rows)  # -1: not measured yet
        self._made = made

    def __len__(self) -> int:
        return len(self._rows)

    def __getitem__(self, index: int) -> int:
        need = self._known[index]
        if need < 0:
            measure = self._text_height
            need = self._known[index] = (
                0
                if measure is None
                else _row_need(self._rows[index], self._widths, measure, index, self._made)
            )
        return need

    def drawn(self, heights: Sequence[int], limit: int | None = None) -> list[int]:
        """Each row's drawn height, ``max(h, need)``, from the first; stops once their sum passes
        ``limit`` (the rows after it are not measured)."""
        out: list[int] = []
        total = 0
        for index, height in enumerate(heights):
            out.append(max(height, self[index]))
            total += out[-1]
            if limit is not None and total > limit:
                break
        return out


def fixed_heights(heights: Sequence[int], needs: RowNeeds, frame: int) -> list[int]:
    """The rows' drawn heights when scaled into a frame ``frame`` EMU tall (vertical_sizing="fixed"):
    each row its share of the frame, or what its text needs when that is more."""
    total = sum(heights) or 1
    return [max(round(h * frame / total), needs[i]) for i, h in enumerate(heights)]


def fits_fixed(heights: Sequence[int], needs: RowNeeds, frame: int) -> bool:
    """Whether vertical_sizing="fixed" keeps these rows, text included, within ``frame`` EMU."""
    total = sum(heights) or 1
    used = 0
    for i, h in enumerate(heights):
        used += max(round(h * frame / total), needs[i])
        if used > frame + _TOLERANCE:
            return False
    return True


def rows_within(heights: Sequence[int], room: int) -> int:
    """How many rows, from the first, are drawn within ``room`` EMU."""
    used = count = 0
    for height in heights:
        used += height
        if used > room:
            break
        count += 1
    return count
