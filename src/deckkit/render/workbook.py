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
import io
import posixpath
import re
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from xml.sax.saxutils import escape

from lxml import etree

S = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_REL = "http://schemas.openxmlformats.org/package/2006/relationships"
_OFFICE_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_CT = "http://schemas.openxmlformats.org/package/2006/content-types"

CellValue = str | int | float | None
_SAFE = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=True, remove_blank_text=False)


@dataclass(frozen=True, slots=True)
class CellRange:
    """A rectangle of cells, 1-based and inclusive."""

    top: int
    left: int
    bottom: int
    right: int

    def union(self, other: CellRange) -> CellRange:
        return CellRange(min(self.top, other.top), min(self.left, other.left),
                         max(self.bottom, other.bottom), max(self.right, other.right))  # fmt: skip

    def intersects(self, other: CellRange) -> bool:
        return not (other.left > self.right or other.right < self.left or other.top > self.bottom or other.bottom < self.top)

    @property
    def a1(self) -> str:
        start = f"{column_letter(self.left)}{self.top}"
        end = f"{column_letter(self.right)}{self.bottom}"
        return start if start == end else f"{start}:{end}"

    def absolute(self) -> str:
        start = f"${column_letter(self.left)}${self.top}"
        if (self.top, self.left) == (self.bottom, self.right):
            return start
        return f"{start}:${column_letter(self.right)}${self.bottom}"


@lru_cache(maxsize=4096)
def column_letter(col: int) -> str:
    letters = ""
    while col:
        col, rem = divmod(col - 1, 26)
        letters = chr(65 + rem) + letters
    return letters


def column_number(letters: str) -> int:
    n = 0
    for ch in letters.upper():
        n = n * 26 + ord(ch) - 64
    return n


_CELL = re.compile(r"^\$?([A-Za-z]{1,3})\$?(\d+)$")
_FORMULA = re.compile(r"^(?:'((?:[^']|'')+)'|([^!'\[\]]+))!([$A-Za-z0-9]+)(?::([$A-Za-z0-9]+))?$")


def parse_cell(ref: str) -> tuple[int, int] | None:
    m = _CELL.match(ref)
    return (int(m.group(2)), column_number(m.group(1))) if m else None


def parse_range(ref: str) -> CellRange | None:
    start, _, end = ref.partition(":")
    a, b = parse_cell(start), parse_cell(end or start)
    if a is None or b is None:
        return None
    return CellRange(min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))


def parse_formula(formula: str) -> tuple[str, CellRange] | None:
    """('Sheet1', range) for ``Sheet1!$B$2:$B$4`` or ``'My sheet'!$A$1``; None for anything else."""
    m = _FORMULA.match(formula.strip())
    if not m:
        return None
    sheet = m.group(1).replace("''", "'") if m.group(1) is not None else m.group(2)
    rng = parse_range(m.group(3) + (":" + m.group(4) if m.group(4) else ""))
    return (sheet, rng) if rng is not None else None


def format_formula(sheet: str, rng: CellRange) -> str:
    name = sheet if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_.]*", sheet) else "'" + sheet.replace("'", "''") + "'"
    return f"{name}!{rng.absolute()}"


def _s(tag: str) -> str:
    return f"{{{S}}}{tag}"


