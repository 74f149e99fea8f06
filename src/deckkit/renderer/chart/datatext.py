"""The data children of a filled chart's series (``c:tx``, ``c:cat``, ``c:val`` ...) kept as text.

A chart of 3 series of 150 points holds about 2,000 elements in its caches: parsing their text
into the tree and serializing the tree again costs more than building the text. So while a chart
is filled each data child is a placeholder (the series' own element, emptied, holding a numbered
marker of :mod:`deckkit.renderer.stencil.markers`), and when the part is written the data
child's text is spliced in place of the marker. The bytes are those lxml writes for the parsed
text, because the text is built in that form (see :func:`~deckkit.renderer.chart.series.xml_text`).
The general path parses every placeholder's text into the tree, all of a chart's in one call:
where a tree is wanted (a caller of ``fill_chart``), with the stencils off, or where a
placeholder is not written as plain ``<c:tag>`` (a chart that binds its namespace to another
prefix: :class:`~deckkit.renderer.stencil.replay.UnfitError`).
"""

from __future__ import annotations

import re

from lxml import etree

from deckkit.ooxml.chart import c, local
from deckkit.ooxml.namespaces import C
from deckkit.ooxml.opc.part import serialize_xml
from deckkit.ooxml.xml_children import first_child
from deckkit.renderer.chart.series import set_child
from deckkit.renderer.stencil.markers import NUMBERED_PATTERN, holds_markers, number_of, numbered
from deckkit.renderer.stencil.replay import UnfitError, through_stencil

__all__ = ["DataChildren"]

_PLACEHOLDER = re.compile(rb"<c:([A-Za-z]+)>" + NUMBERED_PATTERN.encode() + rb"</c:\1>")


class DataChildren:
    """The data children put into one chart's series, as text until the chart is written or parsed."""

    def __init__(self) -> None:
        self._texts: list[str] = []
        self._formats: list[str | None] = []
        self._holders: list[etree._Element] = []

    def put(self, ser: etree._Element, tag: str, inner: str, format_code: str | None = None) -> None:
        """Set ser's ``c:{tag}`` to ``<c:{tag}>inner</c:{tag}>`` (inner: text of ``c:`` elements).

        format_code: the ``c:numRef/c:numCache/c:formatCode`` that inner holds, for
        :meth:`cached_format` (the placeholder has no children to read it from).
        """
        assert inner, "an empty element is written <c:tag/>, never spliced"
        holder = first_child(ser, c(tag))
        if holder is None:
            holder = ser.makeelement(c(tag))
            set_child(ser, holder)
        else:
            # Children, attributes, text and tail go: written as a new element would be. Far
            # cheaper than replacing it (lxml moves a removed element to a document of its own).
            holder.clear()
        holder.text = numbered(len(self._texts))
        self._texts.append(inner)
        self._formats.append(format_code)
        self._holders.append(holder)

    def _index(self, el: etree._Element) -> int | None:
        """The text an element holds the place of, or None for any other element."""
        return None if len(el) else number_of(el.text)

    def cached_format(self, el: etree._Element) -> str | None:
        """The format code of the numRef cache that the placeholder el stands for (None: not one)."""
        index = self._index(el)
        return self._formats[index] if index is not None else None

    def holds(self, el: etree._Element) -> bool:
        return self._index(el) is not None

    def parse_into_tree(self) -> None:
        """Replace every placeholder with its parsed element (all of them in one parse)."""
        if not self._holders:
            return
        pairs = zip(self._holders, self._texts, strict=True)
        body = "".join([f"<c:{local(h)}>{t}</c:{local(h)}>" for h, t in pairs])
        parsed = etree.fromstring(f'<w xmlns:c="{C}">{body}</w>')
        for holder, element in zip(self._holders, list(parsed), strict=True):
            parent = holder.getparent()
            if parent is not None:
                parent.replace(holder, element)
        self._holders, self._texts, self._formats = [], [], []

    def serialize(self, root: etree._Element) -> bytes:
        """The part's bytes (``serialize_xml``) with the texts in place of their placeholders."""
        return through_stencil(
            lambda: self if self._holders else None,
            lambda _: self._spliced(root),
            lambda: self._parsed(root),
        )

    def _spliced(self, root: etree._Element) -> bytes:
        texts = self._texts
        spliced = _PLACEHOLDER.sub(
            lambda m: b"<c:%s>%s</c:%s>" % (m[1], texts[int(m[2])].encode(), m[1]), serialize_xml(root)
        )
        if holds_markers(spliced):  # one written otherwise than <c:tag> (another prefix, a declaration)
            raise UnfitError
        return spliced

    def _parsed(self, root: etree._Element) -> bytes:
        self.parse_into_tree()
        return serialize_xml(root)
