"""The page search of renderer/table_pages.py: the most rows that fit, found in a few fills."""

from __future__ import annotations

import itertools

import pytest

from deckkit.renderer.table_pages import _most_rows


class _Room:
    """Rows from ``start`` fit up to ``cap`` of them; every question is counted (one fill each)."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.asked: list[int] = []

    def fits(self, start: int, count: int) -> bool:
        self.asked.append(count)
        return count <= self.cap


@pytest.mark.parametrize(
    ("cap", "most", "guess"), itertools.product([0, 1, 2, 7, 15, 16, 40], [1, 5, 16, 40], [1, 3, 15, 16, 50])
)
def test_the_most_rows_that_fit_whatever_the_guess(cap: int, most: int, guess: int) -> None:
    room = _Room(cap)
    assert _most_rows(room, 0, most, guess) == min(cap, most)  # type: ignore[arg-type]


def test_a_right_guess_costs_two_fills_and_a_first_page_a_few() -> None:
    room = _Room(15)
    assert _most_rows(room, 0, 100, 15) == 15  # type: ignore[arg-type]
    assert room.asked == [15, 16]
    first = _Room(15)
    assert _most_rows(first, 0, 100, 1) == 15  # type: ignore[arg-type]
    assert len(first.asked) <= 2 * (15).bit_length() + 1, first.asked
