"""Runs of inserted text: the template run's formatting, the value's styles and link, and for
rich text (a value given as runs) each run's own on top; shared by the text, list and table fillers.

A linked run with a colour of its own carries the 2018 hyperlink-colour extension
(``ahyp:hlinkClr val="tx"``), without which PowerPoint draws every link in the theme's ``hlink``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from lxml import etree

from deckkit.model import FontStyles, TextRun
from deckkit.ooxml.namespaces import AHYP, qn
from deckkit.ooxml.xml_children import child_elements, first_child
from deckkit.ooxml.xml_copy import copy_tree
from deckkit.renderer.drawingml import FILL_TAGS, apply_font, insert_before_any

__all__ = ["make_runs", "styled_run_properties", "value_elements"]

_AFTER_HLINK_IN_RPR = ("hlinkMouseOver", "rtl", "extLst")
_HLINK_COLOUR_EXT = "{A12FA001-AC4F-418D-AE19-62706E023703}"
_LINKS = (qn("a:hlinkClick"), qn("a:hlinkMouseOver"))
_R, _T, _BR = qn("a:r"), qn("a:t"), qn("a:br")


def styled_run_properties(
    base: etree._Element, font: FontStyles | None, hyperlink_rid: str | None
) -> etree._Element:
    r_pr = copy_tree(base)
    if r_pr.tag != qn("a:rPr"):
        r_pr.tag = qn("a:rPr")
    # The template's spell-check mark was about the placeholder, not the inserted text.
    r_pr.attrib.pop("err", "")
    if font is not None:
        apply_font(r_pr, font)
    # The template run's link stays on the value (the designer linked it); the data's own wins.
    if hyperlink_rid is not None:
        for old in child_elements(r_pr, qn("a:hlinkClick")):
            r_pr.remove(old)
        link = etree.Element(qn("a:hlinkClick"))
        link.set(qn("r:id"), hyperlink_rid)
        insert_before_any(r_pr, link, _AFTER_HLINK_IN_RPR)
    if any(child.tag in FILL_TAGS for child in r_pr):
        for link in r_pr:
            if link.tag in _LINKS:
                _use_text_colour(link)
    return r_pr


def _use_text_colour(link: etree._Element) -> None:
    """Make PowerPoint draw a link in its run's own colour (``ahyp:hlinkClr val="tx"``)."""
    ext_lst = first_child(link, qn("a:extLst"))
    if ext_lst is None:
        ext_lst = etree.SubElement(link, qn("a:extLst"))  # the last child of a:hlinkClick
    ext = next((e for e in child_elements(ext_lst, qn("a:ext")) if e.get("uri") == _HLINK_COLOUR_EXT), None)
    if ext is None:
        ext = etree.SubElement(ext_lst, qn("a:ext"), uri=_HLINK_COLOUR_EXT)
    for old in list(ext):
        ext.remove(old)
    etree.SubElement(ext, qn("ahyp:hlinkClr"), nsmap={"ahyp": AHYP}, val="tx")


def make_runs(value: str, r_pr: etree._Element) -> list[etree._Element]:
    """Runs (and ``a:br`` for each ``\\n``) showing value, each with a copy of r_pr."""
    elements: list[etree._Element] = []
    # A vertical tab is PowerPoint's own soft line break (text copied out of a deck has them).
    for i, line in enumerate(value.replace("\r\n", "\n").replace("\v", "\n").split("\n")):
        if i:
            br = etree.Element(_BR)
            br.append(copy_tree(r_pr))
            elements.append(br)
        if line:
            run = etree.Element(_R)
            run.append(copy_tree(r_pr))
            etree.SubElement(run, _T).text = line
            elements.append(run)
    return elements


def value_elements(
    value: str | Sequence[str | TextRun],
    base: etree._Element,
    add_hyperlink: Callable[[str], str] | None,
    rid_cache: dict[str, str],
) -> list[etree._Element]:
    """The runs and breaks showing a value: one string with ``base``, or each run of rich text
    with ``base`` and its own font and link (``add_hyperlink`` None: links are left out)."""
    if isinstance(value, str):
        return make_runs(value, base)
    elements: list[etree._Element] = []
    for run in value:
        if isinstance(run, str):
            elements += make_runs(run, base)
            continue
        rid = None
        if run.hyperlink is not None and add_hyperlink is not None:
            rid = rid_cache.get(run.hyperlink) or add_hyperlink(run.hyperlink)
            rid_cache[run.hyperlink] = rid
        own = base if run.font is None and rid is None else styled_run_properties(base, run.font, rid)
        elements += make_runs(run.text, own)
    return elements
