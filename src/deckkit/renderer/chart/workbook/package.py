"""The xlsx package around a chart's data sheet: parts, relationships, tables, styles, calc chain.

What has to follow when the cells of a chart's block change: the table over the block, the cell
format of date labels, the calculation chain (dropped, Excel rebuilds it) and the OLE size.
"""

from __future__ import annotations

import io
import posixpath
import struct
import zipfile
import zlib
from collections.abc import Mapping
from functools import lru_cache

from lxml import etree

from deckkit.ooxml.namespaces import CT, R, S
from deckkit.ooxml.opc.part_names import relationships_part_name
from deckkit.ooxml.opc.relationships import read_relationships
from deckkit.ooxml.safexml import SAFE_PARSER, has_doctype
from deckkit.renderer.chart.workbook.refs import CellRange, parse_range
from deckkit.safezip import RefusedEntryError, read_entry

_SAFE = SAFE_PARSER

CellName = str | int | float | None

Packed = tuple[int, int, bytes]
"""A part as a zip entry holds it: (CRC-32, zip method, bytes as written)."""

MAX_WORKBOOK_UNPACKED_BYTES = 100_000_000
"""A chart's embedded workbook, all parts decompressed: past this (a zip bomb) it is not read
(zipfile never returns more than a part declares, so the declared sizes are the bound)."""


def sheet_tag(tag: str) -> str:
    """Clark name of a SpreadsheetML element."""
    return f"{{{S}}}{tag}"


_s = sheet_tag


class XlsxPackage:
    """The xlsx zip as a dict of part name -> bytes, written back in the original order."""

    def __init__(self, data: bytes) -> None:
        self.shared = len(data) <= _CACHED_XLSX_SIZE
        source = _read_xlsx(data) if self.shared else _ReadXlsx(data)
        _check_unpacked_size(source.infos)  # again: a read kept from before may predate the bound
        self.infos = source.infos
        self._source = source
        self.parts = dict(source.parts)

    @property
    def source(self) -> object:
        """The read shared by every package of the same bytes (an identity to key memos on)."""
        return self._source

    def pristine(self) -> bool:
        """Whether every part is still the one read (nothing edited, added or removed)."""
        return len(self.parts) == len(self._source.parts) and all(
            self.is_original(name, data) for name, data in self.parts.items()
        )

    def is_original(self, name: str, data: bytes) -> bool:
        return data is self._source.parts.get(name)

    def fresh(self) -> XlsxPackage:
        """Another package of the same read, with the parts as read."""
        other = object.__new__(XlsxPackage)
        other.shared, other.infos, other._source = self.shared, self.infos, self._source
        other.parts = dict(self._source.parts)
        return other

    def rels_of(self, part: str) -> dict[str, tuple[str, str]]:
        """rId -> (type, absolute target part name)."""
        rels_name = relationships_part_name(part or None)
        if rels_name not in self.parts:
            return {}
        return dict(_parse_rels(posixpath.dirname(part), self.parts[rels_name]))

    def workbook_part(self) -> str:
        for _, (rel_type, target) in self.rels_of("").items():
            if rel_type.endswith("/officeDocument"):
                return target
        return "xl/workbook.xml"

    def sheets(self) -> list[tuple[str, str]]:
        """(sheet name, part name) of the worksheets, in workbook order, as read.

        deckkit never edits the list of sheets: it is read once per distinct workbook.
        """
        if self._source.sheets is None:
            self._source.sheets = self._read_sheets()
        return list(self._source.sheets)

    def _read_sheets(self) -> list[tuple[str, str]]:
        wb_part = self.workbook_part()
        if wb_part not in self.parts:
            return []
        rels = self.rels_of(wb_part)
        root = etree.fromstring(self.parts[wb_part], _SAFE)
        out = []
        for sheet in root.iter(_s("sheet")):
            rel = rels.get(sheet.get(f"{{{R}}}id", ""))
            if rel is not None and rel[0].endswith("/worksheet") and rel[1] in self.parts:
                out.append((sheet.get("name", ""), rel[1]))
        return out

    def write(self, packed: Mapping[str, tuple[bytes, Packed]] | None = None) -> bytes:
        """The zip again; parts left as they were are deflated once per distinct template workbook.

        packed: edited parts deflated before, by name: (their bytes, :func:`pack` of them).
        """
        out = bytearray()
        central = bytearray()
        count = 0
        for info in self.infos:
            data = self.parts.get(info.filename)
            if data is None:
                continue
            before = packed.get(info.filename) if packed else None
            if data is self._source.parts.get(info.filename):
                entry = self._source.entry(info, data, self._source.packed(info.filename, data))
            elif before is not None and before[0] is data:
                entry = self._source.entry(info, data, before[1])
            else:
                entry = _entry(info, data, pack(data))
            local, head, name = entry
            if len(out) + len(local) + len(data) >= _ZIP32_LIMIT:
                return self._write_with_zipfile()
            central += head
            central += struct.pack("<L", len(out))
            central += name
            out += local
            count += 1
        if count >= 0xFFFF:
            return self._write_with_zipfile()
        start = len(out)
        out += central
        out += struct.pack("<4s4H2LH", b"PK\x05\x06", 0, 0, count, count, len(central), start, 0)
        return bytes(out)

    def _write_with_zipfile(self) -> bytes:
        """zipfile's writer, which handles ZIP64 (workbooks of 4 GiB and more, or 65535 parts)."""
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=_LEVEL, allowZip64=True) as z:
            for info in self.infos:
                if info.filename in self.parts:
                    entry = zipfile.ZipInfo(info.filename, info.date_time)
                    entry.external_attr = info.external_attr
                    z.writestr(entry, self.parts[info.filename], zipfile.ZIP_DEFLATED, _LEVEL)
        return out.getvalue()


