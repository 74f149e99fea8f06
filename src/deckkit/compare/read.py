"""What a diff compares of a deck: per slide, its layout and, shape by shape, what it shows.

Read through :mod:`deckkit.ooxml` (the package, the shape tree, the chart caches), never by
rendering: text by paragraph (the speaker notes too), tables cell by cell, charts as the values
their caches hold (what PowerPoint draws), pictures as a digest of their bytes. A shape is known by its name, which a
rendered slide keeps from its template slide (the n-th of several shapes of one name is
``name [n]``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Literal

from lxml import etree

from deckkit.errors import TemplateError
from deckkit.file_kind import describe
from deckkit.ooxml.chart import plot_groups, series_name, series_points
from deckkit.ooxml.geometry import DEFAULT_SLIDE_SIZE, Box, slide_size, xfrm_box
from deckkit.ooxml.locate import (
    chart_relationship_id,
    frame_kind,
    inherited_frame,
    iter_shapes,
    non_visual_properties,
    shape_tree,
)
from deckkit.ooxml.namespaces import qn
from deckkit.ooxml.opc.package import open_package
from deckkit.ooxml.opc.part import Part
from deckkit.ooxml.opc.relationships import RT

__all__ = ["NOTES", "ShapeContent", "SlideContent", "read_deck"]

NOTES = "(speaker notes)"
"""The name the speaker notes go by among a slide's shapes."""

ShapeKind = Literal["text", "table", "chart", "picture", "other"]

_P, _T, _TR, _TC, _BLIP = (qn(t) for t in ("a:p", "a:t", "a:tr", "a:tc", "a:blip"))
_TXBODY, _EMBED, _PLACEHOLDER = qn("p:txBody"), qn("r:embed"), f"{qn('p:nvSpPr')}/{qn('p:nvPr')}/{qn('p:ph')}"
_GRAPHIC_FRAME, _FRAME_XFRM, _SHAPE_XFRM = (
    qn("p:graphicFrame"),
    qn("p:xfrm"),
    f"{qn('p:spPr')}/{qn('a:xfrm')}",
)


@dataclass(frozen=True, slots=True)
class ShapeContent:
    """One shape as a diff sees it; only the field of its kind is filled."""

    name: str
    kind: ShapeKind
    paragraphs: tuple[str, ...] = ()
    cells: tuple[tuple[str, ...], ...] = ()
    values: tuple[tuple[str, str, str], ...] = ()  # (series, category, value) of a chart
    picture: str = ""  # sha256 of the picture's bytes
    # Where it is, to mark it on a picture of the slide (a shape in a group: None); not content.
    box: Box | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class SlideContent:
    """One slide: its number in its deck, its layout, and its shapes by name (in document order)."""

    number: int
    layout: str
    shapes: dict[str, ShapeContent] = field(hash=False)
    size: tuple[int, int] = field(default=DEFAULT_SLIDE_SIZE, compare=False)

    def area(self, shape: str) -> tuple[float, float, float, float] | None:
        """Where the shape is, as fractions of the slide's width and height (x, y, width, height)."""
        found = self.shapes.get(shape)
        if found is None or found.box is None or not all(self.size):
            return None
        (x, y, cx, cy), (width, height) = found.box, self.size
        return x / width, y / height, cx / width, cy / height

    @property
    def title(self) -> str:
        """The slide's first line of text, to name it in a report."""
        for shape in self.shapes.values():
            line = next((p for p in shape.paragraphs if p.strip()), "")
            if line:
                return line.strip()
        return ""

    @property
    def fingerprint(self) -> tuple[object, ...]:
        """All the slide shows: equal for slides that show the same, hashable to find them."""
        return (self.layout, tuple(self.shapes.values()))


def read_deck(pptx: bytes, name: str) -> list[SlideContent]:
    """Every slide of ``pptx`` in order; a file that is not a readable pptx is a TemplateError naming ``name``."""
    kind = describe(pptx)  # another document under a .pptx name: said at once, as for a template
    if kind is not None:
        raise TemplateError(f"{name} is {kind}, not a PowerPoint file: a diff compares two .pptx files")
    try:
        package = open_package(pptx, slides_required=False)
        size = slide_size(package.presentation.xml)
        return [_slide(number, part, size) for number, part in enumerate(package.slides(), start=1)]
    except TemplateError as error:
        text = str(error)  # the package's messages call the file template.pptx
        raise TemplateError(
            name + text.removeprefix("template.pptx")
            if text.startswith("template.pptx")
            else f"{name}: {text}"
        ) from None


