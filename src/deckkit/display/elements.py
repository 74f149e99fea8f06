"""Slide and List: what each key of a slide gets, and a list's items as the slide's bullets.

Tables, charts and media have a module each (table, chart, media).
"""

from __future__ import annotations

from deckkit.display.html import box, css_color, esc
from deckkit.display_hook import HTML
from deckkit.model import List, Slide, Text

__all__ = ["list_html", "slide_html"]


@HTML.register("deckkit.model.document.Slide")
def slide_html(slide: Slide) -> str:
    items = "".join(
        f"<li><code>{esc(k)}</code>: {esc(v if isinstance(v, str) else repr(v))}</li>"
        for k, v in slide.values.items()
    )
    return box(f"Slide from template slide {slide.template_ref}", f'<ul style="margin:2px 0">{items}</ul>')


_LIST_SHOWN = 50  # items; a longer list says how many more it has


def _item_html(item: str | Text) -> str:
    """One item as a bullet: indented by its level, in its font styles, linked when it links."""
    if isinstance(item, str):
        return f"<li>{esc(item)}</li>"
    css = [f"margin-left:{1.5 * (item.level or 0):.1f}em"]
    font = item.styles.font if item.styles is not None else None
    if font is not None:
        css += ["font-weight:bold"] if font.bold else []
        css += ["font-style:italic"] if font.italic else []
        css += ["text-decoration:underline"] if font.underline else []
        css += ["text-decoration:line-through"] if font.strike else []
        css += [f"color:{css_color(font.color)}"] if font.color else []
    text = esc(item.value)
    if item.hyperlink:
        text = f'<a href="{esc(item.hyperlink)}">{text}</a>'
    return f'<li style="{";".join(css)}">{text}</li>'


@HTML.register("deckkit.model.text.List")
def list_html(items: List) -> str:
    """The items as the slide's bullets will read: levels indented, bold, italic and colours shown."""
    shown = "".join(_item_html(item) for item in items.values[:_LIST_SHOWN])
    more = len(items.values) - _LIST_SHOWN
    tail = f'<div style="color:#888;font-size:11px">and {more} more items</div>' if more > 0 else ""
    return box(f"List of {len(items.values)} items", f'<ul style="margin:2px 0">{shown}</ul>{tail}')
