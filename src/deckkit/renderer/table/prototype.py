"""A template table's cells as a stencil (:mod:`deckkit.renderer.stencil`): text, so that a
filled table is built with one parse.

Filling a cell element by element (copy the template cell, drop its paragraphs, make a
paragraph, a run and its text) costs tens of lxml calls from Python per cell. Most cells hold a
plain one-line string, and for those the filled cell differs from one value to the next only in
its text. So each template cell is filled once with a marker (by :func:`set_cell_text` itself,
so the formatting rules live in one place), serialized, and cut at the marker; the output cells
are then that text around each escaped value, parsed in one go. A cell the text cannot make (a
TableCell with styles or a data bar, text with line breaks) starts as the template cell's text,
unfilled, and is filled element by element as the general path fills it.

Parsed cells land in the table through the same moves as copied cells, and lxml resolves their
namespace by URI either way, so the output is the same. That holds when every element and
attribute of the template cells is in DrawingML's namespace (or none) and no cell declares a
prefix of its own; no stencil is made of other tables (:func:`table_prototype` says None), and
text that does not parse is :class:`UnfitError`: the stencil layer gives both to the element path.

The stencils are kept by the template table's serialized text (its in-scope namespace
declarations included): every copy of a template slide finds it, and two tables share an entry
only when their text is the same, so nothing passes from one template to another.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from lxml import etree

from deckkit.model.elements import TableCell
from deckkit.ooxml.namespaces import A
from deckkit.ooxml.xml_copy import copy_tree
from deckkit.ooxml.xml_escape import escape_text
from deckkit.renderer.drawingml import a
from deckkit.renderer.stencil.markers import cut_once, marker
from deckkit.renderer.stencil.memo import SharedMemo
from deckkit.renderer.stencil.replay import UnfitError
from deckkit.renderer.table.cell import NOT_ONE_RUN, set_cell_text
from deckkit.renderer.table.grid import (
    Merge,
    blank_merge,
    grid_of,
    merges_of,
    row_source,
    rows_alternate,
    rows_of,
    visible_source,
)
from deckkit.renderer.table.measure import CellForm, MadeCells

__all__ = ["BuiltCells", "TablePrototype", "keep_template_cells", "table_prototype"]

_MARKER = marker("cell-text")
_NAMESPACE_DECLARATION = re.compile(r'\s+xmlns(?::[^\s=]+)?="[^"]*"')
_CACHE_SIZE = 64
_stencils: SharedMemo[TablePrototype] = SharedMemo(_CACHE_SIZE)
# huge_tree: a long cell text is no error when set as an element's text, so not here either.
_PARSER = etree.XMLParser(resolve_entities=False, huge_tree=True, remove_blank_text=False)
_TC, _TXBODY, _P, _EXT_LIST = a("tc"), a("txBody"), a("p"), a("extLst")
_IN_A = "{" + A + "}"
_not_one_run = NOT_ONE_RUN.search


class _CellText(NamedTuple):
    blank: str  # the template cell, merge attributes removed: where the element path starts
    empty: str  # the cell filled with ""
    before: str  # the cell filled with one line of text: before + escaped text + after
    after: str


class BuiltCells(NamedTuple):
    """The output cells by grid position, and which of them hold their data's text already.

    ``added_rows`` are the output rows past the template's, made whole around their cells
    (see :meth:`TablePrototype.build`), or None when only cells were made.
    """

    matrix: list[list[etree._Element]]
    filled: list[list[bool]]
    added_rows: list[etree._Element] | None = None
    made: MadeCells | None = None  # the cells made holding one line of text (measure.RowNeeds)


class TablePrototype(NamedTuple):
    """The cells of one template table as text, and its merges."""

    declarations: str  # the namespace declarations the cells' text needs
    cells: tuple[tuple[_CellText, ...], ...]  # by template row, then column
    merges: tuple[Merge, ...]
    has_keys: bool  # some cell text holds "{": a text key may point into the template cells
    # Each template row's start and end tag as a row added after it gets them; None: not as text.
    row_tags: tuple[tuple[str, str], ...] | None
    alternating: (
        bool  # the rows are banded by hand: added rows take the last two in turn (grid.rows_alternate)
    )
    forms: dict[int, CellForm]  # by id of one of its cells: how the cells made of it measure

    def build(
        self,
        rows: Sequence[Sequence[str | TableCell]],
        n_rows: int,
        n_cols: int,
        covered: set[tuple[int, int]],
    ) -> BuiltCells:
        """The n_rows x n_cols output cells for rows (UnfitError when the text does not parse).

        The rows past the template's are made whole, cells inside, when their source rows allow
        (``row_tags``): the table then takes one move per added row rather than one per cell.
        """
        t_rows = len(self.cells)
        kept = min(n_rows, t_rows)
        parts = ["<cells", self.declarations, ">"]
        filled: list[list[bool]] = []
        lines: list[list[tuple[int, str] | None]] = []
        whole: list[bool] = []
        merged = {m.row for m in self.merges}  # a row holding a merge's first cell is not whole
        for i in range(n_rows):
            source = row_source(i, t_rows, self.alternating)
            tags = self.row_tags[source] if i >= t_rows and self.row_tags is not None else None
            if tags is not None:
                parts.append(tags[0])
            row_lines: list[tuple[int, str] | None] = []
            filled.append(
                self._cell_parts(
                    parts, source, rows[i] if i < len(rows) else (), i, n_cols, covered, row_lines
                )
            )
            lines.append(row_lines)
            whole.append(i not in merged and None not in row_lines)
            if tags is not None:
                parts.append(tags[1])
        parts.append("</cells>")
        try:
            wrapper = etree.fromstring("".join(parts), _PARSER)
        except (etree.XMLSyntaxError, ValueError):
            raise UnfitError from None  # text lxml cannot take: the element path says why
        made = list(wrapper)
        matrix = [made[i * n_cols : (i + 1) * n_cols] for i in range(kept)]
        if self.row_tags is None or n_rows <= t_rows:
            matrix.extend(made[i * n_cols : (i + 1) * n_cols] for i in range(kept, n_rows))
            return BuiltCells(matrix, filled, None, MadeCells(lines, whole, self.forms))
        added = made[kept * n_cols :]
        matrix.extend(list(tr) for tr in added)
        return BuiltCells(matrix, filled, added, MadeCells(lines, whole, self.forms))

    def _cell_parts(
        self,
        parts: list[str],
        source: int,
        row: Sequence[str | TableCell],
        i: int,
        n_cols: int,
        covered: set[tuple[int, int]],
        lines: list[tuple[int, str] | None],
    ) -> list[bool]:
        """Add output row i's cells to parts (template row ``source``); which hold their text
        (``lines``, by column: those holding one line of text, with the template cell they were
        made of; None for the others)."""
        cells = self.cells[source]
        last = len(cells) - 1
        merges = self.merges
        new_row = i >= len(self.cells)
        given = len(row)
        flags = []
        # Once a cell, for every cell of a table: the work a cell here is what a fill costs.
        for j in range(n_cols):
            cell = cells[j if j <= last else last]
            if merges and (new_row or j > last):
                r, col = visible_source(merges, source, min(j, last))
                cell = self.cells[r][col]
            value = row[j] if j < given and not (covered and (i, j) in covered) else ""
            if not isinstance(value, str) or _not_one_run(value) is not None:
                parts.append(cell.blank)
                flags.append(False)
                lines.append(None)
            elif value:
                parts.extend((cell.before, escape_text(value), cell.after))
                flags.append(True)
                lines.append((id(cell), value))
            else:
                parts.append(cell.empty)
                flags.append(True)
                lines.append(None)
        return flags


def table_prototype(tbl: etree._Element) -> TablePrototype | None:
    """The prototype of the table as it is now; None when it must be filled element by element."""
    return _stencils.get(None, etree.tostring(tbl), lambda: _analyse(tbl))


def _analyse(tbl: etree._Element) -> TablePrototype | None:
    n_cols = len(grid_of(tbl).findall(a("gridCol")))
    matrix = [tr.findall(_TC) for tr in rows_of(tbl)]
    if not matrix or n_cols == 0 or any(len(cells) != n_cols for cells in matrix):
        return None  # no rows, or rows the element path pads or cuts first
    for tr, cells in zip(rows_of(tbl), matrix, strict=True):
        if any(not _plain(tc, tr.nsmap) for tc in cells):
            return None
    declarations: dict[str, str] = {}
    texts = tuple(tuple(_cell_text(tc, declarations) for tc in cells) for cells in matrix)
    if any(t is None for row in texts for t in row):
        return None
    has_keys = any("{" in str(text) for cells in matrix for tc in cells for text in tc.itertext())
    return TablePrototype(
        "".join(declarations.values()),
        tuple(tuple(t for t in row if t is not None) for row in texts),
        tuple(merges_of(matrix)),
        has_keys,
        _row_tags(rows_of(tbl), declarations),
        rows_alternate(tbl),
        {},
    )


def _row_tags(rows: list[etree._Element], declarations: dict[str, str]) -> tuple[tuple[str, str], ...] | None:
    """Each row's start and end tag as text; None when some row has an extension list.

    The element path gives an added row its source row's attributes and a copy of its
    extension list (its a16:rowId renumbered), nothing else; rows with an extension list, or
    an attribute in a namespace, are added element by element.
    """
    tags = []
    for tr in rows:
        if tr.find(_EXT_LIST) is not None or any(str(name).startswith("{") for name in tr.attrib):
            return None
        shell = copy_tree(tr)  # its attributes and prefix; analysed once per template table
        del shell[:]
        shell.text, shell.tail = _MARKER, None
        pieces = cut_once(_without_declarations(shell, declarations), _MARKER)
        if pieces is None:
            return None
        tags.append(pieces)
    return tuple(tags)


def _plain(tc: etree._Element, row_namespaces: dict[str | None, str]) -> bool:
    """Whether the cell is only DrawingML elements and unqualified attributes, declaring nothing."""
    if tc.nsmap != row_namespaces:
        return False
    for el in tc.iter():
        if not isinstance(el.tag, str):
            continue  # a comment or processing instruction: kept as text, in no namespace
        if not el.tag.startswith(_IN_A) or any(str(name).startswith("{") for name in el.attrib):
            return False
    return True


def _cell_text(tc: etree._Element, declarations: dict[str, str]) -> _CellText | None:
    blank = blank_merge(copy_tree(tc))
    empty, marked = copy_tree(blank), copy_tree(blank)
    set_cell_text(empty, "")
    set_cell_text(marked, _MARKER)
    pieces = cut_once(_without_declarations(marked, declarations), _MARKER)
    if pieces is None:
        return None
    return _CellText(
        _without_declarations(blank, declarations),
        _without_declarations(empty, declarations),
        pieces[0],
        pieces[1],
    )


def _without_declarations(tc: etree._Element, declarations: dict[str, str]) -> str:
    """The cell's text (tail included) without the namespace declarations on its start tag."""
    text = etree.tostring(tc, encoding="unicode", with_tail=True)
    end = text.index(">")
    for found in _NAMESPACE_DECLARATION.findall(text, 0, end):
        declarations.setdefault(found.split("=", 1)[0].strip(), found)
    return _NAMESPACE_DECLARATION.sub("", text[:end]) + text[end:]


def keep_template_cells(
    template: Sequence[Sequence[etree._Element]], built: BuiltCells, has_keys: bool
) -> None:
    """Put the built content into the template cells the output keeps, as the element path does.

    The element path keeps the template's cells (the top-left ones, as many as the output has)
    and refills them, so a reference to one, or to its table, still sees the output. Their own
    paragraphs leave the tree: a text key found in one of them is then seen as gone (its
    paragraph has no parent), whichever order the keys are filled in.
    """
    for i, cells in enumerate(template[: len(built.matrix)]):
        row = built.matrix[i]
        for j, tc in enumerate(cells[: len(row)]):
            if has_keys:
                for body in tc.iterchildren(_TXBODY):
                    for paragraph in list(body.iterchildren(_P)):
                        body.remove(paragraph)
            tc[:] = list(row[j])  # resize_grid takes its merge attributes off
            row[j] = tc
