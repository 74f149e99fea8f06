"""What a placeholder inherits: its layout and master placeholders, and its effective body properties.

A placeholder on a slide says only what differs from the placeholder it follows on its layout,
which says only what differs from the master's. PowerPoint reads a text box's body properties
(``a:bodyPr``: insets, wrap, anchor, and its auto-fit: ``a:normAutofit`` shrink text on
overflow, ``a:spAutoFit`` resize shape, ``a:noAutofit``) and its list styles (``a:lstStyle``)
from the shape, then the layout placeholder, then the master placeholder; the master's text
styles (``p:txStyles``) come last (:mod:`deckkit.renderer.fill.masterstyles` reads those).

Matching follows PowerPoint: a slide placeholder follows the layout placeholder with its ``idx``,
else the first of its ``type`` (``body`` when absent); a layout placeholder follows the master's
of its type (a centred title the title, a subtitle or an object the body).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple, TypeVar

from lxml import etree

from deckkit.ooxml.namespaces import qn
from deckkit.ooxml.opc.part import Part
from deckkit.ooxml.opc.relationships import RT
from deckkit.ooxml.xml_children import first_child, first_of_two

__all__ = [
    "AUTOFIT_TAGS",
    "BodyProperties",
    "PlaceholderChain",
    "TextBodyParts",
    "effective_body",
    "inherited_body",
    "matching_placeholder",
    "placeholder_of",
    "text_body_parts",
]

T = TypeVar("T")

AUTOFIT_TAGS = {qn("a:normAutofit"): "shrink", qn("a:spAutoFit"): "resize", qn("a:noAutofit"): "none"}
_NV_PR, _PH, _SP_PR, _TX_BODY = qn("p:nvPr"), qn("p:ph"), qn("p:spPr"), qn("p:txBody")
_BODY_PR, _LST_STYLE, _P = qn("a:bodyPr"), qn("a:lstStyle"), qn("a:p")
# The master's placeholder a layout's follows, by type: the master has title, body, dt, ftr, sldNum.
_MASTER_TYPE = {"ctrTitle": "title", "subTitle": "body", "obj": "body", "tbl": "body", "chart": "body"}


def placeholder_of(shape: etree._Element) -> etree._Element | None:
    """The shape's ``p:ph`` (``./*/p:nvPr/p:ph``), or None for a shape of its own.

    Its ``p:ph`` descendants are walked in C and the first whose parent is a ``p:nvPr`` child of
    the shape's child is taken (the same as the path, in document order): one walk instead of a
    child iterator made for each of the shape's children.
    """
    for ph in shape.iter(_PH):
        nv_pr = ph.getparent()
        if nv_pr is not None and nv_pr.tag == _NV_PR:
            holder = nv_pr.getparent()
            if holder is not None and holder.getparent() is shape:
                return ph
    return None


def matching_placeholder(
    root: etree._Element, idx: str | None, kind: str, take: Callable[[etree._Element], T | None]
) -> T | None:
    """What ``take`` gives of the shape of root's (a layout's, a master's) placeholder with
    ``idx``, else of its first placeholder of type ``kind``; a shape ``take`` gives None of is
    passed over."""
    by_type = None
    for ph in root.iter(_PH):
        nv_pr = ph.getparent()
        nv = nv_pr.getparent() if nv_pr is not None else None
        owner = nv.getparent() if nv is not None else None
        taken = take(owner) if owner is not None else None
        if taken is None:
            continue
        if idx is not None and ph.get("idx") == idx:
            return taken
        if by_type is None and ph.get("type", "body") == kind:
            by_type = taken
    return by_type


def _find(root: etree._Element, idx: str | None, kind: str) -> etree._Element | None:
    """The shape of root's placeholder with ``idx``, else the first of ``kind``."""
    return matching_placeholder(root, idx, kind, lambda shape: shape)


