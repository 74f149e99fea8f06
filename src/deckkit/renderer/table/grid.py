"""The geometry of a table: its grid of cells, its merges, and how it is resized.

A DrawingML table (``a:tbl``) is a grid: ``a:tblGrid`` holds one ``a:gridCol`` (width) per
column, every ``a:tr`` (height) holds exactly one ``a:tc`` per grid column. A merge is a block
whose top-left cell carries ``gridSpan``/``rowSpan`` and whose other cells carry
``hMerge``/``vMerge``. Resizing builds the output grid from the template's: output row i copies
template row i (or the last one), column j likewise, with the merge attributes stripped (a new
cell whose source is covered by a merge copies the merge's visible cell); the template's merges
are then laid again at their positions, cut to the new size. Sizing the
frame to its rows and columns is :mod:`deckkit.renderer.table.sizing`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NamedTuple

from lxml import etree

from deckkit.ooxml.namespaces import A16, P
from deckkit.ooxml.xml_children import child_elements, first_child, first_on_path
from deckkit.ooxml.xml_copy import copy_tree
from deckkit.renderer.drawingml import a

MERGE_ATTRIBUTES = ("gridSpan", "rowSpan", "hMerge", "vMerge")
_TC, _TC_PR = a("tc"), a("tcPr")

HorizontalSizing = Literal["fixed", "anchor_left", "anchor_right"]
VerticalSizing = Literal["anchor_top", "fixed", "anchor_bottom"]


def p(tag: str) -> str:
    return f"{{{P}}}{tag}"


class Merge(NamedTuple):
    """A merged block: top-left cell (row, col) and its extent in grid cells."""

    row: int
    col: int
    rows: int
    cols: int

    def cut_to(self, n_rows: int, n_cols: int) -> Merge | None:
        """This block inside an n_rows x n_cols grid; None when nothing of it stays merged."""
        if self.row >= n_rows or self.col >= n_cols:
            return None
        rows, cols = min(self.rows, n_rows - self.row), min(self.cols, n_cols - self.col)
        return None if rows == 1 and cols == 1 else Merge(self.row, self.col, rows, cols)


def attr_int(value: str | None, default: int = 0) -> int:
    """An integer attribute, or ``default`` when it is absent or unreadable."""
    try:
        return int(value) if value is not None else default
    except ValueError:
        return default


def table_of(frame: etree._Element) -> etree._Element | None:
    return first_on_path(frame, a("graphic"), a("graphicData"), a("tbl"))


def rows_of(tbl: etree._Element) -> list[etree._Element]:
    return child_elements(tbl, a("tr"))


def grid_of(tbl: etree._Element) -> etree._Element:
    grid = first_child(tbl, a("tblGrid"))
    if grid is None:
        grid = etree.Element(a("tblGrid"))
        tbl.insert(1 if first_child(tbl, a("tblPr")) is not None else 0, grid)
    return grid


def cell_matrix(tbl: etree._Element) -> list[list[etree._Element]]:
    """The cells of the table by grid position (rows padded or cut to the grid's column count)."""
    n_cols = len(grid_of(tbl).findall(a("gridCol")))
    matrix = []
    for tr in rows_of(tbl):
        cells = child_elements(tr, a("tc"))
        while cells and len(cells) < n_cols:
            # A malformed row (fewer cells than grid columns): repeat its last cell, unmerged.
            extra = copy_tree(cells[-1])
            blank_merge(extra)
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
            rows = max(1, attr_int(tc.get("rowSpan"), 1))
            cols = max(1, attr_int(tc.get("gridSpan"), 1))
            rows, cols = min(rows, n_rows - r), min(cols, len(row) - c)
            if rows > 1 or cols > 1:
                merges.append(Merge(r, c, rows, cols))
    return merges


def source_index(i: int, template_count: int) -> int:
    """Output row/column i takes the formatting of template row/column i, or of the last one."""
    return min(i, template_count - 1)


def row_source(i: int, template_count: int, alternating: bool) -> int:
    """The template row output row i is modelled on: row i, or past them the last one; the last
    two in turn where the template's rows alternate in look (:func:`rows_alternate`)."""
    if i < template_count or not alternating:
        return min(i, template_count - 1)
    return template_count - 2 + (i - template_count) % 2


def rows_alternate(tbl: etree._Element) -> bool:
    """The table's last rows are banded by hand: the last looks like the third from last and
    unlike the second from last (cell properties: fills, borders). PptxGenJS and Google Slides
    write a banded table so, cell by cell, where PowerPoint's table styles band it by
    ``bandRow``; rows added to it keep the bands going rather than repeating the last one."""
    rows = rows_of(tbl)[-3:]
    if len(rows) < 3:
        return False
    looks = [
        tuple(
            b"" if (props := first_child(tc, _TC_PR)) is None else etree.tostring(props)
            for tc in tr.iterchildren(_TC)
        )
        for tr in rows
    ]
    return looks[0] == looks[2] != looks[1]


def visible_source(merges: Sequence[Merge], row: int, col: int) -> tuple[int, int]:
    """The template cell that draws grid position (row, col): itself, or the top-left cell of the
    merge covering it. A covered cell (``hMerge``/``vMerge``) is never drawn, and PowerPoint
    writes it bare (an empty ``a:tcPr``, default text): a new cell modelled on it would show
    none of the look the designer gave the merged block."""
    for m in merges:
        if m.row <= row < m.row + m.rows and m.col <= col < m.col + m.cols:
            return m.row, m.col
    return row, col


def _ids(elements: Sequence[etree._Element], tag: str) -> list[etree._Element]:
    found: list[etree._Element] = []
    for el in elements:
        found.extend(el.iter(f"{{{A16}}}{tag}"))
    return found


def _renumber_clone_ids(
    originals: Sequence[etree._Element], clones: Sequence[etree._Element], tag: str
) -> None:
    # a16:rowId / a16:colId must stay unique in a table; clones get fresh numbers.
    used = {attr_int(el.get("val")) for el in _ids(originals, tag)}
    next_id = max(used, default=1000) + 1
    for el in _ids(clones, tag):
        el.set("val", str(next_id))
        next_id += 1


def blank_merge(tc: etree._Element) -> etree._Element:
    for name in MERGE_ATTRIBUTES:
        if name in tc.attrib:
            del tc.attrib[name]
    return tc


def resize_grid(
    tbl: etree._Element,
    n_rows: int,
    n_cols: int,
    cells: list[list[etree._Element]] | None = None,
    added_rows: list[etree._Element] | None = None,
    alternating: bool | None = None,
) -> tuple[list[list[etree._Element]], list[Merge]]:
    """Rebuild the table as n_rows x n_cols; returns the new cell matrix and its merges.

    Row heights and column widths are those of the source rows/columns; sizing comes after.
    ``cells`` are the output cells made already (``table_prototype``): unmerged, apart from
    the template cells among them; without them the cells are the template's, copied where the
    output has more. ``added_rows`` are the output rows past the template's, made already
    around their cells. ``alternating``: :func:`rows_alternate` of the table, when known already
    (read here only when rows or cells are to be copied from the template's).
    """
    matrix = cell_matrix(tbl)
    template_rows = rows_of(tbl)
    if alternating is None and (cells is None or added_rows is None):
        alternating = rows_alternate(tbl)
    grid = grid_of(tbl)
    template_cols = child_elements(grid, a("gridCol"))
    if not template_cols:
        # A grid without columns cannot be filled; give it one so the table stays valid.
        col = etree.SubElement(grid, a("gridCol"))
        col.set("w", "914400")
        template_cols = [col]
    if not matrix:
        raise ValueError("the table has no rows")
    merges = merges_of(matrix)
    _resize_columns(grid, template_cols, n_cols)
    if cells is None:
        new_matrix = _resized_cells(matrix, n_rows, n_cols, len(template_cols), merges, bool(alternating))
    else:
        new_matrix = cells
        for row in matrix[:n_rows]:
            for tc in row[:n_cols]:
                blank_merge(tc)
    new_rows = (
        _resized_rows(template_rows, n_rows, bool(alternating))
        if added_rows is None
        else template_rows[:n_rows] + added_rows
    )
    _replace_rows(tbl, template_rows, new_rows, new_matrix)
    new_merges = cut_merges(merges, n_rows, n_cols)
    for merge in new_merges:
        apply_merge(new_matrix, merge)
    return new_matrix, new_merges


def cut_merges(merges: Sequence[Merge], n_rows: int, n_cols: int) -> list[Merge]:
    """The template's merges as they stay in an n_rows x n_cols table."""
    return [m for m in (mm.cut_to(n_rows, n_cols) for mm in merges) if m is not None]


def _resize_columns(grid: etree._Element, template_cols: list[etree._Element], n_cols: int) -> None:
    """Keep the first n_cols template columns; add copies of the source columns past them."""
    t_cols = len(template_cols)
    new_cols = []
    for j in range(n_cols):
        src = template_cols[source_index(j, t_cols)]
        new_cols.append(src if j < t_cols else copy_tree(src))
    _renumber_clone_ids(template_cols, new_cols[t_cols:], "colId")
    for col in template_cols[n_cols:]:
        grid.remove(col)
    for col in new_cols[t_cols:]:
        grid.append(col)


def _resized_rows(
    template_rows: list[etree._Element], n_rows: int, alternating: bool
) -> list[etree._Element]:
    """The output rows: the template rows kept, empty copies of their source rows past them."""
    t_rows = len(template_rows)
    new_rows = [
        template_rows[i] if i < t_rows else _empty_row_copy(template_rows[row_source(i, t_rows, alternating)])
        for i in range(n_rows)
    ]
    _renumber_clone_ids(template_rows, new_rows[t_rows:], "rowId")
    return new_rows


def _resized_cells(
    matrix: list[list[etree._Element]],
    n_rows: int,
    n_cols: int,
    t_cols: int,
    merges: Sequence[Merge],
    alternating: bool,
) -> list[list[etree._Element]]:
    """The output cells, unmerged: the template cells kept, past them copies of the visible
    template cell at their source position (:func:`visible_source`)."""
    t_rows = len(matrix)

    def source(i: int, j: int) -> etree._Element:
        r, c = visible_source(merges, row_source(i, t_rows, alternating), source_index(j, t_cols))
        return matrix[r][c]

    return [
        [
            blank_merge(matrix[i][j] if (i < t_rows and j < t_cols) else copy_tree(source(i, j)))
            for j in range(n_cols)
        ]
        for i in range(n_rows)
    ]


def _replace_rows(
    tbl: etree._Element,
    template_rows: list[etree._Element],
    new_rows: list[etree._Element],
    new_matrix: list[list[etree._Element]],
) -> None:
    """Put the output rows, each holding its cells, where the template rows were."""
    anchor = template_rows[0].getprevious()
    for tr in template_rows:
        tbl.remove(tr)
    for tr, cells in zip(new_rows, new_matrix, strict=True):
        children = list(tr)
        if children == cells or (children[:-1] == cells and children[-1].tag == a("extLst")):
            continue  # a row made whole, or a template row keeping its own cells in place
        for old in child_elements(tr, a("tc")):
            tr.remove(old)
        ext = first_child(tr, a("extLst"))
        for tc in cells:
            if ext is not None:
                ext.addprevious(tc)
            else:
                tr.append(tc)
    _insert_rows(tbl, anchor, new_rows)


def _insert_rows(tbl: etree._Element, anchor: etree._Element | None, new_rows: list[etree._Element]) -> None:
    # Rows sit after a:tblGrid and before the table's own a:extLst.
    insert_at = (tbl.index(anchor) + 1) if anchor is not None else 0
    for offset, tr in enumerate(new_rows):
        tbl.insert(insert_at + offset, tr)


def _empty_row_copy(tr: etree._Element) -> etree._Element:
    clone = etree.Element(tr.tag)
    for name, value in tr.attrib.items():
        clone.set(name, value)
    ext = first_child(tr, a("extLst"))
    if ext is not None:
        clone.append(copy_tree(ext))
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
