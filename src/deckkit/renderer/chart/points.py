"""Points past the template's: formatted like the nearest point the designer formatted.

A designer who formats a series point by point (a label of its own on every column, every pie
slice in its brand colour with a white bold label) expects the points the data adds to look the
same. So when every point of the template series has its own point format (``c:dPt``), or its
own point label (``c:dLbl``), each added point gets a copy of the template's last one, as
PowerPoint's nearest neighbour: labels, fill, outline, marker and explosion alike. A label's own
text (``c:tx``, typed for that point) is not copied: the copy shows what the label shows of its
own point. Where the points vary in colour (a pie, a doughnut, ``c:varyColors``) each added
point then takes a colour no other point is drawn in. Point formats on some points only are
highlights of those points: added points take the series' look.
"""

from __future__ import annotations

import copy

from lxml import etree

from deckkit.ooxml.chart import c, local
from deckkit.ooxml.xml_children import child_elements, first_child
from deckkit.renderer.chart.drawn_colours import DrawnColours
from deckkit.renderer.chart.styles import distinct_colours

__all__ = ["extend_point_formats", "template_point_count"]


def template_point_count(ser: etree._Element) -> int:
    """How many points the template series has (its value cache's count) when it formats points
    of its own; 0 when it formats none (nothing to extend)."""
    if first_child(ser, c("dPt")) is None:
        labels = first_child(ser, c("dLbls"))
        if labels is None or first_child(labels, c("dLbl")) is None:
            return 0
    for holder in ser.iterchildren(c("val")):
        for count in holder.iter(c("ptCount")):
            try:
                return int(count.get("val", "0"))
            except ValueError:
                return 0
    return 0


def _index(el: etree._Element) -> int:
    idx = first_child(el, c("idx"))
    try:
        return int(idx.get("val", "-1")) if idx is not None else -1
    except ValueError:
        return -1


def _extend(
    parent: etree._Element, tag: str, template_points: int, count: int, strip: str | None
) -> list[etree._Element]:
    """Copies of parent's last ``c:{tag}`` for the points past template_points; [] unless every
    template point has one."""
    own = {_index(el): el for el in child_elements(parent, c(tag))}
    if any(i not in own for i in range(template_points)):
        return []
    last = own[template_points - 1]
    anchor = child_elements(parent, c(tag))[-1]
    made = []
    for i in range(template_points, count):
        if i in own:
            continue  # the template formats this point already (past its cache's count)
        point = copy.deepcopy(last)
        first_child(point, c("idx")).set("val", str(i))  # type: ignore[union-attr]
        if strip is not None:
            for child in child_elements(point, c(strip)):
                point.remove(child)
        anchor.addnext(point)
        anchor = point
        made.append(point)
    return made


def extend_point_formats(
    ser: etree._Element, group: etree._Element, template_points: int, count: int, drawn: DrawnColours
) -> None:
    """Format points template_points..count-1 like the template's last (see the module)."""
    if template_points <= 0 or count <= template_points:
        return
    made = _extend(ser, "dPt", template_points, count, None)
    labels = first_child(ser, c("dLbls"))
    if labels is not None:
        _extend(labels, "dLbl", template_points, count, "tx")
    if made and (local(group) in _PIE_KINDS or _varies(group)):
        points = child_elements(ser, c("dPt"))
        distinct_colours([(p, _index(p) >= template_points) for p in points], drawn)


_PIE_KINDS = frozenset(("pieChart", "pie3DChart", "doughnutChart", "ofPieChart"))


def _varies(group: etree._Element) -> bool:
    vary = first_child(group, c("varyColors"))
    return vary is not None and vary.get("val", "1") in ("1", "true")
