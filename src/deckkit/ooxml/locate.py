"""Where a key lives on a slide: the one definition, shared by rendering and inspection.

- ``{key}`` in the text of any shape: text boxes, autoshapes, placeholders, table cells, and
  shapes inside groups at any depth. Matching works on a paragraph's text across runs (PowerPoint
  splits words over runs for spell checking and edits). Only text counts: braces inside XML
  attributes (GUIDs, ``creationId``) never do.
- Alt text (``p:cNvPr/@descr``) equal to ``key`` or ``{key}`` names a table, a chart or a picture.

A key is ``{`` + one or more Unicode letters, digits, ``_``, ``-``, ``.`` + ``}``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final, Literal

from lxml import etree

from deckkit.errors import TemplateError
from deckkit.ooxml.geometry import Box, xfrm_box
from deckkit.ooxml.inherit import matching_placeholder
from deckkit.ooxml.namespaces import TABLE, C, qn
from deckkit.ooxml.opc.relationships import RT
from deckkit.ooxml.xml_children import first_child, first_on_path

if TYPE_CHECKING:
    from deckkit.ooxml.opc.part import Part

__all__ = [
    "KEY_NAME",
    "KEY_PATTERN",
    "Frame",
    "FrameKind",
    "Occurrence",
    "SlidePlaceholders",
    "frame_kind",
    "iter_shapes",
    "locate_placeholders",
    "non_visual_properties",
    "paragraph_segments",
    "shape_tree",
]


# \w is Unicode letters, digits and underscore.
KEY_PATTERN: Final = re.compile(r"\{([\w.\-]+)\}")
KEY_NAME: Final = re.compile(r"[\w.\-]+")  # what KEY_PATTERN takes between the braces

_SP, _GRP, _FRAME, _PIC, _CXN = (qn(f"p:{t}") for t in ("sp", "grpSp", "graphicFrame", "pic", "cxnSp"))
_CONTENT_PART = qn("p:contentPart")
_TXBODY = qn("p:txBody")
_A_TXBODY = qn("a:txBody")
_P, _R, _T, _BR, _FLD = (qn(f"a:{t}") for t in ("p", "r", "t", "br", "fld"))
_ALTERNATE = qn("mc:AlternateContent")
_CHOICE, _FALLBACK = qn("mc:Choice"), qn("mc:Fallback")
_NO_KEY_CHAR = "\x00"  # stands for a field or break: a key never spans one

FrameKind = Literal["table", "chart", "picture", "video", "graphic", "shape"]


@dataclass(slots=True)
class Occurrence:
    """One ``{key}`` in one paragraph: ``start``/``end`` index the paragraph's text.

    ``neighbours`` are every occurrence of the paragraph (this one included), sharing one list:
    the text filler keeps their offsets current as it replaces keys, so that a key is found
    where the template has it and never inside a value inserted before it.
    """

    key: str
    shape: etree._Element  # the p:sp (or p:graphicFrame for a table cell) that holds the text
    paragraph: etree._Element
    start: int
    end: int
    cell: etree._Element | None = None  # the a:tc when the text is in a table cell
    neighbours: list[Occurrence] = field(default_factory=list, repr=False, compare=False)

    @property
    def tx_body(self) -> etree._Element:
        parent = self.paragraph.getparent()
        assert parent is not None
        return parent


@dataclass(slots=True)
class Frame:
    """A shape named by its alt text: a table, chart or picture (or another graphic)."""

    alt_text: str
    kind: FrameKind
    element: etree._Element
    name: str

    @property
    def key(self) -> str:
        """The key the alt text names: ``key`` for an alt text of ``key`` or ``{key}``."""
        alt = self.alt_text
        return alt[1:-1] if alt.startswith("{") and alt.endswith("}") else alt

    @property
    def names_a_key(self) -> bool:
        """Whether the alt text reads as a key (``sales``, ``{sales}``: letters, digits, ``_``,
        ``.``, ``-``) rather than a description for screen readers (``Curved arrow``)."""
        return KEY_NAME.fullmatch(self.key) is not None


@dataclass(slots=True)
class SlidePlaceholders:
    """Every key on one slide tree: text occurrences in document order, and named frames."""

    text: dict[str, list[Occurrence]] = field(default_factory=dict)
    frames: list[Frame] = field(default_factory=list)
    # Tables and charts without alt text (no key names them): for messages that say how to name one.
    unnamed: list[Frame] = field(default_factory=list)

    def frames_named(self, key: str) -> list[Frame]:
        """Frames whose alt text is ``key`` or ``{key}``."""
        return [f for f in self.frames if f.alt_text in (key, "{" + key + "}")]

    def frames_of_kind(self, kind: FrameKind) -> list[Frame]:
        return [f for f in self.frames if f.kind == kind]

    @property
    def keys(self) -> list[str]:
        return list(self.text)


def paragraph_segments(paragraph: etree._Element) -> list[tuple[etree._Element | None, str]]:
    """The paragraph as (run, text) segments; breaks and fields are (None, a non-key character)."""
    segments: list[tuple[etree._Element | None, str]] = []
    for child in paragraph:
        if child.tag == _R:
            t = first_child(child, _T)
            segments.append((child, (t.text or "") if t is not None else ""))
        elif child.tag in (_BR, _FLD):
            segments.append((None, _NO_KEY_CHAR))
    return segments


def _paragraph_occurrences(
    paragraph: etree._Element,
    shape: etree._Element,
    cell: etree._Element | None,
    found: dict[str, list[Occurrence]],
) -> None:
    text = "".join(t for _, t in paragraph_segments(paragraph))
    if "{" not in text:
        return
    neighbours: list[Occurrence] = []
    for match in KEY_PATTERN.finditer(text):
        occ = Occurrence(match.group(1), shape, paragraph, match.start(), match.end(), cell, neighbours)
        neighbours.append(occ)
        found.setdefault(match.group(1), []).append(occ)


def _text_bodies(shape: etree._Element) -> Iterator[tuple[etree._Element, etree._Element | None]]:
    """(txBody, cell) pairs of a shape: its own text, or every table cell's."""
    if shape.tag == _SP:
        body = first_child(shape, _TXBODY)
        if body is not None:
            yield body, None
    elif shape.tag == _FRAME:
        for tbl in shape.iter(qn("a:tbl")):
            for tc in tbl.iter(qn("a:tc")):
                body = first_child(tc, _A_TXBODY)
                if body is not None:
                    yield body, tc


