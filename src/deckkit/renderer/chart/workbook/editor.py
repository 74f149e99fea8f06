"""A chart's embedded workbook, edited in place.

The xlsx is not regenerated: only the sheet the chart's formulas point to is rewritten, and on it
only the block of cells the chart uses. Other sheets, cells outside the block, styles, shared
strings, defined names and the table definition stay; the table's range and column names follow
the new block so that "Edit Data" in PowerPoint outlines exactly the chart's data. New strings are
written inline (``t="inlineStr"``), which every spreadsheet reader accepts, so the shared string
table never needs renumbering.
"""

from __future__ import annotations

import bisect
import zipfile
import zlib
from collections.abc import Sequence

from lxml import etree

from deckkit.ooxml.namespaces import S
from deckkit.ooxml.safexml import SAFE_PARSER as _SAFE
from deckkit.renderer.chart.workbook.block import Columns
from deckkit.renderer.chart.workbook.cells import (
    CellValue,
    DateNumber,
    NumberText,
    cell_xml,
    format_number,
    number_row_template,
    plain_row_cells,
)
from deckkit.renderer.chart.workbook.followed import StyleSource, followed_styles
from deckkit.renderer.chart.workbook.package import (
    XlsxPackage,
    date_style,
    drop_calc_chain,
    overlapping_tables,
    retarget_table,
    table_header,
    update_ole_size,
)
from deckkit.renderer.chart.workbook.package import (
    sheet_tag as _s,
)
from deckkit.renderer.chart.workbook.prepared import BlockEdit, write_prepared
from deckkit.renderer.chart.workbook.refs import (
    CellRange,
    cell_column,
    column_letter,
    format_formula,
    parse_cell,
    parse_formula,
)

__all__ = [
    "CellRange",
    "CellValue",
    "ChartWorkbook",
    "DateNumber",
    "NumberText",
    "StyleSource",
    "format_formula",
    "format_number",
    "parse_formula",
]


class ChartWorkbook:
    """An embedded workbook opened once: its sheet names, and the edit that writes a block."""

    def __init__(self, xlsx: bytes) -> None:
        self._package = XlsxPackage(xlsx)
        self._sheets = dict(self._package.sheets())

    @classmethod
    def open(cls, xlsx: bytes) -> ChartWorkbook | None:
        """The workbook, or None when the bytes are not a SpreadsheetML workbook with sheets."""
        try:
            book = cls(xlsx)
        except (
            zipfile.BadZipFile,
            etree.XMLSyntaxError,
            KeyError,
            OSError,
            EOFError,
            ValueError,
            zlib.error,
        ):
            return None
        return book if book._sheets else None

    @property
    def sheet_names(self) -> list[str]:
        return list(self._sheets)

    def write_block(
        self,
        sheet: str,
        clear: CellRange | None,
        top: int,
        left: int,
        grid: Sequence[Sequence[CellValue]] | Columns,
        date_format: str = "m/d/yyyy",
        style_sources: Sequence[StyleSource] = (),
    ) -> bytes:
        """Write grid at (top, left) of sheet after emptying clear; keep every other cell and part.

        Tables on the sheet that overlap the old or new block take the new block as their range
        and the block's first row as their column names. New cells are styled like the cells they
        replace, except the targets of style_sources, which follow their source. grid: the
        sheet's rows, or :class:`Columns` (which say whether they are the sheet's rows or columns).
        """
        block = BlockEdit(self._sheets[sheet], clear, top, left, date_format, tuple(style_sources))
        return write_prepared(self._package, block, grid, _edit_block)


def _number_rows_and_cells(sheet_data: etree._Element) -> None:
    """Give every row and cell its explicit ``r`` (both are optional in the schema)."""
    row_no = 0
    for row in sheet_data.iter(_s("row")):
        row_no = int(row.get("r") or row_no + 1)
        row.set("r", str(row_no))
        col = 0
        for cell in row.iter(_s("c")):
            parsed = parse_cell(cell.get("r", ""))
            col = parsed[1] if parsed else col + 1
            cell.set("r", f"{column_letter(col)}{row_no}")


