"""Axis settings: value axis bounds, number format and unit; category axis skip; date axes.

Only what the data sets is written; the template's other axis settings stay.
"""

from __future__ import annotations

from lxml import etree

from deckkit.model.elements import Bounds
from deckkit.ooxml.chart import c, child_val, local
from deckkit.renderer.chart.dates import DAYS_PER, TIME_UNITS, finer
from deckkit.renderer.chart.workbook.cells import format_number

# valAx, catAx and dateAx children merged into one schema order.
AX_ORDER = (
    "axId",
    "scaling",
    "delete",
    "axPos",
    "majorGridlines",
    "minorGridlines",
    "title",
    "numFmt",
    "majorTickMark",
    "minorTickMark",
    "tickLblPos",
    "spPr",
    "txPr",
    "crossAx",
    "crosses",
    "crossesAt",
    "crossBetween",
    "auto",
    "lblAlgn",
    "lblOffset",
    "baseTimeUnit",
    "tickLblSkip",
    "tickMarkSkip",
    "majorUnit",
    "majorTimeUnit",
    "minorUnit",
    "minorTimeUnit",
    "noMultiLvlLbl",
    "dispUnits",
    "extLst",
)
_SCALING_ORDER = ("logBase", "orientation", "max", "min", "extLst")
_CATEGORY_ONLY = ("lblAlgn", "tickLblSkip", "tickMarkSkip", "noMultiLvlLbl")
_DATE_ONLY = ("baseTimeUnit", "majorUnit", "majorTimeUnit", "minorUnit", "minorTimeUnit")
DEFAULT_DATE_FORMAT = "m/d/yyyy"  # Excel's built-in short date (format 14), shown in the reader's locale


def _set(parent: etree._Element, tag: str, order: tuple[str, ...], **attrs: str) -> etree._Element:
    el = parent.find(c(tag))
    if el is None:
        el = etree.Element(c(tag))
        rank = order.index(tag)
        for i, existing in enumerate(parent):
            name = local(existing)
            if name in order and order.index(name) > rank:
                parent.insert(i, el)
                break
        else:
            parent.append(el)
    for key, value in attrs.items():
        el.set(key, value)
    return el


def _remove(parent: etree._Element, *tags: str) -> None:
    for tag in tags:
        for el in parent.findall(c(tag)):
            parent.remove(el)


def set_value_axis(
    axis: etree._Element, bounds: Bounds | None, fmt: str | None, major_unit: float | None
) -> None:
    if bounds is not None and (bounds.minimum is not None or bounds.maximum is not None):
        scaling = _set(axis, "scaling", AX_ORDER)
        if scaling.find(c("orientation")) is None:
            _set(scaling, "orientation", _SCALING_ORDER, val="minMax")
        if bounds.maximum is not None:
            _set(scaling, "max", _SCALING_ORDER, val=format_number(bounds.maximum))
        if bounds.minimum is not None:
            _set(scaling, "min", _SCALING_ORDER, val=format_number(bounds.minimum))
    if fmt is not None:
        _set(axis, "numFmt", AX_ORDER, formatCode=fmt, sourceLinked="0")
    if major_unit is not None:
        if local(axis) == "valAx" and axis.find(c("crossBetween")) is None:
            # crossBetween is required before majorUnit in a value axis.
            _set(axis, "crossBetween", AX_ORDER, val="between")
        _set(axis, "majorUnit", AX_ORDER, val=format_number(major_unit))


def set_label_interval(axis: etree._Element, interval: int) -> None:
    if local(axis) == "catAx":
        _set(axis, "tickLblSkip", AX_ORDER, val=str(interval))


