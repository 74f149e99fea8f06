"""Where the chart's data lives in its workbook: the block of cells, and the formulas into it.

The new block starts where the template's data started (the first series' values, one row and
one column back for names and labels) on the sheet the template's formulas name, in the same
orientation (series in columns, or in rows). Category charts: labels in the first column, one
column per series, names in the header row. Scatter charts: one column pair per series (x, y;
bubble charts add a size column), the series name above its y column.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from lxml import etree

from deckkit.ooxml.chart import c
from deckkit.ooxml.namespaces import C
from deckkit.ooxml.xml_children import first_child
from deckkit.renderer.chart.workbook.cells import CellValue
from deckkit.renderer.chart.workbook.refs import CellRange, format_formula, parse_formula

_DATA_TAGS = ("tx", "cat", "val", "xVal", "yVal", "bubbleSize")


class SheetLayout(NamedTuple):
    sheet: str
    top: int
    left: int
    transposed: bool  # series in rows instead of columns
    old: CellRange | None  # the template's block, emptied before the new one is written

    def ref(self, rng: CellRange) -> str:
        if self.transposed:
            rng = CellRange(
                rng.left - self.left + self.top,
                rng.top - self.top + self.left,
                rng.right - self.left + self.top,
                rng.bottom - self.top + self.left,
            )
        return format_formula(self.sheet, rng)

    # Category charts, in logical (series-in-columns) coordinates.
    def name_ref(self, i: int) -> str:
        return self.ref(CellRange(self.top, self.left + 1 + i, self.top, self.left + 1 + i))

    def category_ref(self, n: int) -> str:
        return self.ref(CellRange(self.top + 1, self.left, self.top + max(n, 1), self.left))

    def value_ref(self, i: int, n: int) -> str:
        col = self.left + 1 + i
        return self.ref(CellRange(self.top + 1, col, self.top + max(n, 1), col))

    # Scatter charts: width 2 (x, y) or 3 (x, y, size) columns per series.
    def xy_ref(self, i: int, width: int, which: int, n: int) -> str:
        col = self.left + width * i + which
        return self.ref(CellRange(self.top + 1, col, self.top + max(n, 1), col))

    def xy_name_ref(self, i: int, width: int) -> str:
        col = self.left + width * i + 1
        return self.ref(CellRange(self.top, col, self.top, col))

    def physical(self, grid: Sequence[Sequence[CellValue]]) -> list[list[CellValue]]:
        """The logical grid as written on the sheet (transposed for series in rows)."""
        rows = [list(r) for r in grid]
        if not self.transposed:
            return rows
        width = max((len(r) for r in rows), default=0)
        return [[r[j] if j < len(r) else None for r in rows] for j in range(width)]


def template_formulas(chart_space: etree._Element) -> list[tuple[str, str, CellRange]]:
    """(data tag, sheet, range) of every series formula of the template chart, in document order."""
    found = []
    for ser in chart_space.iter(c("ser")):
        for tag in _DATA_TAGS:
            el = first_child(ser, c(tag))
            if el is None:
                continue
            for f in el.iter(c("f")):
                parsed = parse_formula(f.text or "")
                if parsed is not None:
                    found.append((tag, parsed[0], parsed[1]))
    return found


def uses_formulas(chart_space: etree._Element) -> bool:
    """True when the chart reads its data from a workbook (embedded or linked)."""
    return (
        chart_space.find(c("externalData")) is not None
        or next(chart_space.iter(f"{{{C}}}f"), None) is not None
    )


def plan_layout(chart_space: etree._Element, scatter: bool, sheets: list[str] | None) -> SheetLayout | None:
    """The layout of the new data; None when the chart has its data only in literals (no workbook)."""
    formulas = template_formulas(chart_space)
    if not formulas and not uses_formulas(chart_space) and not sheets:
        return None
    data_tags = ("xVal", "yVal") if scatter else ("val",)
    anchor = next(((s, r) for tag, s, r in formulas if tag in data_tags), None)
    if anchor is None:
        sheet = formulas[0][1] if formulas else (sheets[0] if sheets else "Sheet1")
        top, left, transposed = 1, 1, False
    else:
        sheet, rng = anchor
        transposed = not scatter and rng.top == rng.bottom and rng.right > rng.left
        if scatter:
            top, left = rng.top - 1, rng.left
        else:
            top, left = rng.top - 1, rng.left - 1
    if sheets and sheet not in sheets:
        sheet = sheets[0]
    old: CellRange | None = None
    for _, s, r in formulas:
        if s == sheet:
            old = r if old is None else old.union(r)
    return SheetLayout(sheet, max(top, 1), max(left, 1), transposed, old)
