"""Table measuring: how many rows fit a frame, checked in one step a row while each row's text is
within its share, with the same answer as checking every count row by row."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from deckkit.renderer.table import measure
from deckkit.renderer.table.measure import RowNeeds, fits_fixed, rows_that_fit


class _Needs(RowNeeds):
    """Row needs given outright (what measuring the rows' text would give)."""

    def __init__(self, needs: Sequence[int]) -> None:  # RowNeeds.__init__ reads a table: none here
        self._needs = list(needs)

    def __len__(self) -> int:
        return len(self._needs)

    def __getitem__(self, index: int) -> int:
        return self._needs[index]


def _scanned(heights: Sequence[int], needs: RowNeeds, frame: int) -> int:
    """The definition: the count grows while one more row still fits."""
    count = 0
    while count < len(heights) and fits_fixed(heights[: count + 1], needs, frame):
        count += 1
    return count


def test_the_rows_that_fit_are_those_of_checking_every_count() -> None:
    rng = random.Random(25)
    for _ in range(3000):
        n = rng.randint(0, 30)
        heights = [rng.choice([0, rng.randint(1, 900_000)]) for _ in range(n)]
        needs = _Needs([rng.choice([0, rng.randint(0, 1_200_000)]) for _ in range(n)])
        frame = rng.choice([0, rng.randint(1, 7_000_000), 6_858_000])
        assert rows_that_fit(heights, needs, frame) == _scanned(heights, needs, frame), (
            heights,
            needs._needs,
            frame,
        )


def test_rows_near_their_share_within_the_tolerance_are_counted_as_added_up() -> None:
    # Needs a few EMU over each row's share: the sum decides, not the one-step check.
    heights = [914400] * 6
    frame = 6 * 914400 // 4
    for over in (0, 1, 2, 2000, 3000, 13000):
        needs = _Needs([frame // 6 + over] * 6)
        assert rows_that_fit(heights, needs, frame) == _scanned(heights, needs, frame)


def test_a_long_table_whose_rows_all_fit_is_checked_in_one_step_a_row(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sums: list[int] = []
    monkeypatch.setattr(measure, "fits_fixed", lambda h, n, f: sums.append(len(h)) or fits_fixed(h, n, f))
    heights = [370840] * 5000
    assert rows_that_fit(heights, _Needs([0] * 5000), 5_000_000) == 5000
    assert sums == []
    # A row whose text needs more than its share is added up from there on.
    needs = [0] * 5000
    needs[10] = 2_000_000
    assert rows_that_fit(heights, _Needs(needs), 5_000_000) == _scanned(heights, _Needs(needs), 5_000_000)
    assert sums
