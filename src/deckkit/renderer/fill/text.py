"""Text filler: a string or Text object replaces its ``{key}`` occurrences.

The inserted runs copy the run properties of the run where ``{key}`` starts, so the template's
formatting is kept, its link included; text around the braces stays in its own runs.
``styles.font`` applies to the inserted runs only, ``styles.shape`` to the containing shape (or
table cell); a value given as runs (rich text) adds each run's own styles and link on top. ``\\n`` (and ``\\v``, PowerPoint's own soft break) becomes a line break (``a:br``)
carrying the same run properties. ``hyperlink`` replaces the run's ``a:hlinkClick``.

Inserted text is data: it is never scanned for keys, whatever the order the keys are filled in.
A linked run with a colour of its own carries the 2018 hyperlink-colour extension
(``ahyp:hlinkClr val="tx"``), without which PowerPoint draws every link in the theme's ``hlink``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from typing import Any, ClassVar, Generic, TypeVar

from lxml import etree

from deckkit.model import ShapeStyles, Text
from deckkit.ooxml.locate import Occurrence, paragraph_segments
from deckkit.ooxml.namespaces import A, qn
from deckkit.ooxml.xml_children import child_elements, first_child
from deckkit.ooxml.xml_copy import copy_tree
from deckkit.places import place_kind
from deckkit.renderer.drawingml import (
    anchor_value,
    apply_shape_styles_to_sp_pr,
    set_paragraph_alignment,
)
from deckkit.renderer.filler import (
    KeySite,
    Operation,
    OutputSlide,
    PlanReport,
    register_filler,
)
from deckkit.renderer.runs import make_runs, styled_run_properties, value_elements
from deckkit.renderer.table.cell import apply_cell_styles
from deckkit.renderer.table.grid import cell_matrix, merges_of

__all__ = [
    "AddHyperlink",
    "TextFiller",
    "TextKeyFiller",
    "apply_shape_styles",
    "make_runs",
    "replace_occurrences",
    "styled_run_properties",
]

AddHyperlink = Callable[[str], str]
"""Adds an external hyperlink relationship to the slide being filled and returns its r:id."""

_TEXT_CHILDREN = frozenset(qn(f"a:{t}") for t in ("r", "br", "fld"))


_R, _T, _BR, _RPR = qn("a:r"), qn("a:t"), qn("a:br"), qn("a:rPr")


def _run_properties(run: etree._Element | None) -> etree._Element:
    """The run's a:rPr (not a copy: styled_run_properties copies it), else a new one."""
    r_pr = first_child(run, _RPR) if run is not None else None
    return r_pr if r_pr is not None else etree.Element(_RPR, nsmap={"a": A})


def _set_run_text(run: etree._Element, text: str) -> None:
    t = first_child(run, qn("a:t"))
    if t is None:
        t = etree.SubElement(run, qn("a:t"))
    t.text = text


def _replace_span(
    paragraph: etree._Element,
    start: int,
    end: int,
    value: Text,
    add_hyperlink: AddHyperlink,
    rid_cache: dict[str, str],
) -> int:
    """Replace the paragraph's text[start:end] with value; returns the length of the text inserted."""
    segments = paragraph_segments(paragraph)
    offsets: list[int] = []
    position = 0
    for _, text in segments:
        offsets.append(position)
        position += len(text)
    first = next(i for i, (_, t) in enumerate(segments) if offsets[i] <= start < offsets[i] + len(t))
    last = next(i for i, (_, t) in enumerate(segments) if offsets[i] < end <= offsets[i] + len(t))
    start_run, start_text = segments[first]
    end_run, end_text = segments[last]
    assert start_run is not None
    assert end_run is not None
    prefix = start_text[: start - offsets[first]]
    suffix = end_text[end - offsets[last] :]

    rid = None
    if value.hyperlink is not None:
        rid = rid_cache.get(value.hyperlink) or add_hyperlink(value.hyperlink)
        rid_cache[value.hyperlink] = rid
    font = value.styles.font if value.styles is not None else None
    base = styled_run_properties(_run_properties(start_run), font, rid)
    inserted = value_elements(value.value, base, add_hyperlink, rid_cache)
    # As paragraph_segments counts it: a break is one character.
    length = sum(1 if el.tag == _BR else len(el.findtext(_T) or "") for el in inserted)

    if first == last:
        tail = copy_tree(start_run) if suffix else None
    else:
        for run, _ in segments[first + 1 : last]:
            if run is not None:
                paragraph.remove(run)
        tail = end_run
    if tail is not None and tail is not start_run:
        _set_run_text(tail, suffix)
    position_after = paragraph.index(start_run) + 1
    for offset, element in enumerate(inserted):
        paragraph.insert(position_after + offset, element)
    if first == last and tail is not None:
        paragraph.insert(position_after + len(inserted), tail)
    elif tail is not None and not suffix:
        paragraph.remove(tail)
    if prefix:
        _set_run_text(start_run, prefix)
        return length
    paragraph.remove(start_run)
    if first_child(paragraph, qn("a:endParaRPr")) is None and not any(
        c.tag in _TEXT_CHILDREN for c in paragraph
    ):
        _keep_paragraph_formatting(paragraph, start_run)
    return length


