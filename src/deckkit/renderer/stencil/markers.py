"""Markers: texts no template or data holds, put where the data goes, cut out of serialized text.

A stencil is often the general path's own output with a marker in place of each value: the
serialized text is cut at the markers (:func:`cut_once`, :func:`cut_numbered`), and a copy's
text is the pieces with its values spliced in between (:meth:`Cut.splice`). A marker is made of
private-use characters around this process's own tag (made afresh in each process), so no
template or data holds one; the cutting checks each is found exactly where it was put, and a
stencil whose markers are not is not made.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Sequence
from operator import itemgetter
from typing import NamedTuple

__all__ = [
    "NUMBERED_PATTERN",
    "Cut",
    "cut_numbered",
    "cut_once",
    "holds_markers",
    "marker",
    "number_of",
    "numbered",
]

_OPEN, _CLOSE = "\ue000", "\ue001"
_TAG = uuid.uuid4().hex[:16]
_MARKED = f"{_OPEN}{_TAG}".encode()
NUMBERED_PATTERN = re.escape(f"{_OPEN}{_TAG}:") + "([0-9]+)" + re.escape(_CLOSE)
"""A regular expression of a numbered marker, its number the one group (to find it in context)."""
_NUMBERED = re.compile(NUMBERED_PATTERN + "( ?)")
_NUMBERED_PREFIX = f"{_OPEN}{_TAG}:"


def marker(name: str) -> str:
    """The marker of one value (a template table cell's text, say)."""
    return f"{_OPEN}{_TAG}-{name}{_CLOSE}"


def numbered(number: int) -> str:
    """The marker of value ``number`` among many (a sheet's cells)."""
    return f"{_OPEN}{_TAG}:{number}{_CLOSE}"


def number_of(text: str | None) -> int | None:
    """The number of the numbered marker that text is, or None for any other text."""
    if text is None or not text.startswith(_NUMBERED_PREFIX) or not text.endswith(_CLOSE):
        return None
    digits = text[len(_NUMBERED_PREFIX) : -1]
    return int(digits) if digits.isascii() and digits.isdigit() else None


def holds_markers(data: bytes) -> bool:
    """Whether serialized text holds a marker (one that a stencil must not leave behind)."""
    return _MARKED in data


def cut_once(text: str, mark: str) -> tuple[str, str] | None:
    """The text before and after mark; None unless it is there exactly once."""
    pieces = text.split(mark)
    return (pieces[0], pieces[1]) if len(pieces) == 2 else None


class Cut(NamedTuple):
    """A text cut at numbered markers: the pieces around them and the numbers in reading order.

    ``str.format`` would read the same pieces, but formats each value that is a ``str`` subclass
    through a method call: a join of the pieces is many times cheaper.
    """

    literals: tuple[str, ...]  # the text before each marker, and after the last
    order: tuple[int, ...]  # the number of the value in each gap

    def splice(self, values: Sequence[object]) -> str:
        """The text with values[number] (texts, or None for an empty gap) in each marker's place."""
        order = self.order
        if not order:
            return self.literals[0]
        pieces: list[object] = [None] * (2 * len(order) + 1)
        pieces[0::2] = self.literals
        # The values in the gaps' order, placed in C (itemgetter of one index gives the value).
        pieces[1::2] = itemgetter(*order)(values) if len(order) > 1 else [values[order[0]]]
        return "".join(pieces)  # type: ignore[arg-type]


def cut_numbered(text: bytes, spaced: dict[int, bool]) -> Cut | None:
    """text cut at the markers numbered in spaced, each found exactly once; None otherwise.

    spaced: number -> whether its marker was put with a space after it (a text with outer spaces
    is written differently: its marker is too), which must come out the same.
    """
    pieces = _NUMBERED.split(text.decode("utf-8"))
    literals = [pieces[0]]
    found: list[int] = []
    for j in range(1, len(pieces), 3):
        number, space, rest = int(pieces[j]), pieces[j + 1], pieces[j + 2]
        if spaced.get(number) is not (space == " "):
            return None
        found.append(number)
        literals.append(rest)
    return Cut(tuple(literals), tuple(found)) if sorted(found) == sorted(spaced) else None
