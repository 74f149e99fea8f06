"""Series and data point styles, with the meaning the interface gives per chart kind.

bar, area, pie, doughnut, bubble (shapes): fill is the shape's fill, outline its border.
line, radar, stock: fill is the marker fill, outline the line and the marker border.
scatter: fill is the marker fill, outline the marker border.
A data point style works on the point's shape (bars, slices) or on its marker (lines, scatter),
starting from how the series looks; an area has no points of its own, so it takes none.
Series styles apply to the series and over the template's own point formats (every pie slice).
A new series gets a colour no other series of the chart has (:func:`distinct_colours`).
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from functools import lru_cache

from lxml import etree

from deckkit.model.styles import ShapeStyles, Styles
from deckkit.ooxml.chart import c, child_val, local
from deckkit.ooxml.namespaces import A, C
from deckkit.ooxml.xml_children import first_child
from deckkit.renderer.chart.drawn_colours import Colour, DrawnColours
from deckkit.renderer.chart.series import set_child
from deckkit.renderer.drawingml import FILLS, set_shape_fill, set_shape_outline

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
_AREA_KINDS = frozenset(("areaChart", "area3DChart"))


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
    """Series styles: on the series and on every point the template formats on its own.

    The data's word for the whole series beats the template's per-point format for what it sets
    (the fill of a highlighted bar, every slice of a pie); ``data_point_styles`` then beat both.
    """
    if styles is None or styles.shape is None:
        return
    mode = _mode(kind, group)
    _apply(ser, None, styles.shape, mode, point=False)
    for dpt in ser.findall(c("dPt")):
        _apply(dpt, _DPT_ORDER, styles.shape, mode, point=True)


def point_styles_problem(kind: str) -> str | None:
    """Why data_point_styles cannot apply to a series of this plot kind (None when they can)."""
    if kind in _AREA_KINDS:
        return (
            "the series is drawn as an area, which has no points of its own to style; "
            "use styles to colour the whole series"
        )
    return None


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
            _start_from_series(dpt, ser, mode)
            before = [d for j, d in sorted(dpts.items()) if j < i]
            after = [d for j, d in sorted(dpts.items()) if j > i]
            if after:
                after[0].addprevious(dpt)
            elif before:
                before[-1].addnext(dpt)
            else:
                set_child(ser, dpt)
        _apply(dpt, _DPT_ORDER, style.shape, mode, point=True)


def _start_from_series(dpt: etree._Element, ser: etree._Element, mode: str) -> None:
    """A new point format starts as the series looks (as PowerPoint does): a style that sets only
    the outline keeps the series' fill, and the reverse."""
    own = ser.find(c("marker") if mode != "shape" else c("spPr"))
    if own is not None:
        _insert_ordered(dpt, copy.deepcopy(own), _DPT_ORDER)


def _point_index(dpt: etree._Element) -> int:
    idx = dpt.find(c("idx"))
    return int(idx.get("val", "0")) if idx is not None else -1


_ACCENTS = tuple(f"accent{i}" for i in range(1, 7))
# PowerPoint's chart colour variations (its colorful palette): the six accents as they are, then
# darker and lighter versions of each, in this order, before any colour repeats.
_VARIATIONS: tuple[tuple[tuple[str, str], ...], ...] = (
    (),
    (("lumMod", "60000"),),
    (("lumMod", "80000"), ("lumOff", "20000")),
    (("lumMod", "80000"),),
    (("lumMod", "60000"), ("lumOff", "40000")),
    (("lumMod", "50000"),),
    (("lumMod", "70000"), ("lumOff", "30000")),
    (("lumMod", "70000"),),
    (("lumMod", "50000"), ("lumOff", "50000")),
)
_LUMINANCE = frozenset(f"{{{A}}}{t}" for t in ("lumMod", "lumOff", "shade", "tint"))
_SCHEME, _SRGB = f"{{{A}}}schemeClr", f"{{{A}}}srgbClr"
PALETTE: tuple[Colour, ...] = tuple(
    ("schemeClr", accent, variation) for variation in _VARIATIONS for accent in _ACCENTS
)


def _colour_elements(ser: etree._Element) -> list[etree._Element]:
    found: list[etree._Element] = []
    marker = first_child(ser, c("marker"))
    for holder in (
        first_child(ser, c("spPr")),
        first_child(marker, c("spPr")) if marker is not None else None,
    ):
        if holder is not None:
            found.extend(holder.iter(_SCHEME, _SRGB))
    return found


def _colour_of(el: etree._Element) -> Colour:
    mods = tuple((etree.QName(m).localname, m.get("val", "")) for m in el if m.tag in _LUMINANCE)
    return (etree.QName(el).localname, el.get("val", ""), mods)


def series_colours(ser: etree._Element) -> list[Colour]:
    """Every explicit colour of the series (fill, line, marker), in document order."""
    return [_colour_of(el) for el in _colour_elements(ser)]


def _idx(ser: etree._Element) -> int:
    return int(child_val(ser, "idx", "0") or 0)


def _drawn_in(colours: Sequence[Colour], idx: int) -> Colour:
    return colours[0] if colours else PALETTE[idx % len(PALETTE)]


