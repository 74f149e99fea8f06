"""The geometry of a table: its grid of cells, its merges, and how it is resized.

A DrawingML table (``a:tbl``) is a grid: ``a:tblGrid`` holds one ``a:gridCol`` (width) per
column, every ``a:tr`` (height) holds exactly one ``a:tc`` per grid column. A merge is a block
whose top-left cell carries ``gridSpan``/``rowSpan`` and whose other cells carry
``hMerge``/``vMerge``. Resizing builds the output grid from the template's: output row i copies
template row i (or the last one), column j likewise, with the merge attributes stripped; the
template's merges are then laid again at their positions, cut to the new size.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from lxml import etree

from deckkit.renderer.drawingml import Box, a
from deckkit.renderer.opc.namespaces import A16, P

MERGE_ATTRIBUTES = ("gridSpan", "rowSpan", "hMerge", "vMerge")

HorizontalSizing = Literal["fixed", "anchor_left", "anchor_right"]
VerticalSizing = Literal["anchor_top", "fixed", "anchor_bottom"]


def p(tag: str) -> str:
    return f"{{{P}}}{tag}"


@dataclass(frozen=True, slots=True)
class Merge:
    """A merged block: top-left cell (row, col) and its extent in grid cells."""

    row: int
    col: int
    rows: int
    cols: int

    def covers(self, row: int, col: int) -> bool:
        return self.row <= row < self.row + self.rows and self.col <= col < self.col + self.cols

    def cut_to(self, n_rows: int, n_cols: int) -> Merge | None:
        """This block inside an n_rows x n_cols grid; None when nothing of it stays merged."""
        if self.row >= n_rows or self.col >= n_cols:
            return None
        rows, cols = min(self.rows, n_rows - self.row), min(self.cols, n_cols - self.col)
        return None if rows == 1 and cols == 1 else Merge(self.row, self.col, rows, cols)


def _int(value: str | None, default: int = 0) -> int:
    try:
        return int(value) if value is not None else default
    except ValueError:
        return default


def table_of(frame: etree._Element) -> etree._Element | None:
    return frame.find(f"{a('graphic')}/{a('graphicData')}/{a('tbl')}")


def rows_of(tbl: etree._Element) -> list[etree._Element]:
    return tbl.findall(a("tr"))


def grid_of(tbl: etree._Element) -> etree._Element:
    grid = tbl.find(a("tblGrid"))
    if grid is None:
        grid = etree.Element(a("tblGrid"))
        tbl.insert(1 if tbl.find(a("tblPr")) is not None else 0, grid)
    return grid


def cell_matrix(tbl: etree._Element) -> list[list[etree._Element]]:
    """The cells of the table by grid position (rows padded or cut to the grid's column count)."""
    n_cols = len(grid_of(tbl).findall(a("gridCol")))
    matrix = []
    for tr in rows_of(tbl):
        cells = tr.findall(a("tc"))
        while cells and len(cells) < n_cols:
            # A malformed row (fewer cells than grid columns): repeat its last cell, unmerged.
            extra = copy.deepcopy(cells[-1])
            _blank_merge(extra)
            cells[-1].addnext(extra)
            cells.append(extra)
        matrix.append(cells[:n_cols] if n_cols else cells)
    return matrix


def merges_of(matrix: Sequence[Sequence[etree._Element]]) -> list[Merge]:
    """The merged blocks of a cell matrix, clamped to its size."""
    n_rows = len(matrix)
    merges = []
    for r, row in enumerate(matrix):
        for c, tc in enumerate(row):
            if tc.get("hMerge") in ("1", "true") or tc.get("vMerge") in ("1", "true"):
                continue
            rows = max(1, _int(tc.get("rowSpan"), 1))
            cols = max(1, _int(tc.get("gridSpan"), 1))
            rows, cols = min(rows, n_rows - r), min(cols, len(row) - c)
            if rows > 1 or cols > 1:
                merges.append(Merge(r, c, rows, cols))
    return merges


def source_index(i: int, template_count: int) -> int:
    """Output row/column i takes the formatting of template row/column i, or of the last one."""
    return min(i, template_count - 1)


def frame_box(frame: etree._Element) -> Box:
    xfrm = frame.find(p("xfrm"))
    off = xfrm.find(a("off")) if xfrm is not None else None
    ext = xfrm.find(a("ext")) if xfrm is not None else None
    return Box(
        _int(off.get("x")) if off is not None else 0,
        _int(off.get("y")) if off is not None else 0,
        _int(ext.get("cx")) if ext is not None else 0,
        _int(ext.get("cy")) if ext is not None else 0,
    )


def set_frame_box(frame: etree._Element, box: Box) -> None:
    xfrm = frame.find(p("xfrm"))
    if xfrm is None:
        xfrm = etree.Element(p("xfrm"))
        nv = frame.find(p("nvGraphicFramePr"))
        if nv is not None:
            nv.addnext(xfrm)
        else:
            frame.insert(0, xfrm)
    off, ext = xfrm.find(a("off")), xfrm.find(a("ext"))
    if off is None:
        off = etree.SubElement(xfrm, a("off"))
    if ext is None:
        ext = etree.SubElement(xfrm, a("ext"))
    off.set("x", str(box.x))
    off.set("y", str(box.y))
    ext.set("cx", str(box.cx))
    ext.set("cy", str(box.cy))


def scale_to_total(sizes: Sequence[int], total: int) -> list[int]:
    """Sizes scaled proportionally to sum to total exactly (largest remainders get the spare EMUs)."""
    n = len(sizes)
    if n == 0:
        return []
    total = max(total, 0)
    weights = [max(s, 0) for s in sizes]
    weight_sum = sum(weights)
    if weight_sum == 0:
        weights, weight_sum = [1] * n, n
    exact = [w * total / weight_sum for w in weights]
    floors = [int(e) for e in exact]
    spare = total - sum(floors)
    by_remainder = sorted(range(n), key=lambda i: (floors[i] - exact[i], i))
    for i in by_remainder[:spare]:
        floors[i] += 1
    return floors


def sized_edges(
    start: int, extent: int, sizes: list[int], mode: str, fixed: str, keep_start: str
) -> tuple[list[int], int, int]:
    """Sizes, start and extent of one axis of the frame after sizing.

    ``fixed`` scales the sizes into the frame's extent; ``keep_start`` keeps the start edge and
    lets the far edge follow the sizes; the remaining mode keeps the far edge.
    """
    if mode == fixed:
        target = extent if extent > 0 else sum(sizes)
        return scale_to_total(sizes, target), start, target
    new_extent = sum(sizes)
    if mode == keep_start:
        return sizes, start, new_extent
    return sizes, start + extent - new_extent, new_extent


def _ids(elements: Sequence[etree._Element], tag: str) -> list[etree._Element]:
    found: list[etree._Element] = []
    for el in elements:
        found.extend(el.iter(f"{{{A16}}}{tag}"))
    return found


def _renumber_clone_ids(
    originals: Sequence[etree._Element], clones: Sequence[etree._Element], tag: str
) -> None:
    # a16:rowId / a16:colId must stay unique in a table; clones get fresh numbers.
    used = {_int(el.get("val")) for el in _ids(originals, tag)}
    next_id = max(used, default=1000) + 1
    for el in _ids(clones, tag):
        el.set("val", str(next_id))
        next_id += 1


def _blank_merge(tc: etree._Element) -> etree._Element:
    for name in MERGE_ATTRIBUTES:
        if name in tc.attrib:
            del tc.attrib[name]
    return tc


def resize_grid(
    tbl: etree._Element, n_rows: int, n_cols: int
) -> tuple[list[list[etree._Element]], list[Merge]]:
    """Rebuild the table as n_rows x n_cols; returns the new cell matrix and its merges.

    Row heights and column widths are those of the source rows/columns; sizing comes after.
    """
    matrix = cell_matrix(tbl)
    template_rows = rows_of(tbl)
    grid = grid_of(tbl)
    template_cols = grid.findall(a("gridCol"))
    if not template_cols:
        # A grid without columns cannot be filled; give it one so the table stays valid.
        col = etree.SubElement(grid, a("gridCol"))
        col.set("w", "914400")
        template_cols = [col]
    if not matrix:
        raise ValueError("the table has no rows")
    merges = merges_of(matrix)
    _resize_columns(grid, template_cols, n_cols)
    new_rows, new_matrix = _resized_rows(template_rows, matrix, n_rows, n_cols, len(template_cols))
    _replace_rows(tbl, template_rows, new_rows, new_matrix)
    new_merges = [m for m in (mm.cut_to(n_rows, n_cols) for mm in merges) if m is not None]
    for merge in new_merges:
        apply_merge(new_matrix, merge)
    return new_matrix, new_merges


def _resize_columns(grid: etree._Element, template_cols: list[etree._Element], n_cols: int) -> None:
    """Keep the first n_cols template columns; add copies of the source columns past them."""
    t_cols = len(template_cols)
    new_cols = []
    for j in range(n_cols):
        src = template_cols[source_index(j, t_cols)]
        new_cols.append(src if j < t_cols else copy.deepcopy(src))
    _renumber_clone_ids(template_cols, new_cols[t_cols:], "colId")
    for col in template_cols[n_cols:]:
        grid.remove(col)
    for col in new_cols[t_cols:]:
        grid.append(col)


def _resized_rows(template_rows: list[etree._Element], matrix: list[list[etree._Element]], n_rows: int,
                  n_cols: int, t_cols: int) -> tuple[list[etree._Element], list[list[etree._Element]]]:  # fmt: skip
    """The output rows (template rows kept, others copied from their source) and their cells, unmerged."""
    t_rows = len(matrix)
    new_rows: list[etree._Element] = []
    new_matrix: list[list[etree._Element]] = []
    for i in range(n_rows):
        src_row = template_rows[source_index(i, t_rows)]
        src_cells = matrix[source_index(i, t_rows)]
        tr = src_row if i < t_rows else _empty_row_copy(src_row)
        cells = [
            _blank_merge(
                src_cells[j]
                if (i < t_rows and j < t_cols)
                else copy.deepcopy(src_cells[source_index(j, t_cols)])
            )
            for j in range(n_cols)
        ]
        new_rows.append(tr)
        new_matrix.append(cells)
    _renumber_clone_ids(template_rows, new_rows[t_rows:], "rowId")
    return new_rows, new_matrix


def _replace_rows(tbl: etree._Element, template_rows: list[etree._Element], new_rows: list[etree._Element],
                  new_matrix: list[list[etree._Element]]) -> None:  # fmt: skip
    """Put the output rows, each holding its cells, where the template rows were."""
    anchor = template_rows[0].getprevious()
    for tr in template_rows:
        tbl.remove(tr)
    for tr, cells in zip(new_rows, new_matrix, strict=True):
        for old in tr.findall(a("tc")):
            tr.remove(old)
        ext = tr.find(a("extLst"))
        for tc in cells:
            if ext is not None:
                ext.addprevious(tc)
            else:
                tr.append(tc)
    # Rows sit after a:tblGrid and before the table's own a:extLst.
    insert_at = (tbl.index(anchor) + 1) if anchor is not None else 0
    for offset, tr in enumerate(new_rows):
        tbl.insert(insert_at + offset, tr)


def _empty_row_copy(tr: etree._Element) -> etree._Element:
    clone = etree.Element(tr.tag)
    for name, value in tr.attrib.items():
        clone.set(name, value)
    ext = tr.find(a("extLst"))
    if ext is not None:
        clone.append(copy.deepcopy(ext))
    return clone


def apply_merge(matrix: list[list[etree._Element]], merge: Merge) -> None:
    origin = matrix[merge.row][merge.col]
    if merge.cols > 1:
        origin.set("gridSpan", str(merge.cols))
    if merge.rows > 1:
        origin.set("rowSpan", str(merge.rows))
    for r in range(merge.row, merge.row + merge.rows):
        for c in range(merge.col, merge.col + merge.cols):
            if (r, c) == (merge.row, merge.col):
                continue
            tc = matrix[r][c]
            if c > merge.col:
                tc.set("hMerge", "1")
            if r > merge.row:
                tc.set("vMerge", "1")


def apply_sizing(
    frame: etree._Element,
    tbl: etree._Element,
    widths: list[int],
    heights: list[int],
    horizontal: str,
    vertical: str,
) -> Box:
    """Write column widths, row heights and the frame's box per the sizing modes; returns the box."""
    box = frame_box(frame)
    widths, x, cx = sized_edges(box.x, box.cx, widths, horizontal, "fixed", "anchor_left")
    heights, y, cy = sized_edges(box.y, box.cy, heights, vertical, "fixed", "anchor_top")
    for col, w in zip(grid_of(tbl).findall(a("gridCol")), widths, strict=True):
        col.set("w", str(w))
    for tr, h in zip(rows_of(tbl), heights, strict=True):
        tr.set("h", str(h))
    new_box = Box(x, y, cx, cy)
    if new_box != box:
        set_frame_box(frame, new_box)
        fit_enclosing_groups(frame)
    return new_box


# -- groups -------------------------------------------------------------------------------------

_CHILD_XFRM_PATHS = {
    p("sp"): (p("spPr"), a("xfrm")),
    p("pic"): (p("spPr"), a("xfrm")),
    p("cxnSp"): (p("spPr"), a("xfrm")),
    p("graphicFrame"): (p("xfrm"),),
    p("grpSp"): (p("grpSpPr"), a("xfrm")),
}


def _child_box(child: etree._Element) -> Box | None:
    path = _CHILD_XFRM_PATHS.get(child.tag)
    if path is None:
        return None
    xfrm = child.find("/".join(path))
    if xfrm is None:
        return None
    off, ext = xfrm.find(a("off")), xfrm.find(a("ext"))
    if off is None or ext is None:
        return None
    return Box(_int(off.get("x")), _int(off.get("y")), _int(ext.get("cx")), _int(ext.get("cy")))


def fit_enclosing_groups(element: etree._Element) -> None:
    """Make every group holding element enclose its children again, keeping them where they are.

    A child's box is in its group's child space (``chOff``/``chExt``), which the group maps onto
    its own box (``off``/``ext``). The child space is widened or narrowed to the children's
    union and the group's box moved by the same amount, scaled, so nothing moves on the slide.
    """
    group = element.getparent()
    while group is not None and group.tag == p("grpSp"):
        xfrm = group.find(f"{p('grpSpPr')}/{a('xfrm')}")
        if xfrm is None:
            return
        off, ext, ch_off, ch_ext = (xfrm.find(a(t)) for t in ("off", "ext", "chOff", "chExt"))
        if off is None or ext is None or ch_off is None or ch_ext is None:
            return
        boxes = [b for b in (_child_box(c) for c in group) if b is not None]
        if not boxes:
            return
        left = min(b.x for b in boxes)
        top = min(b.y for b in boxes)
        right = max(b.x + b.cx for b in boxes)
        bottom = max(b.y + b.cy for b in boxes)
        gx, gy, gcx, gcy = (_int(off.get("x")), _int(off.get("y")), _int(ext.get("cx")), _int(ext.get("cy")))
        chx, chy, chcx, chcy = (
            _int(ch_off.get("x")),
            _int(ch_off.get("y")),
            _int(ch_ext.get("cx")),
            _int(ch_ext.get("cy")),
        )
        sx = gcx / chcx if chcx else 1.0
        sy = gcy / chcy if chcy else 1.0
        off.set("x", str(gx + round((left - chx) * sx)))
        off.set("y", str(gy + round((top - chy) * sy)))
        ext.set("cx", str(round((right - left) * sx)))
        ext.set("cy", str(round((bottom - top) * sy)))
        ch_off.set("x", str(left))
        ch_off.set("y", str(top))
        ch_ext.set("cx", str(right - left))
        ch_ext.set("cy", str(bottom - top))
        group = group.getparent()
