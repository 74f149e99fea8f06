"""The xlsx package around a chart's data sheet: parts, relationships, tables, styles, calc chain.

What has to follow when the cells of a chart's block change: the table over the block, the cell
format of date labels, the calculation chain (dropped, Excel rebuilds it) and the OLE size.
"""

from __future__ import annotations

import io
import posixpath
import zipfile

from lxml import etree

from deckkit.render.workbook_refs import CellRange, parse_range

S = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_REL = "http://schemas.openxmlformats.org/package/2006/relationships"
_OFFICE_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_CT = "http://schemas.openxmlformats.org/package/2006/content-types"
SAFE_PARSER = etree.XMLParser(
    resolve_entities=False, no_network=True, huge_tree=True, remove_blank_text=False
)
_SAFE = SAFE_PARSER

CellName = str | int | float | None


def sheet_tag(tag: str) -> str:
    """Clark name of a SpreadsheetML element."""
    return f"{{{S}}}{tag}"


_s = sheet_tag


class XlsxPackage:
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
            full = (
                target.lstrip("/")
                if target.startswith("/")
                else posixpath.normpath(posixpath.join(folder, target))
            )
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
                    z.writestr(
                        info, self.parts[info.filename], compress_type=zipfile.ZIP_DEFLATED, compresslevel=1
                    )
        return out.getvalue()


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
    ole.set("ref", CellRange(1, 1, block.bottom, block.right).a1)
    package.parts[wb_part] = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)
