"""The keys of an output slide, found from its template slide's without reading its text again.

Every output slide starts as a copy of a template slide, and a copy has the template's tree
child for child. So each template slide is located once per render (:func:`locate_placeholders`)
and its finds are kept as positions: the child indexes from the root down to each shape,
paragraph, table cell and frame. A copy's keys are then the elements at those positions: a few
index steps each, instead of walking every text body and paragraph of every copy again.

A position that does not lead to an element of the expected tag (a copy that is not the
template's tree as it was located) makes that copy be located afresh: never a wrong element.
"""

from __future__ import annotations

from typing import NamedTuple

from lxml import etree

from deckkit.ooxml.locate import Frame, FrameKind, Occurrence, SlidePlaceholders, locate_placeholders
from deckkit.ooxml.namespaces import A
from deckkit.ooxml.opc.part import Part

__all__ = ["CopyLocator"]

Position = tuple[int, ...]  # child indexes from the slide's root
_A_P, _A_TC = f"{{{A}}}p", f"{{{A}}}tc"


class _Paragraph(NamedTuple):
    """One paragraph with keys: where it, its shape and its cell are, and its keys' spans."""

    shape: Position
    shape_tag: str
    paragraph: Position
    cell: Position | None
    keys: tuple[tuple[str, int, int], ...]


class _Frame(NamedTuple):
    alt_text: str
    kind: FrameKind
    element: Position
    element_tag: str
    name: str


class _MismatchError(Exception):
    """A position that leads nowhere, or to an element of another tag, on the copy."""


def _position(element: etree._Element, root: etree._Element) -> Position:
    steps: list[int] = []
    while element is not root:
        parent = element.getparent()
        assert parent is not None, "a located element is under the slide's root"
        steps.append(parent.index(element))
        element = parent
    return tuple(reversed(steps))


def _at(root: etree._Element, position: Position, tag: str) -> etree._Element:
    element = root
    try:
        for step in position:
            element = element[step]
    except IndexError:
        raise _MismatchError from None
    if element.tag != tag:
        raise _MismatchError
    return element


class _TemplateKeys:
    """A template slide's located keys, as positions."""

    def __init__(self, root: etree._Element) -> None:
        found = locate_placeholders(root)
        paragraphs: dict[int, _Paragraph] = {}  # by paragraph, in the order first found
        for occurrences in found.text.values():
            for occ in occurrences:
                if id(occ.paragraph) in paragraphs:
                    continue
                paragraphs[id(occ.paragraph)] = _Paragraph(
                    _position(occ.shape, root),
                    occ.shape.tag,
                    _position(occ.paragraph, root),
                    _position(occ.cell, root) if occ.cell is not None else None,
                    tuple((n.key, n.start, n.end) for n in occ.neighbours),
                )
        # Document order, as locate_placeholders finds them (its key order follows from it).
        self.paragraphs = sorted(paragraphs.values(), key=lambda p: p.paragraph)
        self.frames = [
            _Frame(f.alt_text, f.kind, _position(f.element, root), f.element.tag, f.name)
            for f in found.frames
        ]

    def on(self, root: etree._Element) -> SlidePlaceholders:
        """The same keys on a copy of the template slide's tree (raises _MismatchError if it is not one)."""
        found = SlidePlaceholders()
        for p in self.paragraphs:
            shape = _at(root, p.shape, p.shape_tag)
            paragraph = _at(root, p.paragraph, _A_P)
            cell = _at(root, p.cell, _A_TC) if p.cell is not None else None
            neighbours: list[Occurrence] = []
            for key, start, end in p.keys:
                occ = Occurrence(key, shape, paragraph, start, end, cell, neighbours)
                neighbours.append(occ)
                found.text.setdefault(key, []).append(occ)
        found.frames = [
            Frame(f.alt_text, f.kind, _at(root, f.element, f.element_tag), f.name) for f in self.frames
        ]
        return found


class CopyLocator:
    """Locates output slides through their template slides, each located once.

    One per render: it holds the template slides it has seen (so that a part's id is never
    reused while it is a key) and nothing of the data.
    """

    def __init__(self) -> None:
        self._templates: dict[int, tuple[Part, _TemplateKeys]] = {}

    def locate(self, template: Part, copy_root: etree._Element) -> SlidePlaceholders:
        """The keys of copy_root, a copy of template's tree not yet changed."""
        known = self._templates.get(id(template))
        if known is None or known[0] is not template:
            known = (template, _TemplateKeys(template.xml))
            self._templates[id(template)] = known
        try:
            return known[1].on(copy_root)
        except _MismatchError:
            return locate_placeholders(copy_root)
