"""List filler: the paragraph holding ``{key}`` becomes one paragraph per item.

Level prototypes (docs/templates.md, "Lists"): the "dummy list" is the ``{key}`` paragraph plus the paragraphs
right after it that are list items of it: bulleted or numbered, at its level or deeper, free of
other placeholders, up to the first paragraph that is not. The ``{key}`` paragraph is the
prototype for its own level (its ``a:pPr`` and the run where ``{key}`` starts); the first
paragraph at a deeper level n is the prototype for items at level n (its ``a:pPr`` and its first
run's ``a:rPr``). The dummy list is replaced; text the designer wrote around it (a heading, a
source line) stays. An item at a level without a prototype uses the nearest level below it that
has one. Only ``styles.font`` counts for list items.

A paragraph is bulleted when its own ``a:pPr`` says so (``a:buChar``, ``a:buAutoNum``,
``a:buBlip``; ``a:buNone`` says not), else when the text body's list style does for its level,
else when it is in a body or content placeholder (whose master gives every level a bullet).
"""

from __future__ import annotations

from typing import NamedTuple

from lxml import etree

from deckkit.model import List, Text
from deckkit.ooxml.locate import KEY_PATTERN, Occurrence, paragraph_segments
from deckkit.ooxml.namespaces import qn
from deckkit.ooxml.xml_children import child_elements, first_child
from deckkit.ooxml.xml_copy import copy_tree
from deckkit.renderer.fill.text import AddHyperlink, TextKeyFiller
from deckkit.renderer.filler import KeySite, OutputSlide, register_filler
from deckkit.renderer.runs import styled_run_properties, value_elements

__all__ = ["ListFiller", "fill_list"]

_BULLETS = frozenset(qn(f"a:{t}") for t in ("buChar", "buAutoNum", "buBlip"))
_BU_NONE = qn("a:buNone")
_P, _PPR, _END_PARA_RPR = qn("a:p"), qn("a:pPr"), qn("a:endParaRPr")
_PH = qn("./*/p:nvPr/p:ph")
# Placeholders the master's body style gives bullets: content (no type, i.e. obj) and body.
_BULLETED_PLACEHOLDERS = ("obj", "body")


class _Prototype(NamedTuple):
    """A paragraph items of one level are modelled on, and the run properties they take."""

    paragraph: etree._Element
    run_properties: etree._Element | None


def _level(paragraph: etree._Element) -> int:
    p_pr = first_child(paragraph, qn("a:pPr"))
    try:
        return int(p_pr.get("lvl", "0")) if p_pr is not None else 0
    except ValueError:
        return 0


def _has_placeholder(paragraph: etree._Element) -> bool:
    return KEY_PATTERN.search("".join(t for _, t in paragraph_segments(paragraph))) is not None


def _bullet_state(p_pr: etree._Element | None) -> bool | None:
    """True/False when these paragraph properties say bulleted or not; None when they are silent."""
    if p_pr is None:
        return None
    for child in p_pr:
        if child.tag == _BU_NONE:
            return False
        if child.tag in _BULLETS:
            return True
    return None


def _is_bulleted(paragraph: etree._Element, occ: Occurrence) -> bool:
    state = _bullet_state(first_child(paragraph, qn("a:pPr")))
    if state is not None:
        return state
    body = paragraph.getparent()
    list_style = first_child(body, qn("a:lstStyle")) if body is not None else None
    if list_style is not None:
        state = _bullet_state(list_style.find(qn(f"a:lvl{_level(paragraph) + 1}pPr")))
        if state is not None:
            return state
    if occ.cell is not None:
        return False
    ph = occ.shape.find(_PH)
    return ph is not None and ph.get("type", "obj") in _BULLETED_PLACEHOLDERS


def _dummy_list(occ: Occurrence) -> list[etree._Element]:
    """The {key} paragraph and the list items of it that follow (see the module's docstring)."""
    paragraph = occ.paragraph
    body = paragraph.getparent()
    assert body is not None
    siblings = child_elements(body, qn("a:p"))
    at = next(i for i, p in enumerate(siblings) if p is paragraph)
    level = _level(paragraph)
    block = [paragraph]
    for p in siblings[at + 1 :]:
        if _level(p) < level or _has_placeholder(p) or not _is_bulleted(p, occ):
            break
        block.append(p)
    return block