def iter_shapes(tree: etree._Element) -> Iterator[etree._Element]:
    """Every shape under a shape tree (p:spTree or p:grpSp), groups entered at any depth.

    In markup-compatibility blocks the first Choice is used, which is what PowerPoint shows.
    """
    for child in tree:
        if child.tag == _GRP:
            yield child
            yield from iter_shapes(child)
        elif child.tag == _ALTERNATE:
            choice = first_child(child, _CHOICE)
            branch = choice if choice is not None else first_child(child, _FALLBACK)
            if branch is not None:
                yield from iter_shapes(branch)
        elif child.tag in (_SP, _FRAME, _PIC, _CXN, _CONTENT_PART):
            yield child


def shape_tree(slide_root: etree._Element) -> etree._Element:
    tree = first_on_path(slide_root, qn("p:cSld"), qn("p:spTree"))
    if tree is None:
        raise TemplateError("template.pptx is damaged: a slide has no shape tree (p:cSld/p:spTree)")
    return tree


def non_visual_properties(shape: etree._Element) -> etree._Element | None:
    """The shape's p:cNvPr (its id, name and alt text)."""
    # The first child of every shape kind is its p:nv*Pr, which starts with p:cNvPr.
    if len(shape) and shape[0].tag.startswith(qn("p:nv")):
        found: etree._Element | None = first_child(shape[0], qn("p:cNvPr"))
        return found
    return None


