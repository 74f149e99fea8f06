"""Sizing a table's frame: column widths and row heights against the frame's box, and groups.

``fixed`` scales the columns (rows) into the frame's width (height); the anchor modes keep one
edge and let the other follow the sizes. A group holding the frame is then refitted so that it
encloses its children again without moving anything on the slide.
"""

from __future__ import annotations

from collections.abc import Sequence

from lxml import etree

from deckkit.ooxml.geometry import Box, xfrm_box
from deckkit.ooxml.xml_children import first_child
from deckkit.renderer.drawingml import a
from deckkit.renderer.table.grid import attr_int, grid_of, p, rows_of

__all__ = [
    "apply_sizing",
    "fit_enclosing_groups",
    "frame_box",
    "scale_to_total",
    "set_frame_box",
    "sized_edges",
]


def frame_box(frame: etree._Element) -> Box:
    """The graphic frame's box; an empty box at the origin when its p:xfrm is incomplete."""
    xfrm = first_child(frame, p("xfrm"))
    return (xfrm_box(xfrm) if xfrm is not None else None) or Box(0, 0, 0, 0)


def set_frame_box(frame: etree._Element, box: Box) -> None:
    xfrm = first_child(frame, p("xfrm"))
    if xfrm is None:
        xfrm = etree.Element(p("xfrm"))
        nv = first_child(frame, p("nvGraphicFramePr"))
        if nv is not None:
            nv.addnext(xfrm)
        else:
            frame.insert(0, xfrm)
    off, ext = first_child(xfrm, a("off")), first_child(xfrm, a("ext"))
    if off is None:
        off = etree.SubElement(xfrm, a("off"))
    if ext is None:
        ext = etree.SubElement(xfrm, a("ext"))
    off.set("x", str(box.x))
    off.set("y", str(box.y))
    ext.set("cx", str(box.cx))
    ext.set("cy", str(box.cy))


def scale_to_total(sizes: Sequence[int], total: int) -> list[int]:
    """Sizes scaled proportionally to sum to total exactly (largest remainders get the spare EMUs)."""
    n = len(sizes)
    if n == 0:
        return []
    total = max(total, 0)
    weights = [max(s, 0) for s in sizes]
    weight_sum = sum(weights)
    if weight_sum == 0:
        weights, weight_sum = [1] * n, n
    exact = [w * total / weight_sum for w in weights]
    floors = [int(e) for e in exact]
    spare = total - sum(floors)
    by_remainder = sorted(range(n), key=lambda i: (floors[i] - exact[i], i))
    for i in by_remainder[:spare]:
        floors[i] += 1
    return floors


def sized_edges(
    start: int, extent: int, sizes: list[int], mode: str, fixed: str, keep_start: str
) -> tuple[list[int], int, int]:
    """Sizes, start and extent of one axis of the frame after sizing.

    ``fixed`` scales the sizes into the frame's extent; ``keep_start`` keeps the start edge and
    lets the far edge follow the sizes; the remaining mode keeps the far edge.
    """
    if mode == fixed:
        target = extent if extent > 0 else sum(sizes)
        return scale_to_total(sizes, target), start, target
    new_extent = sum(sizes)
    if mode == keep_start:
        return sizes, start, new_extent
    return sizes, start + extent - new_extent, new_extent


def apply_sizing(
    frame: etree._Element,
    tbl: etree._Element,
    widths: list[int],
    heights: list[int],
    horizontal: str,
    vertical: str,
) -> Box:
    """Write column widths, row heights and the frame's box per the sizing modes; returns the box."""
    box = frame_box(frame)
    widths, x, cx = sized_edges(box.x, box.cx, widths, horizontal, "fixed", "anchor_left")
    heights, y, cy = sized_edges(box.y, box.cy, heights, vertical, "fixed", "anchor_top")
    for col, w in zip(grid_of(tbl).findall(a("gridCol")), widths, strict=True):
        col.set("w", str(w))
    for tr, h in zip(rows_of(tbl), heights, strict=True):
        tr.set("h", str(h))
    new_box = Box(x, y, cx, cy)
    if new_box != box:
        set_frame_box(frame, new_box)
        fit_enclosing_groups(frame)
    return new_box


# -- groups -------------------------------------------------------------------------------------

_CHILD_XFRM_PATHS = {
    p("sp"): (p("spPr"), a("xfrm")),
    p("pic"): (p("spPr"), a("xfrm")),
    p("cxnSp"): (p("spPr"), a("xfrm")),
    p("graphicFrame"): (p("xfrm"),),
    p("grpSp"): (p("grpSpPr"), a("xfrm")),
}


def _child_box(child: etree._Element) -> Box | None:
    path = _CHILD_XFRM_PATHS.get(child.tag)
    if path is None:
        return None
    xfrm = child.find("/".join(path))
    return xfrm_box(xfrm) if xfrm is not None else None


def fit_enclosing_groups(element: etree._Element) -> None:
    """Make every group holding element enclose its children again, keeping them where they are.

    A child's box is in its group's child space (``chOff``/``chExt``), which the group maps onto
    its own box (``off``/``ext``). The child space is widened or narrowed to the children's
    union and the group's box moved by the same amount, scaled, so nothing moves on the slide.
    """
    group = element.getparent()
    while group is not None and group.tag == p("grpSp"):
        xfrm = group.find(f"{p('grpSpPr')}/{a('xfrm')}")
        if xfrm is None:
            return
        off, ext, ch_off, ch_ext = (xfrm.find(a(t)) for t in ("off", "ext", "chOff", "chExt"))
        if off is None or ext is None or ch_off is None or ch_ext is None:
            return
        boxes = [b for b in (_child_box(c) for c in group) if b is not None]
        if not boxes:
            return
        left = min(b.x for b in boxes)
        top = min(b.y for b in boxes)
        right = max(b.x + b.cx for b in boxes)
        bottom = max(b.y + b.cy for b in boxes)
        gx, gy, gcx, gcy = (
            attr_int(off.get("x")),
            attr_int(off.get("y")),
            attr_int(ext.get("cx")),
            attr_int(ext.get("cy")),
        )
        chx, chy, chcx, chcy = (
            attr_int(ch_off.get("x")),
            attr_int(ch_off.get("y")),
            attr_int(ch_ext.get("cx")),
            attr_int(ch_ext.get("cy")),
        )
        sx = gcx / chcx if chcx else 1.0
        sy = gcy / chcy if chcy else 1.0
        off.set("x", str(gx + round((left - chx) * sx)))
        off.set("y", str(gy + round((top - chy) * sy)))
        ext.set("cx", str(round((right - left) * sx)))
        ext.set("cy", str(round((bottom - top) * sy)))
        ch_off.set("x", str(left))
        ch_off.set("y", str(top))
        ch_ext.set("cx", str(right - left))
        ch_ext.set("cy", str(bottom - top))
        group = group.getparent()