def _slide(number: int, part: Part, size: tuple[int, int]) -> SlideContent:
    layout = part.related(RT.SLIDE_LAYOUT)
    tree = shape_tree(part.xml)
    shapes: dict[str, ShapeContent] = {}
    for name, shape in _named_shapes(tree):
        box = _box(shape, part) if shape.getparent() is tree else None
        shapes[name] = replace(_content(name, shape, part), box=box)
    notes = part.related(RT.NOTES_SLIDE)
    if notes is not None:
        shapes[NOTES] = ShapeContent(NOTES, "text", paragraphs=_notes_text(notes))
    return SlideContent(number, layout.name or "" if layout is not None else "", shapes, size)


def _notes_text(notes: Part) -> tuple[str, ...]:
    """The paragraphs of the speaker notes: their body placeholders (not the slide image, the number)."""
    paragraphs: list[str] = []
    for shape in iter_shapes(shape_tree(notes.xml)):
        placeholder = shape.find(_PLACEHOLDER)
        if placeholder is not None and placeholder.get("type") == "body":
            paragraphs += _paragraphs(shape.find(_TXBODY))
    return tuple(paragraphs)


def _box(shape: etree._Element, slide: Part) -> Box | None:
    xfrm = shape.find(_FRAME_XFRM) if shape.tag == _GRAPHIC_FRAME else shape.find(_SHAPE_XFRM)
    return xfrm_box(xfrm) if xfrm is not None else inherited_frame(shape, slide)


def _named_shapes(tree: etree._Element) -> Iterator[tuple[str, etree._Element]]:
    seen: dict[str, int] = {}
    for shape in iter_shapes(tree):
        if shape.tag == qn("p:grpSp"):
            continue  # its shapes come one by one
        properties = non_visual_properties(shape)
        base = (properties.get("name") if properties is not None else None) or "shape"
        seen[base] = seen.get(base, 0) + 1
        yield (base if seen[base] == 1 else f"{base} [{seen[base]}]"), shape


def _paragraphs(body: etree._Element | None) -> tuple[str, ...]:
    if body is None:
        return ()
    return tuple("".join(t.text or "" for t in p.iter(_T)) for p in body.iter(_P))


def _content(name: str, shape: etree._Element, slide: Part) -> ShapeContent:
    kind = frame_kind(shape)
    if kind == "table":
        rows = tuple(tuple("\n".join(_paragraphs(tc)) for tc in tr.iter(_TC)) for tr in shape.iter(_TR))
        return ShapeContent(name, "table", cells=rows)
    if kind == "chart":
        return ShapeContent(name, "chart", values=_chart_values(shape, slide))
    if kind in ("picture", "video"):
        return ShapeContent(name, "picture", picture=_picture_digest(shape, slide))
    if kind == "shape":
        return ShapeContent(name, "text", paragraphs=_paragraphs(shape.find(_TXBODY)))
    return ShapeContent(name, "other")


def _chart_values(frame: etree._Element, slide: Part) -> tuple[tuple[str, str, str], ...]:
    rid = chart_relationship_id(frame)
    chart = slide.rels.target_part(rid) if rid else None
    if chart is None:
        return ()
    values: list[tuple[str, str, str]] = []
    number = 0
    for group in plot_groups(chart.xml):
        for ser in group.series:
            number += 1
            series = series_name(ser) or f"series {number}"
            values += [(series, category, value) for category, value in series_points(ser)]
    return tuple(values)


def _picture_digest(shape: etree._Element, slide: Part) -> str:
    blip = next(shape.iter(_BLIP), None)
    rid = blip.get(_EMBED) if blip is not None else None
    picture = slide.rels.target_part(rid) if rid else None
    return hashlib.sha256(picture.blob).hexdigest() if picture is not None else ""
