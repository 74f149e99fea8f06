"""Block edits as stencils (:mod:`deckkit.renderer.stencil`): prepared once per template workbook
and data shape, then filled per chart copy.

Copies of one template chart write blocks of the same shape into the same sheet of the same
workbook: everything the edit does apart from the values themselves (parsing the sheet, clearing
the old block, keeping and styling cells, the table, styles, calc chain and OLE size edits,
deflating the parts around) comes out the same every time. So the general edit runs once with
numbered markers for the values, the sheet's text is cut around them, and each copy only
splices its values' texts into the gaps and deflates that one sheet. The output is the general
edit's, byte for byte: no stencil is made of what the markers could not stand for exactly, and
the stencil layer gives that to the general edit.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import NamedTuple

from deckkit.renderer.chart.workbook.block import Columns
from deckkit.renderer.chart.workbook.cells import CellValue, DateNumber, NumberText, escape_text, xml_safe
from deckkit.renderer.chart.workbook.followed import StyleSource
from deckkit.renderer.chart.workbook.package import Packed, XlsxPackage, pack
from deckkit.renderer.chart.workbook.refs import CellRange
from deckkit.renderer.stencil.markers import Cut, cut_numbered, holds_markers, numbered
from deckkit.renderer.stencil.memo import WeakMemo
from deckkit.renderer.stencil.replay import through_stencil

__all__ = ["MAX_PREPARED_CELLS", "MAX_PREPARED_PER_WORKBOOK", "BlockEdit", "write_prepared"]

MAX_PREPARED_CELLS = 10_000
"""Blocks larger than this take the general edit: large charts are rarely copied, and the
placeholders would double the work of the one render that uses them."""

MAX_PREPARED_PER_WORKBOOK = 16
"""Prepared edits kept per template workbook (the oldest goes first)."""


class BlockEdit(NamedTuple):
    """Where and how a chart's block is written (everything but the values)."""

    part: str
    clear: CellRange | None
    top: int
    left: int
    date_format: str
    style_sources: tuple[StyleSource, ...]


Grid = Sequence[Sequence[CellValue]]
EditBlock = Callable[[XlsxPackage, BlockEdit, Grid], None]


class _Prepared(NamedTuple):
    """The parts as the edit leaves them; the sheet's as its text cut at the values' markers."""

    sheet: Cut  # values in reading order, None included
    parts: dict[str, bytes]
    packed: dict[str, tuple[bytes, Packed]]


_KINDS = frozenset({type(None), str, NumberText, DateNumber})

# By the read shared by every chart embedding the same bytes: gone when it is.
_MEMO: WeakMemo[_Prepared] = WeakMemo(MAX_PREPARED_PER_WORKBOOK)


def write_prepared(
    package: XlsxPackage, edit: BlockEdit, cells: Grid | Columns, edit_block: EditBlock
) -> bytes:
    """The workbook with cells written as edit_block writes them, prepared once per shape when it can be.

    cells: rows of typed values, or :class:`Columns` (whose rows are made only for the general edit).
    """
    block = _Block.of(cells)

    def general() -> bytes:
        edit_block(package, edit, block.grid())
        return package.write()

    return through_stencil(
        lambda: _stencil(package, edit, block, edit_block),
        lambda prepared: _replay(package, edit, block, prepared),
        general,
    )


def _stencil(package: XlsxPackage, edit: BlockEdit, block: _Block, edit_block: EditBlock) -> _Prepared | None:
    key = _key(package, edit, block)
    if key is None:
        return None
    keep_header = key[-1] is not None
    return _MEMO.get(
        package.source, key, lambda: _prepare(package, edit, block.grid(), edit_block, keep_header)
    )


def _replay(package: XlsxPackage, edit: BlockEdit, block: _Block, prepared: _Prepared) -> bytes:
    values = block.values
    for i in block.texts:  # texts are escaped as the general edit escapes them
        values[i] = escape_text(xml_safe(values[i]))  # type: ignore[arg-type]
    parts = dict(prepared.parts)
    parts[edit.part] = prepared.sheet.splice(values).encode()
    package.parts = parts
    return package.write(prepared.packed)


