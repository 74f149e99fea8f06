"""One table cell: its text (formatted like the template cell) and its styles.

A value replaces the cell's whole text. The formatting comes from the template cell at that
position: the first paragraph's ``a:pPr``, the first run's ``a:rPr`` (or, in a cell without runs,
the paragraph's ``a:endParaRPr``) and ``a:endParaRPr``. ``\\n`` is a line break (``a:br``)
inside one paragraph.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from lxml import etree

from deckkit.model.runs import TextRun
from deckkit.model.styles import FontStyles, ShapeStyles
from deckkit.ooxml.xml_children import child_elements, first_child
from deckkit.ooxml.xml_copy import copy_tree
from deckkit.renderer.drawingml import (
    ALIGN,
    ANCHOR,
    FILLS,
    apply_font,
    insert_before_any,
    line_properties,
    set_cell_fill,
)
from deckkit.renderer.drawingml import a as qn
from deckkit.renderer.runs import value_elements
from deckkit.renderer.table.grid import Merge

# XML 1.0 cannot hold these characters at all; a pptx with them does not open.
ILLEGAL_XML_CHARACTERS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
# What a cell's text needs rewritten: those, and the line ends other than \n. Most text has none.
_SPECIAL_CHARACTERS = re.compile("[\x00-\x08\x0b-\x1f\ufffe\uffff]")
# What keeps set_cell_text from writing a text as one run as it is: those, and \n. One search
# tells a table stencil whether it can make a cell of a text (table/prototype.py).
NOT_ONE_RUN = re.compile("[\x00-\x08\n-\x1f\ufffe\uffff]")

# a:tcPr children in schema order: borders first, then cell3D, the fill, headers, extLst.
BORDERS = ("lnL", "lnR", "lnT", "lnB")
_TCPR_ORDER = (
    "lnL",
    "lnR",
    "lnT",
    "lnB",
    "lnTlToBr",
    "lnBlToTr",
    "cell3D",
    *FILLS,
    "headers",
    "extLst",
)
DEFAULT_BORDER_WIDTH = "12700"  # 1 pt
# Qualified names used once per cell, computed once (large tables have tens of thousands of cells).
_P, _R, _T, _BR, _FLD = qn("p"), qn("r"), qn("t"), qn("br"), qn("fld")
_PPR, _RPR, _END, _TXBODY, _EXT = qn("pPr"), qn("rPr"), qn("endParaRPr"), qn("txBody"), qn("extLst")


def has_special_characters(value: str) -> bool:
    """Whether value holds characters a cell's text rewrites (line ends other than \\n, illegal ones)."""
    return _SPECIAL_CHARACTERS.search(value) is not None


def cell_properties(tc: etree._Element) -> etree._Element:
    """The cell's ``a:tcPr``, created in its place (after the text body) when missing."""
    tc_pr = first_child(tc, qn("tcPr"))
    if tc_pr is None:
        tc_pr = etree.Element(qn("tcPr"))
        insert_before_any(tc, tc_pr, ("extLst",))
    return tc_pr


def _text_body(tc: etree._Element) -> etree._Element:
    body = first_child(tc, _TXBODY)
    if body is None:
        body = etree.Element(_TXBODY)
        etree.SubElement(body, qn("bodyPr"))
        etree.SubElement(body, qn("lstStyle"))
        tc.insert(0, body)
    return body


def _first_run_properties(paragraphs: list[etree._Element]) -> etree._Element | None:
    for para in paragraphs:
        for run in para.iter(_R, _FLD):
            r_pr = first_child(run, _RPR)
            if r_pr is not None:
                return r_pr
    for para in paragraphs:
        end = first_child(para, _END)
        if end is not None:
            return end
    return None


def _as(tag: str, properties: etree._Element | None) -> etree._Element | None:
    if properties is None:
        return None
    clone = copy_tree(properties)
    clone.tag = qn(tag)
    # A spelling-error mark belongs to the template's words, not to ours.
    if "err" in clone.attrib:
        del clone.attrib["err"]
    return clone