def _key_run_properties(occ: Occurrence) -> etree._Element | None:
    """The run properties where ``{key}`` starts (as for text), else the paragraph's first run's."""
    position = 0
    for run, text in paragraph_segments(occ.paragraph):
        if run is not None and position <= occ.start < position + len(text):
            return first_child(run, qn("a:rPr"))
        position += len(text)
    first_run = first_child(occ.paragraph, qn("a:r"))
    return first_child(first_run, qn("a:rPr")) if first_run is not None else None


def _prototypes(occ: Occurrence) -> tuple[list[etree._Element], dict[int, _Prototype]]:
    """(paragraphs replaced, level -> prototype)."""
    block = _dummy_list(occ)
    prototypes = {_level(occ.paragraph): _Prototype(occ.paragraph, _key_run_properties(occ))}
    for p in block[1:]:
        if _level(p) not in prototypes:
            first_run = first_child(p, qn("a:r"))
            prototypes[_level(p)] = _Prototype(
                p, first_child(first_run, qn("a:rPr")) if first_run is not None else None
            )
    return block, prototypes


def _prototype_for(level: int, prototypes: dict[int, _Prototype]) -> _Prototype:
    below = [lvl for lvl in prototypes if lvl <= level]
    return prototypes[max(below)] if below else prototypes[min(prototypes)]


def _item_paragraph(item: Text, proto: _Prototype, add_hyperlink: AddHyperlink) -> etree._Element:
    level = item.level or 0
    prototype = proto.paragraph
    paragraph = etree.Element(_P)
    proto_p_pr = first_child(prototype, _PPR)
    p_pr = copy_tree(proto_p_pr) if proto_p_pr is not None else etree.Element(_PPR)
    if level != _level(prototype):
        # The level's own indents (from the list styles) apply, not the prototype's.
        for name in ("marL", "indent"):
            p_pr.attrib.pop(name, "")
    if level:
        p_pr.set("lvl", str(level))
    else:
        p_pr.attrib.pop("lvl", "")
    if len(p_pr) or p_pr.attrib:
        paragraph.append(p_pr)
    end = first_child(prototype, _END_PARA_RPR)
    base = proto.run_properties if proto.run_properties is not None else end
    if base is None:
        base = etree.Element(qn("a:rPr"))
    font = item.styles.font if item.styles is not None else None
    rid = add_hyperlink(item.hyperlink) if item.hyperlink is not None else None
    for element in value_elements(item.value, styled_run_properties(base, font, rid), add_hyperlink, {}):
        paragraph.append(element)
    if end is not None:
        paragraph.append(copy_tree(end))
    return paragraph


def fill_list(
    occurrences: list[Occurrence], value: List, add_hyperlink: AddHyperlink
) -> list[etree._Element]:
    """Replace each paragraph holding the key (or its dummy list) with the list's items; returns
    the items' paragraphs, in order (those of each paragraph replaced in turn)."""
    items = [Text(value=v) if isinstance(v, str) else v for v in value.values]
    done: set[int] = set()
    made: list[etree._Element] = []
    for occ in occurrences:
        if id(occ.paragraph) in done or occ.paragraph.getparent() is None:
            continue
        done.add(id(occ.paragraph))
        replaced, prototypes = _prototypes(occ)
        body = occ.paragraph.getparent()
        assert body is not None
        new = [
            _item_paragraph(item, _prototype_for(item.level or 0, prototypes), add_hyperlink)
            for item in items
        ]
        made += new
        anchor = replaced[0]
        for p in new:
            anchor.addprevious(p)
        for p in replaced:
            body.remove(p)
        if first_child(body, qn("a:p")) is None:
            # A text body needs a paragraph; keep the prototype's look for typing into it later.
            empty = etree.SubElement(body, qn("a:p"))
            end = first_child(occ.paragraph, qn("a:endParaRPr"))
            if end is not None:
                empty.append(copy_tree(end))
    return made


@register_filler(List, places=("text",))
class ListFiller(TextKeyFiller[List]):
    """A List replaces the paragraph holding ``{key}`` with one paragraph per item."""

    what = "a list"
    write = staticmethod(fill_list)

    def fill(self, site: KeySite, value: List, output: OutputSlide) -> None:
        # The items' paragraphs, for the advice that counts the items a box holds (autofit).
        output.list_items += [(p, site.path) for p in fill_list(site.text, value, output.sink.add_hyperlink)]
