"""Test helpers of the table filler: templates with tables, and slides edited in the zip.

Until the engine runs the fillers, tests call check_table/fill_table on the graphic frame of a
slide's XML and write the slide back into a copy of the template (:class:`EditedDeck`), with
the data-bar images a :class:`ZipImageSink` collected.
"""

from __future__ import annotations

import copy
import hashlib
import posixpath
import zipfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from lxml import etree

A = "http://schemas.openxmlformats.org/drawingml/2006/main"
P = "http://schemas.openxmlformats.org/presentationml/2006/main"
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PR = "http://schemas.openxmlformats.org/package/2006/relationships"
CT = "http://schemas.openxmlformats.org/package/2006/content-types"
NS = {"a": A, "p": P, "r": R}
IMAGE_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/image"
EMU_PER_INCH = 914400


@dataclass
class TableSpec:
    """One template slide holding one table; each row and column formatted differently."""

    rows: int
    cols: int
    name: str = "tbl"
    merges: Sequence[tuple[int, int, int, int]] = ()  # (row, col, rows, cols)
    x: int = EMU_PER_INCH
    y: int = EMU_PER_INCH
    col_widths: Sequence[int] | None = None
    row_heights: Sequence[int] | None = None
    group: tuple[int, int, int, int, int, int, int, int] | None = (
        None  # off x,y ext cx,cy chOff x,y chExt cx,cy
    )
    cell_fills: bool = True
    extra: dict[str, object] = field(default_factory=dict)

    def widths(self) -> list[int]:
        return list(self.col_widths or [1_000_000 + 50_000 * j for j in range(self.cols)])

    def heights(self) -> list[int]:
        return list(self.row_heights or [300_000 + 10_000 * i for i in range(self.rows)])


PALETTE = ("DDEBF7", "FCE4D6", "E2EFDA", "FFF2CC", "EDEDED", "D9D2E9")


def column_fill(j: int) -> str:
    return PALETTE[j % len(PALETTE)]


def row_size(i: int) -> int:
    return 1000 + 100 * i


def build_template(path: Path, specs: Iterable[TableSpec]) -> Path:
    """A deck with one slide per spec: cell (i, j) says "r{i}c{j}" in size row_size(i), filled column_fill(j)."""
    from pptx import Presentation
    from pptx.dml.color import RGBColor
    from pptx.util import Emu, Pt

    prs = Presentation()
    for spec in specs:
        slide = prs.slides.add_slide(prs.slide_layouts[6])
        widths, heights = spec.widths(), spec.heights()
        shape = slide.shapes.add_table(
            spec.rows, spec.cols, Emu(spec.x), Emu(spec.y), Emu(sum(widths)), Emu(sum(heights))
        )
        shape._element.find("p:nvGraphicFramePr/p:cNvPr", NS).set("descr", spec.name)
        table = shape.table
        for j, w in enumerate(widths):
            table.columns[j].width = Emu(w)
        for i, h in enumerate(heights):
            table.rows[i].height = Emu(h)
        for i in range(spec.rows):
            for j in range(spec.cols):
                cell = table.cell(i, j)
                cell.text = f"r{i}c{j}"
                cell.text_frame.paragraphs[0].runs[0].font.size = Pt(row_size(i) / 100)
                if spec.cell_fills:
                    cell.fill.solid()
                    cell.fill.fore_color.rgb = RGBColor.from_string(column_fill(j))
        for r, c, nr, nc in spec.merges:
            table.cell(r, c).merge(table.cell(r + nr - 1, c + nc - 1))
        if spec.group is not None:
            _wrap_in_group(slide, shape._element, spec.group)
    prs.save(str(path))
    return path


def _wrap_in_group(slide: object, frame: etree._Element, geometry: tuple[int, ...]) -> None:
    """Move the frame into a new group (with a small rectangle beside it) of the given transform."""
    from pptx.enum.shapes import MSO_SHAPE
    from pptx.util import Emu

    x, y, cx, cy, chx, chy, chcx, chcy = geometry
    shapes = slide.shapes  # type: ignore[attr-defined]
    group = shapes.add_group_shape()
    rect = group.shapes.add_shape(MSO_SHAPE.RECTANGLE, Emu(chx), Emu(chy), Emu(100_000), Emu(100_000))
    grp = group._element
    grp.append(frame)
    xfrm = grp.find("p:grpSpPr/a:xfrm", NS)
    if xfrm is None:
        sp_pr = grp.find("p:grpSpPr", NS)
        xfrm = etree.SubElement(sp_pr, f"{{{A}}}xfrm")
    for child in list(xfrm):
        xfrm.remove(child)
    for tag, (u, v) in (("off", (x, y)), ("ext", (cx, cy)), ("chOff", (chx, chy)), ("chExt", (chcx, chcy))):
        el = etree.SubElement(xfrm, f"{{{A}}}{tag}")
        el.set("x" if tag in ("off", "chOff") else "cx", str(u))
        el.set("y" if tag in ("off", "chOff") else "cy", str(v))
    del rect


