"""Writing one series' data: its name, categories and values, as formulas with caches.

Only the data children of a ``c:ser`` are replaced (``c:tx``, ``c:cat``, ``c:val``, ``c:xVal``,
``c:yVal``, ``c:bubbleSize``); everything that formats it (``c:spPr``, ``c:marker``, ``c:dLbls``,
trendlines, ``c:smooth``...) stays as it is. A cache keeps the template's number format. The data
children are built as text (:mod:`~deckkit.renderer.chart.datatext` puts them in the part).
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Sequence
from functools import cache, lru_cache
from operator import add

from lxml import etree

from deckkit.model.elements import Chart, ScatterChart
from deckkit.ooxml.chart import c, local
from deckkit.ooxml.namespaces import C
from deckkit.ooxml.xml_children import child_elements, first_child
from deckkit.ooxml.xml_copy import copy_tree
from deckkit.renderer.chart.layout import SheetLayout
from deckkit.renderer.chart.workbook.cells import escape_text, xml_safe
from deckkit.renderer.chart.workbook.followed import StyleSource
from deckkit.renderer.chart.workbook.refs import parse_formula

# The children of every kind of c:ser merged into one order (no kind uses two that conflict).
SER_ORDER = (
    "idx",
    "order",
    "tx",
    "spPr",
    "invertIfNegative",
    "pictureOptions",
    "marker",
    "explosion",
    "dPt",
    "dLbls",
    "trendline",
    "errBars",
    "cat",
    "val",
    "xVal",
    "yVal",
    "shape",
    "smooth",
    "bubbleSize",
    "bubble3D",
    "extLst",
)
_RANK = {name: i for i, name in enumerate(SER_ORDER)}
_C16_UNIQUE_ID = "{C3380CC4-5D6E-409C-BE32-E72D297353CC}"


def set_child(ser: etree._Element, child: etree._Element) -> None:
    """Put child in ser in schema order, replacing an existing child of the same name."""
    name = local(child)
    old = first_child(ser, c(name))
    if old is not None:
        ser.replace(old, child)
        return
    rank = _RANK[name]
    for i, existing in enumerate(ser):
        if _RANK.get(local(existing), -1) > rank:
            ser.insert(i, child)
            return
    ser.append(child)


def set_val(ser: etree._Element, tag: str, value: int) -> None:
    el = first_child(ser, c(tag))
    if el is None:
        el = etree.Element(c(tag))
        set_child(ser, el)
    el.set("val", str(value))


def xml_text(text: str) -> str:
    """Text as lxml writes it back once parsed: XML-safe, escaped, line ends as a parser leaves them.

    A data child's text is spliced into the written part as it is built (see
    :mod:`~deckkit.renderer.chart.datatext`), so it must be the very text lxml serializes.
    """
    if text.isprintable() and "&" not in text and "<" not in text and ">" not in text:
        return text  # most names and labels (no control character, line end or markup)
    return escape_text(xml_safe(text).replace("\r\n", "\n").replace("\r", "\n"))


def _element(tag: str, text: str) -> str:
    """``<c:tag>text</c:tag>`` for escaped text; ``<c:tag/>`` for none, as lxml writes an empty element."""
    return f"<c:{tag}>{text}</c:{tag}>" if text else f"<c:{tag}/>"


_POINT_CLOSE = "</c:v></c:pt>"
_CACHED_OPENS = 16_384  # indexes kept below this (about 1.5 MB); longer series make the rest each time


@cache  # one entry per power of two up to _CACHED_OPENS
def _cached_opens(size: int) -> tuple[str, ...]:
    return tuple(f'<c:pt idx="{i}"><c:v>' for i in range(size))


def _point_opens(count: int) -> Sequence[str]:
    """``<c:pt idx="i"><c:v>`` for i below count (at least): made once per index, not once per point."""
    if count > _CACHED_OPENS:
        return [f'<c:pt idx="{i}"><c:v>' for i in range(count)]
    return _cached_opens(max(64, 1 << (count - 1).bit_length()))


def _points(texts: Sequence[str | None], numbers: bool = False) -> str:
    """The c:pt of each escaped text; None is a gap (no point), "" an empty value.

    numbers: the texts are :func:`number_texts`' (never empty), so that they need not be searched for "".
    """
    if not texts:
        return ""
    if None not in texts and (numbers or "" not in texts):
        # Every point written the same way (the bulk of series): each made by one C-level add.
        return _POINT_CLOSE.join(map(add, _point_opens(len(texts)), texts)) + _POINT_CLOSE
    return _points_with_gaps(texts)


def _points_with_gaps(texts: Sequence[str | None]) -> str:
    """:func:`_points` in general: gaps left out, empty values written ``<c:v/>``."""
    pairs: list[tuple[str, str]] = [
        (o, t) for o, t in zip(_point_opens(len(texts)), texts, strict=False) if t is not None
    ]
    if not pairs:
        return ""
    if "" in texts:  # o[:-5] is o without its "<c:v>"
        return "".join([o[:-5] + _element("v", t) + "</c:pt>" for o, t in pairs])
    return _POINT_CLOSE.join([o + t for o, t in pairs]) + _POINT_CLOSE


# JSON writes a float as repr() does (float.__repr__, in C), None as null: one call formats a series.
_ENCODE_NUMBERS = json.JSONEncoder(check_circular=False, separators=(",", ":")).encode


def number_texts(values: Sequence[float | None]) -> list[str | None]:
    """Each number formatted once, for the cache and the workbook alike; None stays a gap.

    The text is :func:`~deckkit.renderer.chart.workbook.cells.format_number`'s (``3`` for 3.0),
    made for the whole series at once: this runs once per point of every series. The texts are
    plain ``str`` (a workbook column says once that they are numbers: ``workbook.block``).
    """
    if not values:
        return []
    # "[1.5,3.0,null]" -> "1.5,3,null," -> ["1.5", "3", "null"]: ".0," ends only an integral float.
    encoded = _ENCODE_NUMBERS(values if type(values) is list else list(values))
    texts: list[str | None] = (encoded[1:-1] + ",").replace(".0,", ",").split(",")  # type: ignore[assignment]
    texts.pop()
    if "null" not in encoded:  # a search in C of the text, not a comparison per number
        return texts
    return [None if t == "null" else t for t in texts]


def _formula(ref: str | None) -> str:
    return _element("f", xml_text(ref)) if ref is not None else ""


def number_format(ser: etree._Element, tag: str, default: str = "General") -> str:
    """The format code of the template cache of ser's tag child (numRef or numLit)."""
    # ser.find("c:{tag}//c:formatCode") without ElementPath's Python machinery (once per series).
    for holder in ser.iterchildren(c(tag)):
        for found in holder.iter(c("formatCode")):
            return found.text or default
    return default


