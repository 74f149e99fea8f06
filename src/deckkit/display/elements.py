"""Dispatch from an element to its text and HTML display (one module per kind of element)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from deckkit.display.html import box, esc

__all__ = ["element_html", "element_text"]

_Show = Callable[[Any], str]


def _kind_reprs(element: Any) -> tuple[_Show, _Show] | None:
    """(text, html) of the module that shows this kind of element, imported on first use."""
    from deckkit.model import Chart, Image, ScatterChart, Table, Video

    if isinstance(element, Table):
        from deckkit.display.table import table_html, table_text

        return table_text, table_html
    if isinstance(element, Chart | ScatterChart):
        from deckkit.display.chart import chart_html, chart_text

        return chart_text, chart_html
    if isinstance(element, Image | Video):
        from deckkit.display.media import image_html, media_text

        return media_text, image_html
    return None


def element_text(element: Any) -> str:
    from deckkit.model import List, Slide

    reprs = _kind_reprs(element)
    if reprs is not None:
        return reprs[0](element)
    if isinstance(element, List):
        first = element.values[0] if element.values else ""
        shown = first if isinstance(first, str) else getattr(first, "value", "")
        return f"<List: {len(element.values)} items; first: {shown[:60]!r}>"
    if isinstance(element, Slide):
        keys = ", ".join(
            f"{k}={'text' if isinstance(v, str) else getattr(v, 'type', 'delete')}"
            for k, v in element.values.items()
        )
        return f"<Slide from template slide {element.template}: {keys[:200] or 'no keys'}>"
    return object.__repr__(element)


def element_html(element: Any) -> str:
    from deckkit.model import Slide

    reprs = _kind_reprs(element)
    if reprs is not None:
        return reprs[1](element)
    if isinstance(element, Slide):
        items = "".join(
            f"<li><code>{esc(k)}</code>: {esc(v if isinstance(v, str) else element_text(v))}</li>"
            for k, v in element.values.items()
        )
        return box(f"Slide from template slide {element.template}", f'<ul style="margin:2px 0">{items}</ul>')
    return f"<pre>{esc(element_text(element))}</pre>"