def recolour(ser: etree._Element, old: Colour, new: Colour) -> None:
    """Every colour element of the series that shows old shows new instead (fill, line, marker)."""
    for el in _colour_elements(ser):
        if _colour_of(el) != old:
            continue
        el.tag = f"{{{A}}}{new[0]}"
        el.set("val", new[1])
        for mod in [m for m in el if m.tag in _LUMINANCE]:
            el.remove(mod)
        for i, (name, val) in enumerate(new[2]):
            el.insert(i, etree.Element(f"{{{A}}}{name}", val=val))


# A series as the colour choices read it: its explicit colours, its c:idx and whether it is new.
SeriesColours = tuple[Sequence[Colour], int, bool]


def distinct_colours(series: Sequence[tuple[etree._Element, bool]], drawn: DrawnColours) -> None:
    """Give each new series a colour that no other series of the chart has, as drawn
    (:func:`new_colours`). series: the elements with whether each is new."""
    if not any(new for _, new in series):
        return  # the template's series keep their colours: none to tell apart (nor to read)
    read = [(series_colours(ser), _idx(ser), new) for ser, new in series]
    for (ser, _), change in zip(series, new_colours(read, drawn), strict=True):
        if change is not None:
            recolour(ser, *change)


def new_colours(series: Sequence[SeriesColours], drawn: DrawnColours) -> list[tuple[Colour, Colour] | None]:
    """Per series, the colour a new series shows and the one it takes instead (None: it keeps its own).

    series: every output series of the chart (pie groups left out, their slices vary) in data
    order. A new series that is drawn in a colour another series already shows (``drawn.alike``:
    through the theme and the modifiers, ``accent3`` is ``A5A5A5``) takes the next one of
    :data:`PALETTE` after it (after the accent it copied; a series in an RGB colour starts from
    its position) that is drawn unlike every other, never a repeat while the palette lasts. A new
    series without colours of its own is drawn in the automatic colour of its ``c:idx``.
    """
    changes: list[tuple[Colour, Colour] | None] = [None] * len(series)
    if not any(new for _, _, new in series):
        return changes
    used = [_drawn_in(colours, idx) for colours, idx, new in series if not new]

    def taken(colour: Colour) -> bool:
        return drawn.alike_any(colour, used)

    for position, (colours, idx, new) in enumerate(series):
        if not new:
            continue
        current = _drawn_in(colours, idx)
        if not colours or not taken(current):
            used.append(current)
            continue
        start = PALETTE.index(current) + 1 if current in PALETTE else position
        candidates = [PALETTE[(start + k) % len(PALETTE)] for k in range(len(PALETTE))]
        chosen = next((colour for colour in candidates if not taken(colour)), candidates[0])
        changes[position] = (current, chosen)
        used.append(chosen)
    return changes


def marker_colours(series: Sequence[SeriesColours], drawn: DrawnColours) -> list[Colour | None]:
    """Per scatter series, the colour its automatic markers are written in (None: not written).

    A new series without colours of its own has it written. PowerPoint draws such a series'
    markers in the automatic colour of its ``c:idx``; LibreOffice draws the automatic markers
    of every series in one colour, told apart only by their shapes (the groups of
    ``Scatter.from_dataframe(by=...)`` look like one). So the marker's fill and border are
    written (:func:`colour_marker`): the first colour of :data:`PALETTE` from the series' idx
    on that no other series is drawn in. The marker's symbol stays automatic (it still varies
    by series).
    """
    chosen: list[Colour | None] = [None] * len(series)
    bare = [i for i, (colours, _, new) in enumerate(series) if new and not colours]
    if not bare:
        return chosen  # every series is coloured already: none to read the others' colours for
    used = [_drawn_in(colours, idx) for colours, idx, new in series if not new or colours]
    for i in bare:
        start = series[i][1]
        candidates = (PALETTE[(start + k) % len(PALETTE)] for k in range(len(PALETTE)))
        colour = next((c for c in candidates if not drawn.alike_any(c, used)), PALETTE[start % len(PALETTE)])
        used.append(colour)
        chosen[i] = colour
    return chosen


def colour_marker(ser: etree._Element, colour: Colour) -> None:
    """Write the fill and border of ser's marker in colour (see :func:`marker_colours`)."""
    marker = first_child(ser, c("marker"))
    if marker is None:
        set_child(ser, copy.deepcopy(_coloured_marker(colour)))
        return
    marker_sp_pr = _sp_pr(marker, _MARKER_ORDER)
    for child in copy.deepcopy(_coloured_marker(colour))[0]:
        _insert_ordered(marker_sp_pr, child, _SP_PR_ORDER)


_SP_PR_ORDER = ("xfrm", "custGeom", "prstGeom", *FILLS, "ln")


@lru_cache(maxsize=len(PALETTE))
def _coloured_marker(colour: Colour) -> etree._Element:
    """``c:marker`` whose ``c:spPr`` fills and borders it in colour (copied for each use)."""
    mods = "".join(f'<a:{name} val="{val}"/>' for name, val in colour[2])
    fill = f'<a:solidFill><a:{colour[0]} val="{colour[1]}">{mods}</a:{colour[0]}></a:solidFill>'
    return etree.fromstring(
        f'<c:marker xmlns:c="{C}" xmlns:a="{A}"><c:spPr>{fill}<a:ln w="9525">{fill}</a:ln></c:spPr></c:marker>'
    )
