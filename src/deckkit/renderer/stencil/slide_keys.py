"""The keys of an output slide, found from its template slide's without reading its text again.

Every output slide starts as a copy of a template slide, and a copy has the template's tree
child for child. So each template slide is located once per render (:func:`locate_placeholders`)
and its finds are kept as positions (:mod:`.positions`): of each shape, paragraph, table cell
and frame. A copy's keys are then the elements at those positions: a few index steps each,
instead of walking every text body and paragraph of every copy again. A copy whose tree is not
the template's as it was located is located afresh (:mod:`.replay`): never a wrong element.
"""

from __future__ import annotations

from typing import NamedTuple

from lxml import etree

from deckkit.ooxml.locate import Frame, FrameKind, Occurrence, SlidePlaceholders, locate_placeholders
from deckkit.ooxml.namespaces import qn
from deckkit.ooxml.opc.part import Part
from deckkit.renderer.stencil.memo import RenderMemo
from deckkit.renderer.stencil.positions import Position, element_at, position_of
from deckkit.renderer.stencil.replay import through_stencil

__all__ = ["SlideKeys"]

_A_P, _A_TC = qn("a:p"), qn("a:tc")


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
                    position_of(occ.shape, root),
                    occ.shape.tag,
                    position_of(occ.paragraph, root),
                    position_of(occ.cell, root) if occ.cell is not None else None,
                    tuple((n.key, n.start, n.end) for n in occ.neighbours),
                )
        # Document order, as locate_placeholders finds them (its key order follows from it).
        self.paragraphs = sorted(paragraphs.values(), key=lambda p: p.paragraph)
        self.frames = [
            _Frame(f.alt_text, f.kind, position_of(f.element, root), f.element.tag, f.name)
            for f in found.frames
        ]

    def on(self, root: etree._Element) -> SlidePlaceholders:
        """The same keys on a copy of the template slide's tree (UnfitError if it is not one)."""
        found = SlidePlaceholders()
        for p in self.paragraphs:
            shape = element_at(root, p.shape, p.shape_tag)
            paragraph = element_at(root, p.paragraph, _A_P)
            cell = element_at(root, p.cell, _A_TC) if p.cell is not None else None
            neighbours: list[Occurrence] = []
            for key, start, end in p.keys:
                occ = Occurrence(key, shape, paragraph, start, end, cell, neighbours)
                neighbours.append(occ)
                found.text.setdefault(key, []).append(occ)
        found.frames = [
            Frame(f.alt_text, f.kind, element_at(root, f.element, f.element_tag), f.name) for f in self.frames
        ]
        return found


class SlideKeys:
    """Locates output slides through their template slides, each located once.

    One per render: it holds the template slides it has seen (so that a part's id is never
    reused while it is a key) and nothing of the data.
    """

    def __init__(self) -> None:
        self._templates: RenderMemo[_TemplateKeys] = RenderMemo()

    def locate(self, template: Part, copy_root: etree._Element) -> SlidePlaceholders:
        """The keys of copy_root, a copy of template's tree not yet changed."""
        found: SlidePlaceholders = through_stencil(
            lambda: self._templates.get(template, None, lambda: _TemplateKeys(template.xml)),
            lambda keys: keys.on(copy_root),
            lambda: locate_placeholders(copy_root),
        )
        return found
