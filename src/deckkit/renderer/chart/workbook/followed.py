"""Cell styles that follow a series: its new cells take the formats of its template cells.

A series overwritten in place or cloned from a template series keeps that series' number format
(``0.0%`` stays ``0.0%``) wherever the data order puts it: the styles of its template cells are
read before the block is cleared, and given to its new cells in order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from lxml import etree

from deckkit.renderer.chart.workbook.package import sheet_tag as _s
from deckkit.renderer.chart.workbook.refs import CellRange, cell_column

__all__ = ["FollowedStyles", "StyleSource", "followed_styles"]


class StyleSource(NamedTuple):
    """A series' cells in the new block take the cell styles of the template cells of a series.

    Both ranges are one column or one row of the sheet. The k-th target cell takes the k-th
    source cell's style (the last one's beyond the source's length); a source cell without a
    style makes the target cell General.
    """

    target: CellRange
    source: CellRange


def _cells(rng: CellRange) -> list[tuple[int, int]]:
    """The cells of a one-column or one-row range, in order."""
    return [(r, col) for r in range(rng.top, rng.bottom + 1) for col in range(rng.left, rng.right + 1)]


@dataclass(slots=True)
class FollowedStyles:
    """The styles target cells take from their sources (``""``: none, so General).

    cells: the first cells of each target, one per source cell; columns / rows: the style of the
    rest of a target column (series in columns) or row (series in rows), its source's last, with
    the range it covers.
    """

    cells: dict[tuple[int, int], str]
    columns: dict[int, tuple[CellRange, str]]
    rows: dict[int, tuple[CellRange, str]]

    def style(self, row: int, col: int) -> str | None:
        found = self.cells.get((row, col))
        if found is not None:
            return found
        rest = self.columns.get(col) or self.rows.get(row)
        if rest is not None and rest[0].top <= row <= rest[0].bottom and rest[0].left <= col <= rest[0].right:
            return rest[1]
        return None


def followed_styles(rows: dict[int, etree._Element], sources: Sequence[StyleSource]) -> FollowedStyles:
    """Where every target cell takes its style from, read from the source cells before clearing."""
    followed = FollowedStyles({}, {}, {})
    wanted = {cell for s in sources for cell in _cells(s.source)}
    found: dict[tuple[int, int], str] = {}
    for row_no in {r for r, _ in wanted}:
        row = rows.get(row_no)
        if row is None:
            continue
        for cell in row:
            if cell.tag == _s("c") and (row_no, col := cell_column(cell)) in wanted:
                found[(row_no, col)] = cell.get("s", "")
    for s in sources:
        source = [found.get(cell, "") for cell in _cells(s.source)]
        if not source:
            continue
        target = s.target
        first = CellRange(
            target.top,
            target.left,
            min(target.bottom, target.top + len(source) - 1),
            min(target.right, target.left + len(source) - 1),
        )
        for k, target_cell in enumerate(_cells(first)):
            followed.cells[target_cell] = source[k]
        if target.left == target.right:
            followed.columns[target.left] = (target, source[-1])
        else:
            followed.rows[target.top] = (target, source[-1])
    return followed
