"""Writing one series' data: its name, categories and values, as formulas with caches.

Only the data children of a ``c:ser`` are replaced (``c:tx``, ``c:cat``, ``c:val``, ``c:xVal``,
``c:yVal``, ``c:bubbleSize``); everything that formats it (``c:spPr``, ``c:marker``, ``c:dLbls``,
trendlines, ``c:smooth``...) stays as it is. A cache keeps the template's number format. Long
caches are built as text and parsed once: it is several times faster than one element per point.
"""

from __future__ import annotations

import copy
import json
import uuid
from collections.abc import Sequence

from lxml import etree

from deckkit.model.elements import Chart, ScatterChart
from deckkit.renderer.chart.layout import SheetLayout
from deckkit.renderer.chart.plot import c, local
from deckkit.renderer.chart.workbook.cells import NumberText, escape_text, xml_safe
from deckkit.renderer.chart.workbook.followed import StyleSource
from deckkit.renderer.chart.workbook.refs import parse_formula
from deckkit.renderer.opc.namespaces import C
from deckkit.renderer.xml_children import first_child

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


def _parse(xml: str) -> etree._Element:
    return etree.fromstring(xml)


def _str_points(values: Sequence[str]) -> str:
    return "".join(
        [f'<c:pt idx="{i}"><c:v>{escape_text(xml_safe(v))}</c:v></c:pt>' for i, v in enumerate(values)]
    )


def _num_points(texts: Sequence[str | None]) -> str:
    return "".join([f'<c:pt idx="{i}"><c:v>{t}</c:v></c:pt>' for i, t in enumerate(texts) if t is not None])


# JSON writes a float as repr() does (float.__repr__, in C), None as null: one call formats a series.
_ENCODE_NUMBERS = json.JSONEncoder(check_circular=False, separators=(",", ":")).encode


def number_texts(values: Sequence[float | None]) -> list[NumberText | None]:
    """Each number formatted once, for the cache and the workbook alike; None stays a gap.

    The text is :func:`~deckkit.renderer.chart.workbook.cells.format_number`'s (``3`` for 3.0),
    made for the whole series at once: this runs once per point of every series.
    """
    if not values:
        return []
    # "[1.5,3.0,null]" -> "1.5,3,null," -> ["1.5", "3", "null"]: ".0," ends only an integral float.
    texts = (_ENCODE_NUMBERS(list(values))[1:-1] + ",").replace(".0,", ",").split(",")
    texts.pop()
    if "null" not in texts:
        return list(map(NumberText, texts))
    return [None if t == "null" else NumberText(t) for t in texts]


def _formula(ref: str | None) -> str:
    return f"<c:f>{escape_text(ref)}</c:f>" if ref is not None else ""


def number_format(ser: etree._Element, tag: str, default: str = "General") -> str:
    """The format code of the template cache of ser's tag child (numRef or numLit)."""
    # ser.find("c:{tag}//c:formatCode") without ElementPath's Python machinery (once per series).
    for holder in ser.iterchildren(c(tag)):
        for found in holder.iter(c("formatCode")):
            return found.text or default
    return default


def name_element(name: str, ref: str | None) -> etree._Element:
    if ref is None:
        return _parse(f'<c:tx xmlns:c="{C}"><c:v>{escape_text(xml_safe(name))}</c:v></c:tx>')
    return _parse(
        f'<c:tx xmlns:c="{C}"><c:strRef>{_formula(ref)}<c:strCache><c:ptCount val="1"/>'
        f"{_str_points([name])}</c:strCache></c:strRef></c:tx>"
    )


def text_categories(labels: Sequence[str], ref: str | None) -> etree._Element:
    inner = f'<c:ptCount val="{len(labels)}"/>{_str_points(labels)}'
    body = (
        f"<c:strRef>{_formula(ref)}<c:strCache>{inner}</c:strCache></c:strRef>"
        if ref is not None
        else f"<c:strLit>{inner}</c:strLit>"
    )
    return _parse(f'<c:cat xmlns:c="{C}">{body}</c:cat>')