# Fast compression: the pptx writer stores the workbook as it is, so this is its only compression.
_LEVEL = 1
_UTF8_FLAG = 0x800
_ZIP32_LIMIT = 0xFFFFFFFF
_CACHED_XLSX_SIZE = 4 * 1024 * 1024


def _check_unpacked_size(infos: list[zipfile.ZipInfo]) -> None:
    if sum(info.file_size for info in infos) > MAX_WORKBOOK_UNPACKED_BYTES:
        raise ValueError(f"the workbook unpacks to more than {MAX_WORKBOOK_UNPACKED_BYTES:,} bytes")


def pack(data: bytes) -> Packed:
    """(CRC-32, zip method, bytes as written): raw DEFLATE, or stored when empty."""
    if not data:
        return 0, zipfile.ZIP_STORED, b""
    deflate = zlib.compressobj(_LEVEL, zlib.DEFLATED, -15)
    return zlib.crc32(data), zipfile.ZIP_DEFLATED, deflate.compress(data) + deflate.flush()


_Entry = tuple[bytes, bytes, bytes]
"""A part's zip entry: its local header, name and data; its central record up to the local
header's offset (which depends on the parts before it); its name."""


def _entry(info: zipfile.ZipInfo, data: bytes, packed: Packed) -> _Entry:
    crc, method, deflated = packed
    name = info.filename.encode("utf-8")
    flags = 0 if info.filename.isascii() else _UTF8_FLAG
    dos_time, dos_date = _dos_time(info.date_time)
    sizes = (crc, len(deflated), len(data), len(name))
    head = struct.pack(
        "<4s4B4HL2L5HL",
        b"PK\x01\x02",
        20,
        info.create_system,
        20,
        0,
        flags,
        method,
        dos_time,
        dos_date,
        *sizes,
        0,
        0,
        0,
        info.internal_attr & 0xFFFF,
        info.external_attr & 0xFFFFFFFF,
    )
    local = struct.pack("<4s2B4HL2L2H", b"PK\x03\x04", 20, 0, flags, method, dos_time, dos_date, *sizes, 0)
    return local + name + deflated, head, name


