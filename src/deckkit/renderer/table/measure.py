"""How tall a filled table is drawn: PowerPoint grows a row to fit its text, whatever ``a:tr/@h`` says.

Each cell's text is wrapped in its column width (its span) less the cell's left and right margins,
as auto-fit measures text (``OutputSlide.text_height``), plus the top and bottom margins; a row is
drawn as tall as its tallest cell needs, and never lower than its ``h``. A cell spanning rows
(``rowSpan``) is left out of the rows it spans: its text shares their height. The advice of the
table's off-slide warning is checked with these heights: it names only what makes the table fit.
"""

from __future__ import annotations

from collections.abc import Sequence

from lxml import etree

from deckkit.ooxml.xml_children import first_child
from deckkit.renderer.drawingml import a
from deckkit.renderer.filler import TextHeight
from deckkit.renderer.table.grid import attr_int, rows_of

__all__ = ["fixed_heights", "row_needs", "rows_that_fit", "rows_within"]

_TOLERANCE = 12700  # one point: rounding, not a row that does not fit
_MARGINS = {"marL": 91440, "marR": 91440, "marT": 45720, "marB": 45720}  # a:tcPr's defaults


def _margin(tc_pr: etree._Element | None, name: str) -> int:
    return attr_int(tc_pr.get(name) if tc_pr is not None else None, _MARGINS[name])


def _row_need(tr: etree._Element, widths: Sequence[int], text_height: TextHeight) -> int:
    need, col = 0, 0
    for tc in tr.iterchildren(a("tc")):
        here, col = col, col + 1
        if tc.get("hMerge") in ("1", "true") or tc.get("vMerge") in ("1", "true"):
            continue
        if attr_int(tc.get("rowSpan"), 1) > 1:
            continue
        body = first_child(tc, a("txBody"))
        if body is None:
            continue
        tc_pr = first_child(tc, a("tcPr"))
        width = sum(widths[here : here + attr_int(tc.get("gridSpan"), 1)])
        inner = max(width - _margin(tc_pr, "marL") - _margin(tc_pr, "marR"), 1)
        need = max(need, text_height(body, inner) + _margin(tc_pr, "marT") + _margin(tc_pr, "marB"))
    return need


def row_needs(tbl: etree._Element, widths: Sequence[int], text_height: TextHeight) -> list[int]:
    """What each row's text needs (a row is drawn at its ``h``, or at this when it is more)."""
    return [_row_need(tr, widths, text_height) for tr in rows_of(tbl)]


def fixed_heights(heights: Sequence[int], needs: Sequence[int], frame: int) -> list[int]:
    """The rows' drawn heights when scaled into a frame ``frame`` EMU tall (vertical_sizing="fixed"):
    each row its share of the frame, or what its text needs when that is more."""
    total = sum(heights) or 1
    return [max(round(h * frame / total), need) for h, need in zip(heights, needs, strict=True)]


def rows_within(heights: Sequence[int], room: int) -> int:
    """How many rows, from the first, are drawn within ``room`` EMU."""
    used = count = 0
    for height in heights:
        used += height
        if used > room:
            break
        count += 1
    return count


def rows_that_fit(heights: Sequence[int], needs: Sequence[int], frame: int) -> int:
    """The most rows (the first ones) that vertical_sizing="fixed" keeps within a frame ``frame``
    EMU tall, their text included (0 when not even one does)."""
    for count in range(len(heights), 0, -1):
        if sum(fixed_heights(heights[:count], needs[:count], frame)) <= frame + _TOLERANCE:
            return count
    return 0