class ZipImageSink:
    """An image sink for one slide of an EditedDeck: identical bytes share one part."""

    def __init__(self, deck: EditedDeck, slide: int) -> None:
        self.deck, self.slide = deck, slide
        self.by_digest: dict[str, str] = {}

    def add_image(self, data: bytes, ext: str) -> str:
        digest = hashlib.sha1(data).hexdigest()
        if digest not in self.by_digest:
            name = f"ppt/media/tabletest_{digest[:12]}.{ext}"
            self.deck.new_parts[name] = data
            self.by_digest[digest] = self.deck.add_relationship(
                self.slide, IMAGE_REL, f"../media/{posixpath.basename(name)}"
            )
        return self.by_digest[digest]


class EditedDeck:
    """The slides of a pptx as XML trees, written back (with new parts) into a copy of it."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.slides: dict[int, etree._Element] = {}
        self.rels: dict[int, etree._Element] = {}
        self.new_parts: dict[str, bytes] = {}
        with zipfile.ZipFile(path) as z:
            self.names = z.namelist()
            self.slide_names = _slide_part_names(z)

    def _read(self, name: str) -> bytes:
        with zipfile.ZipFile(self.path) as z:
            return z.read(name)

    def slide(self, number: int) -> etree._Element:
        if number not in self.slides:
            self.slides[number] = etree.fromstring(self._read(self.slide_names[number - 1]))
        return self.slides[number]

    def slide_count(self) -> int:
        return len(self.slide_names)

    def frames(self, number: int) -> list[etree._Element]:
        """Every graphic frame holding a table on the slide, at any group depth."""
        return [
            f for f in self.slide(number).iter(f"{{{P}}}graphicFrame") if f.find(".//a:tbl", NS) is not None
        ]

    def frame(self, number: int, name: str = "tbl") -> etree._Element:
        for f in self.frames(number):
            if f.find("p:nvGraphicFramePr/p:cNvPr", NS).get("descr") == name:
                return f
        raise KeyError(name)

    def sink(self, number: int) -> ZipImageSink:
        return ZipImageSink(self, number)

    def add_relationship(self, number: int, rel_type: str, target: str) -> str:
        if number not in self.rels:
            name = _rels_name(self.slide_names[number - 1])
            self.rels[number] = (
                etree.fromstring(self._read(name))
                if name in self.names
                else etree.Element(f"{{{PR}}}Relationships", nsmap={None: PR})
            )
        rels = self.rels[number]
        used = {el.get("Id") for el in rels}
        n = 1
        while f"rId{n}" in used:
            n += 1
        rel = etree.SubElement(rels, f"{{{PR}}}Relationship")
        rel.set("Id", f"rId{n}")
        rel.set("Type", rel_type)
        rel.set("Target", target)
        return f"rId{n}"

    def save(self, out: Path) -> Path:
        replaced = {self.slide_names[n - 1]: _xml(tree) for n, tree in self.slides.items()}
        replaced.update({_rels_name(self.slide_names[n - 1]): _xml(tree) for n, tree in self.rels.items()})
        if self.new_parts:
            types = etree.fromstring(self._read("[Content_Types].xml"))
            defaults = {el.get("Extension", "").lower() for el in types.findall(f"{{{CT}}}Default")}
            for ext in {n.rsplit(".", 1)[1] for n in self.new_parts} - defaults:
                el = etree.Element(f"{{{CT}}}Default")
                el.set("Extension", ext)
                el.set("ContentType", f"image/{ext}")
                types.insert(0, el)
            replaced["[Content_Types].xml"] = _xml(types)
        with zipfile.ZipFile(self.path) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
            for info in src.infolist():
                data = replaced.pop(info.filename, None)
                dst.writestr(info, data if data is not None else src.read(info.filename))
            for name, data in replaced.items():
                dst.writestr(name, data)
            for name, data in self.new_parts.items():
                dst.writestr(name, data)
        return out


def _xml(tree: etree._Element) -> bytes:
    return etree.tostring(tree, xml_declaration=True, encoding="UTF-8", standalone=True)


def _rels_name(part: str) -> str:
    folder, base = posixpath.split(part)
    return f"{folder}/_rels/{base}.rels"


def _slide_part_names(z: zipfile.ZipFile) -> list[str]:
    """Slide part names in presentation order (from presentation.xml and its relationships)."""
    pres = etree.fromstring(z.read("ppt/presentation.xml"))
    rels = etree.fromstring(z.read("ppt/_rels/presentation.xml.rels"))
    targets = {el.get("Id"): el.get("Target") for el in rels}
    names = []
    for sld in pres.iterfind("p:sldIdLst/p:sldId", NS):
        target = targets[sld.get(f"{{{R}}}id")] or ""
        names.append(
            target.lstrip("/")
            if target.startswith("/")
            else posixpath.normpath(posixpath.join("ppt", target))
        )
    return names


# -- reading a filled table back ------------------------------------------------------------------


def tbl(frame: etree._Element) -> etree._Element:
    return frame.find("a:graphic/a:graphicData/a:tbl", NS)


def texts(frame: etree._Element) -> list[list[str]]:
    """The text of every cell; a:br counts as a newline."""
    out = []
    for tr in tbl(frame).findall("a:tr", NS):
        row = []
        for tc in tr.findall("a:tc", NS):
            parts = []
            for i, p in enumerate(tc.findall("a:txBody/a:p", NS)):
                if i:
                    parts.append("\n")
                for child in p:
                    if child.tag == f"{{{A}}}r":
                        parts.append(child.findtext("a:t", "", NS))
                    elif child.tag == f"{{{A}}}br":
                        parts.append("\n")
            row.append("".join(parts))
        out.append(row)
    return out


def widths(frame: etree._Element) -> list[int]:
    return [int(c.get("w")) for c in tbl(frame).findall("a:tblGrid/a:gridCol", NS)]


def heights(frame: etree._Element) -> list[int]:
    return [int(tr.get("h")) for tr in tbl(frame).findall("a:tr", NS)]


def box(frame: etree._Element) -> tuple[int, int, int, int]:
    off, ext = frame.find("p:xfrm/a:off", NS), frame.find("p:xfrm/a:ext", NS)
    return int(off.get("x")), int(off.get("y")), int(ext.get("cx")), int(ext.get("cy"))


def cells(frame: etree._Element) -> list[list[etree._Element]]:
    return [tr.findall("a:tc", NS) for tr in tbl(frame).findall("a:tr", NS)]


def assert_consistent_merges(frame: etree._Element) -> list[tuple[int, int, int, int]]:
    """Every span covers cells marked hMerge/vMerge and no marked cell is left uncovered; returns the merges."""
    grid = cells(frame)
    n_cols = len(widths(frame))
    assert all(len(row) == n_cols for row in grid), "every row has one cell per grid column"
    covered: dict[tuple[int, int], tuple[int, int]] = {}
    merges = []
    for r, row in enumerate(grid):
        for c, tc in enumerate(row):
            if tc.get("hMerge") or tc.get("vMerge"):
                continue
            nr, nc = int(tc.get("rowSpan", "1")), int(tc.get("gridSpan", "1"))
            assert r + nr <= len(grid), f"row span of ({r},{c}) leaves the table"
            assert c + nc <= n_cols, f"column span of ({r},{c}) leaves the table"
            if nr > 1 or nc > 1:
                merges.append((r, c, nr, nc))
            for rr in range(r, r + nr):
                for cc in range(c, c + nc):
                    if (rr, cc) != (r, c):
                        covered[(rr, cc)] = (r, c)
    for r, row in enumerate(grid):
        for c, tc in enumerate(row):
            marked = bool(tc.get("hMerge") or tc.get("vMerge"))
            assert marked == ((r, c) in covered), f"cell ({r},{c}) merge marks disagree with the spans"
            if marked:
                origin = covered[(r, c)]
                assert (tc.get("hMerge") == "1") == (c > origin[1])
                assert (tc.get("vMerge") == "1") == (r > origin[0])
    return merges


def clone_frame(frame: etree._Element) -> etree._Element:
    return copy.deepcopy(frame)


# -- one call: template, fill, write, fast readers -----------------------------------------------


@dataclass
class Filled:
    template: Path
    out: Path
    deck: EditedDeck
    frame: etree._Element


def fill_and_save(tmp_path: Path, spec: TableSpec, data: dict[str, object], *, sink: bool = True) -> Filled:
    """Build a one-table template, fill it with data (a Table as JSON), write it and read it back
    with python-pptx and the schema validator (LibreOffice runs in the slow tests)."""
    from deckkit.model.elements import Table
    from deckkit.renderer.table.filler import check_table, fill_table
    from tests.readers import assert_readable

    template = build_template(tmp_path / "template.pptx", [spec])
    deck = EditedDeck(template)
    frame = deck.frame(1, spec.name)
    table = Table.model_validate({"type": "table", **data})
    assert check_table(frame, table, "slides[0].tbl") == []
    fill_table(frame, table, deck.sink(1) if sink else None)
    out = deck.save(tmp_path / "out.pptx")
    assert_readable(out, template, pages=1, libreoffice=False)
    return Filled(template, out, deck, frame)


def grid_data(n_rows: int, n_cols: int) -> list[list[str]]:
    return [[f"v{i}.{j}" for j in range(n_cols)] for i in range(n_rows)]
