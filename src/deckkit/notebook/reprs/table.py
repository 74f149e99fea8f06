"""Table: a styled HTML table, as the cells will look (formats, fills, fonts, data bars).

The text is already formatted (``Table.from_dataframe`` wrote it), so what shows is what the
slide gets; theme colour names are painted in Office's default theme.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckkit.notebook.reprs._html import box, css_color, esc

if TYPE_CHECKING:
    from deckkit.model import Table, TableCell
    from deckkit.model.styles import Styles

__all__ = ["MAX_ROWS", "table_html", "table_text"]

MAX_ROWS = 30
"""Rows shown (the first ones); a longer table says how many more it has."""

_ALIGN = {"justified": "justify", "distributed": "justify"}
_VALIGN = {"center": "middle"}


def table_text(table: Table) -> str:
    rows, columns = table.shape
    head = " | ".join(_text(c) for c in table.rows[0])
    return (
        f"<Table: {rows} rows x {columns} columns; first row: {head[:80] + ('…' if len(head) > 80 else '')}>"
    )


def _text(cell: str | TableCell) -> str:
    return cell if isinstance(cell, str) else cell.value


def _cell_css(styles: Styles | None) -> list[str]:
    css: list[str] = []
    if styles is None:
        return css
    if styles.shape is not None:
        shape = styles.shape
        if shape.fill:
            css.append(f"background-color:{css_color(shape.fill)}")
        if shape.outline:
            css.append(f"border:1px solid {css_color(shape.outline)}")
        if shape.align:
            css.append(f"text-align:{_ALIGN.get(shape.align, shape.align)}")
        if shape.vertical_align:
            css.append(f"vertical-align:{_VALIGN.get(shape.vertical_align, shape.vertical_align)}")
    if styles.font is not None:
        font = styles.font
        if font.bold:
            css.append("font-weight:bold")
        if font.italic:
            css.append("font-style:italic")
        lines = [n for n, on in (("underline", font.underline), ("line-through", font.strike)) if on]
        if lines:
            css.append("text-decoration:" + " ".join(lines))
        if font.color:
            css.append(f"color:{css_color(font.color)}")
        if font.typeface:
            css.append(f"font-family:{esc(font.typeface)}")
        if font.size:
            # Points on the slide; shown at half size, as on a slide seen at half scale.
            css.append(f"font-size:{max(font.size / 2, 8):.0f}pt")
    return css


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
    return f"<{tag}{style}>{esc(cell.value)}</{tag}>"


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