def to_date_axis(
    axis: etree._Element,
    fmt: str | None,
    major_unit: int | None,
    time_unit: str | None,
    base_unit: str | None,
) -> etree._Element:
    """Turn a category axis into a date axis (or update one); returns the axis element.

    base_unit is the labels' own unit (:func:`deckkit.renderer.chart.dates.base_time_unit`), or
    None to keep the template's (days on a new date axis).
    """
    if local(axis) != "dateAx":
        axis.tag = c("dateAx")
        _remove(axis, *_CATEGORY_ONLY)
        _set(axis, "auto", AX_ORDER, val="0")
        if axis.find(c("lblOffset")) is None:
            _set(axis, "lblOffset", AX_ORDER, val="100")
    if base_unit is not None or axis.find(c("baseTimeUnit")) is None:
        _set(axis, "baseTimeUnit", AX_ORDER, val=base_unit or "days")
    if fmt is not None:
        _set(axis, "numFmt", AX_ORDER, formatCode=fmt, sourceLinked="0")
    elif axis.find(c("numFmt")) is None:
        _set(axis, "numFmt", AX_ORDER, formatCode=DEFAULT_DATE_FORMAT, sourceLinked="1")
    if major_unit is not None:
        _set(axis, "majorUnit", AX_ORDER, val=str(major_unit))
        _set(axis, "majorTimeUnit", AX_ORDER, val=time_unit or child_val(axis, "majorTimeUnit", "days"))
    elif time_unit is not None:
        _set(axis, "majorTimeUnit", AX_ORDER, val=time_unit)
        if axis.find(c("majorUnit")) is None:
            _set(axis, "majorUnit", AX_ORDER, val="1")
    _no_unit_below_base(axis, given=time_unit, given_count=major_unit is not None)
    return axis


def _no_unit_below_base(axis: etree._Element, given: str | None, given_count: bool) -> None:
    """A template's major/minor time unit finer than the new base unit counts in the base unit.

    A tick every day on an axis whose slots are months has no meaning (Excel raises it to the base
    unit when the file is edited); the count goes with it, as the same span in the new unit (a
    tick every 30 days becomes one every month, not every 30 months), rounded to whole slots and
    at least one. A unit (or a count) the data gives is written as given.
    """
    base = child_val(axis, "baseTimeUnit", "days")
    for tag, count_tag in (("majorTimeUnit", "majorUnit"), ("minorTimeUnit", "minorUnit")):
        unit = child_val(axis, tag)
        if unit not in TIME_UNITS or not finer(unit, base) or (tag == "majorTimeUnit" and given is not None):
            continue
        _set(axis, tag, AX_ORDER, val=base)
        count = child_val(axis, count_tag)
        if count is None or (tag == "majorTimeUnit" and given_count):
            continue
        try:
            span = float(count) * DAYS_PER[unit]
        except ValueError:
            continue
        _set(axis, count_tag, AX_ORDER, val=str(max(1, round(span / DAYS_PER[base]))))


def to_category_axis(axis: etree._Element) -> None:
    """A date axis given text labels becomes a plain category axis."""
    if local(axis) != "dateAx":
        return
    axis.tag = c("catAx")
    _remove(axis, *_DATE_ONLY)
    _set(axis, "auto", AX_ORDER, val="1")
    _set(axis, "lblAlgn", AX_ORDER, val="ctr")
    if axis.find(c("lblOffset")) is None:
        _set(axis, "lblOffset", AX_ORDER, val="100")
    _set(axis, "noMultiLvlLbl", AX_ORDER, val="0")


def remove_orphan_axes(plot_area: etree._Element, used_ids: set[str]) -> set[str]:
    """Axes no remaining plot group is drawn on would be left orphaned: remove them. Returns the
    ids of the axes that stay."""
    kept: set[str] = set()
    for axis in list(plot_area):
        if local(axis) in ("valAx", "catAx", "dateAx", "serAx"):
            ax_id = child_val(axis, "axId")
            if ax_id not in used_ids:
                plot_area.remove(axis)
            else:
                kept.add(ax_id)
    return kept


def drop_dangling_axis_ids(groups: list[etree._Element], dangling: set[str]) -> None:
    """A group's ``c:axId`` that names no axis of the plot area (one of ``dangling``) goes.

    PptxGenJS writes a third axis id (for a series axis it does not write) in 2-D bar charts: the
    schema allows two, and a reader that follows the id finds nothing.
    """
    for group in groups:
        for ax_id in group.findall(c("axId")):
            if ax_id.get("val") in dangling:
                group.remove(ax_id)