class _Package:
    """The xlsx zip as a dict of part name -> bytes, written back in the original order."""

    def __init__(self, data: bytes) -> None:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            self.infos = z.infolist()
            self.parts = {info.filename: z.read(info.filename) for info in self.infos}

    def rels_of(self, part: str) -> dict[str, tuple[str, str]]:
        """rId -> (type, absolute target part name)."""
        folder, name = posixpath.split(part)
        rels_name = posixpath.join(folder, "_rels", name + ".rels")
        if rels_name not in self.parts:
            return {}
        out: dict[str, tuple[str, str]] = {}
        for rel in etree.fromstring(self.parts[rels_name], _SAFE).iter(f"{{{_REL}}}Relationship"):
            if rel.get("TargetMode") == "External":
                continue
            target = rel.get("Target", "")
            full = target.lstrip("/") if target.startswith("/") else posixpath.normpath(posixpath.join(folder, target))
            out[rel.get("Id", "")] = (rel.get("Type", ""), full)
        return out

    def workbook_part(self) -> str:
        for _, (rel_type, target) in self.rels_of("").items():
            if rel_type.endswith("/officeDocument"):
                return target
        return "xl/workbook.xml"

    def sheets(self) -> list[tuple[str, str]]:
        """(sheet name, part name) of the worksheets, in workbook order."""
        wb_part = self.workbook_part()
        if wb_part not in self.parts:
            return []
        rels = self.rels_of(wb_part)
        root = etree.fromstring(self.parts[wb_part], _SAFE)
        out = []
        for sheet in root.iter(_s("sheet")):
            rel = rels.get(sheet.get(f"{{{_OFFICE_REL}}}id", ""))
            if rel is not None and rel[0].endswith("/worksheet") and rel[1] in self.parts:
                out.append((sheet.get("name", ""), rel[1]))
        return out

    def write(self) -> bytes:
        out = io.BytesIO()
        # Fast compression: the pptx writer compresses the embedded workbook once more anyway.
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as z:
            for info in self.infos:
                if info.filename in self.parts:
                    z.writestr(info, self.parts[info.filename], compress_type=zipfile.ZIP_DEFLATED, compresslevel=1)
        return out.getvalue()


def sheet_names(xlsx: bytes) -> list[str]:
    """Names of the worksheets of an xlsx, in order; [] when the bytes are not a readable workbook."""
    try:
        return [name for name, _ in _Package(xlsx).sheets()]
    except (zipfile.BadZipFile, etree.XMLSyntaxError, KeyError, OSError):
        return []


def _cell_xml(ref: str, value: CellValue, style: str | None) -> str:
    s = f' s="{style}"' if style else ""
    if value is None:
        return f'<c r="{ref}"{s}/>' if style else ""
    if isinstance(value, NumberText):
        return f'<c r="{ref}"{s}><v>{value}</v></c>'
    if isinstance(value, str):
        space = ' xml:space="preserve"' if value != value.strip() else ""
        return f'<c r="{ref}"{s} t="inlineStr"><is><t{space}>{escape(_xml_safe(value))}</t></is></c>'
    return f'<c r="{ref}"{s}><v>{format_number(value)}</v></c>'


_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _xml_safe(text: str) -> str:
    return _ILLEGAL.sub("", text)


def format_number(value: float) -> str:
    """Shortest text that reads back as the same number (``3`` for 3.0, as spreadsheets write it)."""
    text = repr(value)
    return text[:-2] if text.endswith(".0") else text


class NumberText(str):
    """A number already formatted with :func:`format_number` (written as a number, not text)."""

    __slots__ = ()


def _cell_col(cell: etree._Element) -> int:
    m = _CELL.match(cell.get("r", ""))
    return column_number(m.group(1)) if m else 0


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


def write_block(
    xlsx: bytes, sheet: str, clear: CellRange | None, top: int, left: int, grid: Sequence[Sequence[CellValue]]
) -> bytes:
    """Write grid at (top, left) of sheet after emptying clear; keep every other cell and part.

    Tables on the sheet that overlap the old or new block take the new block as their range and
    the block's first row as their column names. Raises KeyError when the sheet does not exist.
    """
    package = _Package(xlsx)
    part = dict(package.sheets())[sheet]
    height, width = len(grid), max((len(r) for r in grid), default=0)
    block = CellRange(top, left, top + max(height, 1) - 1, left + max(width, 1) - 1)
    root = etree.fromstring(package.parts[part], _SAFE)
    sheet_data = root.find(_s("sheetData"))
    if sheet_data is None:
        sheet_data = etree.SubElement(root, _s("sheetData"))
    _number_rows_and_cells(sheet_data)

    header = list(grid[0]) if grid else []
    tables = _overlapping_tables(package, part, [r for r in (clear, block) if r is not None])
    if tables:
        header = _table_header(package, tables[0], header, width)
        grid = [header, *grid[1:]]
    splices = _replace_cells(sheet_data, clear or block, block, grid)
    _update_dimension(root, sheet_data, block)
    xml = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)
    for marker, rows in splices.items():
        xml = xml.replace(marker, rows, 1)
    package.parts[part] = xml
    for table_part in tables:
        package.parts[table_part] = _retarget_table(package.parts[table_part], block, header)
    _drop_calc_chain(package)
    _update_ole_size(package, block)
    return package.write()


