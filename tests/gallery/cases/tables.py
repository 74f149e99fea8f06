"""Tables: grown and shrunk from the template's grid, with its style, sizes and anchors."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.gallery.cases import GalleryInput
from tests.gallery.cases._kit import EMU, new_deck, outline, text_box


def _template(workdir: Path, rows: int, cols: int, left: int, top: int, width: int, height: int) -> Path:
    prs, slide = new_deck()
    outline(slide, left, top, width, height)  # where the template's table was
    frame = slide.shapes.add_table(rows, cols, left, top, width, height)
    frame.name = "sales"
    frame._element.xpath("./p:nvGraphicFramePr/p:cNvPr")[0].set("descr", "sales")
    for c in range(cols):
        frame.table.cell(0, c).text = f"Header {c}"
    path = workdir / "template.pptx"
    prs.save(str(path))
    return path


def _rows(n: int, m: int) -> list[list[Any]]:
    return [[f"Col {c}" for c in range(m)]] + [[f"r{r} c{c}" for c in range(m)] for r in range(1, n)]


def case_grown_rows_and_columns(workdir: Path) -> GalleryInput:
    """A 2x3 template table grown to 7 rows x 5 columns from the same top-left corner, banded like the header style."""
    path = _template(workdir, 2, 3, EMU, EMU, 6 * EMU, EMU)
    return (
        path,
        [
            {
                "template": 1,
                "sales": {"type": "table", "rows": _rows(7, 5), "horizontal_sizing": "anchor_left"},
            }
        ],
        {},
    )


def case_shrunk_to_two_by_two(workdir: Path) -> GalleryInput:
    """A 5x5 template table shrunk to 2x2: the table keeps its top-left corner and no empty rows remain."""
    path = _template(workdir, 5, 5, EMU, EMU, 8 * EMU, 3 * EMU)
    return (
        path,
        [
            {
                "template": 1,
                "sales": {"type": "table", "rows": _rows(2, 2), "horizontal_sizing": "anchor_left"},
            }
        ],
        {},
    )


def case_anchored_bottom_right(workdir: Path) -> GalleryInput:
    """Grown to 6x5 anchored right and bottom: its bottom-right corner stays on the dashed outline's corner."""
    path = _template(workdir, 3, 3, 6 * EMU, 4 * EMU, 5 * EMU, int(1.5 * EMU))
    data = {
        "type": "table",
        "rows": _rows(6, 5),
        "horizontal_sizing": "anchor_right",
        "vertical_sizing": "anchor_bottom",
    }
    return path, [{"template": 1, "sales": data}], {}


def case_styled_cells_and_databars(workdir: Path) -> GalleryInput:
    """Row 1 "15.37" is bold red on yellow; the Share column has blue databars of 25%, 50%, 100% length."""
    path = _template(workdir, 2, 3, EMU, EMU, 7 * EMU, EMU)
    rows: list[list[Any]] = [["Region", "Value", "Share"]]
    for i, ratio in enumerate([0.25, 0.5, 1.0]):
        rows.append(
            [
                f"Region {i}",
                f"{10 + i}.0",
                {"value": f"{ratio:.0%}", "databar": {"ratio": ratio, "color": "#2E75B6"}},
            ]
        )
    rows[1][1] = {
        "type": "text",
        "value": "15.37",
        "styles": {"font": {"bold": True, "color": "#C00000"}, "shape": {"fill": "#FFF2CC"}},
    }
    return path, [{"template": 1, "sales": {"type": "table", "rows": rows}}], {}


def case_new_column_under_a_merged_header(workdir: Path) -> GalleryInput:
    """A 3x4 table whose dark blue header row ("Region", "Sales" over two columns) ends in a new "Growth" header just as dark blue with white bold text, NOT white with black text."""
    from tests.renderer.table.designer_tables import merged_header_table

    template = merged_header_table(workdir / "template.pptx")
    rows = [["Region", "Sales", "", "Growth"], ["North", "120", "140", "+17%"], ["South", "90", "99", "+10%"]]
    return template, [{"template": 1, "sales": {"type": "table", "rows": rows}}], {}


