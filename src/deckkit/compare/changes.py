"""What changed between two versions of one slide, shape by shape (shapes known by name)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Literal

from deckkit.compare.read import ShapeContent, SlideContent

__all__ = ["Change", "ChangeKind", "slide_changes"]

ChangeKind = Literal["text", "table", "chart", "picture", "shape"]


@dataclass(frozen=True, slots=True)
class Change:
    """One thing that changed on a slide: in which shape, where in it, and from what to what.

    ``text``: the shape's text (paragraphs joined by newlines). ``table``: one cell, ``row`` and
    ``column`` counted from 1 in the new table (None on the side where the table has no such
    cell); or a whole row added or removed (``column`` None, the cells joined by " | ", ``row``
    counted in the table that has it). ``chart``: one
    cached value, by ``series`` and ``category``. ``picture``: the picture's bytes were replaced
    (``old`` and ``new`` are digests). ``shape``: a shape only one side has (``old`` or ``new``
    is None; the other says what kind of shape it is).
    """

    kind: ChangeKind
    shape: str
    old: str | None
    new: str | None
    row: int | None = None
    column: int | None = None
    series: str | None = None
    category: str | None = None

    @property
    def where(self) -> str:
        """``Sales, row 2, column 3`` / ``Revenue, series "2025", category "Mar"`` / ``Title``."""
        if self.kind == "table":
            column = f", column {self.column}" if self.column is not None else ""
            return f"{self.shape}, row {self.row}{column}"
        if self.kind == "chart":
            return f'{self.shape}, series "{self.series}", category "{self.category}"'
        return self.shape

    def to_json(self) -> dict[str, Any]:
        fields = {"kind": self.kind, "shape": self.shape, "old": self.old, "new": self.new}
        extra = {"row": self.row, "column": self.column, "series": self.series, "category": self.category}
        return fields | {k: v for k, v in extra.items() if v is not None}


def slide_changes(old: SlideContent, new: SlideContent) -> list[Change]:
    """Every change from ``old`` to ``new``, in the new slide's shape order (shapes gone at the end)."""
    changes: list[Change] = []
    for name, shape in new.shapes.items():
        before = old.shapes.get(name)
        if before is None:
            changes.append(Change("shape", name, None, shape.kind))
        elif before != shape:
            changes += _shape_changes(before, shape)
    changes += [
        Change("shape", name, shape.kind, None)
        for name, shape in old.shapes.items()
        if name not in new.shapes
    ]
    return changes


def _shape_changes(old: ShapeContent, new: ShapeContent) -> list[Change]:
    if old.kind != new.kind:
        return [Change("shape", new.name, old.kind, new.kind)]
    if old.kind == "table":
        return _cell_changes(old, new)
    if old.kind == "chart":
        return _value_changes(old, new)
    if old.kind == "picture" and old.picture != new.picture:
        return [Change("picture", new.name, old.picture, new.picture)]
    if old.paragraphs != new.paragraphs:
        return [Change("text", new.name, "\n".join(old.paragraphs), "\n".join(new.paragraphs))]
    return []


Rows = tuple[tuple[str, ...], ...]


def _cell_changes(old: ShapeContent, new: ShapeContent) -> list[Change]:
    """Rows kept are compared cell by cell; a row added or removed is one change, not a cascade."""
    if len(old.cells) == len(new.cells):
        return _cells_compared(new.name, old.cells, new.cells, 0)
    # Rows were added or removed: they are found as a text diff finds lines. difflib loads only
    # for such a table, not with the package (a render, which imports it, never needs it).
    from difflib import SequenceMatcher

    changes: list[Change] = []
    matcher = SequenceMatcher(None, old.cells, new.cells, autojunk=False)
    for _, i1, i2, j1, j2 in matcher.get_opcodes():
        paired = min(i2 - i1, j2 - j1)
        changes += _cells_compared(new.name, old.cells[i1 : i1 + paired], new.cells[j1 : j1 + paired], j1)
        changes += [_row(new.name, i + 1, old.cells[i], None) for i in range(i1 + paired, i2)]
        changes += [_row(new.name, j + 1, None, new.cells[j]) for j in range(j1 + paired, j2)]
    return changes


def _row(shape: str, number: int, old: tuple[str, ...] | None, new: tuple[str, ...] | None) -> Change:
    """A row only one side has: ``row`` counts in the table that has it; its cells joined by " | "."""
    return Change(
        "table",
        shape,
        " | ".join(old) if old is not None else None,
        " | ".join(new) if new is not None else None,
        row=number,
    )


def _cells_compared(shape: str, old: Rows, new: Rows, new_start: int) -> list[Change]:
    """Row by row, cell by cell; ``row`` and ``column`` count in the new table, from 1."""
    changes = []
    for r, (before_row, after_row) in enumerate(zip(old, new, strict=True)):
        for c in range(max(len(before_row), len(after_row))):
            before = before_row[c] if c < len(before_row) else None
            after = after_row[c] if c < len(after_row) else None
            if before != after:
                changes.append(Change("table", shape, before, after, row=new_start + r + 1, column=c + 1))
    return changes


def _same_value(old: str | None, new: str | None) -> bool:
    """Equal as numbers when both are (``1`` and ``1.0``), else as text."""
    if old is None or new is None:
        return old is new
    try:
        a, b = float(old), float(new)
    except ValueError:
        return old == new
    return a == b or (math.isnan(a) and math.isnan(b))


def _value_changes(old: ShapeContent, new: ShapeContent) -> list[Change]:
    before = {(s, c): v for s, c, v in old.values}
    after = {(s, c): v for s, c, v in new.values}
    keys = list(after) + [k for k in before if k not in after]
    return [
        Change("chart", new.name, before.get(key), after.get(key), series=key[0], category=key[1])
        for key in keys
        if not _same_value(before.get(key), after.get(key))
    ]
