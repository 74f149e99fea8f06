"""The warnings of links to slides the output leaves out (:mod:`deckkit.renderer.slide_links`).

Each names where the user finds the link: the output slide (its data path), the shape (its
name, or a SmartArt node's text, which is how a person knows a node), the part it sits in (a
SmartArt or chart by its frame's name, the speaker notes, a layout by its name) and the
template slide it jumped to. Worked out on the template's parts, at planning, so that a dry run
says it too.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from lxml import etree

from deckkit.errors import Problem
from deckkit.ooxml.namespaces import DGM, DSP, A, P
from deckkit.ooxml.opc.part import Part, parse_xml
from deckkit.renderer.slide_links import SlideLink, elements_using
from deckkit.renderer.templates import OneTemplate

__all__ = ["dropped_link_warnings"]


def dropped_link_warnings(
    links: Sequence[SlideLink], outputs: Sequence[Part | None], templates: Sequence[OneTemplate]
) -> list[Problem]:
    """The warnings of the links the output loses: one per output slide that carries the link
    (``outputs``: the template slide of each data slide, None where it could not be planned),
    and one for a link in a shared part (a layout, a master) that every slide using the part
    shows: after the slides for the base template's (no path), at ``slides[i].template`` of the
    first slide taken from another template for that template's (its layouts and master come
    into the deck with that slide). In slide order, then in the order of the links on the slide.

    A relationship no element uses loses nothing visible and is not reported.
    """
    slides = {id(slide): t.label(n) for t in templates for n, slide in enumerate(t.slides, start=1)}
    files = {id(t.package): t.file for t in templates}
    brings: dict[int, int] = {}  # id(template package) -> the first data slide taken from it
    for index, template in enumerate(outputs):
        if template is not None:
            brings.setdefault(id(template.source), index)
    trees: dict[int, etree._Element] = {}  # each part holding links read once
    first_of_source: dict[int, int] = {}
    found: list[tuple[int, int, int, Problem]] = []
    for order, link in enumerate(links):
        if link.present:
            continue
        if id(link.source) not in trees:
            trees[id(link.source)] = _tree(link.source)
        file = files.get(id(link.source.source))
        dropped = _dropped_message(link, trees[id(link.source)], slides, file)
        if dropped is None:
            continue
        message, place = dropped
        part_order = first_of_source.setdefault(id(link.source), order)
        if link.owner is None:
            first = brings.get(id(link.source.source), len(outputs)) if file is not None else len(outputs)
            path = f"slides[{first}].template" if first < len(outputs) else ""
            found.append((first, part_order, place, Problem(path, message, "dropped link")))
            continue
        for index, template in enumerate(outputs):
            if template is link.owner:
                found.append((index, part_order, place, Problem(f"slides[{index}]", message, "dropped link")))
    found.sort(key=lambda entry: entry[:3])
    # One node's link in both the SmartArt's data and its drawing reads the same: said once.
    return list(dict.fromkeys(entry[3] for entry in found))


def _dropped_message(
    link: SlideLink, tree: etree._Element, slides: Mapping[int, str], file: str | None
) -> tuple[str, int] | None:
    """The warning's text for a link to an absent slide (``tree``: its part's; ``file``: the
    other template holding it, None for the base), and where the link is in its part."""
    using = elements_using(tree, link.rid)
    labels = [label for label in (_shape_label(element) for _, element in using) if label]
    if not labels:
        return None
    distinct = list(dict.fromkeys(labels))
    on = ", ".join(distinct[:-1]) + " and " + distinct[-1] if len(distinct) > 1 else distinct[0]
    kind = _part_kind(link.source)
    if link.owner is None:
        of = f" of {file}" if file is not None else ""
        where = f"on {on} in {kind or 'part'} {_part_title(link.source, tree)}{of}"
    elif link.source is link.owner:
        where = f"on {on}"
    elif kind == "speaker notes":
        where = f"in the speaker notes, on {on},"
    else:
        frame = _entry_label(link.owner, link.entry, kind)
        where = f"on {kind or 'part'}{' ' + frame if frame else ''}, {on},"
    label = slides.get(id(link.target))
    if label is None:
        target = f"a slide {file or 'the template'} does not list ({link.target.name})"
        keep = ""
    else:
        target = f"template slide {label}"
        keep = f" (add template slide {label} to the deck to keep it)"
    message = (
        f"the link {where} jumps to {target}, which is not in the output; "
        f"the link is removed, its text and shape stay{keep}"
        if len(distinct) == 1
        else f"the links {where} jump to {target}, which is not in the output; "
        f"the links are removed, their text and shapes stay{keep}"
    )
    return message, using[0][0]


# What a part holding a link is, by the last word of its content type.
_PART_KINDS = {
    "diagramData+xml": "SmartArt",
    "diagramDrawing+xml": "SmartArt",
    "chart+xml": "chart",
    "chartshapes+xml": "chart",
    "notesSlide+xml": "speaker notes",
    "slideLayout+xml": "slide layout",
    "slideMaster+xml": "slide master",
}


def _part_kind(part: Part) -> str:
    return _PART_KINDS.get(part.content_type.rsplit(".", 1)[-1], "")


def _part_title(part: Part, tree: etree._Element) -> str:
    """A layout's or master's name (``p:cSld/@name``), else the part's."""
    name = tree.find(f"{{{P}}}cSld")
    title = name.get("name") if name is not None else None
    return f'"{title}"' if title else f"({part.name})"