def set_cell_text(
    tc: etree._Element,
    value: str | Sequence[str | TextRun],
    font: FontStyles | None = None,
    add_hyperlink: Callable[[str], str] | None = None,
) -> None:
    """Replace the cell's text with value, formatted like the template's first run.

    font (``styles.font``) is applied to that formatting once, before it is copied onto every
    run, line break and the paragraph end. A value given as runs (rich text) adds each run's
    own font and link (through ``add_hyperlink``) on top.
    """
    body = _text_body(tc)
    paragraphs = child_elements(body, _P)
    first = paragraphs[0] if paragraphs else None
    p_pr = first_child(first, _PPR) if first is not None else None
    end = first_child(first, _END) if first is not None else None
    r_pr = _as("rPr", _first_run_properties(paragraphs))
    end_pr = _as("endParaRPr", end) if end is not None else _as("endParaRPr", r_pr)
    if font is not None:
        if r_pr is None:
            r_pr = etree.Element(_RPR)
        if end_pr is None:
            end_pr = etree.Element(_END)
        apply_font(r_pr, font)
        apply_font(end_pr, font)

    # Made inside the cell's document: an element made on its own gets a document of its own,
    # and moving it in later makes lxml walk it to reconcile namespaces.
    para = etree.SubElement(body, _P)
    if p_pr is not None:
        para.append(p_pr)  # moved, not copied: its paragraph goes below
    if not isinstance(value, str):
        base = r_pr if r_pr is not None else etree.Element(_RPR)
        for element in value_elements(value, base, add_hyperlink, {}):
            para.append(element)
        value = ""
    if has_special_characters(value):
        # A vertical tab is PowerPoint's soft line break: a break, as in any text (docs/templates.md).
        value = ILLEGAL_XML_CHARACTERS.sub(
            "", value.replace("\r\n", "\n").replace("\r", "\n").replace("\v", "\n")
        )
    if "\n" in value:
        _add_lines(para, value.split("\n"), r_pr)
    elif value:  # one run, which takes r_pr (a private copy already) as it is
        run = etree.SubElement(para, _R)
        if r_pr is not None:
            run.append(r_pr)
        etree.SubElement(run, _T).text = value
    if end_pr is not None:
        para.append(end_pr)

    for old in paragraphs:
        body.remove(old)
    # The new paragraph is the body's last child: it belongs before an a:extLst only.
    ext = first_child(body, _EXT)
    if ext is not None:
        ext.addprevious(para)


def _add_lines(para: etree._Element, lines: list[str], r_pr: etree._Element | None) -> None:
    """Runs separated by line breaks (``a:br``), each with its copy of r_pr."""
    # r_pr is a private copy already: the last run or break that needs it takes it as it is.
    uses = len(lines) - 1 + sum(1 for line in lines if line)
    for i, line in enumerate(lines):
        if i:
            br = etree.SubElement(para, _BR)
            if r_pr is not None:
                uses -= 1
                br.append(copy_tree(r_pr) if uses else r_pr)
        if line:
            run = etree.SubElement(para, _R)
            if r_pr is not None:
                uses -= 1
                run.append(copy_tree(r_pr) if uses else r_pr)
            etree.SubElement(run, _T).text = line


def apply_cell_styles(
    matrix: list[list[etree._Element]], row: int, col: int, shape: ShapeStyles, merge: Merge | None
) -> None:
    """styles.shape on the cell: fill, borders, alignment (styles.font goes with the text)."""
    _apply_shape_to_cell(matrix, row, col, shape, merge)


def _apply_shape_to_cell(
    matrix: list[list[etree._Element]], row: int, col: int, shape: ShapeStyles, merge: Merge | None
) -> None:
    tc = matrix[row][col]
    tc_pr = cell_properties(tc)
    if shape.fill is not None:
        set_cell_fill(tc_pr, shape.fill)
    if shape.outline is not None:
        _set_outline(matrix, merge or Merge(row, col, 1, 1), shape.outline)
    if shape.vertical_align is not None:
        tc_pr.set("anchor", ANCHOR[shape.vertical_align])
    if shape.align is not None:
        for para in _text_body(tc).findall(qn("p")):
            p_pr = first_child(para, qn("pPr"))
            if p_pr is None:
                p_pr = etree.Element(qn("pPr"))
                para.insert(0, p_pr)
            p_pr.set("algn", ALIGN[shape.align])


def set_border(tc: etree._Element, side: str, color: str) -> None:
    """One border of a cell (``a:lnL`` ...) in color; ``""`` makes it invisible. Width is kept."""
    tc_pr = cell_properties(tc)
    ln = first_child(tc_pr, qn(side))
    if ln is None:
        ln = etree.Element(qn(side))
        ln.set("w", DEFAULT_BORDER_WIDTH)
        insert_before_any(tc_pr, ln, _TCPR_ORDER[_TCPR_ORDER.index(side) + 1 :])
    line_properties(color, ln)


def _set_outline(matrix: list[list[etree._Element]], block: Merge, color: str) -> None:
    # A cell's edge is shared with its neighbour, and each keeps its own copy of the line;
    # both are set so that every reader draws the same edge whichever copy it prefers.
    n_rows, n_cols = len(matrix), len(matrix[0])
    top, left = block.row, block.col
    bottom, right = block.row + block.rows - 1, block.col + block.cols - 1
    origin = matrix[top][left]
    for side in BORDERS:
        set_border(origin, side, color)
    for c in range(left, right + 1):
        set_border(matrix[top][c], "lnT", color)
        set_border(matrix[bottom][c], "lnB", color)
        if top > 0:
            set_border(matrix[top - 1][c], "lnB", color)
        if bottom < n_rows - 1:
            set_border(matrix[bottom + 1][c], "lnT", color)
    for r in range(top, bottom + 1):
        set_border(matrix[r][left], "lnL", color)
        set_border(matrix[r][right], "lnR", color)
        if left > 0:
            set_border(matrix[r][left - 1], "lnR", color)
        if right < n_cols - 1:
            set_border(matrix[r][right + 1], "lnL", color)
