"""Slide and List: what each key of a slide gets, and a list's items as the slide's bullets.

Tables, charts and media have a module each (table, chart, media). A slide's charts are drawn
under its keys, in their template chart's kind when the slide is in a Deck (whose template says it).
"""

from __future__ import annotations

from collections.abc import Sequence

from deckkit.deck import deck_holding
from deckkit.display.chart import chart_html, chart_kinds_of
from deckkit.display.html import box, css_color, esc
from deckkit.display_hook import HTML
from deckkit.model import Chart, List, ScatterChart, Slide, Text
from deckkit.model.runs import TextRun
from deckkit.model.styles import FontStyles

__all__ = ["list_html", "runs_html", "slide_html"]

_SLIDE_CHARTS_SHOWN = 4


@HTML.register("deckkit.model.document.Slide")
def slide_html(slide: Slide) -> str:
    items = "".join(
        f"<li><code>{esc(k)}</code>: {esc(v if isinstance(v, str) else repr(v))}</li>"
        for k, v in slide.values.items()
    )
    charts = [(k, v) for k, v in slide.values.items() if isinstance(v, Chart | ScatterChart)]
    kinds = chart_kinds_of(deck_holding(slide), slide) if charts else {}
    drawn = "".join(
        '<div style="display:inline-block;vertical-align:top;margin:0 8px 6px 0">'
        + chart_html(value, kinds.get(key), title=key)
        + "</div>"
        for key, value in charts[:_SLIDE_CHARTS_SHOWN]
    )
    return box(
        f"Slide from template slide {slide.template_ref}", f'<ul style="margin:2px 0">{items}</ul>{drawn}'
    )


_LIST_SHOWN = 50  # items; a longer list says how many more it has


def _font_css(font: FontStyles | None) -> list[str]:
    if font is None:
        return []
    lines = [name for name, on in (("underline", font.underline), ("line-through", font.strike)) if on]
    css = ["font-weight:bold"] if font.bold else []
    css += ["font-style:italic"] if font.italic else []
    css += [f"text-decoration:{' '.join(lines)}"] if lines else []
    css += [f"color:{css_color(font.color)}"] if font.color and css_color(font.color) else []
    return css


def _linked(text: str, hyperlink: str | None) -> str:
    return f'<a href="{esc(hyperlink)}">{text}</a>' if hyperlink else text


def runs_html(value: str | Sequence[str | TextRun]) -> str:
    """A Text's value as HTML: rich-text runs each in their own font styles and link."""
    if isinstance(value, str):
        return esc(value)
    parts = []
    for run in value:
        if isinstance(run, str):
            parts.append(esc(run))
            continue
        css = _font_css(run.font)
        text = f'<span style="{";".join(css)}">{esc(run.text)}</span>' if css else esc(run.text)
        parts.append(_linked(text, run.hyperlink))
    return "".join(parts)


def _item_html(item: str | Text) -> str:
    """One item as a bullet: indented by its level, in its font styles, linked when it links."""
    if isinstance(item, str):
        return f"<li>{esc(item)}</li>"
    css = [f"margin-left:{1.5 * (item.level or 0):.1f}em"]
    css += _font_css(item.styles.font if item.styles is not None else None)
    return f'<li style="{";".join(css)}">{_linked(runs_html(item.value), item.hyperlink)}</li>'


@HTML.register("deckkit.model.text.List")
def list_html(items: List) -> str:
    """The items as the slide's bullets will read: levels indented, bold, italic, colours, rich-text runs and links."""
    shown = "".join(_item_html(item) for item in items.values[:_LIST_SHOWN])
    more = len(items.values) - _LIST_SHOWN
    tail = f'<div style="color:#888;font-size:11px">and {more} more items</div>' if more > 0 else ""
    return box(f"List of {len(items.values)} items", f'<ul style="margin:2px 0">{shown}</ul>{tail}')
