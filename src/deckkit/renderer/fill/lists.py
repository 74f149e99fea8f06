"""List filler: the paragraph holding ``{key}`` becomes one paragraph per item.

Level prototypes (decisions.md): when the paragraph holding ``{key}`` sits in a "dummy list"
(a block of adjacent paragraphs, free of other placeholders, at two or more levels), the first
paragraph at level n is the prototype for items at level n (its ``a:pPr`` and its first run's
``a:rPr``) and the whole block is replaced. Otherwise the ``{key}`` paragraph is the prototype
and ``lvl`` is set from the item's ``level``. An item at a level without a prototype uses the
nearest level below it that has one. Only ``styles.font`` counts for list items.
"""

from __future__ import annotations

import copy

from lxml import etree

from deckkit.model import List, Text
from deckkit.renderer.drawingml import a
from deckkit.renderer.fill.text import AddHyperlink, make_runs, plan_text_key, styled_run_properties
from deckkit.renderer.filler import KeySite, Operation, OutputSlide, PlanReport, register_filler
from deckkit.renderer.locate import KEY_PATTERN, Occurrence, paragraph_segments

__all__ = ["ListFiller", "fill_list"]


def _level(paragraph: etree._Element) -> int:
    p_pr = paragraph.find(a("pPr"))
    try:
        return int(p_pr.get("lvl", "0")) if p_pr is not None else 0
    except ValueError:
        return 0


def _has_placeholder(paragraph: etree._Element) -> bool:
    return KEY_PATTERN.search("".join(t for _, t in paragraph_segments(paragraph))) is not None


def _list_block(paragraph: etree._Element) -> list[etree._Element]:
    """The paragraph and its adjacent placeholder-free siblings."""
    body = paragraph.getparent()
    assert body is not None
    siblings = body.findall(a("p"))
    at = next(i for i, p in enumerate(siblings) if p is paragraph)
    low = at
    while low > 0 and not _has_placeholder(siblings[low - 1]):
        low -= 1
    high = at
    while high + 1 < len(siblings) and not _has_placeholder(siblings[high + 1]):
        high += 1
    return siblings[low : high + 1]


def _prototypes(paragraph: etree._Element) -> tuple[list[etree._Element], dict[int, etree._Element]]:
    """(paragraphs replaced, level -> prototype paragraph)."""
    block = _list_block(paragraph)
    if len({_level(p) for p in block}) >= 2:
        prototypes: dict[int, etree._Element] = {}
        for p in block:
            prototypes.setdefault(_level(p), p)
        return block, prototypes
    return [paragraph], {_level(paragraph): paragraph}


def _prototype_for(level: int, prototypes: dict[int, etree._Element]) -> etree._Element:
    below = [lvl for lvl in prototypes if lvl <= level]
    return prototypes[max(below)] if below else prototypes[min(prototypes)]


def _item_paragraph(item: Text, prototype: etree._Element, add_hyperlink: AddHyperlink) -> etree._Element:
    level = item.level or 0
    paragraph = etree.Element(a("p"))
    proto_p_pr = prototype.find(a("pPr"))
    p_pr = copy.deepcopy(proto_p_pr) if proto_p_pr is not None else etree.Element(a("pPr"))
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
    first_run = prototype.find(a("r"))
    base = first_run.find(a("rPr")) if first_run is not None else prototype.find(a("endParaRPr"))
    if base is None:
        base = etree.Element(a("rPr"))
    font = item.styles.font if item.styles is not None else None
    rid = add_hyperlink(item.hyperlink) if item.hyperlink is not None else None
    for element in make_runs(item.value, styled_run_properties(base, font, rid)):
        paragraph.append(element)
    end = prototype.find(a("endParaRPr"))
    if end is not None:
        paragraph.append(copy.deepcopy(end))
    return paragraph


def fill_list(occurrences: list[Occurrence], value: List, add_hyperlink: AddHyperlink) -> None:
    """Replace each paragraph holding the key (or its dummy list) with the list's items."""
    items = [Text(value=v) if isinstance(v, str) else v for v in value.values]
    done: set[int] = set()
    for occ in occurrences:
        if id(occ.paragraph) in done or occ.paragraph.getparent() is None:
            continue
        done.add(id(occ.paragraph))
        replaced, prototypes = _prototypes(occ.paragraph)
        body = occ.paragraph.getparent()
        assert body is not None
        new = [
            _item_paragraph(item, _prototype_for(item.level or 0, prototypes), add_hyperlink)
            for item in items
        ]
        anchor = replaced[0]
        for p in new:
            anchor.addprevious(p)
        for p in replaced:
            body.remove(p)
        if body.find(a("p")) is None:
            # A text body needs a paragraph; keep the prototype's look for typing into it later.
            empty = etree.SubElement(body, a("p"))
            end = occ.paragraph.find(a("endParaRPr"))
            if end is not None:
                empty.append(copy.deepcopy(end))


@register_filler(List)
class ListFiller:
    """A List replaces the paragraph holding ``{key}`` with one paragraph per item."""

    removes_shapes = False

    def plan(self, site: KeySite, value: List, report: PlanReport) -> Operation[List] | None:
        return Operation(site.key, value, self) if plan_text_key(site, report, "a list") else None

    def fill(self, site: KeySite, value: List, output: OutputSlide) -> None:
        fill_list(site.text, value, output.sink.add_hyperlink)