def name_xml(name: str, ref: str | None) -> str:
    """The inside of ``c:tx``: the name as a literal, or a formula with its cache."""
    if ref is None:
        return _element("v", xml_text(name))
    return (
        f'<c:strRef>{_formula(ref)}<c:strCache><c:ptCount val="1"/>'
        f"{_points([xml_text(name)])}</c:strCache></c:strRef>"
    )


def categories_xml(labels: Sequence[str], ref: str | None) -> str:
    """The inside of ``c:cat`` for text labels."""
    # Copies of one chart mostly show the same labels: each set is escaped and joined once
    # (short sets only: the memo holds its texts).
    if len(labels) > _MEMO_LABELS:
        return _categories_xml.__wrapped__(tuple(labels), ref)
    return _categories_xml(tuple(labels), ref)


_MEMO_LABELS = 1_000


@lru_cache(maxsize=64)
def _categories_xml(labels: tuple[str, ...], ref: str | None) -> str:
    inner = f'<c:ptCount val="{len(labels)}"/>{_points([xml_text(v) for v in labels])}'
    if ref is None:
        return f"<c:strLit>{inner}</c:strLit>"
    return f"<c:strRef>{_formula(ref)}<c:strCache>{inner}</c:strCache></c:strRef>"


def numbers_xml(texts: Sequence[str | None], ref: str | None, format_code: str) -> str:
    """The inside of c:val / c:cat (dates) / c:xVal / c:yVal / c:bubbleSize from :func:`number_texts`."""
    inner = f'{_element("formatCode", xml_text(format_code))}<c:ptCount val="{len(texts)}"/>{_points(texts, numbers=True)}'
    if ref is None:
        return f"<c:numLit>{inner}</c:numLit>"
    return f"<c:numRef>{_formula(ref)}<c:numCache>{inner}</c:numCache></c:numRef>"