def _replace_cells(
    sheet_data: etree._Element, clear: CellRange, block: CellRange, grid: Sequence[Sequence[CellValue]]
) -> dict[bytes, bytes]:
    """Replace the cells; rows that did not exist come back as (marker, text) to splice in."""
    rows = {int(r.get("r", "0")): r for r in sheet_data.iter(_s("row"))}
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
            col = _cell_col(cell)
            if clear.left <= col <= clear.right:
                style = cell.get("s")
                if style:
                    styles[(row_no, col)] = style
                    if row_no > clear.top:
                        column_styles[col] = style
                row.remove(cell)
            if "spans" in row.attrib:
                del row.attrib["spans"]

    new_rows: dict[int, str] = {}
    letters = [column_letter(block.left + j) for j in range(block.right - block.left + 1)]
    plain = [f' s="{column_styles[block.left + j]}"' if block.left + j in column_styles else "" for j in range(len(letters))]
    for i, values in enumerate(grid):
        row_no = block.top + i
        cells = []
        if i and not clear.top <= row_no <= clear.bottom:
            # Rows beyond the template's block (the bulk of a large chart): column styles only.
            for j, value in enumerate(values):
                if isinstance(value, NumberText):
                    cells.append(f'<c r="{letters[j]}{row_no}"{plain[j]}><v>{value}</v></c>')
                elif value is not None:
                    cells.append(_cell_xml(f"{letters[j]}{row_no}", value, column_styles.get(block.left + j)))
        else:
            for j, value in enumerate(values):
                col = block.left + j
                style = styles.get((row_no, col)) or (column_styles.get(col) if i else None)
                cells.append(_cell_xml(f"{letters[j]}{row_no}", value, style))
        text = "".join(cells)
        row = rows.get(row_no)
        if row is None:
            new_rows[row_no] = f'<row r="{row_no}">{text}</row>'
        elif text:
            fresh = etree.fromstring(f'<row xmlns="{S}">{text}</row>', _SAFE)
            kept = [c for c in row if c.tag == _s("c")]
            tail = [c for c in row if c.tag != _s("c")]  # extLst of the row
            merged = sorted([*kept, *fresh], key=_cell_col)
            for child in list(row):
                row.remove(child)
            row.extend([*merged, *tail])
    # Rows left empty by the clearing and without formatting of their own are dropped.
    for row in list(sheet_data):
        if len(row) == 0 and not ({"s", "ht", "hidden", "customFormat"} & set(row.attrib)):
            sheet_data.remove(row)
    if not new_rows:
        return {}
    if sheet_data.nsmap.get(None) != S:
        # The sheet spells its namespace with a prefix: parse the rows in (slower, rare).
        parsed = etree.fromstring(f'<sheetData xmlns="{S}">{"".join(new_rows.values())}</sheetData>', _SAFE)
        for row in list(parsed):
            rows[int(row.get("r", "0"))] = row
        kept = {int(r.get("r", "0")): r for r in sheet_data}
        for child in list(sheet_data):
            sheet_data.remove(child)
        sheet_data.extend(kept.get(k, rows.get(k)) for k in sorted({*kept, *(int(r.get("r", "0")) for r in parsed)}))
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
            right = _cell_col(row[-1])
            if right > bounds.right:
                bounds = bounds.union(CellRange(row_no, right, row_no, right))
            continue
        cells = [c for c in row if c.tag == cell_tag]
        if cells:
            bounds = bounds.union(CellRange(row_no, _cell_col(cells[0]), row_no, _cell_col(cells[-1])))
    dimension.set("ref", bounds.a1)


