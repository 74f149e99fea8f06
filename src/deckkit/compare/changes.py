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
    ``column`` counted from 1 (None on the side where the table has no such cell). ``chart``: one
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
            return f"{self.shape}, row {self.row}, column {self.column}"
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


def _cell(rows: tuple[tuple[str, ...], ...], r: int, c: int) -> str | None:
    return rows[r][c] if r < len(rows) and c < len(rows[r]) else None


def _cell_changes(old: ShapeContent, new: ShapeContent) -> list[Change]:
    rows = max(len(old.cells), len(new.cells))
    columns = max((len(row) for row in (*old.cells, *new.cells)), default=0)
    changes = []
    for r in range(rows):
        for c in range(columns):
            before, after = _cell(old.cells, r, c), _cell(new.cells, r, c)
            if before != after:
                changes.append(Change("table", new.name, before, after, row=r + 1, column=c + 1))
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
