"""Where a shape is: a box in EMU, and the one reader of ``a:xfrm``."""

from __future__ import annotations

from typing import NamedTuple

from lxml import etree

from deckkit.ooxml.namespaces import qn
from deckkit.ooxml.xml_children import first_child

__all__ = ["DEFAULT_SLIDE_SIZE", "Box", "child_scale", "slide_size", "xfrm_box"]

DEFAULT_SLIDE_SIZE = (9144000, 6858000)  # 10 x 7.5 in, PowerPoint's default when p:sldSz is absent

_OFF, _EXT, _CH_EXT = qn("a:off"), qn("a:ext"), qn("a:chExt")
_GROUP, _GROUP_XFRM = qn("p:grpSp"), (qn("p:grpSpPr"), qn("a:xfrm"))


class Box(NamedTuple):
    """A rectangle in EMU, as ``a:off`` (x, y) and ``a:ext`` (cx, cy) give it."""

    x: int
    y: int
    cx: int
    cy: int


def xfrm_box(xfrm: etree._Element) -> Box | None:
    """The box of an ``a:xfrm``/``p:xfrm``; None when it lacks ``a:off`` or ``a:ext`` or a number is unreadable.

    The one reader of a shape's position: locate (inherited frames), media, tables, groups and
    preview all read it here.
    """
    off, ext = first_child(xfrm, _OFF), first_child(xfrm, _EXT)
    if off is None or ext is None:
        return None
    try:
        return Box(
            int(off.get("x", "0")), int(off.get("y", "0")), int(ext.get("cx", "0")), int(ext.get("cy", "0"))
        )
    except ValueError:
        return None


def slide_size(presentation: etree._Element) -> tuple[int, int]:
    """The deck's slide (width, height) in EMU, from presentation.xml's ``p:sldSz`` (its root given)."""
    size = first_child(presentation, qn("p:sldSz"))
    if size is None:
        return DEFAULT_SLIDE_SIZE
    try:
        return int(size.get("cx", "")), int(size.get("cy", ""))
    except ValueError:
        return DEFAULT_SLIDE_SIZE


def child_scale(shape: etree._Element) -> tuple[float, float]:
    """Units of the shape's own coordinate space per slide EMU, across and down (1, 1 outside groups).

    A group maps its children's space (``a:chOff``/``a:chExt``) onto its own frame (``a:ext``), at
    every depth: a shape whose ``a:ext`` says 384 may be drawn 2.4 million EMU tall. Whatever is
    measured in slide EMU (text, a picture's size) is this many times larger in the shape's units.
    """
    sx = sy = 1.0
    for group in shape.iterancestors(_GROUP):
        props = first_child(group, _GROUP_XFRM[0])
        xfrm = first_child(props, _GROUP_XFRM[1]) if props is not None else None
        if xfrm is None:
            continue
        ext, ch_ext = first_child(xfrm, _EXT), first_child(xfrm, _CH_EXT)
        if ext is None or ch_ext is None:
            continue
        try:
            cx, cy = int(ext.get("cx", "0")), int(ext.get("cy", "0"))
            ch_cx, ch_cy = int(ch_ext.get("cx", "0")), int(ch_ext.get("cy", "0"))
        except ValueError:
            continue
        if cx > 0 and ch_cx > 0:
            sx *= ch_cx / cx
        if cy > 0 and ch_cy > 0:
            sy *= ch_cy / cy
    return sx, sy
