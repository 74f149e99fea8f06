"""Slide and List: what each key of a slide gets, and a list's items as its one-line summary.

Tables, charts and media have a module each (table, chart, media).
"""

from __future__ import annotations

from deckkit.display.html import box, esc
from deckkit.display_hook import HTML
from deckkit.model import List, Slide

__all__ = ["list_html", "slide_html"]


@HTML.register("deckkit.model.document.Slide")
def slide_html(slide: Slide) -> str:
    items = "".join(
        f"<li><code>{esc(k)}</code>: {esc(v if isinstance(v, str) else repr(v))}</li>"
        for k, v in slide.values.items()
    )
    return box(f"Slide from template slide {slide.template}", f'<ul style="margin:2px 0">{items}</ul>')


@HTML.register("deckkit.model.text.List")
def list_html(items: List) -> str:
    return f"<pre>{esc(repr(items))}</pre>"