def frame_kind(shape: etree._Element) -> FrameKind:
    """What a shape shows: a table, a chart, a picture, a video, another graphic, or a shape."""
    if shape.tag == _PIC:
        nv = first_on_path(shape, qn("p:nvPicPr"), qn("p:nvPr"))
        if nv is not None and any(
            child.tag.endswith(("}videoFile", "}audioFile", "}quickTimeFile")) for child in nv
        ):
            return "video"
        return "picture"
    if shape.tag == _FRAME:
        data = first_on_path(shape, qn("a:graphic"), qn("a:graphicData"))
        uri = data.get("uri") if data is not None else None
        if uri == TABLE:
            return "table"
        if uri == C:
            return "chart"
        return "graphic"
    return "shape" if shape.tag == _SP else "graphic"


def locate_placeholders(slide_root: etree._Element) -> SlidePlaceholders:
    """Every ``{key}`` in the slide's text and every shape with alt text, in document order."""
    found = SlidePlaceholders()
    for shape in iter_shapes(shape_tree(slide_root)):
        for body, cell in _text_bodies(shape):
            for paragraph in body.iter(_P):
                _paragraph_occurrences(paragraph, shape, cell, found.text)
        c_nv_pr = non_visual_properties(shape)
        alt = (c_nv_pr.get("descr") or "").strip() if c_nv_pr is not None else ""
        if alt and shape.tag != _GRP:
            assert c_nv_pr is not None
            found.frames.append(Frame(alt, frame_kind(shape), shape, c_nv_pr.get("name") or ""))
        elif shape.tag == _FRAME and c_nv_pr is not None:
            found.unnamed.append(Frame("", frame_kind(shape), shape, c_nv_pr.get("name") or ""))
    return found


def chart_relationship_id(frame: etree._Element) -> str | None:
    """The r:id of the chart part a chart graphic frame shows."""
    chart = first_on_path(frame, qn("a:graphic"), qn("a:graphicData"), qn("c:chart"))
    return chart.get(qn("r:id")) if chart is not None else None


def inherited_xfrm(shape: etree._Element, slide: Part) -> etree._Element | None:
    """The ``a:xfrm`` a placeholder inherits from its layout or master placeholder (None if none).

    Matching follows PowerPoint: the layout (then master) placeholder with the same ``idx``, else
    the first one of the same ``type`` (``body`` when absent). Works for every placeholder shape
    kind (``p:sp``, a ``p:pic`` holding a sample picture, a graphic frame).
    """
    ph = shape.find(qn("./*/p:nvPr/p:ph"))
    if ph is None:
        return None
    layout = slide.related(RT.SLIDE_LAYOUT)
    for source in (layout, layout.related(RT.SLIDE_MASTER) if layout is not None else None):
        if source is None:
            continue
        # The layout's (master's) placeholder that has a position: one without passes for none.
        xfrm = matching_placeholder(source.xml, ph.get("idx"), ph.get("type", "body"), _own_xfrm)
        if xfrm is not None:
            return xfrm
    return None


def inherited_frame(shape: etree._Element, slide: Part) -> Box | None:
    """The box of a placeholder without a position of its own, from its layout or master.

    Pictures and videos are sized from the shape they replace; a placeholder whose ``p:spPr``
    has no ``a:xfrm`` is where the layout (or master) placeholder it follows is.
    """
    sp_pr = first_child(shape, qn("p:spPr"))
    if sp_pr is None or first_child(sp_pr, qn("a:xfrm")) is not None:
        return None
    xfrm = inherited_xfrm(shape, slide)
    return xfrm_box(xfrm) if xfrm is not None else None


def _own_xfrm(shape: etree._Element) -> etree._Element | None:
    return first_on_path(shape, qn("p:spPr"), qn("a:xfrm"))