@dataclass(slots=True)
class _Block:
    """What the key and the fill read of the cells, in either form."""

    values: list[CellValue]  # in reading order, texts as given (numbers and dates untyped for Columns)
    kinds: set[type]  # the types of the values as written
    texts: list[int]  # where values holds text written as text
    signature: Hashable  # sizes and types: with the values, all the sheet depends on
    grid: Callable[[], Grid]  # the rows of typed values

    @classmethod
    def of(cls, cells: Grid | Columns) -> _Block:
        if isinstance(cells, Columns):
            if cells.size() > MAX_PREPARED_CELLS:  # the general edit's: nothing else is read
                return cls([None] * cells.size(), set(), [], None, cells.grid)
            signature, kinds = cells.shape()
            return cls(cells.values(), kinds, cells.text_positions(), signature, cells.grid)
        values = list(chain.from_iterable(cells))
        types = tuple(map(type, values))
        kinds = set(types)
        texts = [i for i, kind in enumerate(types) if kind is str] if str in kinds else []
        return cls(values, kinds, texts, (tuple(map(len, cells)), types), lambda: cells)


def _key(package: XlsxPackage, edit: BlockEdit, block: _Block) -> tuple[object, ...] | None:
    """Everything besides the workbook the edit's output depends on; None: take the general edit.

    That is the edit, the block's sizes and each value's type, for text whether it keeps its spaces
    (written as an attribute), and the header's values when the sheet has tables (they become the
    tables' column names).
    """
    values = block.values
    if len(values) > MAX_PREPARED_CELLS or not package.shared or not package.pristine():
        return None
    if not _KINDS.issuperset(block.kinds):
        return None
    # lxml writes the rows it re-serializes (those the template had) its own way: an empty text
    # or value as ``<t/>``, a carriage return as a character reference. Such values take the
    # general edit, as do control characters (dropped, which could empty a text).
    if "" in values:
        return None
    spaced: tuple[bool, ...] = ()
    if block.texts:
        texts: list[str] = [values[i] for i in block.texts]  # type: ignore[misc]
        joined = "".join(texts)
        if "\r" in joined or xml_safe(joined) != joined:
            return None
        spaced = tuple([t != t.strip() for t in texts])
    tables = any(t.endswith("/table") for t, _ in package.rels_of(edit.part).values())
    grid = block.grid() if tables else None
    header = tuple(grid[0]) if grid else None
    return (edit, block.signature, spaced, header)


def _prepare(
    package: XlsxPackage, edit: BlockEdit, grid: Grid, edit_block: EditBlock, keep_header: bool
) -> _Prepared | None:
    """The general edit on markers; None when its output cannot be cut around them exactly."""
    if edit.part not in package.parts:
        return None
    marked, fields = _placeholders(grid, keep_header)
    scratch = package.fresh()
    edit_block(scratch, edit, marked)
    sheet = cut_numbered(scratch.parts[edit.part], fields)
    others = {name: data for name, data in scratch.parts.items() if name != edit.part}
    if sheet is None or any(holds_markers(data) for data in others.values()):
        return None
    packed = {
        name: (data, pack(data)) for name, data in others.items() if not package.is_original(name, data)
    }
    return _Prepared(sheet, scratch.parts, packed)


def _placeholders(grid: Grid, keep_header: bool) -> tuple[list[list[CellValue]], dict[int, bool]]:
    """The grid with each value replaced by a numbered marker of its type; number -> ends in a space.

    Values are numbered in reading order, None included, as the values of a copy are listed.
    """
    marked: list[list[CellValue]] = []
    fields: dict[int, bool] = {}
    number = 0
    for i, row in enumerate(grid):
        if i == 0 and keep_header:
            marked.append(list(row))
            number += len(row)
            continue
        cells: list[CellValue] = []
        for value in row:
            if value is None:
                cells.append(None)
            else:
                # Text with outer spaces is written with xml:space: its marker has one too.
                spaced = type(value) is str and value != value.strip()
                cells.append(type(value)(numbered(number) + (" " if spaced else "")))
                fields[number] = spaced
            number += 1
        marked.append(cells)
    return marked, fields
