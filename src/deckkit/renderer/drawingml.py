"""DrawingML writing shared by every filler: colours, fills, outlines, font and alignment.

One definition of what a data.json colour means in XML (``a:srgbClr``, ``a:schemeClr``,
``a:prstClr``), and of where fills, outlines and run properties sit in their parents, so that
the order the schema demands is kept wherever text, tables and charts are styled.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from lxml import etree

from deckkit.model.colors import parse_color
from deckkit.model.styles import FontStyles, ShapeStyles
from deckkit.ooxml.namespaces import A, names_in, qn
from deckkit.ooxml.xml_children import first_child

FILLS = ("noFill", "solidFill", "gradFill", "blipFill", "pattFill", "grpFill")
"""The fill elements (EG_FillProperties), in schema order: one at most stands in each parent."""
FILL_TAGS = tuple(qn(f"a:{t}") for t in FILLS)

# Children that must come after the fill in each parent, in schema order.
_AFTER_FILL_IN_SPPR = ("ln", "effectLst", "effectDag", "scene3d", "sp3d", "extLst")
_AFTER_FILL_IN_TCPR = ("headers", "extLst")
_AFTER_FILL_IN_RPR = (
    "effectLst",
    "effectDag",
    "highlight",
    "uLnTx",
    "uLn",
    "uFillTx",
    "uFill",
    "latin",
    "ea",
    "cs",
    "sym",
    "hlinkClick",
    "hlinkMouseOver",
    "rtl",
    "extLst",
)
_AFTER_LN_IN_SPPR = ("effectLst", "effectDag", "scene3d", "sp3d", "extLst")
_AFTER_LN_IN_RPR = (*FILLS, *_AFTER_FILL_IN_RPR)
_AFTER_LATIN_IN_RPR = ("ea", "cs", "sym", "hlinkClick", "hlinkMouseOver", "rtl", "extLst")

ALIGN = {"left": "l", "center": "ctr", "right": "r", "justified": "just", "distributed": "dist"}
ANCHOR = {"top": "t", "center": "ctr", "bottom": "b"}


a = names_in("a")
"""``a("solidFill")`` is ``qn("a:solidFill")``: the DrawingML name of a tag chosen at run time."""


def color_element(color: str) -> etree._Element:
    """The DrawingML colour element for a data.json colour (already validated by the model)."""
    parsed = parse_color(color)
    tag = {"srgb": "srgbClr", "scheme": "schemeClr", "preset": "prstClr"}[parsed.kind]
    el = etree.Element(a(tag), nsmap={"a": A})
    el.set("val", parsed.value)
    return el


def solid_fill(color: str) -> etree._Element:
    fill = etree.Element(qn("a:solidFill"), nsmap={"a": A})
    fill.append(color_element(color))
    return fill


@functools.lru_cache(maxsize=256)
def _qualified(successors: tuple[str, ...]) -> frozenset[str]:
    return frozenset(x if x.startswith("{") else a(x) for x in successors)


def insert_before_any(parent: etree._Element, child: etree._Element, successors: Iterable[str]) -> None:
    """Insert child before the first existing child whose local name is in successors, else append."""
    names = _qualified(successors if isinstance(successors, tuple) else tuple(successors))
    for i, existing in enumerate(parent):
        if existing.tag in names:
            parent.insert(i, child)
            return
    parent.append(child)


def _replace_fill(parent: etree._Element, fill: etree._Element, successors: Iterable[str]) -> None:
    for old in [c for c in parent if c.tag in FILL_TAGS]:
        parent.remove(old)
    insert_before_any(parent, fill, successors)


def set_shape_fill(sp_pr: etree._Element, color: str) -> None:
    """Fill of a shape (``p:spPr``); ``""`` removes it (``a:noFill``)."""
    _replace_fill(sp_pr, solid_fill(color) if color else etree.Element(qn("a:noFill")), _AFTER_FILL_IN_SPPR)


def set_cell_fill(tc_pr: etree._Element, color: str) -> None:
    """Fill of a table cell (``a:tcPr``); ``""`` removes it."""
    _replace_fill(tc_pr, solid_fill(color) if color else etree.Element(qn("a:noFill")), _AFTER_FILL_IN_TCPR)


def line_properties(color: str, ln: etree._Element | None = None) -> etree._Element:
    """An ``a:ln`` (new, or the given one updated) drawn in color; ``""`` makes it invisible."""
    if ln is None:
        ln = etree.Element(qn("a:ln"), nsmap={"a": A})
    for old in [c for c in ln if c.tag in FILL_TAGS]:
        ln.remove(old)
    fill = solid_fill(color) if color else etree.Element(qn("a:noFill"))
    # a:ln: fill first, then prstDash/custDash, join, headEnd, tailEnd, extLst.
    ln.insert(0, fill)
    return ln


def set_shape_outline(sp_pr: etree._Element, color: str) -> None:
    """Outline of a shape (``p:spPr/a:ln``); ``""`` removes it. Width and dash are kept."""
    ln = first_child(sp_pr, qn("a:ln"))
    if ln is None:
        ln = line_properties(color)
        insert_before_any(sp_pr, ln, _AFTER_LN_IN_SPPR)
    else:
        line_properties(color, ln)


def apply_font(r_pr: etree._Element, font: FontStyles) -> None:
    """Apply font styles to run properties (``a:rPr``/``a:endParaRPr``/``a:defRPr``), keeping the rest."""
    if font.size is not None:
        r_pr.set("sz", str(round(font.size * 100)))
    if font.bold is not None:
        r_pr.set("b", "1" if font.bold else "0")
    if font.italic is not None:
        r_pr.set("i", "1" if font.italic else "0")
    if font.underline is not None:
        r_pr.set("u", "sng" if font.underline else "none")
    if font.strike is not None:
        r_pr.set("strike", "sngStrike" if font.strike else "noStrike")
    if font.color is not None:
        _replace_fill(r_pr, solid_fill(font.color), _AFTER_FILL_IN_RPR)
    if font.typeface is not None:
        latin = first_child(r_pr, qn("a:latin"))
        if latin is None:
            latin = etree.Element(qn("a:latin"))
            insert_before_any(r_pr, latin, _AFTER_LATIN_IN_RPR)
        latin.attrib.clear()
        latin.set("typeface", font.typeface)
        for tag in ("ea", "cs"):
            other = r_pr.find(a(tag))
            if other is not None:
                other.set("typeface", font.typeface)


def set_paragraph_alignment(p_pr: etree._Element, align: str) -> None:
    p_pr.set("algn", ALIGN[align])


def apply_shape_styles_to_sp_pr(sp_pr: etree._Element, shape: ShapeStyles) -> None:
    """Fill and outline of a shape; alignment is set on paragraphs and the body by the text filler."""
    if shape.fill is not None:
        set_shape_fill(sp_pr, shape.fill)
    if shape.outline is not None:
        set_shape_outline(sp_pr, shape.outline)


def anchor_value(vertical_align: str) -> str:
    return ANCHOR[vertical_align]