def case_formatted_cells(workdir: Path) -> GalleryInput:
    """Excel format codes: "$1,234,568", "25.6%", "Jan 2024"; South "(5,121)" from its own negative section; Total "$1.2M"."""
    path = _template(workdir, 2, 4, EMU, EMU, 9 * EMU, EMU)
    data = {
        "type": "table",
        "column_formats": [None, "$#,##0", "0.0%", "mmm yyyy"],
        "rows": [
            ["Region", "Revenue", "Share", "Since"],
            ["North", 1234567.8, 0.256, "2024-01-15"],
            ["South", {"value": -5120.5, "format": "#,##0;(#,##0)"}, 0.1, 45300],
            ["Total", {"value": 1229447.3, "format": '$#,##0.0,,"M"'}, 1, "n/a"],
        ],
        "horizontal_sizing": "anchor_left",
    }
    return path, [{"template": 1, "sales": data}], {}


def case_long_table_over_pages(workdir: Path) -> GalleryInput:
    """32 stores over "Stores by revenue (1/3)" to "(3/3)": each page opens with the blue header row, page 1 ends at Store 15 and page 2 goes on with Store 16, two-line notes take two lines, no row is cut at the bottom edge."""
    import pandas as pd
    from pptx.util import Pt

    from deckkit import Deck

    prs, slide = new_deck()
    text_box(
        slide,
        "Stores by revenue ({page}/{pages})",
        EMU // 2,
        EMU // 4,
        10 * EMU,
        EMU // 2,
        size=24,
        bold=True,
    )
    frame = slide.shapes.add_table(2, 3, EMU // 2, EMU, 12 * EMU, EMU)
    frame._element.xpath("./p:nvGraphicFramePr/p:cNvPr")[0].set("descr", "stores")
    for c, name in enumerate(["Store", "Revenue", "Note"]):
        frame.table.cell(0, c).text = name
        frame.table.cell(1, c).text = "sample"
    for r in range(2):
        frame.table.rows[r].height = int(0.35 * EMU)
        for c in range(3):
            frame.table.cell(r, c).text_frame.paragraphs[0].runs[0].font.size = Pt(14)
    path = workdir / "template.pptx"
    prs.save(str(path))
    stores = pd.DataFrame(
        {
            "store": [f"Store {i + 1}" for i in range(32)],
            "revenue": [98000 - 1700 * i for i in range(32)],
            "note": [
                "refitted in spring, closed four weeks; the figures count the weeks it was open"
                if i % 5 == 3
                else ""
                for i in range(32)
            ],
        }
    )
    deck = Deck(path)
    deck.add_table_slides(
        1,
        "stores",
        stores,
        table_options={"labels": {"store": "Store", "revenue": "Revenue", "note": "Note"}},
    )
    return path, deck.to_dict()["slides"], {}


def case_table_stops_above_its_footer(workdir: Path) -> GalleryInput:
    """The warnings' advice followed: 20 regions over "Regions (1/2)" (Region 1 to 10) and "(2/2)" (11 to 20), each table, blue header row first, ends at the top of the grey footer band "Source: finance, FY 2026" and covers none of it, though the slide goes on below the footer."""
    import re

    from pptx.dml.color import RGBColor
    from pptx.util import Pt

    from deckkit import Deck, Table

    prs, slide = new_deck(widescreen=False)
    text_box(slide, "Regions ({page}/{pages})", EMU // 2, EMU // 4, 9 * EMU, EMU // 2, size=24, bold=True)
    frame = slide.shapes.add_table(2, 3, EMU // 2, EMU, 9 * EMU, int(0.8 * EMU))
    frame._element.xpath("./p:nvGraphicFramePr/p:cNvPr")[0].set("descr", "regions")
    for r in range(2):
        frame.table.rows[r].height = int(0.4 * EMU)
        for c in range(3):
            frame.table.cell(r, c).text = "sample"
            frame.table.cell(r, c).text_frame.paragraphs[0].runs[0].font.size = Pt(14)
    footer = text_box(
        slide, "Source: finance, FY 2026", EMU // 2, int(5.6 * EMU), 9 * EMU, int(0.5 * EMU), size=14
    )
    footer.name = "Footer"
    footer.fill.solid()
    footer.fill.fore_color.rgb = RGBColor(0xD9, 0xD9, 0xD9)
    path = workdir / "template.pptx"
    prs.save(str(path))
    rows = [["Region", "Sales", "Change"]] + [
        [f"Region {i}", f"{1000 - 37 * i:,}", f"{i % 7 - 3:+d}%"] for i in range(1, 21)
    ]
    # What a user does: one slide with every row, then what its warnings say.
    whole = Deck(path)
    whole.add_slide(1, regions=Table(rows=rows))
    counts = {
        int(m.group(1)) for w in whole.validate().warnings if (m := re.search(r"at most (\d+) more", str(w)))
    }
    (most,) = counts  # the off-slide and the overlap warning tell one count
    deck = Deck(path)
    deck.add_table_slides(1, "regions", Table(rows=rows), max_rows=most)
    return path, deck.to_dict()["slides"], {}


def case_fixed_table_shrunk_to_its_frame(workdir: Path) -> GalleryInput:
    """Two vertical_sizing="fixed" tables in 5.5 x 4 in dashed frames: left, 5 rows at the designer's 20 pt header and 16 pt body; right, 16 rows whose text is shrunk (every size the same step smaller) so that all of them, readable, end inside the frame."""
    from pptx.util import Pt

    from tests.gallery.cases._kit import text_box

    prs, slide = new_deck()
    for key, left in (("kept", int(0.7 * EMU)), ("shrunk", int(7.1 * EMU))):
        top, width, height = int(1.5 * EMU), int(5.5 * EMU), 4 * EMU
        outline(slide, left, top, width, height)
        text_box(slide, f"{{{key}}}", left, int(0.6 * EMU), width, int(0.6 * EMU), size=20)
        frame = slide.shapes.add_table(2, 3, left, top, width, height)
        frame.name = f"Table {key}"
        frame._element.xpath("./p:nvGraphicFramePr/p:cNvPr")[0].set("descr", f"{key}_table")
        for row, (size, bold) in enumerate(((20, True), (16, False))):
            for col in range(3):
                cell = frame.table.cell(row, col)
                cell.text = "x"
                font = cell.text_frame.paragraphs[0].runs[0].font
                font.size, font.bold = Pt(size), bold
    path = workdir / "template.pptx"
    prs.save(str(path))

    def rows(n: int) -> list[list[Any]]:
        return [["Region", "Revenue", "Share"]] + [
            [f"Region {i}", f"${i * 1234:,}", f"{i * 37 % 100}%"] for i in range(1, n)
        ]

    def fixed(n: int) -> dict[str, Any]:
        return {"type": "table", "rows": rows(n), "vertical_sizing": "fixed"}

    data = {
        "template": 1,
        "kept": "5 rows: the designer's sizes",
        "shrunk": "16 rows: shrunk to the frame",
        "kept_table": fixed(5),
        "shrunk_table": fixed(16),
    }
    return path, [data], {}


def case_cjk_cells_wrap_per_character(workdir: Path) -> GalleryInput:
    """A 3-column table of Japanese, Chinese and mixed Japanese/Latin comments: each long cell wraps between characters inside its column, and each row is exactly as tall as its longest cell (no text runs into the row below)."""
    path = _template(workdir, 2, 3, EMU, EMU, 10 * EMU, EMU)
    rows = [
        ["地域 / 地区", "コメント", "Comment (mixed)"],
        [
            "北部",
            "売上高は前年同期比12%増となり、北部地域が全体の成長を牽引しました。",
            "ExcelのデータをPowerPointに貼り付け、毎週の会議で共有します。",
        ],
        [
            "华东",
            "本季度销售额同比增长百分之十二，成本保持稳定。",
            "新製品「Nova」の投入は来期を予定しています。",
        ],
    ]
    return path, [{"template": 1, "sales": {"type": "table", "rows": rows}}], {}