def _dos_time(date_time: tuple[int, int, int, int, int, int]) -> tuple[int, int]:
    year, month, day, hour, minute, second = date_time
    if year < 1980:
        year, month, day, hour, minute, second = 1980, 1, 1, 0, 0, 0
    return (hour << 11) | (minute << 5) | (second // 2), ((year - 1980) << 9) | (month << 5) | day


# The same few relationship parts are asked for several times per chart, and again per chart.
@lru_cache(maxsize=256)
def _parse_rels(folder: str, xml: bytes) -> tuple[tuple[str, tuple[str, str]], ...]:
    """(rId, (type, part name)) of the internal relationships, read by opc's one reader."""
    out = {
        rid: (reltype, name)
        for rid, reltype, _, name in read_relationships(etree.fromstring(xml, _SAFE), folder)
        if name is not None
    }
    return tuple(out.items())


class _ReadXlsx:
    """A workbook's entries and part bytes as read, shared by every chart embedding the same bytes.

    Nothing here changes after reading except the memos of packed parts and of the sheet list.
    """

    def __init__(self, data: bytes) -> None:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            self.infos: list[zipfile.ZipInfo] = z.infolist()
            _check_unpacked_size(self.infos)
            # Each part within what the sizes declared, which _check_unpacked_size bounded.
            self.parts: dict[str, bytes] = {
                info.filename: read_entry(z, info, info.file_size, MAX_WORKBOOK_UNPACKED_BYTES)
                for info in self.infos
            }
        # Edited parts are written back without their DTD: one with a DOCTYPE is not opened (and
        # the package writer refuses it, naming the workbook).
        if any(has_doctype(data) for name, data in self.parts.items() if name.endswith((".xml", ".rels"))):
            raise RefusedEntryError("has a part with a document type declaration")
        self._packed: dict[str, tuple[int, int, bytes]] = {}
        # part -> (the packing its entry was made of, the entry), for XlsxPackage.write
        self._entries: dict[str, tuple[Packed, _Entry]] = {}
        self.sheets: list[tuple[str, str]] | None = None  # memo of XlsxPackage.sheets

    def packed(self, name: str, data: bytes) -> tuple[int, int, bytes]:
        found = self._packed.get(name)
        if found is None:
            found = self._packed[name] = pack(data)
        return found

    def entry(self, info: zipfile.ZipInfo, data: bytes, packed: Packed) -> _Entry:
        """:func:`_entry`, made once per part and packing kept (of the parts read, or a prepared edit's)."""
        found = self._entries.get(info.filename)
        if found is None or found[0] is not packed:
            # One per part (bounded): copies of one shape write the same packings again and again.
            found = self._entries[info.filename] = (packed, _entry(info, data, packed))
        return found[1]


# Templates embed a handful of workbooks that many charts copy: each is read once.
@lru_cache(maxsize=16)
def _read_xlsx(data: bytes) -> _ReadXlsx:
    return _ReadXlsx(data)


_BUILTIN_DATE_FORMATS = {"m/d/yyyy": 14, "d-mmm-yy": 15, "d-mmm": 16, "mmm-yy": 17}


def date_style(package: XlsxPackage, date_format: str) -> str | None:
    """Index of a cell format (``cellXfs``) showing date_format, added to the styles when missing."""
    wb_part = package.workbook_part()
    styles_part = next((t for typ, t in package.rels_of(wb_part).values() if typ.endswith("/styles")), None)
    if styles_part is None or styles_part not in package.parts:
        return None
    root = etree.fromstring(package.parts[styles_part], _SAFE)
    fmt_id = _BUILTIN_DATE_FORMATS.get(date_format)
    if fmt_id is None:
        num_fmts = root.find(_s("numFmts"))
        if num_fmts is None:
            num_fmts = etree.Element(_s("numFmts"))
            root.insert(0, num_fmts)
        same = [f for f in num_fmts if f.get("formatCode") == date_format]
        if same:
            fmt_id = int(same[0].get("numFmtId", "0"))
        else:
            fmt_id = max([163, *(int(f.get("numFmtId", "0")) for f in num_fmts)]) + 1
            etree.SubElement(num_fmts, _s("numFmt"), numFmtId=str(fmt_id), formatCode=date_format)
        num_fmts.set("count", str(len(num_fmts)))
    cell_xfs = root.find(_s("cellXfs"))
    if cell_xfs is None:
        return None
    for i, xf in enumerate(cell_xfs):
        if (
            xf.get("numFmtId") == str(fmt_id)
            and xf.get("fontId", "0") == "0"
            and xf.get("fillId", "0") == "0"
        ):
            return str(i)
    xf = etree.SubElement(
        cell_xfs, _s("xf"), numFmtId=str(fmt_id), fontId="0", fillId="0", borderId="0", xfId="0"
    )
    xf.set("applyNumberFormat", "1")
    cell_xfs.set("count", str(len(cell_xfs)))
    package.parts[styles_part] = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)
    return str(len(cell_xfs) - 1)


