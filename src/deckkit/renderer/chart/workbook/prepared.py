"""Block edits prepared once per template workbook and data shape, then filled per chart copy.

Copies of one template chart write blocks of the same shape into the same sheet of the same
workbook: everything the edit does apart from the values themselves (parsing the sheet, clearing
the old block, keeping and styling cells, the table, styles, calc chain and OLE size edits,
deflating the parts around) comes out the same every time. So the general edit runs once with
numbered placeholders for the values, the sheet's text is cut around them, and each copy only
formats its values into the gaps and deflates that one sheet. The output is the general edit's,
byte for byte: anything the placeholders could not stand for exactly takes the general edit.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import chain

from deckkit.renderer.chart.workbook.cells import CellValue, DateNumber, NumberText, escape_text, xml_safe
from deckkit.renderer.chart.workbook.followed import StyleSource
from deckkit.renderer.chart.workbook.package import Packed, XlsxPackage, pack
from deckkit.renderer.chart.workbook.refs import CellRange

__all__ = ["MAX_PREPARED_CELLS", "MAX_PREPARED_PER_WORKBOOK", "BlockEdit", "write_prepared"]

MAX_PREPARED_CELLS = 10_000
"""Blocks larger than this take the general edit: large charts are rarely copied, and the
placeholders would double the work of the one render that uses them."""

MAX_PREPARED_PER_WORKBOOK = 16
"""Prepared edits kept per template workbook (the oldest goes first)."""


@dataclass(frozen=True, slots=True)
class BlockEdit:
    """Where and how a chart's block is written (everything but the values)."""

    part: str
    clear: CellRange | None
    top: int
    left: int
    date_format: str
    style_sources: tuple[StyleSource, ...]


Grid = Sequence[Sequence[CellValue]]
EditBlock = Callable[[XlsxPackage, BlockEdit, Grid], None]


@dataclass(frozen=True, slots=True)
class _Prepared:
    """The parts as the edit leaves them; the sheet's as a ``str.format`` template of the values."""

    sheet: str
    parts: dict[str, bytes]
    packed: dict[str, tuple[bytes, Packed]]


# Private-use characters around a placeholder's number. A sheet could hold them too (then some
# placeholder is found twice and nothing is prepared), so each must be found exactly once.
_OPEN, _CLOSE = "\ue000", "\ue001"
_OPEN_BYTES = _OPEN.encode()
_FIELD = re.compile(f"{_OPEN}([0-9]+){_CLOSE}( ?)".encode())
_KINDS = frozenset({type(None), str, NumberText, DateNumber})
_MISSING = object()

# Keyed by the read shared by every chart embedding the same bytes: gone when it is.
_MEMO: weakref.WeakKeyDictionary[object, dict[tuple[object, ...], _Prepared | None]] = (
    weakref.WeakKeyDictionary()
)


def write_prepared(package: XlsxPackage, edit: BlockEdit, grid: Grid, edit_block: EditBlock) -> bytes:
    """The workbook with grid written as edit_block writes it, prepared once per shape when it can be."""
    values = list(chain.from_iterable(grid))
    key = _key(package, edit, grid, values)
    if key is None:
        edit_block(package, edit, grid)
        return package.write()
    memo = _MEMO.setdefault(package.source, {})
    prepared = memo.get(key, _MISSING)
    if prepared is _MISSING:
        prepared = _prepare(package, edit, grid, edit_block, keep_header=key[-1] is not None)
        # The oldest go; list() and pop() are single steps, should renders share the memo in threads.
        for old in list(memo)[: max(0, len(memo) - MAX_PREPARED_PER_WORKBOOK + 1)]:
            memo.pop(old, None)
        memo[key] = prepared
    if not isinstance(prepared, _Prepared):
        edit_block(package, edit, grid)
        return package.write()
    if key[2]:  # one flag per text: texts are escaped as the general edit escapes them
        values = [escape_text(xml_safe(v)) if type(v) is str else v for v in values]
    parts = dict(prepared.parts)
    parts[edit.part] = prepared.sheet.format(*values).encode()
    package.parts = parts
    return package.write(prepared.packed)


def _key(
    package: XlsxPackage, edit: BlockEdit, grid: Grid, values: list[CellValue]
) -> tuple[object, ...] | None:
    """Everything besides the workbook the edit's output depends on; None: take the general edit.

    That is the edit, the rows' lengths, each value's type, for text whether it keeps its spaces
    (written as an attribute), and the header's values when the sheet has tables (they become the
    tables' column names). values: the grid's, in reading order.
    """
    if len(values) > MAX_PREPARED_CELLS or not package.shared or not package.pristine():
        return None
    types = tuple(map(type, values))
    kinds = set(types)
    if not _KINDS.issuperset(kinds):
        return None
    # lxml writes the rows it re-serializes (those the template had) its own way: an empty text
    # or value as ``<t/>``, a carriage return as a character reference. Such values take the
    # general edit, as do control characters (dropped, which could empty a text).
    if "" in values:
        return None
    spaced: tuple[bool, ...] = ()
    if str in kinds:
        texts = [v for v in values if type(v) is str]
        joined = "".join(texts)
        if "\r" in joined or xml_safe(joined) != joined:
            return None
        spaced = tuple([t != t.strip() for t in texts])
    tables = any(t.endswith("/table") for t, _ in package.rels_of(edit.part).values())
    header = tuple(grid[0]) if tables and grid else None
    return (edit, tuple(map(len, grid)), spaced, types, header)


def _prepare(
    package: XlsxPackage, edit: BlockEdit, grid: Grid, edit_block: EditBlock, keep_header: bool
) -> _Prepared | None:
    """The general edit on placeholders; None when its output cannot be cut around them exactly."""
    sheet = package.parts.get(edit.part)
    if sheet is None or _OPEN_BYTES in sheet:
        return None
    marked, fields = _placeholders(grid, keep_header)
    scratch = package.fresh()
    edit_block(scratch, edit, marked)
    template = _template(scratch.parts[edit.part], fields)
    others = {name: data for name, data in scratch.parts.items() if name != edit.part}
    if template is None or any(_OPEN_BYTES in data for data in others.values()):
        return None
    packed = {
        name: (data, pack(data)) for name, data in others.items() if not package.is_original(name, data)
    }
    return _Prepared(template, scratch.parts, packed)


def _placeholders(grid: Grid, keep_header: bool) -> tuple[list[list[CellValue]], dict[int, bool]]:
    """The grid with each value replaced by a numbered one of its type; number -> ends in a space.

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
                # Text with outer spaces is written with xml:space: its placeholder has one too.
                spaced = type(value) is str and value != value.strip()
                cells.append(type(value)(f"{_OPEN}{number}{_CLOSE}{' ' if spaced else ''}"))
                fields[number] = spaced
            number += 1
        marked.append(cells)
    return marked, fields


def _template(sheet: bytes, fields: dict[int, bool]) -> str | None:
    """The sheet as a ``str.format`` template, each placeholder a field; None unless each is there once."""
    pieces = _FIELD.split(sheet)
    out = [_literal(pieces[0])]
    found: list[int] = []
    for j in range(1, len(pieces), 3):
        number, space, text = int(pieces[j]), pieces[j + 1], pieces[j + 2]
        if fields.get(number) is not (space == b" "):
            return None
        found.append(number)
        out.append(f"{{{number}}}")
        out.append(_literal(text))
    return "".join(out) if sorted(found) == sorted(fields) else None


def _literal(text: bytes) -> str:
    return text.decode("utf-8").replace("{", "{{").replace("}", "}}")
