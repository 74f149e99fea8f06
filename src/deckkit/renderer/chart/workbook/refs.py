"""Cell references of a chart's workbook: ranges, A1 notation and the formulas charts use.

A chart formula is ``Sheet1!$B$2:$B$4`` or ``'My sheet'!$A$1``: one sheet and one rectangle.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from lxml import etree


class CellRange(NamedTuple):
    """A rectangle of cells, 1-based and inclusive."""

    top: int
    left: int
    bottom: int
    right: int

    def union(self, other: CellRange) -> CellRange:
        return CellRange(
            min(self.top, other.top),
            min(self.left, other.left),
            max(self.bottom, other.bottom),
            max(self.right, other.right),
        )

    def intersects(self, other: CellRange) -> bool:
        return not (
            other.left > self.right
            or other.right < self.left
            or other.top > self.bottom
            or other.bottom < self.top
        )

    @property
    def a1(self) -> str:
        start = f"{column_letter(self.left)}{self.top}"
        end = f"{column_letter(self.right)}{self.bottom}"
        return start if start == end else f"{start}:{end}"

    def absolute(self) -> str:
        start = f"${column_letter(self.left)}${self.top}"
        if (self.top, self.left) == (self.bottom, self.right):
            return start
        return f"{start}:${column_letter(self.right)}${self.bottom}"


@lru_cache(maxsize=4096)
def column_letter(col: int) -> str:
    letters = ""
    while col:
        col, rem = divmod(col - 1, 26)
        letters = chr(65 + rem) + letters
    return letters


def column_number(letters: str) -> int:
    n = 0
    for ch in letters.upper():
        n = n * 26 + ord(ch) - 64
    return n


CELL = re.compile(r"^\$?([A-Za-z]{1,3})\$?(\d+)$")
_FORMULA = re.compile(r"^(?:'((?:[^']|'')+)'|([^!'\[\]]+))!([$A-Za-z0-9]+)(?::([$A-Za-z0-9]+))?$")


def parse_cell(ref: str) -> tuple[int, int] | None:
    m = CELL.match(ref)
    return (int(m.group(2)), column_number(m.group(1))) if m else None


def parse_range(ref: str) -> CellRange | None:
    start, _, end = ref.partition(":")
    a, b = parse_cell(start), parse_cell(end or start)
    if a is None or b is None:
        return None
    return CellRange(min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))


# Every copy of a template chart reads the same formulas: each is parsed once.
@lru_cache(maxsize=4096)
def parse_formula(formula: str) -> tuple[str, CellRange] | None:
    """('Sheet1', range) for ``Sheet1!$B$2:$B$4`` or ``'My sheet'!$A$1``; None for anything else."""
    m = _FORMULA.match(formula.strip())
    if not m:
        return None
    sheet = m.group(1).replace("''", "'") if m.group(1) is not None else m.group(2)
    rng = parse_range(m.group(3) + (":" + m.group(4) if m.group(4) else ""))
    return (sheet, rng) if rng is not None else None


_PLAIN_SHEET_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.]*")


def format_formula(sheet: str, rng: CellRange) -> str:
    name = sheet if _PLAIN_SHEET_NAME.fullmatch(sheet) else "'" + sheet.replace("'", "''") + "'"
    return f"{name}!{rng.absolute()}"


def cell_column(cell: etree._Element) -> int:
    """The column number of a sheet cell (``c``) from its ``r`` reference; 0 without one."""
    return _ref_column(cell.get("r", ""))


# Every chart's sheet uses the same few hundred references (B2, C2...): each is parsed once.
@lru_cache(maxsize=8192)
def _ref_column(ref: str) -> int:
    m = CELL.match(ref)
    return column_number(m.group(1)) if m else 0