def _edit_block(package: XlsxPackage, edit: BlockEdit, grid: Sequence[Sequence[CellValue]]) -> None:
    """The general edit: parse the sheet, replace the block's cells, follow with the other parts."""
    part, clear, top, left = edit.part, edit.clear, edit.top, edit.left
    date_format, style_sources = edit.date_format, edit.style_sources
    height, width = len(grid), max((len(r) for r in grid), default=0)
    block = CellRange(top, left, top + max(height, 1) - 1, left + max(width, 1) - 1)
    root = etree.fromstring(package.parts[part], _SAFE)
    sheet_data = root.find(_s("sheetData"))
    if sheet_data is None:
        sheet_data = etree.SubElement(root, _s("sheetData"))
    _number_rows_and_cells(sheet_data)

    header = list(grid[0]) if grid else []
    tables = overlapping_tables(package, part, [r for r in (clear, block) if r is not None])
    if tables:
        header = table_header(package, tables[0], header, width)
        grid = [header, *grid[1:]]
    # Date labels sit in the first column (or, for series in rows, the first row).
    has_dates = any(
        isinstance(v, DateNumber) for v in [*(grid[0] if grid else []), *(r[0] for r in grid[1:] if r)]
    )
    dates_style = date_style(package, date_format) if has_dates else None
    splices = _replace_cells(sheet_data, clear or block, block, grid, dates_style, style_sources)
    _update_dimension(root, sheet_data, block)
    xml = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)
    for marker, rows in splices.items():
        xml = xml.replace(marker, rows, 1)
    package.parts[part] = xml
    for table_part in tables:
        package.parts[table_part] = retarget_table(package.parts[table_part], block, header)
    drop_calc_chain(package)
    update_ole_size(package, block)


def _replace_cells(
    sheet_data: etree._Element,
    clear: CellRange,
    block: CellRange,
    grid: Sequence[Sequence[CellValue]],
    date_style: str | None = None,
    style_sources: Sequence[StyleSource] = (),
) -> dict[bytes, bytes]:
    """Replace the cells; rows that did not exist come back as (marker, text) to splice in."""
    rows = {int(r.get("r", "0")): r for r in sheet_data.iter(_s("row"))}
    followed = followed_styles(rows, style_sources)  # read before the block is cleared
    styles, column_styles = _clear_block(rows, clear)
    # A series column beyond its source's length takes the source's last style (followed.columns).
    for col, (_, rest) in followed.columns.items():
        column_styles[col] = rest
    new_rows: dict[int, str] = {}
    letters = [column_letter(block.left + j) for j in range(block.right - block.left + 1)]
    plain = [
        f' s="{column_styles[block.left + j]}"' if column_styles.get(block.left + j) else ""
        for j in range(len(letters))
    ]
    number_row = number_row_template(letters, plain)
    for i, values in enumerate(grid):
        row_no = block.top + i
        if i and not clear.top <= row_no <= clear.bottom and row_no not in followed.rows:
            # Rows beyond the template's block (the bulk of a large chart): column styles only.
            text = plain_row_cells(
                row_no, values, letters, plain, column_styles, block.left, date_style, number_row
            )
        else:
            cells = []
            for j, value in enumerate(values):
                col = block.left + j
                style = styles.get((row_no, col)) or (column_styles.get(col) if i else None)
                followed_style = followed.style(row_no, col)
                if followed_style is not None:
                    style = followed_style
                if isinstance(value, DateNumber) and date_style is not None:
                    style = date_style
                cells.append(cell_xml(f"{letters[j]}{row_no}", value, style))
            text = "".join(cells)
        row = rows.get(row_no)
        if row is None:
            new_rows[row_no] = f'<row r="{row_no}">{text}</row>'
        elif text:
            _merge_into_row(row, text)
    # Rows left empty by the clearing and without formatting of their own are dropped.
    for row in list(sheet_data):
        if len(row) == 0 and not ({"s", "ht", "hidden", "customFormat"} & set(row.attrib)):
            sheet_data.remove(row)
    return _insert_new_rows(sheet_data, new_rows)