def _overlapping_tables(package: _Package, sheet_part: str, ranges: list[CellRange]) -> list[str]:
    found = []
    for rel_type, target in package.rels_of(sheet_part).values():
        if not rel_type.endswith("/table") or target not in package.parts:
            continue
        ref = etree.fromstring(package.parts[target], _SAFE).get("ref", "")
        rng = parse_range(ref)
        if rng is not None and any(rng.intersects(r) for r in ranges):
            found.append(target)
    return found


def _table_header(package: _Package, table_part: str, header: list[CellValue], width: int) -> list[CellValue]:
    """Column names for the table: the header text, else the table's old name, unique and non-empty."""
    root = etree.fromstring(package.parts[table_part], _SAFE)
    old = [col.get("name", "") for col in root.iter(_s("tableColumn"))]
    names: list[CellValue] = []
    seen: set[str] = set()
    for i in range(width):
        value = header[i] if i < len(header) else None
        name = str(value) if value not in (None, "") else (old[i] if i < len(old) and old[i] else f"Column{i + 1}")
        base, n = name, 2
        while name.lower() in seen:
            name, n = f"{base}{n}", n + 1
        seen.add(name.lower())
        names.append(name)
    return names


def _retarget_table(table_xml: bytes, block: CellRange, header: list[CellValue]) -> bytes:
    root = etree.fromstring(table_xml, _SAFE)
    root.set("ref", block.a1)
    auto_filter = root.find(_s("autoFilter"))
    if auto_filter is not None:
        auto_filter.set("ref", block.a1)
    columns = root.find(_s("tableColumns"))
    if columns is not None:
        old = list(columns)
        for col in old:
            columns.remove(col)
        for i, name in enumerate(header):
            if i < len(old):
                col = old[i]
                # Calculated columns would compute over the new data; the chart's data is plain values.
                for formula in col.findall(_s("calculatedColumnFormula")):
                    col.remove(formula)
            else:
                col = etree.Element(_s("tableColumn"))
            col.set("id", str(i + 1))
            col.set("name", str(name))
            columns.append(col)
        columns.set("count", str(len(header)))
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)


def _drop_calc_chain(package: _Package) -> None:
    """The calculation chain lists formula cells; cells were replaced, so Excel rebuilds it."""
    wb_part = package.workbook_part()
    chains = [(rid, t) for rid, (typ, t) in package.rels_of(wb_part).items() if typ.endswith("/calcChain")]
    if not chains:
        return
    folder, name = posixpath.split(wb_part)
    rels_name = posixpath.join(folder, "_rels", name + ".rels")
    rels = etree.fromstring(package.parts[rels_name], _SAFE)
    for rid, target in chains:
        for rel in rels:
            if rel.get("Id") == rid:
                rels.remove(rel)
        package.parts.pop(target, None)
        types = etree.fromstring(package.parts["[Content_Types].xml"], _SAFE)
        for override in types.findall(f"{{{_CT}}}Override"):
            if override.get("PartName", "").lstrip("/") == target:
                types.remove(override)
        package.parts["[Content_Types].xml"] = etree.tostring(types, xml_declaration=True, encoding="UTF-8", standalone=True)
    package.parts[rels_name] = etree.tostring(rels, xml_declaration=True, encoding="UTF-8", standalone=True)


def _update_ole_size(package: _Package, block: CellRange) -> None:
    """``oleSize`` is the range PowerPoint shows when the workbook opens; make it the chart's block."""
    wb_part = package.workbook_part()
    root = etree.fromstring(package.parts[wb_part], _SAFE)
    ole = root.find(_s("oleSize"))
    if ole is None:
        return
    ole.set("ref", CellRange(1, 1, block.bottom, block.right).a1)
    package.parts[wb_part] = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)