def trim_points(ser: etree._Element, count: int) -> None:
    """Drop point formats and point labels for points that no longer exist."""
    for dpt in child_elements(ser, c("dPt")):
        if int(dpt.find(c("idx")).get("val", "0")) >= count:  # type: ignore[union-attr]
            ser.remove(dpt)
    dlbls = first_child(ser, c("dLbls"))
    if dlbls is not None:
        for dlbl in child_elements(dlbls, c("dLbl")):
            if int(dlbl.find(c("idx")).get("val", "0")) >= count:  # type: ignore[union-attr]
                dlbls.remove(dlbl)


_CLONE_EDITS = frozenset((c("dPt"), c("dLbls"), c("extLst")))
_RANGE_LABELS = frozenset(("datalabelsRange", "filteredSeriesTitle", "filteredCategoryTitle"))


def clone_series(prototype: etree._Element) -> etree._Element:
    """A copy of prototype for a new series: its series-level formatting, its own identity for PowerPoint.

    Point formats (``c:dPt``) and point labels (``c:dLbl``) highlight the prototype's own points
    (one black bar): a new series does not copy them.
    """
    ser = copy_tree(prototype)
    if not any(child.tag in _CLONE_EDITS for child in ser):
        return ser  # nothing of the prototype's own: no point formats, labels or extensions
    for dpt in child_elements(ser, c("dPt")):
        ser.remove(dpt)
    dlbls = first_child(ser, c("dLbls"))
    if dlbls is not None:
        for dlbl in child_elements(dlbls, c("dLbl")):
            dlbls.remove(dlbl)
        if all(local(child) == "extLst" for child in dlbls):
            ser.remove(dlbls)  # it held point labels only
    ext_lst = first_child(ser, c("extLst"))
    if ext_lst is None:
        return ser
    for ext in child_elements(ext_lst, c("ext")):
        if ext.get("uri") == _C16_UNIQUE_ID:
            for unique in ext:
                unique.set("val", "{" + str(uuid.uuid4()).upper() + "}")
        # Labels read from cell ranges (Office 2013 extension) belong to the prototype's data.
        if any(etree.QName(x).localname in _RANGE_LABELS for x in ext):
            ext_lst.remove(ext)
    if len(ext_lst) == 0:
        ser.remove(ext_lst)
    return ser


def new_series(kind: str) -> etree._Element:
    """A bare series for a group that has none in the template."""
    ser = etree.Element(c("ser"), nsmap={"c": C})
    for tag in ("idx", "order"):
        etree.SubElement(ser, c(tag)).set("val", "0")
    if kind in ("lineChart", "scatterChart"):
        set_child(ser, etree.Element(c("smooth"), val="0"))
    return ser


def _formula_text(ser: etree._Element, tag: str) -> str:
    """The text of ``c:{tag}/c:numRef/c:f`` (the first), or ""."""
    for holder in ser.iterchildren(c(tag)):
        for ref in holder.iterchildren(c("numRef")):
            for formula in ref.iterchildren(c("f")):
                return formula.text or ""
    return ""


def value_style_sources(
    holders: Sequence[tuple[etree._Element | None, str]], layout: SheetLayout, chart: Chart | ScatterChart
) -> list[StyleSource]:
    """Where each output series' data cells take their cell formats from.

    holders: per output series, the template series whose formulas it holds (the one it
    overwrites, or the one it is cloned from; None for a bare new series) and its group's kind.
    Its new cells follow that series' cells (``0.0%`` stays ``0.0%`` whatever column the data
    order puts the series in). Category charts: the values; scatter charts: x, y (and bubble sizes).
    """
    targets: list[tuple[etree._Element, str, str]] = []
    if isinstance(chart, Chart):
        n = len(chart.categories)
        targets = [
            (ser, "val", layout.value_ref(i, n)) for i, (ser, _) in enumerate(holders) if ser is not None
        ]
    else:
        width = 3 if any(kind == "bubbleChart" for _, kind in holders) else 2
        axes = [a for a in (chart.axis1, chart.axis2) if a is not None]
        rows = max((len(series.values) for a in axes for series in a.series.values()), default=0)
        tags = ("xVal", "yVal", "bubbleSize")[:width]
        targets = [
            (ser, tag, layout.xy_ref(i, width, k, rows))
            for i, (ser, _) in enumerate(holders)
            if ser is not None
            for k, tag in enumerate(tags)
        ]
    sources: list[StyleSource] = []
    for ser, tag, ref in targets:
        source = parse_formula(_formula_text(ser, tag))
        target = parse_formula(ref)
        if source is not None and target is not None and source[0] == layout.sheet:
            sources.append(StyleSource(target[1], source[1]))
    return sources