def overlapping_tables(package: XlsxPackage, sheet_part: str, ranges: list[CellRange]) -> list[str]:
    found = []
    for rel_type, target in package.rels_of(sheet_part).values():
        if not rel_type.endswith("/table") or target not in package.parts:
            continue
        ref = etree.fromstring(package.parts[target], _SAFE).get("ref", "")
        rng = parse_range(ref)
        if rng is not None and any(rng.intersects(r) for r in ranges):
            found.append(target)
    return found


def table_header(package: XlsxPackage, table_part: str, header: list[CellName], width: int) -> list[CellName]:
    """Column names for the table: the header text, else the table's old name, unique and non-empty."""
    root = etree.fromstring(package.parts[table_part], _SAFE)
    old = [col.get("name", "") for col in root.iter(_s("tableColumn"))]
    names: list[CellName] = []
    seen: set[str] = set()
    for i in range(width):
        value = header[i] if i < len(header) else None
        name = (
            str(value)
            if value not in (None, "")
            else (old[i] if i < len(old) and old[i] else f"Column{i + 1}")
        )
        base, n = name, 2
        while name.lower() in seen:
            name, n = f"{base}{n}", n + 1
        seen.add(name.lower())
        names.append(name)
    return names


def retarget_table(table_xml: bytes, block: CellRange, header: list[CellName]) -> bytes:
    root = etree.fromstring(table_xml, _SAFE)
    # A table holds a header row and at least one data row, even when the chart has no categories.
    block = CellRange(block.top, block.left, max(block.bottom, block.top + 1), block.right)
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


def drop_calc_chain(package: XlsxPackage) -> None:
    """The calculation chain lists formula cells; cells were replaced, so Excel rebuilds it."""
    wb_part = package.workbook_part()
    chains = [(rid, t) for rid, (typ, t) in package.rels_of(wb_part).items() if typ.endswith("/calcChain")]
    if not chains:
        return
    rels_name = relationships_part_name(wb_part)
    rels = etree.fromstring(package.parts[rels_name], _SAFE)
    for rid, target in chains:
        for rel in rels:
            if rel.get("Id") == rid:
                rels.remove(rel)
        package.parts.pop(target, None)
        types = etree.fromstring(package.parts["[Content_Types].xml"], _SAFE)
        for override in types.findall(f"{{{CT}}}Override"):
            if override.get("PartName", "").lstrip("/") == target:
                types.remove(override)
        package.parts["[Content_Types].xml"] = etree.tostring(
            types, xml_declaration=True, encoding="UTF-8", standalone=True
        )
    package.parts[rels_name] = etree.tostring(rels, xml_declaration=True, encoding="UTF-8", standalone=True)


def update_ole_size(package: XlsxPackage, block: CellRange) -> None:
    """``oleSize`` is the range PowerPoint shows when the workbook opens; make it the chart's block."""
    wb_part = package.workbook_part()
    root = etree.fromstring(package.parts[wb_part], _SAFE)
    ole = root.find(_s("oleSize"))
    if ole is None:
        return
    ref = CellRange(1, 1, block.bottom, block.right).a1
    if ole.get("ref") == ref:
        return
    ole.set("ref", ref)
    package.parts[wb_part] = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)
