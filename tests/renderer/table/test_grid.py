"""Unit tests of the table geometry: proportional scaling, merge cutting, sizing of one axis."""

from __future__ import annotations

import pytest

from deckkit.renderer.table.grid import Merge, source_index
from deckkit.renderer.table.sizing import scale_to_total, sized_edges


@pytest.mark.parametrize(
    ("sizes", "total"),
    [
        ([1, 1, 1], 10),
        ([100, 200, 300], 1000),
        ([914400] * 15, 8229600),
        ([7], 3),
        ([0, 0], 5),
        ([3, 5, 7], 0),
    ],
)
def test_scaled_sizes_sum_to_the_total_exactly(sizes: list[int], total: int) -> None:
    scaled = scale_to_total(sizes, total)
    assert sum(scaled) == total
    assert len(scaled) == len(sizes)
    assert all(s >= 0 for s in scaled)


def test_scaling_keeps_proportions_within_one_emu() -> None:
    scaled = scale_to_total([1_000_000, 2_000_000, 3_000_000], 3_000_001)
    assert [abs(s - e) <= 1 for s, e in zip(scaled, [500_000, 1_000_000, 1_500_000], strict=True)] == [
        True
    ] * 3


def test_source_index_repeats_the_last_template_row() -> None:
    assert [source_index(i, 3) for i in range(6)] == [0, 1, 2, 2, 2, 2]


@pytest.mark.parametrize(
    ("merge", "size", "expected"),
    [
        (Merge(0, 0, 2, 3), (5, 5), Merge(0, 0, 2, 3)),
        (Merge(0, 0, 2, 3), (5, 2), Merge(0, 0, 2, 2)),
        (Merge(0, 0, 2, 3), (1, 5), Merge(0, 0, 1, 3)),
        (Merge(0, 1, 2, 2), (5, 2), Merge(0, 1, 2, 1)),
        (Merge(1, 1, 2, 2), (2, 2), None),
        (Merge(3, 0, 1, 2), (3, 5), None),
    ],
)
def test_a_merge_cut_by_the_new_size_shrinks_or_goes(
    merge: Merge, size: tuple[int, int], expected: Merge | None
) -> None:
    assert merge.cut_to(*size) == expected


def test_sizing_fixed_scales_into_the_extent() -> None:
    sizes, start, extent = sized_edges(100, 1000, [300, 300, 300, 300], "fixed", "fixed", "anchor_left")
    assert (sum(sizes), start, extent) == (1000, 100, 1000)


def test_sizing_anchor_start_keeps_the_start_edge() -> None:
    assert sized_edges(100, 1000, [300, 300, 300, 300], "anchor_left", "fixed", "anchor_left") == (
        [300, 300, 300, 300],
        100,
        1200,
    )


def test_sizing_anchor_end_keeps_the_far_edge() -> None:
    sizes, start, extent = sized_edges(100, 1000, [300, 300], "anchor_right", "fixed", "anchor_left")
    assert (sizes, start + extent) == ([300, 300], 1100)
    assert start == 500
