"""Series and data point styles, with the meaning the interface gives per chart kind.

bar, area, pie, doughnut, bubble (shapes): fill is the shape's fill, outline its border.
line, radar, stock: fill is the marker fill, outline the line and the marker border.
scatter: fill is the marker fill, outline the marker border.
A data point style works on the point's shape (bars, slices) or on its marker (lines, scatter).
"""

from __future__ import annotations

from collections.abc import Sequence

from lxml import etree

from deckkit.model.styles import ShapeStyles, Styles
from deckkit.renderer.chart.plot import c, child_val, local
from deckkit.renderer.chart.series import set_child
from deckkit.renderer.drawingml import set_shape_fill, set_shape_outline
from deckkit.renderer.opc.namespaces import A

_MARKER_ORDER = ("symbol", "size", "spPr", "extLst")
_DPT_ORDER = (
    "idx",
    "invertIfNegative",
    "marker",
    "bubble3D",
    "explosion",
    "spPr",
    "pictureOptions",
    "extLst",
)
_LINE_KINDS = frozenset(("lineChart", "line3DChart", "radarChart", "stockChart"))


def _insert_ordered(parent: etree._Element, child: etree._Element, order: Sequence[str]) -> etree._Element:
    rank = order.index(local(child))
    for i, existing in enumerate(parent):
        name = local(existing)
        if name in order and order.index(name) > rank:
            parent.insert(i, child)
            return child
    parent.append(child)
    return child


def _child(parent: etree._Element, tag: str, order: Sequence[str] | None) -> etree._Element:
    """The parent's ``c:<tag>``, created at its schema position when absent."""
    child = parent.find(c(tag))
    if child is None:
        child = etree.Element(c(tag))
        if order is None:
            set_child(parent, child)
        else:
            _insert_ordered(parent, child, order)
    return child


def _sp_pr(parent: etree._Element, order: Sequence[str] | None) -> etree._Element:
    return _child(parent, "spPr", order)


def _marker(parent: etree._Element, order: Sequence[str] | None) -> etree._Element:
    return _child(parent, "marker", order)


def _mode(kind: str, group: etree._Element) -> str:
    if kind == "scatterChart":
        return "scatter"
    if kind == "radarChart" and child_val(group, "radarStyle") == "filled":
        return "shape"
    return "line" if kind in _LINE_KINDS else "shape"


def _apply(
    target: etree._Element, order: Sequence[str] | None, shape: ShapeStyles, mode: str, point: bool
) -> None:
    """Styles on a c:ser (order None) or a c:dPt."""
    if mode == "shape":
        sp_pr = _sp_pr(target, order)
        if shape.fill is not None:
            set_shape_fill(sp_pr, shape.fill)
        if shape.outline is not None:
            set_shape_outline(sp_pr, shape.outline)
        return
    marker = _marker(target, order)
    marker_sp_pr = _sp_pr(marker, _MARKER_ORDER)
    if shape.fill is not None:
        set_shape_fill(marker_sp_pr, shape.fill)
    if shape.outline is not None:
        set_shape_outline(marker_sp_pr, shape.outline)
        if mode == "line" and not point:
            set_shape_outline(_sp_pr(target, order), shape.outline)


def style_series(ser: etree._Element, kind: str, group: etree._Element, styles: Styles | None) -> None:
    if styles is None or styles.shape is None:
        return
    _apply(ser, None, styles.shape, _mode(kind, group), point=False)


def style_points(
    ser: etree._Element, kind: str, group: etree._Element, styles: Sequence[Styles | None] | None
) -> None:
    """One ``c:dPt`` per styled point, merged into the template's point formats."""
    if not styles:
        return
    mode = _mode(kind, group)
    for i, style in enumerate(styles):
        if style is None or style.shape is None:
            continue
        dpts = {_point_index(d): d for d in ser.findall(c("dPt"))}
        dpt = dpts.get(i)
        if dpt is None:
            dpt = etree.Element(c("dPt"))
            etree.SubElement(dpt, c("idx")).set("val", str(i))
            if kind in ("barChart", "bar3DChart", "bubbleChart"):
                # Without it PowerPoint may draw a negative point in inverted colours.
                etree.SubElement(dpt, c("invertIfNegative")).set("val", "0")
            before = [d for j, d in sorted(dpts.items()) if j < i]
            after = [d for j, d in sorted(dpts.items()) if j > i]
            if after:
                after[0].addprevious(dpt)
            elif before:
                before[-1].addnext(dpt)
            else:
                set_child(ser, dpt)
        _apply(dpt, _DPT_ORDER, style.shape, mode, point=True)


def _point_index(dpt: etree._Element) -> int:
    idx = dpt.find(c("idx"))
    return int(idx.get("val", "0")) if idx is not None else -1


_ACCENTS = tuple(f"accent{i}" for i in range(1, 7))


def _colour_elements(ser: etree._Element) -> list[etree._Element]:
    found: list[etree._Element] = []
    for holder in (ser.find(c("spPr")), ser.find(f"{c('marker')}/{c('spPr')}")):
        if holder is not None:
            found.extend(holder.iter(f"{{{A}}}schemeClr", f"{{{A}}}srgbClr"))
    return found


def recolor_series(ser: etree._Element, step: int, position: int) -> None:
    """Give a series cloned from the last template series the next accent colour(s).

    step is how far beyond the last template series this one is (1 = the next one). A series
    without colours of its own takes its colour from its ``c:idx``, which the caller sets.
    """
    colours = _colour_elements(ser)
    if not colours:
        return
    main = colours[0]
    main_key = (main.tag, main.get("val"))
    if main.tag == f"{{{A}}}schemeClr" and main.get("val") in _ACCENTS:
        accent = _ACCENTS[(_ACCENTS.index(main.get("val", "accent1")) + step) % 6]
    else:
        accent = _ACCENTS[position % 6]
    for el in colours:
        if (el.tag, el.get("val")) == main_key:
            el.tag = f"{{{A}}}schemeClr"
            el.set("val", accent)
