"""A legend the designer sized by hand grows with what it lists, so that no entry is cut off.

PowerPoint writes a legend that was moved or resized with a ``c:manualLayout``: its box is a
fraction of the chart. Readers draw only the entries that fit in that box (LibreOffice and
PowerPoint alike drop the rest, or end one with an ellipsis), so a chart filled with more series,
or longer names, than the template's would lose entries from its legend without a word. The
box keeps its corner and grows along the legend's flow, by the ratio of the text it lists now
to the text it listed (entry lengths in characters, a marker and a gap counted as four): a legend
at the top or bottom grows wider, then (at the chart's edge) into more rows; one at a side grows
taller, and wider for a longer longest entry. A box at the chart's bottom edge moves up as it
grows. The legend lists the series, or the categories of a pie or doughnut (one varied series).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from lxml import etree

from deckkit.ooxml.chart import PlotGroup, c, cached_texts, child_val, series_name
from deckkit.ooxml.xml_children import first_child

__all__ = ["fit_legend", "legend_texts"]

_ENTRY_EXTRA = 4  # a marker and the gap after an entry, in characters


def legend_texts(groups: Sequence[PlotGroup]) -> list[str]:
    """What the template chart's legend lists: its series' names, or a pie's categories."""
    if groups and all(g.is_pie for g in groups):
        first = next((ser for g in groups for ser in g.series), None)
        if first is None:
            return []
        categories = cached_texts(first.find(c("cat")))
        return [categories[i] for i in sorted(categories)]
    return [series_name(ser) for g in groups for ser in g.series]


def fit_legend(
    chart_space: etree._Element,
    listed_before: Callable[[], Sequence[str]],
    listed_after: Callable[[], Sequence[str]],
) -> None:
    """Grow a hand-sized legend of chart_space that listed ``listed_before()`` and now lists
    ``listed_after()`` (asked only of a hand-sized legend: most are not, and reading what the
    template chart lists walks its series on every fill)."""
    chart = first_child(chart_space, c("chart"))
    legend = first_child(chart, c("legend")) if chart is not None else None
    layout = first_child(legend, c("layout")) if legend is not None else None
    manual = first_child(layout, c("manualLayout")) if layout is not None else None
    if manual is None:
        return
    before, after = listed_before(), listed_after()
    if not before or not after:
        return
    if child_val(manual, "wMode") == "edge" or child_val(manual, "hMode") == "edge":
        return  # w and h name the box's far edges there; such a legend is rare enough to leave alone
    box = {tag: _number(manual, tag) for tag in ("x", "y", "w", "h")}
    width, height = box["w"], box["h"]
    if width is None or height is None or width <= 0 or height <= 0:
        return
    edge_x = child_val(manual, "xMode") == "edge" and box["x"] is not None
    edge_y = child_val(manual, "yMode") == "edge" and box["y"] is not None
    room = 1 - (box["x"] or 0.0) if edge_x else 1.0
    if child_val(legend, "legendPos", "r") in ("t", "b"):
        needed = width * _length(after) / _length(before)
        if needed <= width:
            return
        rows = math.ceil(needed / max(room, width))
        width, height = min(max(needed, width), max(room, width)), height * rows
    else:
        taller = height * len(after) / len(before)
        wider = width * max(map(_entry, after)) / max(map(_entry, before))
        if taller <= height and wider <= width:
            return
        width, height = min(max(wider, width), max(room, width)), max(taller, height)
    height = min(height, 1.0)
    if width != box["w"]:
        _set(manual, "w", width)
    if height != box["h"]:
        _set(manual, "h", height)
    if edge_y and (box["y"] or 0.0) + height > 1:
        _set(manual, "y", max(0.0, 1 - height))


def _entry(text: str) -> int:
    return len(text) + _ENTRY_EXTRA


def _length(texts: Sequence[str]) -> int:
    return sum(map(_entry, texts))


def _number(manual: etree._Element, tag: str) -> float | None:
    try:
        return float(child_val(manual, tag)) if child_val(manual, tag) else None
    except ValueError:
        return None


def _set(manual: etree._Element, tag: str, value: float) -> None:
    element = first_child(manual, c(tag))
    if element is not None:
        element.set("val", repr(value))
