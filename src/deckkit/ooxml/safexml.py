"""The one way the renderer parses the XML of a template, and the refusal of document type declarations.

PowerPoint and Excel never write a DOCTYPE. A part that has one was made by hand or by an
attacker, and it cannot be carried through: the parser does not expand entities (that would open
the door to billion-laughs and external-entity attacks), so an entity the DTD declares
(``<!ENTITY co "ACME">`` ... ``&co;``) would stay a reference, lxml writes the tree back without
its DTD, and the output would hold an undefined entity that no reader opens. So a part with a
DOCTYPE is refused with a TemplateError naming it: parsed parts when they are parsed, parts
copied byte for byte (and the parts of embedded workbooks) when the package is written.
"""

from __future__ import annotations

from lxml import etree

from deckkit.errors import TemplateError

__all__ = ["SAFE_PARSER", "doctype_refusal", "has_doctype", "parse_xml"]

SAFE_PARSER = etree.XMLParser(
    resolve_entities=False, no_network=True, load_dtd=False, huge_tree=True, remove_blank_text=False
)
"""No entity expansion, no network, no external DTD; large trees allowed (a big slide is legitimate,
and a zip bomb is stopped by the size bounds before it gets here)."""

_DOCTYPE = b"<!DOCTYPE"
# UTF-16 and UTF-32 parts (legal XML, rare in Office files) do not hold the ASCII marker.
_WIDE_STARTS = (b"\xff\xfe", b"\xfe\xff", b"\x00", b"<\x00")


def doctype_refusal(where: str) -> TemplateError:
    return TemplateError(
        f"template.pptx cannot be used: part {where} has a document type declaration (<!DOCTYPE ...>), "
        "which PowerPoint never writes; open the template in PowerPoint and save it again"
    )


def _declares_doctype(root: etree._Element) -> bool:
    info = root.getroottree().docinfo
    return (
        info.internalDTD is not None
        or info.externalDTD is not None
        or bool(info.system_url or info.public_id)
    )


def parse_xml(blob: bytes, where: str) -> etree._Element:
    """The part's root element; TemplateError when it is not well-formed or has a DOCTYPE."""
    try:
        root = etree.fromstring(blob, SAFE_PARSER)
    except etree.XMLSyntaxError as e:
        raise TemplateError(f"template.pptx is damaged: part {where} is not well-formed XML ({e})") from None
    if _declares_doctype(root):
        raise doctype_refusal(where)
    return root


def has_doctype(blob: bytes) -> bool:
    """Whether XML bytes declare a document type: a byte search, confirmed by a parse when it hits.

    The search makes the check cheap for the many parts that are copied without being parsed; the
    parse keeps a ``<!DOCTYPE`` inside a comment or CDATA section from being taken for one.
    """
    wide = blob.startswith(_WIDE_STARTS) or b"\x00" in blob[:4]
    if not wide and _DOCTYPE not in blob:
        return False
    try:
        root = etree.fromstring(blob, SAFE_PARSER)
    except etree.XMLSyntaxError:
        # Not XML the parser reads: the markers decide (this part is the template's own, copied as is).
        return _DOCTYPE in blob or _DOCTYPE.decode().encode("utf-16-le") in blob
    return _declares_doctype(root)
