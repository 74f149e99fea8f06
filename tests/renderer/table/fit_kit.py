"""How the tables of a rendered deck are drawn, measured as the renderer measures them.

A row is drawn as tall as its text needs when that is more than its ``a:tr/@h``; these helpers
give each table's frame, its drawn height and the sizes of its text, for tests that check that a
table fits its frame and its slide.
"""

from __future__ import annotations

from typing import NamedTuple

from deckkit.ooxml.geometry import Box
from deckkit.ooxml.opc.package import open_package
from deckkit.renderer.fill.autofit import TextMeasure
from deckkit.renderer.fill.masterstyles import MasterStyles
from deckkit.renderer.table.grid import attr_int, grid_of, rows_of, table_of
from deckkit.renderer.table.measure import RowNeeds
from deckkit.renderer.table.sizing import frame_box
from tests.renderer.core_kit import NS

__all__ = ["DrawnTable", "drawn_tables"]


class DrawnTable(NamedTuple):
    frame: Box
    drawn: int  # EMU: the rows as drawn, each max(h, what its text needs)
    sizes: list[int | None]  # every run's sz (hundredths of a point), cell by cell, None when unset
    slide_height: int

    def fits_frame(self) -> bool:
        return self.drawn <= self.frame.cy + 12700

    def fits_slide(self) -> bool:
        return self.frame.y + self.drawn <= self.slide_height + 12700


def drawn_tables(pptx: bytes) -> list[list[DrawnTable]]:
    """Each slide's tables, in slide order."""
    package = open_package(pptx)
    height = attr_int(package.presentation.xml.find("p:sldSz", NS).get("cy"))
    masters = MasterStyles()
    out = []
    for part in package.slides():
        measure = TextMeasure(part, masters)
        found = []
        for frame in part.xml.iterfind(".//p:graphicFrame", NS):
            tbl = table_of(frame)
            if tbl is None:
                continue
            widths = [attr_int(c.get("w")) for c in grid_of(tbl).iterfind("a:gridCol", NS)]
            heights = [attr_int(r.get("h")) for r in rows_of(tbl)]
            drawn = sum(RowNeeds(tbl, widths, measure).drawn(heights))
            sizes = [
                None
                if r.find("a:rPr", NS) is None or r.find("a:rPr", NS).get("sz") is None
                else int(r.find("a:rPr", NS).get("sz"))
                for r in tbl.iterfind(".//a:r", NS)
            ]
            found.append(DrawnTable(frame_box(frame), drawn, sizes, height))
        out.append(found)
    return out