def _keep_paragraph_formatting(paragraph: etree._Element, run: etree._Element) -> None:
    """An emptied paragraph keeps its size and font through ``a:endParaRPr``."""
    r_pr = first_child(run, qn("a:rPr"))
    end = etree.SubElement(paragraph, qn("a:endParaRPr"))
    if r_pr is not None:
        for name, val in r_pr.attrib.items():
            end.set(name, val)
        for child in r_pr:
            if child.tag not in (qn("a:hlinkClick"), qn("a:hlinkMouseOver")):
                end.append(copy_tree(child))


def replace_occurrences(occurrences: Iterable[Occurrence], value: Text, add_hyperlink: AddHyperlink) -> None:
    """Replace every given ``{key}`` occurrence with value, then apply ``styles.shape``."""
    rid_cache: dict[str, str] = {}
    containers: dict[int, Occurrence] = {}
    # Right to left within a paragraph: a replacement never moves the text before it.
    for occ in sorted(occurrences, key=lambda o: (id(o.paragraph), -o.start)):
        paragraph = occ.paragraph
        if paragraph.getparent() is None:  # removed by an earlier key (a list, a delete)
            continue
        text = "".join(t for _, t in paragraph_segments(paragraph))
        if text[occ.start : occ.end] != "{" + occ.key + "}":
            continue  # no longer there (its shape was replaced, or it was filled already)
        length = _replace_span(paragraph, occ.start, occ.end, value, add_hyperlink, rid_cache)
        # The keys after it in the paragraph move with the text; the value is never scanned.
        shift = length - (occ.end - occ.start)
        for other in occ.neighbours:
            if other is not occ and other.start >= occ.end:
                other.start += shift
                other.end += shift
        occ.end = occ.start  # filled: a second fill of this occurrence finds nothing
        containers[id(occ.cell if occ.cell is not None else occ.shape)] = occ
    shape_styles = value.styles.shape if value.styles is not None else None
    if shape_styles is not None:
        for occ in containers.values():
            apply_shape_styles(occ, shape_styles)


def apply_shape_styles(occ: Occurrence, styles: ShapeStyles) -> None:
    """Fill, outline and alignment of the shape (or table cell) that holds an occurrence."""
    body = occ.tx_body
    if styles.align is not None:
        for paragraph in child_elements(body, qn("a:p")):
            p_pr = first_child(paragraph, qn("a:pPr"))
            if p_pr is None:
                p_pr = etree.Element(qn("a:pPr"))
                paragraph.insert(0, p_pr)
            set_paragraph_alignment(p_pr, styles.align)
    if occ.cell is not None:
        _style_cell(occ.cell, styles)
        return
    if styles.vertical_align is not None:
        body_pr = first_child(body, qn("a:bodyPr"))
        if body_pr is None:
            body_pr = etree.Element(qn("a:bodyPr"))
            body.insert(0, body_pr)
        body_pr.set("anchor", anchor_value(styles.vertical_align))
    sp_pr = first_child(occ.shape, qn("p:spPr"))
    if sp_pr is not None and (styles.fill is not None or styles.outline is not None):
        apply_shape_styles_to_sp_pr(sp_pr, styles)


def _style_cell(tc: etree._Element, styles: ShapeStyles) -> None:
    """styles.shape on a table cell, through the table filler's one definition of cell styling.

    Borders are shared edges (each neighbour keeps its own copy) and a merged block is styled as
    one cell; the table filler knows both, so a ``{key}`` in a cell is styled exactly as a Table
    cell with the same styles would be.
    """
    row_el = tc.getparent()
    tbl = row_el.getparent() if row_el is not None else None
    if tbl is None:
        return
    matrix = cell_matrix(tbl)
    for r, cells in enumerate(matrix):
        for c, cell in enumerate(cells):
            if cell is tc:
                merge = next((m for m in merges_of(matrix) if (m.row, m.col) == (r, c)), None)
                apply_cell_styles(matrix, r, c, styles, merge)
                return


T = TypeVar("T")


class TextKeyFiller(ABC, Generic[T]):
    """A filler of ``{key}`` in the slide's text: the key must stand in text, not only in an
    element's alt text. A subclass names its value in messages (``what``) and how it is
    written (``write``)."""

    removes_shapes = False
    what: ClassVar[str]

    @staticmethod
    @abstractmethod
    def write(occurrences: list[Occurrence], value: Any, add_hyperlink: AddHyperlink) -> object:
        """Puts ``value`` in place of the key's occurrences (what it returns is the filler's own)."""

    def plan(self, site: KeySite, value: T, report: PlanReport) -> Operation[T] | None:
        if site.text:
            return Operation(site.key, value, self)
        elements = [place_kind(f.kind) for f in site.frames if place_kind(f.kind).listed]
        if elements:
            report.error(
                site.path,
                f'"{site.key}" is the alt text of {elements[0].noun} on template slide '
                f"{site.slide.number}, which cannot take {self.what}{elements[0].give}",
            )
        else:
            report.unused(site)
        return None

    def fill(self, site: KeySite, value: T, output: OutputSlide) -> None:
        self.write(site.text, value, output.sink.add_hyperlink)


@register_filler(Text, places=("text",))
class TextFiller(TextKeyFiller[Text]):
    """A string or Text object replaces every ``{key}`` occurrence."""

    what = "text"
    write = staticmethod(replace_occurrences)
