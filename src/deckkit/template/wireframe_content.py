"""What a wireframe shows of a filled slide: its text, its tables' cell text, its charts' kind.

A template's wireframe names the keys at their places; a rendered deck has none left, so its
wireframe (drawn when LibreOffice is not there) shows what the slide now says instead of shape
names ("Title 1"): a text box's paragraphs, a table's rows at their heights (so a table that runs
off the slide is seen running off it), a chart's kind, "picture" for a picture.
"""

from __future__ import annotations

from typing import NamedTuple

from lxml import etree

from deckkit.ooxml.chart import chart_label, plot_groups
from deckkit.ooxml.locate import chart_relationship_id
from deckkit.ooxml.namespaces import qn
from deckkit.ooxml.opc.part import Part

__all__ = ["Content", "shape_content"]

_P, _T, _TR, _TC = qn("a:p"), qn("a:t"), qn("a:tr"), qn("a:tc")


class Content(NamedTuple):
    """A shape's content as lines of text; ``rows`` holds each line's height in EMU for a table."""

    lines: list[str]
    rows: list[int] | None = None


def _text(element: etree._Element) -> str:
    return "".join(t.text or "" for t in element.iter(_T))


def _paragraphs(body: etree._Element) -> list[str]:
    return [_text(p) for p in body.iter(_P)]


def shape_content(shape: etree._Element, slide: Part) -> Content | None:
    """What the shape shows, or None when it shows nothing a line can say (a connector, a group)."""
    tbl = next(shape.iter(qn("a:tbl")), None)
    if tbl is not None:
        rows = [tr for tr in tbl.iterchildren(_TR)]
        lines = [" | ".join(_text(tc) for tc in tr.iterchildren(_TC)) for tr in rows]
        return Content(lines, [int(tr.get("h", "0") or 0) for tr in rows])
    if shape.tag == qn("p:graphicFrame"):
        rid = chart_relationship_id(shape)
        part = slide.rels.target_part(rid) if rid is not None else None
        if part is not None:
            return Content([f"chart: {chart_label(plot_groups(part.xml))}"])
        return None
    if shape.tag == qn("p:pic"):
        return Content(["picture"])
    body = shape.find(qn("p:txBody"))
    if body is None:
        return None
    lines = [line for line in _paragraphs(body) if line.strip()]
    return Content(lines) if lines else None
