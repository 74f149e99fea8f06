"""Delete filler: ``{"delete": true}`` removes the element that holds the key.

A text shape holding ``{key}`` is removed; a table cell holding ``{key}`` is emptied; a table,
chart or picture whose alt text is the key is removed. A group left empty goes too.
"""

from __future__ import annotations

from lxml import etree

from deckkit.model import Delete
from deckkit.ooxml.locate import Occurrence
from deckkit.ooxml.namespaces import qn
from deckkit.ooxml.xml_children import child_elements, first_child
from deckkit.ooxml.xml_copy import copy_tree
from deckkit.renderer.filler import ALL_PLACES, KeySite, Operation, OutputSlide, PlanReport, register_filler

__all__ = ["DeleteFiller", "delete_shape", "delete_text_holder", "empty_cell"]

_GRP = qn("p:grpSp")
_MC_BRANCHES = (qn("mc:Choice"), qn("mc:Fallback"))
_SHAPE_TAGS = frozenset(
    [qn(f"p:{t}") for t in ("sp", "grpSp", "graphicFrame", "cxnSp", "pic", "contentPart")]
    + [qn("mc:AlternateContent")]
)


def delete_shape(shape: etree._Element) -> None:
    """Remove a shape from its tree (with its markup-compatibility wrapper, and empty groups)."""
    parent = shape.getparent()
    if parent is None:
        return
    if parent.tag in _MC_BRANCHES:
        wrapper = parent.getparent()
        if wrapper is not None:
            delete_shape(wrapper)
        return
    parent.remove(shape)
    if parent.tag == _GRP and not any(child.tag in _SHAPE_TAGS for child in parent):
        delete_shape(parent)


def empty_cell(tc: etree._Element) -> None:
    """Leave one empty paragraph in a table cell, keeping its paragraph and run formatting."""
    body = first_child(tc, qn("a:txBody"))
    if body is None:
        return
    paragraphs = child_elements(body, qn("a:p"))
    first = paragraphs[0] if paragraphs else None
    empty = etree.Element(qn("a:p"))
    if first is not None:
        p_pr = first_child(first, qn("a:pPr"))
        if p_pr is not None:
            empty.append(copy_tree(p_pr))
        run_pr = first.find(qn("a:r/a:rPr"))
        end = first_child(first, qn("a:endParaRPr"))
        source = end if end is not None else run_pr
        if source is not None:
            end_copy = copy_tree(source)
            end_copy.tag = qn("a:endParaRPr")
            for link in child_elements(end_copy, qn("a:hlinkClick")):
                end_copy.remove(link)
            empty.append(end_copy)
    for p in paragraphs:
        body.remove(p)
    body.append(empty)


def delete_text_holder(occ: Occurrence) -> None:
    """Delete for a text occurrence: empty its table cell, or remove its shape."""
    if occ.cell is not None:
        empty_cell(occ.cell)
    else:
        delete_shape(occ.shape)


@register_filler(Delete, places=ALL_PLACES)
class DeleteFiller:
    """``{"delete": true}``: every text holder and frame of the key goes."""

    removes_shapes = True

    def plan(self, site: KeySite, value: Delete, report: PlanReport) -> Operation[Delete] | None:
        if site.text or site.frames:
            return Operation(site.key, value, self)
        report.unused(site)
        return None

    def fill(self, site: KeySite, value: Delete, output: OutputSlide) -> None:
        for occ in site.text:
            delete_text_holder(occ)
        for frame in site.frames:
            delete_shape(frame.element)
