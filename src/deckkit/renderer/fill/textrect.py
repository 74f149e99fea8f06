"""Where a preset shape puts its text: its text rectangle, inside its box.

Each preset geometry of DrawingML names a text rectangle (``a:rect`` in the presetShapeDefinitions
of ECMA-376 part 1, annex D), and PowerPoint and LibreOffice wrap and fit text in it, not in the
shape's box: an ellipse's text has the inscribed rectangle, 70.7 % of each side; a rounded
rectangle's is set in from each edge by 29.3 % of its corner's radius. The insets (``lIns``...)
apply inside it. Shapes whose text rectangle is their box (``rect``, placeholders, text boxes,
and the presets not listed here) are set in by nothing.
"""

from __future__ import annotations

import math

from lxml import etree

from deckkit.ooxml.namespaces import qn
from deckkit.ooxml.xml_children import first_child

__all__ = ["GEOMETRY_TAG", "preset_insets", "text_rectangle_insets"]

_SP_PR, _AV_LST, _GD = qn("p:spPr"), qn("a:avLst"), qn("a:gd")
GEOMETRY_TAG = qn("a:prstGeom")  # the child of p:spPr that names the preset
_ELLIPSE_SHARE = (1 - math.cos(math.pi / 4)) / 2  # hc - wd2 * cos(45 degrees), as a share of the width
_ROUND_RECT_DEFAULT = 16667  # adj: the corner's radius, thousandths of a percent of the shorter side


def _adjust(geometry: etree._Element, default: int) -> int:
    """The preset's ``adj`` guide (``<a:gd name="adj" fmla="val N"/>``), else its default."""
    guides = first_child(geometry, _AV_LST)
    for gd in guides.iterchildren(_GD) if guides is not None else ():
        formula = (gd.get("fmla") or "").split()
        if gd.get("name") == "adj" and len(formula) == 2 and formula[0] == "val":
            try:
                return int(formula[1])
            except ValueError:
                return default
    return default


def text_rectangle_insets(shape: etree._Element, width: int, height: int) -> tuple[int, int]:
    """How far the shape's text rectangle is set in from its box on each side, across and down
    (EMU, for a box ``width`` by ``height`` as drawn)."""
    sp_pr = first_child(shape, _SP_PR)
    return preset_insets(first_child(sp_pr, GEOMETRY_TAG) if sp_pr is not None else None, width, height)


def preset_insets(geometry: etree._Element | None, width: int, height: int) -> tuple[int, int]:
    """:func:`text_rectangle_insets` of a shape whose ``p:spPr`` has ``geometry`` (its first
    ``a:prstGeom``, None: it has none), for a caller that has read it already."""
    kind = geometry.get("prst") if geometry is not None else None
    if geometry is None or kind is None:
        return 0, 0
    if kind in ("ellipse", "flowChartConnector"):
        return round(width * _ELLIPSE_SHARE), round(height * _ELLIPSE_SHARE)
    if kind == "roundRect":
        radius = min(width, height) * max(0, min(50000, _adjust(geometry, _ROUND_RECT_DEFAULT))) / 100000
        inset = round(radius * 29289 / 100000)
        return inset, inset
    return 0, 0
