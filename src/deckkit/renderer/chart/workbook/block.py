"""A chart's data block as columns of plain texts, the form a render builds.

Rows of typed values (``NumberText``, ``DateNumber``) are the general edit's form, but a render
writes thousands of numbers per chart copy: typing each one makes an object per number and costs
a type test per number again when the block is written. Columns say once what all of a column's
texts are, so a prepared edit reads the values and their shape with C-level list operations, and
the typed rows are made only for the general edit (once per template and shape).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import NamedTuple

from deckkit.renderer.chart.workbook.cells import CellValue, NumberText

__all__ = ["Column", "Columns"]


class Column(NamedTuple):
    """One column of the block in logical orientation (series in columns): its header cell, then its body.

    kind: the type every text of body is written as (``NumberText``, ``DateNumber``); None: the
    body's values are written as their own types say (labels).
    """

    head: CellValue
    body: Sequence[CellValue]
    kind: type[NumberText] | None = None


@dataclass(frozen=True, slots=True)
class Columns:
    """The block: columns of equal length; transposed: each is a row of the sheet (series in rows)."""

    columns: Sequence[Column]
    transposed: bool

    def __post_init__(self) -> None:
        assert self.columns, "a block without columns is given as rows"
        assert len({len(col.body) for col in self.columns}) == 1, "columns of one length"

    def size(self) -> int:
        """The number of cells."""
        return len(self.columns) * (len(self.columns[0].body) + 1)

    def _lines(self, typed: bool) -> list[list[CellValue]]:
        """Each column as head then body; typed: texts made their kind."""
        return [
            [col.head, *(_typed(col) if typed and col.kind is not None else col.body)] for col in self.columns
        ]

    def grid(self) -> list[list[CellValue]]:
        """The block as the sheet's rows of typed values (the general edit's form)."""
        lines = self._lines(typed=True)
        return lines if self.transposed else [list(row) for row in zip(*lines, strict=True)]

    def values(self) -> list[CellValue]:
        """The values untyped, in the sheet's reading order (row by row)."""
        lines = self._lines(typed=False)
        if self.transposed:
            return list(chain.from_iterable(lines))
        # Row by row: column j at every width-th place from j, each put in C (no tuple per row).
        width = len(lines)
        out: list[CellValue] = [None] * (width * len(lines[0]))
        for j, line in enumerate(lines):
            out[j::width] = line
        return out

    def text_positions(self) -> list[int]:
        """Where :meth:`values` holds text written as text (not a number), in order."""
        height, width = len(self.columns[0].body) + 1, len(self.columns)

        def at(row: int, j: int) -> int:
            return j * height + row if self.transposed else row * width + j

        found = [at(0, j) for j, col in enumerate(self.columns) if type(col.head) is str]
        for j, col in enumerate(self.columns):
            if col.kind is None:
                found += [at(i + 1, j) for i, v in enumerate(col.body) if type(v) is str]
        return sorted(found)

    def shape(self) -> tuple[Hashable, set[type]]:
        """Everything but the values' texts that the written sheet depends on (sizes, types, gaps),
        and the types of the values as written."""
        kinds: set[type] = set()
        shapes: list[tuple[type, type[NumberText] | None, tuple[object, ...]]] = []
        for col in self.columns:
            kinds.add(type(col.head))
            if col.kind is None:
                types = tuple(map(type, col.body))
                kinds.update(types)
                shapes.append((type(col.head), None, types))
                continue
            gaps = _gaps(col.body)
            kinds.add(col.kind)
            if gaps:
                kinds.add(type(None))
            shapes.append((type(col.head), col.kind, gaps))
        return ("columns", self.transposed, len(self.columns[0].body), tuple(shapes)), kinds


def _typed(col: Column) -> list[CellValue]:
    kind = col.kind
    assert kind is not None
    if None not in col.body:
        return list(map(kind, col.body))
    return [None if v is None else kind(v) for v in col.body]


def _gaps(body: Sequence[CellValue]) -> tuple[int, ...]:
    """The positions of the gaps (None) in body: counted in C first, since most bodies have none."""
    if None not in body:
        return ()
    return tuple([i for i, v in enumerate(body) if v is None])