def _clear_block(
    rows: dict[int, etree._Element], clear: CellRange
) -> tuple[dict[tuple[int, int], str], dict[int, str]]:
    """Remove the cells of ``clear``; return their styles by (row, column) and by column (below the top row)."""
    # Styles of the cells that go, so the new cells look like the old ones (header, labels, values).
    styles: dict[tuple[int, int], str] = {}
    column_styles: dict[int, str] = {}
    for row_no in range(clear.top, clear.bottom + 1):
        row = rows.get(row_no)
        if row is None:
            continue
        for cell in list(row):
            if cell.tag != _s("c"):
                continue
            col = cell_column(cell)
            if clear.left <= col <= clear.right:
                style = cell.get("s")
                if style:
                    styles[(row_no, col)] = style
                    if row_no > clear.top:
                        column_styles[col] = style
                row.remove(cell)
            if "spans" in row.attrib:
                del row.attrib["spans"]
    return styles, column_styles


def _merge_into_row(row: etree._Element, text: str) -> None:
    """Put the new cells (text) into an existing row, beside the cells it keeps, in column order."""
    fresh = etree.fromstring(f'<row xmlns="{S}">{text}</row>', _SAFE)
    kept = [c for c in row if c.tag == _s("c")]
    tail = [c for c in row if c.tag != _s("c")]  # extLst of the row
    # The new cells come in column order: sorting is needed only to place kept ones.
    merged = sorted([*kept, *fresh], key=cell_column) if kept else list(fresh)
    for child in list(row):
        row.remove(child)
    row.extend([*merged, *tail])


def _insert_new_rows(sheet_data: etree._Element, new_rows: dict[int, str]) -> dict[bytes, bytes]:
    """Place rows that did not exist: as markers to splice text at, or parsed when the sheet is prefixed."""
    if not new_rows:
        return {}
    if sheet_data.nsmap.get(None) != S:
        # The sheet spells its namespace with a prefix: parse the rows in (slower, rare).
        parsed = etree.fromstring(f'<sheetData xmlns="{S}">{"".join(new_rows.values())}</sheetData>', _SAFE)
        by_number = {int(r.get("r", "0")): r for r in sheet_data}
        by_number.update({int(r.get("r", "0")): r for r in parsed})
        for child in list(sheet_data):
            sheet_data.remove(child)
        sheet_data.extend(by_number[k] for k in sorted(by_number))
        return {}
    # The new rows are spliced in as text after serialization: parsing tens of thousands of
    # cells only to serialize them again is most of the cost of a large chart.
    existing = [int(r.get("r", "0")) for r in sheet_data]
    slots: dict[int, list[str]] = {}
    for row_no, xml in sorted(new_rows.items()):
        slots.setdefault(bisect.bisect_left(existing, row_no), []).append(xml)
    children = list(sheet_data)
    splices: dict[bytes, bytes] = {}
    for slot, texts in slots.items():
        marker = etree.Comment(f"deckkit-rows-{slot}")
        if slot < len(children):
            children[slot].addprevious(marker)
        else:
            sheet_data.append(marker)
        splices[f"<!--deckkit-rows-{slot}-->".encode()] = "".join(texts).encode()
    return splices


def _update_dimension(root: etree._Element, sheet_data: etree._Element, block: CellRange) -> None:
    """The used range: the new block and every other row's first and last cell."""
    dimension = root.find(_s("dimension"))
    if dimension is None:
        return
    cell_tag = _s("c")
    bounds = block
    for row in sheet_data.iter(_s("row")):
        row_no = int(row.get("r", "0"))
        if block.top < row_no <= block.bottom and len(row) and row[-1].tag == cell_tag:
            # A block row: its first cell is within the block; only its last may reach beyond.
            right = cell_column(row[-1])
            if right > bounds.right:
                bounds = bounds.union(CellRange(row_no, right, row_no, right))
            continue
        cells = [c for c in row if c.tag == cell_tag]
        if cells:
            bounds = bounds.union(CellRange(row_no, cell_column(cells[0]), row_no, cell_column(cells[-1])))
    dimension.set("ref", bounds.a1)
