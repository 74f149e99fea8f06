"""A table as PowerPoint saves a merged header (issue 26): the covered cell is bare.

The header "Sales" spans the last two columns; PowerPoint writes the covered cell with
``hMerge="1"``, an empty ``a:tcPr`` and default text, the look being the visible cell's.
"""

from __future__ import annotations

from pathlib import Path

from lxml import etree

A = "http://schemas.openxmlformats.org/drawingml/2006/main"
HEADER_FILL = "1F4E79"


def _a(tag: str) -> str:
    return f"{{{A}}}{tag}"


def _header_look(tc: etree._Element) -> None:
    """Dark blue fill, white 14 pt bold text."""
    tc_pr = tc.find(_a("tcPr"))
    tc_pr[:] = []
    fill = etree.SubElement(tc_pr, _a("solidFill"))
    etree.SubElement(fill, _a("srgbClr"), val=HEADER_FILL)
    for run in tc.iter(_a("r")):
        r_pr = run.find(_a("rPr"))
        if r_pr is None:
            r_pr = etree.Element(_a("rPr"), lang="en-US")
            run.insert(0, r_pr)
        r_pr.set("sz", "1400")
        r_pr.set("b", "1")
        solid = etree.SubElement(r_pr, _a("solidFill"))
        etree.SubElement(solid, _a("srgbClr"), val="FFFFFF")


def merged_header_table(path: Path, alt: str = "sales") -> Path:
    """A 3 x 3 table: headers "Region" and "Sales" (spanning columns 1-2), no table style."""
    from pptx import Presentation
    from pptx.util import Inches

    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    frame = slide.shapes.add_table(3, 3, Inches(0.5), Inches(0.5), Inches(6), Inches(1.5))
    frame._element.nvGraphicFramePr.cNvPr.set("descr", alt)
    table = frame.table
    table.cell(0, 0).text = "Region"
    table.cell(0, 1).text = "Sales"
    for r in (1, 2):
        for c in range(3):
            table.cell(r, c).text = f"r{r}c{c}"
    tbl = frame._element.find(f".//{_a('tbl')}")
    tbl.find(_a("tblPr")).attrib.clear()  # no banding or header style: the look is the cells' own
    style = tbl.find(f"{_a('tblPr')}/{_a('tableStyleId')}")
    if style is not None:
        style.getparent().remove(style)
    header = tbl.findall(_a("tr"))[0].findall(_a("tc"))
    for tc in header[:2]:
        if tc.find(_a("tcPr")) is None:
            etree.SubElement(tc, _a("tcPr"))
        _header_look(tc)
    header[1].set("gridSpan", "2")
    covered = header[2]
    covered.set("hMerge", "1")
    covered[:] = []
    body = etree.SubElement(covered, _a("txBody"))
    etree.SubElement(body, _a("bodyPr"))
    etree.SubElement(body, _a("lstStyle"))
    p = etree.SubElement(body, _a("p"))
    etree.SubElement(p, _a("endParaRPr"), lang="en-US")
    etree.SubElement(covered, _a("tcPr"))
    prs.save(str(path))
    return path