def _tree(part: Part) -> etree._Element:
    """The part's tree, read without changing the part (a blob stays a blob, copied as it is)."""
    return part.xml if part.is_parsed or part.name is None else parse_xml(part.blob, part.name)


def _entry_label(owner: Part, entry: str | None, kind: str) -> str | None:
    """The shape on the owner slide that holds the part reached through ``entry`` (a SmartArt's
    or chart's frame)."""
    root = owner.xml
    users = [e for _, e in elements_using(root, entry)] if entry is not None else []
    if not users and kind == "SmartArt":
        # The drawing is named by no r: attribute of the slide (the data part names it): the
        # slide's only SmartArt is then the one.
        users = list(root.iter(f"{{{DGM}}}relIds"))[:2]
        users = users if len(users) == 1 else []
    names = [name for name in (_shape_name(user) for user in users) if name]
    return names[0] if names else None


def _shape_label(element: etree._Element) -> str | None:
    """How a user finds the shape holding ``element``: its name, or a SmartArt node's text."""
    for ancestor in element.iterancestors():
        if ancestor.tag == f"{{{DGM}}}pt":
            return _node_label(ancestor.find(f"{{{DGM}}}t"))
        if ancestor.tag == f"{{{DSP}}}sp":
            return _node_label(ancestor.find(f"{{{DSP}}}txBody"))
        name = _own_name(ancestor)
        if name:
            return f"shape {name}"
    return None


def _shape_name(element: etree._Element) -> str | None:
    """The quoted name of the shape holding ``element``, if it has one."""
    return next((name for name in map(_own_name, element.iterancestors()) if name), None)


def _own_name(shape: etree._Element) -> str | None:
    """A shape's own name (``p:nv*Pr/p:cNvPr/@name``, any DrawingML flavour), quoted."""
    if not len(shape) or not _local_name(shape[0]).startswith("nv"):
        return None
    props = next((c for c in shape[0] if _local_name(c) == "cNvPr"), None)
    name = props.get("name") if props is not None else None
    return f'"{name}"' if name else None


def _local_name(element: etree._Element) -> str:
    return etree.QName(element).localname if isinstance(element.tag, str) else ""  # not a comment


_MAX_LABEL = 40


def _node_label(text_body: etree._Element | None) -> str:
    text = (
        re.sub(r"\s+", " ", "".join(t.text or "" for t in text_body.iter(f"{{{A}}}t"))).strip()
        if text_body is not None
        else ""
    )
    if not text:
        return "an empty SmartArt node"
    if len(text) > _MAX_LABEL:
        text = text[: _MAX_LABEL - 1].rstrip() + "…"
    return f'node "{text}"'
