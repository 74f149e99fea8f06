"""Deck: a summary (template, slides with their keys and what each gets, media, theme) and, on
demand, thumbnails of the rendered deck (``deck.preview()``, cached while the deck is unchanged).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from deckkit.deck import Deck, holdings, slide_line
from deckkit.display.chart import chart_html, chart_kinds_of
from deckkit.display.html import box, esc, problems_html
from deckkit.display.thumbnails import thumbnails
from deckkit.display_hook import HTML, PREVIEW
from deckkit.errors import Problem, problems_text
from deckkit.model import Chart, ScatterChart
from deckkit.words import counted

__all__ = ["DeckPreview", "deck_html", "preview"]

_MAX_SLIDES_LISTED = 20
MAX_CHARTS_SHOWN = 4
"""Charts a Deck's display draws (the first ones); it says how many more the deck has."""


@HTML.register("deckkit.deck.Deck")
def deck_html(deck: Deck) -> str:
    items = "".join(
        f"<li>{esc(slide_line(i, s).split('. ', 1)[1])}</li>"
        for i, s in enumerate(deck.slides[:_MAX_SLIDES_LISTED])
    )
    more = len(deck.slides) - _MAX_SLIDES_LISTED
    if more > 0:
        items += f"<li>… and {counted(more, 'more slide')}</li>"
    theme = " · theme colours set" if deck.theme is not None and deck.theme.colors is not None else ""
    cached = _CACHE.get(_digest(deck))
    strip = (
        cached.html()
        if cached is not None
        else ('<div style="color:#888;font-size:11px">deck.preview() shows the rendered slides</div>')
    )
    title = f"Deck: {holdings(len(deck.slides), deck.media, deck.extra_templates)}{theme}"
    return box(esc(title), f'<ol style="margin:2px 0">{items}</ol>{_charts_html(deck)}{strip}')


def _charts_html(deck: Deck) -> str:
    """The deck's charts, each drawn in its template chart's kind (columns, pie...), side by side."""
    charts = [
        (position, key, value)
        for position, slide in enumerate(deck.slides)
        for key, value in slide.values.items()
        if isinstance(value, Chart | ScatterChart)
    ]
    cells = "".join(
        '<div style="display:inline-block;vertical-align:top;margin:0 8px 6px 0">'
        + chart_html(
            value,
            chart_kinds_of(deck, deck.slides[position]).get(key),
            title=f"slide {position + 1}, {key}",
        )
        + "</div>"
        for position, key, value in charts[:MAX_CHARTS_SHOWN]
    )
    more = len(charts) - MAX_CHARTS_SHOWN
    tail = (
        f'<div style="font-size:12px;color:#555">… and {counted(more, "more chart")}</div>'
        if more > 0
        else ""
    )
    return f'<div class="deckkit-charts">{cells}{tail}</div>' if cells else ""


@dataclass(frozen=True)
class DeckPreview:
    """Thumbnails of a deck rendered locally, with the warnings the render gave."""

    html_strip: str
    slide_count: int
    warnings: tuple[Problem, ...]
    source: str

    def html(self) -> str:
        return self.html_strip + problems_html(self.warnings)

    def _repr_html_(self) -> str:
        return box(f"Deck preview: {counted(self.slide_count, 'slide')}", self.html())

    def __repr__(self) -> str:
        listed = problems_text(self.warnings)
        return f"<DeckPreview: {counted(self.slide_count, 'slide')}, {self.source} thumbnails" + (
            f",\n{listed}\n>" if listed else ">"
        )


# Keyed by the deck's content (template, data.json, media), so an unchanged deck is not rendered
# again; bounded, oldest dropped first.
_CACHE: dict[str, DeckPreview] = {}
_CACHE_SIZE = 8


def _digest(deck: Deck) -> str:
    h = hashlib.sha256(deck.template)
    h.update(deck.to_json(indent=None).encode("utf-8"))
    for name, data in sorted(deck.media.items()):
        h.update(name.encode("utf-8"))
        h.update(hashlib.sha256(data).digest())
    return h.hexdigest()


@PREVIEW.register("deckkit.deck.Deck")
def preview(deck: Deck) -> DeckPreview:
    """Render ``deck`` locally (nothing written) and keep thumbnails of its first slides."""
    # The renderer loads when a preview is asked for, not when a deck is first shown.
    from deckkit.renderer import render

    key = _digest(deck)
    if key not in _CACHE:
        result = render(deck.template, deck.to_data(), deck.media)
        strip = thumbnails(result.pptx)
        if len(_CACHE) >= _CACHE_SIZE:
            del _CACHE[next(iter(_CACHE))]
        _CACHE[key] = DeckPreview(strip.html(), result.slide_count, tuple(result.warnings), strip.source)
    return _CACHE[key]
