"""Links from one slide to another: each lands on its target's first copy, or is removed.

A slide jumps to another through a relationship to that slide's part, from the slide itself or
from any part copied with it, however deep: its SmartArt (diagram data and drawing), its charts'
shapes, its speaker notes. Parts the copies share (layouts, masters) may link to slides too.
So may another template's layouts and masters, copied into the output with the slides taken
from it: their links are that template's, to its slides. One rule holds for every such
relationship in the output:

- a link to a slide that is in the output lands on that slide's **first** copy;
- a link to a slide that is not in the output is **removed**: the hyperlink elements that use
  it and the relationship go, the text and shapes stay, and a warning (kind ``"dropped link"``)
  names the output slide, the shape and the slide it jumped to
  (:mod:`deckkit.renderer.dropped_links`).

What is copied with a slide keeps the template's relationship ids, so the template's graph says
before anything is copied where every link is and whether its target will be in the output
(:func:`find_slide_links`, at planning: ``plan_render`` warns too). :class:`SlideLinks` then
carries the plan out on the output: each filled copy loses its links to absent slides
(:meth:`SlideLinks.settle`), and once every slide is copied the others land
(:meth:`SlideLinks.land`). Nothing in the output then reaches a slide that ``p:sldIdLst`` does
not name, and the package writes only what is reached.

A link from what is copied with a slide to that same slide (the notes' link back to their slide,
a "replay" button) already points at its own copy: the clone's memo sends it there.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from lxml import etree

from deckkit.ooxml.namespaces import R
from deckkit.ooxml.opc.content_types import CT_SLIDE
from deckkit.ooxml.opc.package import Package
from deckkit.ooxml.opc.part import Part
from deckkit.ooxml.opc.relationships import OWNED_BY_SLIDE, RT

__all__ = ["SlideLink", "SlideLinks", "elements_using", "find_slide_links"]


@dataclass(frozen=True, slots=True)
class SlideLink:
    """A relationship to a slide part, found in the template's graph."""

    source: Part  # the template part that holds the relationship
    rid: str
    target: Part  # the template slide it points at
    owner: Part | None  # the template slide whose copies carry a copy of source; None: source is shared
    entry: str | None  # the owner's relationship that leads to source (None when source is the owner)
    present: bool  # the target slide is in the output


def find_slide_links(package: Package, used: Iterable[Part]) -> list[SlideLink]:
    """Every relationship to a slide part in what the output is made of.

    That is the parts copied with each used template slide (the relationships
    :meth:`Package.clone` follows to copy), and the parts reached otherwise from the package
    (layouts, masters and what they use), never through a slide the output does not use. The
    presentation's own slide relationships are the slide list, rebuilt separately.
    """
    used_slides = {id(slide): slide for slide in used}
    stack: list[tuple[Part, Part | None, str | None]] = [
        (rel.target, None, None)
        for rel in package.root_rels
        if isinstance(rel.target, Part) and not rel.external
    ]
    stack += [(slide, slide, None) for slide in used_slides.values()]
    seen: set[tuple[int, int]] = set()
    links: list[SlideLink] = []
    while stack:
        part, owner, entry = stack.pop()
        if (id(part), id(owner)) in seen:
            continue
        seen.add((id(part), id(owner)))
        for rel in part.rels:
            target = rel.target
            if rel.external or isinstance(target, str):
                continue
            if part is package.presentation and rel.reltype == RT.SLIDE:
                continue
            if target.content_type == CT_SLIDE:
                links.append(SlideLink(part, rel.rid, target, owner, entry, id(target) in used_slides))
            elif owner is not None and rel.reltype in OWNED_BY_SLIDE:
                stack.append((target, owner, entry if part is not owner else rel.rid))
            else:
                stack.append((target, None, None))
    return links


class SlideLinks:
    """The slide links of one render, carried out on its output (see the module's rule)."""

    def __init__(self, links: Sequence[SlideLink]) -> None:
        self._owned: dict[int, list[SlideLink]] = {}
        self._shared: list[SlideLink] = []
        for link in links:
            if link.owner is None:
                self._shared.append(link)
            else:
                self._owned.setdefault(id(link.owner), []).append(link)
        self._to_land: list[tuple[Part, SlideLink]] = []  # (the output part holding it, the link)

    def settle(self, template: Part, copies: Mapping[int, Part]) -> None:
        """On a filled copy of ``template`` (``copies``: the clone's memo), before it is frozen:
        links to absent slides are removed, the others kept to land."""
        for link in self._owned.get(id(template), ()):
            part = copies.get(id(link.source))
            if part is None:
                continue
            if link.present:
                self._to_land.append((part, link))
            else:
                _remove_link(part, link.rid)

    def land(self, outputs: Sequence[tuple[Part, Part]], shared: Callable[[Part], Part | None]) -> None:
        """Once every slide is copied (``outputs``: template slide, its copy, in output order):
        each kept link points at its target's first copy. ``shared``: the output's part for a
        shared template part (the part itself in the base template; another template's layout
        or master is a copy, see :mod:`deckkit.ooxml.opc.adopt`), None when the output has none."""
        first_copy: dict[int, Part] = {}
        for template, output in outputs:
            first_copy.setdefault(id(template), output)
        for link in self._shared:
            part = shared(link.source)
            if part is None:
                continue
            if link.present:
                self._to_land.append((part, link))
            else:
                _remove_link(part, link.rid)
        for part, link in self._to_land:
            rel = part.rels.get(link.rid)
            # Not the template slide any more: the clone's memo sent it to its own copy.
            if rel is not None and rel.target is link.target:
                rel.target = first_copy[id(link.target)]
        self._to_land = []


def _remove_link(part: Part, rid: str) -> None:
    """Remove relationship ``rid`` of ``part`` and the elements that use it (hyperlinks: their
    text and shapes stay)."""
    root = part.xml
    for _, element in elements_using(root, rid):
        parent = element.getparent()
        if parent is not None:
            _remove_keeping_tail(element, parent)
    part.rels.remove(rid)


def elements_using(root: etree._Element, rid: str) -> list[tuple[int, etree._Element]]:
    """The elements whose relationship attributes (``r:id``, ...) name ``rid``, each with its place
    in document order."""
    found = []
    for place, element in enumerate(root.iter()):
        if isinstance(element.tag, str) and any(
            value == rid and str(name).startswith(_R_PREFIX) for name, value in element.attrib.items()
        ):
            found.append((place, element))
    return found


_R_PREFIX = f"{{{R}}}"


def _remove_keeping_tail(element: etree._Element, parent: etree._Element) -> None:
    if element.tail:
        previous = element.getprevious()
        if previous is not None:
            previous.tail = (previous.tail or "") + element.tail
        else:
            parent.text = (parent.text or "") + element.tail
    parent.remove(element)
