"""The fill a built-in table style gives a cell, for the cells whose fill a data bar replaces.

A data bar becomes the cell's own fill, and a cell's own fill hides the fill its table style
would draw. To keep the rest of the cell looking as before, the bar needs that style colour.
The style's definition lives in ``ppt/tableStyles.xml`` or inside PowerPoint itself; the filler
sees only the frame, so it knows the styles PowerPoint applies to new tables: "Medium Style 2"
in dk1 and in each accent (PowerPoint's default table style is Medium Style 2 - Accent 1).
Other styles give None, and the rest of a bar's cell is then left clear.
"""

from __future__ import annotations

from lxml import etree

from deckkit.renderer.drawingml import a

MEDIUM_STYLE_2 = {
    "{073A0DAA-6AF3-43AB-8588-CEC1D06C72B9}": "dk1",
    "{5C22544A-7EE6-4342-B048-85BDC9FD1C3A}": "accent1",
    "{21E4AEA4-8DFA-4A89-87EB-49C32662AFE0}": "accent2",
    "{F5AB1C69-6EDB-4FF4-983F-18BD219EF322}": "accent3",
    "{00A15C55-8517-42AA-B614-E9B94910E393}": "accent4",
    "{7DF18680-E054-41AD-8BC1-D1AEF772440D}": "accent5",
    "{93296810-A885-4BE3-A3E7-6D5BEEA58F35}": "accent6",
}
# Medium Style 2: the body at a 20 % tint, odd bands at 40 %, first/last rows and columns solid.
WHOLE_TABLE_TINT, BAND_TINT = 20000, 40000


def _flag(tbl_pr: etree._Element | None, name: str) -> bool:
    return tbl_pr is not None and tbl_pr.get(name) in ("1", "true")


class StyleFills:
    """The fills of one table's style, read once for all its cells."""

    def __init__(self, tbl: etree._Element) -> None:
        tbl_pr = tbl.find(a("tblPr"))
        style_id = tbl_pr.findtext(a("tableStyleId")) if tbl_pr is not None else None
        self.scheme = MEDIUM_STYLE_2.get(style_id.strip().upper()) if style_id else None
        self.first_row, self.last_row = _flag(tbl_pr, "firstRow"), _flag(tbl_pr, "lastRow")
        self.first_col, self.last_col = _flag(tbl_pr, "firstCol"), _flag(tbl_pr, "lastCol")
        self.band_row, self.band_col = _flag(tbl_pr, "bandRow"), _flag(tbl_pr, "bandCol")

    def color(self, row: int, col: int, n_rows: int, n_cols: int) -> etree._Element | None:
        """The colour the style fills cell (row, col) with; None when the style is not known."""
        if self.scheme is None:
            return None
        tint: int | None = WHOLE_TABLE_TINT
        body_col = col - (1 if self.first_col else 0)
        body_row = row - (1 if self.first_row else 0)
        if self.band_col and body_col >= 0 and body_col % 2 == 0:
            tint = BAND_TINT
        if self.band_row and body_row >= 0 and body_row % 2 == 0:
            tint = BAND_TINT
        if (self.last_col and col == n_cols - 1) or (self.first_col and col == 0):
            tint = None
        if (self.last_row and row == n_rows - 1) or (self.first_row and row == 0):
            tint = None
        color = etree.Element(a("schemeClr"))
        color.set("val", self.scheme)
        if tint is not None:
            etree.SubElement(color, a("tint")).set("val", str(tint))
        return color


def style_fill_color(
    tbl: etree._Element, row: int, col: int, n_rows: int, n_cols: int
) -> etree._Element | None:
    """The colour the table's style fills cell (row, col) with, when the style is a known one."""
    return StyleFills(tbl).color(row, col, n_rows, n_cols)
