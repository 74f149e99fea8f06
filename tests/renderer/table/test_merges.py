"""Merged cells stay merged where they still fit; cut merges shrink; covered data is ignored."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.renderer.table.pptx_tables import (
    TableSpec,
    assert_consistent_merges,
    fill_and_save,
    grid_data,
    texts,
)

# Header: horizontal merge; body: a 2x2 block and a vertical merge; last row: a horizontal merge.
MERGES = [(0, 0, 1, 2), (1, 0, 2, 2), (1, 3, 2, 1), (3, 1, 1, 3)]

EXPECTED = {
    (4, 4): MERGES,
    (7, 6): MERGES,
    (4, 3): [(0, 0, 1, 2), (1, 0, 2, 2), (3, 1, 1, 2)],
    (3, 2): [(0, 0, 1, 2), (1, 0, 2, 2)],
    (2, 4): [(0, 0, 1, 2), (1, 0, 1, 2)],
    (2, 3): [(0, 0, 1, 2), (1, 0, 1, 2)],
    (4, 2): [(0, 0, 1, 2), (1, 0, 2, 2)],
    (1, 1): [],
}


@pytest.mark.parametrize("shape", list(EXPECTED), ids=[f"{r}x{c}" for r, c in EXPECTED])
def test_merges_stay_where_they_fit_and_shrink_where_cut(tmp_path: Path, shape: tuple[int, int]) -> None:
    frame = fill_and_save(tmp_path, TableSpec(4, 4, merges=MERGES), {"rows": grid_data(*shape)}).frame
    assert sorted(assert_consistent_merges(frame)) == sorted(EXPECTED[shape])


def test_data_for_covered_cells_is_ignored(tmp_path: Path) -> None:
    rows = grid_data(4, 4)
    frame = fill_and_save(tmp_path, TableSpec(4, 4, merges=MERGES), {"rows": rows}).frame
    got = texts(frame)
    covered = {(0, 1), (1, 1), (2, 0), (2, 1), (2, 3), (3, 2), (3, 3)}
    for i in range(4):
        for j in range(4):
            assert got[i][j] == ("" if (i, j) in covered else rows[i][j])


def test_rows_cloned_from_a_merged_last_row_are_not_merged(tmp_path: Path) -> None:
    # The last template row is covered by a vertical merge and holds a horizontal one.
    spec = TableSpec(3, 3, merges=[(1, 0, 2, 1), (2, 1, 1, 2)])
    frame = fill_and_save(tmp_path, spec, {"rows": grid_data(6, 3)}).frame
    assert sorted(assert_consistent_merges(frame)) == [(1, 0, 2, 1), (2, 1, 1, 2)]
    assert texts(frame)[5] == ["v5.0", "v5.1", "v5.2"]


def test_block_merge_in_the_header_shrinks_with_fewer_columns(tmp_path: Path) -> None:
    spec = TableSpec(3, 4, merges=[(0, 1, 2, 3)])
    frame = fill_and_save(tmp_path, spec, {"rows": grid_data(5, 3)}).frame
    assert assert_consistent_merges(frame) == [(0, 1, 2, 2)]
    frame = fill_and_save(tmp_path, spec, {"rows": grid_data(1, 2)}).frame
    assert assert_consistent_merges(frame) == []


# Header: a vertical merge and a horizontal one; last rows: a 2x2 block and a vertical merge.
MERGES_2 = [(0, 1, 2, 1), (0, 2, 1, 2), (2, 2, 2, 2), (2, 0, 2, 1)]
EXPECTED_2 = {
    (6, 5): MERGES_2,
    (3, 4): [(0, 1, 2, 1), (0, 2, 1, 2), (2, 2, 1, 2)],
    (4, 3): [(0, 1, 2, 1), (2, 2, 2, 1), (2, 0, 2, 1)],
    (1, 2): [],
}


@pytest.mark.parametrize("shape", list(EXPECTED_2), ids=[f"{r}x{c}" for r, c in EXPECTED_2])
def test_vertical_header_merges_and_last_row_blocks(tmp_path: Path, shape: tuple[int, int]) -> None:
    frame = fill_and_save(tmp_path, TableSpec(4, 4, merges=MERGES_2), {"rows": grid_data(*shape)}).frame
    assert sorted(assert_consistent_merges(frame)) == sorted(EXPECTED_2[shape])
