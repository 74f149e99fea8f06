"""Table: a styled HTML table, as the cells will look (formats, fills, fonts, data bars).

The text is already formatted (``Table.from_dataframe`` wrote it), so what shows is what the
slide gets; theme colour names are painted in Office's default theme.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckkit.display.html import box, css_color, esc
from deckkit.display_hook import HTML

if TYPE_CHECKING:
    from deckkit.model import Table, TableCell
    from deckkit.model.styles import FontStyles, ShapeStyles, Styles

__all__ = ["MAX_ROWS", "table_html"]

MAX_ROWS = 30
"""Rows shown (the first ones); a longer table says how many more it has."""

_ALIGN = {"justified": "justify", "distributed": "justify"}
_VALIGN = {"center": "middle"}


def _cell_css(styles: Styles | None) -> list[str]:
    declarations: dict[str, object] = {}
    if styles is not None and styles.shape is not None:
        declarations |= _shape_css(styles.shape)
    if styles is not None and styles.font is not None:
        declarations |= _font_css(styles.font)
    return [f"{name}:{value}" for name, value in declarations.items() if value]


def _shape_css(shape: ShapeStyles) -> dict[str, object]:
    """CSS property -> value of a cell's shape styles; a false value leaves the property out."""
    return {
        "background-color": shape.fill and css_color(shape.fill),
        "border": shape.outline and f"1px solid {css_color(shape.outline)}",
        "text-align": shape.align and _ALIGN.get(shape.align, shape.align),
        "vertical-align": shape.vertical_align and _VALIGN.get(shape.vertical_align, shape.vertical_align),
    }


def _font_css(font: FontStyles) -> dict[str, object]:
    """CSS property -> value of a cell's font styles; a false value leaves the property out."""
    lines = [name for name, on in (("underline", font.underline), ("line-through", font.strike)) if on]
    return {
        "font-weight": font.bold and "bold",
        "font-style": font.italic and "italic",
        "text-decoration": " ".join(lines),
        "color": font.color and css_color(font.color),
        "font-family": font.typeface and esc(font.typeface),
        # Points on the slide; shown at half size, as on a slide seen at half scale.
        "font-size": font.size and f"{max(font.size / 2, 8):.0f}pt",
    }


def _cell_html(cell: str | TableCell, tag: str) -> str:
    if isinstance(cell, str):
        return f"<{tag}>{esc(cell)}</{tag}>"
    css = _cell_css(cell.styles)
    if cell.databar is not None:
        color = css_color(cell.databar.color) or "#4472C4"
        percent = round(cell.databar.ratio * 100, 1)
        # Drawn as on the slide: the cell's fill from its left edge, ratio of its width, behind the text.
        css.append(f"background-image:linear-gradient(90deg,{color} {percent}%,transparent {percent}%)")
    style = f' style="{";".join(css)}"' if css else ""
    return f"<{tag}{style}>{esc(cell.plain_text)}</{tag}>"


@HTML.register("deckkit.model.table.Table")
def table_html(table: Table, *, header_rows: int = 1) -> str:
    rows, columns = table.shape
    padded = table.padded_rows()
    shown = padded[:MAX_ROWS]
    body = "".join(
        "<tr>" + "".join(_cell_html(c, "th" if r < header_rows else "td") for c in row) + "</tr>"
        for r, row in enumerate(shown)
    )
    more = rows - len(shown)
    tail = f'<div style="color:#555">… and {more} more rows</div>' if more > 0 else ""
    style = (
        "<style>.deckkit-table td,.deckkit-table th{padding:2px 8px;border:1px solid #ddd}"
        ".deckkit-table th{background:#f3f3f3}</style>"
    )
    table_tag = f'<table class="deckkit-table" style="border-collapse:collapse">{body}</table>'
    sizing = (
        ""
        if (table.horizontal_sizing, table.vertical_sizing) == ("fixed", "anchor_top")
        else (
            f'<div style="color:#555;font-size:11px">sizing: {table.horizontal_sizing}, {table.vertical_sizing}</div>'
        )
    )
    return box(f"Table: {rows} rows x {columns} columns", style + table_tag + tail + sizing)
