"""Where a shape is: a box in EMU, and the one reader of ``a:xfrm``."""

from __future__ import annotations

from typing import NamedTuple

from lxml import etree

from deckkit.ooxml.namespaces import qn
from deckkit.ooxml.xml_children import first_child

__all__ = ["DEFAULT_SLIDE_SIZE", "Box", "slide_size", "xfrm_box"]

DEFAULT_SLIDE_SIZE = (9144000, 6858000)  # 10 x 7.5 in, PowerPoint's default when p:sldSz is absent

_OFF, _EXT = qn("a:off"), qn("a:ext")


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