def numbers(tag: str, texts: Sequence[str | None], ref: str | None, format_code: str) -> etree._Element:
    """c:val / c:cat (dates) / c:xVal / c:yVal / c:bubbleSize from :func:`number_texts`; None is a gap."""
    inner = (
        f"<c:formatCode>{escape_text(format_code)}</c:formatCode>"
        f'<c:ptCount val="{len(texts)}"/>{_num_points(texts)}'
    )
    body = (
        f"<c:numRef>{_formula(ref)}<c:numCache>{inner}</c:numCache></c:numRef>"
        if ref is not None
        else f"<c:numLit>{inner}</c:numLit>"
    )
    return _parse(f'<c:{tag} xmlns:c="{C}">{body}</c:{tag}>')


def trim_points(ser: etree._Element, count: int) -> None:
    """Drop point formats and point labels for points that no longer exist."""
    for dpt in ser.findall(c("dPt")):
        if int(dpt.find(c("idx")).get("val", "0")) >= count:  # type: ignore[union-attr]
            ser.remove(dpt)
    dlbls = ser.find(c("dLbls"))
    if dlbls is not None:
        for dlbl in dlbls.findall(c("dLbl")):
            if int(dlbl.find(c("idx")).get("val", "0")) >= count:  # type: ignore[union-attr]
                dlbls.remove(dlbl)


def clone_series(prototype: etree._Element) -> etree._Element:
    """A copy of prototype for a new series: its series-level formatting, its own identity for PowerPoint.

    Point formats (``c:dPt``) and point labels (``c:dLbl``) highlight the prototype's own points
    (one black bar): a new series does not copy them.
    """
    ser = copy.deepcopy(prototype)
    for dpt in ser.findall(c("dPt")):
        ser.remove(dpt)
    dlbls = ser.find(c("dLbls"))
    if dlbls is not None:
        for dlbl in dlbls.findall(c("dLbl")):
            dlbls.remove(dlbl)
        if all(local(child) == "extLst" for child in dlbls):
            ser.remove(dlbls)  # it held point labels only
    for ext in ser.findall(f"{c('extLst')}/{c('ext')}"):
        if ext.get("uri") == _C16_UNIQUE_ID:
            for unique in ext:
                unique.set("val", "{" + str(uuid.uuid4()).upper() + "}")
    # Labels read from cell ranges (Office 2013 extension) belong to the prototype's data.
    for ext in ser.findall(f"{c('extLst')}/{c('ext')}"):
        if any(
            etree.QName(x).localname in ("datalabelsRange", "filteredSeriesTitle", "filteredCategoryTitle")
            for x in ext
        ):
            ser.find(c("extLst")).remove(ext)  # type: ignore[union-attr]
    ext_lst = ser.find(c("extLst"))
    if ext_lst is not None and len(ext_lst) == 0:
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
    elements: Sequence[etree._Element], layout: SheetLayout, chart: Chart | ScatterChart
) -> list[StyleSource]:
    """Where each output series' data cells take their cell formats from.

    Called before the series are written: each element still holds the formulas of the template
    series it is (overwritten in place) or was cloned from, so its new cells follow that series'
    cells (``0.0%`` stays ``0.0%`` whatever column the data order puts the series in). Category
    charts: the values; scatter charts: x, y (and bubble sizes).
    """
    targets: list[tuple[etree._Element, str, str]] = []
    if isinstance(chart, Chart):
        n = len(chart.categories)
        targets = [(ser, "val", layout.value_ref(i, n)) for i, ser in enumerate(elements)]
    else:
        parents = [ser.getparent() for ser in elements]
        width = 3 if any(g is not None and local(g) == "bubbleChart" for g in parents) else 2
        axes = [a for a in (chart.axis1, chart.axis2) if a is not None]
        rows = max((len(series.values) for a in axes for series in a.series.values()), default=0)
        tags = ("xVal", "yVal", "bubbleSize")[:width]
        targets = [
            (ser, tag, layout.xy_ref(i, width, k, rows))
            for i, ser in enumerate(elements)
            for k, tag in enumerate(tags)
        ]
    sources: list[StyleSource] = []
    for ser, tag, ref in targets:
        source = parse_formula(_formula_text(ser, tag))
        target = parse_formula(ref)
        if source is not None and target is not None and source[0] == layout.sheet:
            sources.append(StyleSource(target[1], source[1]))
    return sources