class PlaceholderChain(NamedTuple):
    """The shapes a placeholder inherits from, nearest first (layout, then master); either may be None."""

    layout: etree._Element | None
    master: etree._Element | None

    @classmethod
    def of(cls, ph: etree._Element, slide: Part) -> PlaceholderChain:
        layout_part = slide.related(RT.SLIDE_LAYOUT)
        master_part = layout_part.related(RT.SLIDE_MASTER) if layout_part is not None else None
        kind = ph.get("type", "body")
        layout = _find(layout_part.xml, ph.get("idx"), kind) if layout_part is not None else None
        if layout is not None:
            lph = placeholder_of(layout)
            kind = lph.get("type", "body") if lph is not None else kind
        master = (
            _find(master_part.xml, None, _MASTER_TYPE.get(kind, kind)) if master_part is not None else None
        )
        return cls(layout, master)

    def shapes(self) -> list[etree._Element]:
        return [s for s in (self.layout, self.master) if s is not None]


class BodyProperties(NamedTuple):
    """A text box's body properties as PowerPoint draws them, its own first, then inherited."""

    autofit: str  # "shrink" (normAutofit), "resize" (spAutoFit) or "none" (noAutofit, or none said)
    autofit_element: etree._Element | None  # the a:*Autofit element that says so, wherever it is
    attributes: dict[str, str]  # lIns, tIns, rIns, bIns, wrap, anchor, vert, ...: the nearest says
    list_styles: list[etree._Element]  # a:lstStyle of the shape, layout and master, nearest first


class TextBodyParts(NamedTuple):
    """A ``p:txBody``'s ``a:bodyPr`` and ``a:lstStyle`` (the first of each; None where absent)."""

    body_pr: etree._Element | None
    list_style: etree._Element | None


def text_body_parts(tx_body: etree._Element) -> TextBodyParts:
    """The first ``a:bodyPr`` and ``a:lstStyle`` among tx_body's children, looked at in one pass
    until both are found or the first paragraph is reached (the schema puts them before the
    paragraphs: a body without a list style is not read to its end)."""
    return TextBodyParts(*first_of_two(tx_body, _BODY_PR, _LST_STYLE, until=_P))


def _parts(shape: etree._Element) -> TextBodyParts:
    body = first_child(shape, _TX_BODY)
    return text_body_parts(body) if body is not None else TextBodyParts(None, None)


def _merged(
    sources: list[TextBodyParts],
) -> tuple[str, etree._Element | None, dict[str, str], list[etree._Element]]:
    """Body properties of the text bodies ``sources``, the nearest first: (autofit, its element,
    attributes, list styles)."""
    attributes: dict[str, str] = {}
    autofit, element = "", None
    styles: list[etree._Element] = []
    for body_pr, own in sources:
        if body_pr is None:
            continue
        for name, value in body_pr.attrib.items():
            attributes.setdefault(str(name), str(value))
        if not autofit:
            for child in body_pr.iterchildren():
                if child.tag in AUTOFIT_TAGS:
                    autofit, element = AUTOFIT_TAGS[child.tag], child
                    break
        if own is not None and len(own):
            styles.append(own)
    return autofit, element, attributes, styles


def inherited_body(chain: PlaceholderChain) -> BodyProperties:
    """What a placeholder's chain gives its body (the same for every slide placeholder of the chain)."""
    autofit, element, attributes, styles = _merged([_parts(shape) for shape in chain.shapes()])
    return BodyProperties(autofit or "none", element, attributes, styles)


def effective_body(own: TextBodyParts, inherited: BodyProperties | None) -> BodyProperties:
    """The body properties of a shape whose text body has ``own`` (:func:`text_body_parts`) over
    what its chain gives (``inherited_body``; None: its own only)."""
    autofit, element, attributes, styles = _merged([own])
    if inherited is None:
        return BodyProperties(autofit or "none", element, attributes, styles)
    if not autofit and inherited.autofit_element is not None:
        autofit, element = inherited.autofit, inherited.autofit_element
    for name, value in inherited.attributes.items():
        attributes.setdefault(name, value)
    return BodyProperties(autofit or "none", element, attributes, [*styles, *inherited.list_styles])
