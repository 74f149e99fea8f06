"""Rows and columns follow the data; sizes and the frame follow the sizing modes, to the EMU."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.renderer.table.pptx_tables import (
    NS,
    TableSpec,
    assert_consistent_merges,
    box,
    cells,
    column_fill,
    fill_and_save,
    grid_data,
    heights,
    row_size,
    tbl,
    texts,
    widths,
)

SIZES = [
    ((1, 1), (1, 1)),
    ((1, 1), (60, 15)),
    ((60, 15), (1, 1)),
    ((3, 4), (1, 1)),
    ((3, 4), (2, 2)),
    ((3, 4), (3, 4)),
    ((3, 4), (8, 6)),
    ((3, 4), (60, 15)),
    ((5, 5), (5, 2)),
    ((5, 5), (2, 5)),
]


@pytest.mark.parametrize(
    ("template", "data"), SIZES, ids=[f"{t[0]}x{t[1]}-to-{d[0]}x{d[1]}" for t, d in SIZES]
)
def test_rows_and_columns_follow_the_data(
    tmp_path: Path, template: tuple[int, int], data: tuple[int, int]
) -> None:
    spec = TableSpec(*template)
    filled = fill_and_save(tmp_path, spec, {"rows": grid_data(*data)})
    frame = filled.frame
    assert texts(frame) == grid_data(*data)
    assert len(widths(frame)) == data[1]
    for i, row in enumerate(cells(frame)):
        assert len(row) == data[1]
        for j, tc in enumerate(row):
            # The formatting of template row i / column j, or of the last one.
            size = tc.find("a:txBody/a:p/a:r/a:rPr", NS).get("sz")
            assert size == str(row_size(min(i, template[0] - 1)))
            fill = tc.find("a:tcPr/a:solidFill/a:srgbClr", NS).get("val")
            assert fill == column_fill(min(j, template[1] - 1))
    assert assert_consistent_merges(frame) == []


def test_cloned_rows_and_columns_get_fresh_ids(tmp_path: Path) -> None:
    frame = fill_and_save(tmp_path, TableSpec(2, 2), {"rows": grid_data(6, 5)}).frame
    a16 = "{http://schemas.microsoft.com/office/drawing/2014/main}"
    for tag in ("rowId", "colId"):
        ids = [el.get("val") for el in tbl(frame).iter(a16 + tag)]
        assert len(ids) == len(set(ids))
        assert len(ids) in (0, 6 if tag == "rowId" else 5)


def test_ragged_rows_are_padded_with_empty_cells(tmp_path: Path) -> None:
    frame = fill_and_save(
        tmp_path, TableSpec(2, 3), {"rows": [["a", "b", "c", "d"], ["e"], [], ["f", "g"]]}
    ).frame
    assert texts(frame) == [["a", "b", "c", "d"], ["e", "", "", ""], ["", "", "", ""], ["f", "g", "", ""]]
    empty = cells(frame)[1][3]
    assert empty.find("a:txBody/a:p/a:r", NS) is None
    assert empty.find("a:txBody/a:p/a:endParaRPr", NS).get("sz") == str(row_size(1))


# -- sizing -------------------------------------------------------------------------------------

TEMPLATE_W = [1_000_000, 1_050_000, 1_100_000]
TEMPLATE_H = [300_000, 310_000, 320_000]
X, Y = 914_400, 1_371_600
MODES = [
    (h, v) for h in ("fixed", "anchor_left", "anchor_right") for v in ("anchor_top", "fixed", "anchor_bottom")
]


def expected_axis(start: int, sizes: list[int], n: int, mode: str) -> tuple[list[int], int, int]:
    source = [sizes[min(i, len(sizes) - 1)] for i in range(n)]
    extent = sum(sizes)
    if mode == "fixed":
        return source, start, extent  # the sizes are checked for proportion, not equality
    if mode in ("anchor_left", "anchor_top"):
        return source, start, sum(source)
    return source, start + extent - sum(source), sum(source)


@pytest.mark.parametrize("shape", [(5, 6), (2, 2), (3, 3)], ids=["grow", "shrink", "same"])
@pytest.mark.parametrize(("horizontal", "vertical"), MODES)
def test_sizing_modes_give_the_exact_geometry(
    tmp_path: Path, shape: tuple[int, int], horizontal: str, vertical: str
) -> None:
    spec = TableSpec(3, 3, x=X, y=Y, col_widths=TEMPLATE_W, row_heights=TEMPLATE_H)
    data = {"rows": grid_data(*shape), "horizontal_sizing": horizontal, "vertical_sizing": vertical}
    frame = fill_and_save(tmp_path, spec, data).frame
    x, y, cx, cy = box(frame)
    for mode, start, sizes, got, pos, extent in (
        (horizontal, X, TEMPLATE_W, widths(frame), x, cx),
        (vertical, Y, TEMPLATE_H, heights(frame), y, cy),
    ):
        source, want_start, want_extent = expected_axis(start, sizes, len(got), mode)
        assert (pos, extent) == (want_start, want_extent)
        assert sum(got) == extent
        if mode == "fixed":
            total = sum(source)
            assert all(abs(g - s * extent / total) <= 1 for g, s in zip(got, source, strict=True))
        else:
            assert got == source


def test_fixed_scales_into_the_frame_size_when_it_differs_from_the_grid(tmp_path: Path) -> None:
    spec = TableSpec(2, 3, col_widths=[1_000_000, 1_000_000, 1_000_001])
    template_frame_cx = 3_000_001
    frame = fill_and_save(tmp_path, spec, {"rows": grid_data(2, 7)}).frame
    assert sum(widths(frame)) == template_frame_cx == box(frame)[2]


# -- tables inside groups -----------------------------------------------------------------------


def slide_box(frame, group_xfrm) -> tuple[float, float, float, float]:  # type: ignore[no-untyped-def]
    """A child's box on the slide through its group's transform."""
    get = {t: group_xfrm.find(f"a:{t}", NS) for t in ("off", "ext", "chOff", "chExt")}
    sx = int(get["ext"].get("cx")) / int(get["chExt"].get("cx"))
    sy = int(get["ext"].get("cy")) / int(get["chExt"].get("cy"))
    x, y, cx, cy = frame
    return (
        int(get["off"].get("x")) + (x - int(get["chOff"].get("x"))) * sx,
        int(get["off"].get("y")) + (y - int(get["chOff"].get("y"))) * sy,
        cx * sx,
        cy * sy,
    )


GROUPS = {
    "identity": (914_400, 914_400, 6_000_000, 3_000_000, 914_400, 914_400, 6_000_000, 3_000_000),
    "offset-and-scaled": (500_000, 700_000, 4_000_000, 2_000_000, 2_000_000, 1_000_000, 8_000_000, 4_000_000),
}


@pytest.mark.parametrize("group", list(GROUPS))
@pytest.mark.parametrize(
    ("horizontal", "vertical"),
    [("anchor_right", "anchor_bottom"), ("anchor_left", "anchor_top"), ("fixed", "fixed")],
)
@pytest.mark.parametrize("shape", [(6, 5), (1, 1)], ids=["grow", "shrink"])
def test_tables_in_groups_keep_their_anchored_edge_on_the_slide(
    tmp_path: Path, group: str, horizontal: str, vertical: str, shape: tuple[int, int]
) -> None:
    spec = TableSpec(3, 3, x=2_500_000, y=1_500_000, group=GROUPS[group])
    (tmp_path / "t").mkdir()
    template = fill_and_save(tmp_path / "t", spec, {"rows": grid_data(3, 3)})  # same size: nothing moves
    before_frame = box(template.frame)
    grp_before = template.frame.getparent()
    xfrm_before = grp_before.find("p:grpSpPr/a:xfrm", NS)
    rect_before = grp_before.find("p:sp/p:spPr/a:xfrm", NS)
    before = slide_box(before_frame, xfrm_before)
    rect_on_slide_before = slide_box(_xy(rect_before), xfrm_before)

    filled = fill_and_save(
        tmp_path,
        spec,
        {"rows": grid_data(*shape), "horizontal_sizing": horizontal, "vertical_sizing": vertical},
    )
    grp = filled.frame.getparent()
    assert grp.tag == f"{{{NS['p']}}}grpSp"
    xfrm = grp.find("p:grpSpPr/a:xfrm", NS)
    after = slide_box(box(filled.frame), xfrm)
    left, top, right, bottom = after[0], after[1], after[0] + after[2], after[1] + after[3]
    was = (before[0], before[1], before[0] + before[2], before[1] + before[3])
    if horizontal == "anchor_left":
        assert left == pytest.approx(was[0], abs=2)
    elif horizontal == "anchor_right":
        assert right == pytest.approx(was[2], abs=2)
    else:
        assert (left, right) == pytest.approx((was[0], was[2]), abs=2)
    if vertical == "anchor_top":
        assert top == pytest.approx(was[1], abs=2)
    elif vertical == "anchor_bottom":
        assert bottom == pytest.approx(was[3], abs=2)
    else:
        assert (top, bottom) == pytest.approx((was[1], was[3]), abs=2)
    # The other child stays where it was on the slide, and the group encloses its children.
    assert slide_box(_xy(grp.find("p:sp/p:spPr/a:xfrm", NS)), xfrm) == pytest.approx(
        rect_on_slide_before, abs=2
    )
    ch_off, ch_ext = xfrm.find("a:chOff", NS), xfrm.find("a:chExt", NS)
    fx, fy, fcx, fcy = box(filled.frame)
    assert int(ch_off.get("x")) <= fx
    assert fx + fcx <= int(ch_off.get("x")) + int(ch_ext.get("cx"))
    assert int(ch_off.get("y")) <= fy
    assert fy + fcy <= int(ch_off.get("y")) + int(ch_ext.get("cy"))


def _xy(xfrm) -> tuple[int, int, int, int]:  # type: ignore[no-untyped-def]
    off, ext = xfrm.find("a:off", NS), xfrm.find("a:ext", NS)
    return int(off.get("x")), int(off.get("y")), int(ext.get("cx")), int(ext.get("cy"))
