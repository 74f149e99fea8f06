"""Rich notebook displays of deckkit objects: the top of the house, imported by nothing below it.

The core types (Table, Chart, Image, Slide, Deck, RenderResult, Template, ValidationReport, the
client's RenderedDeck, a DeckDiff) derive from :class:`deckkit.display_hook.Displayable`; their
``_repr_html_`` asks the hook, which imports this package the first time a notebook shows
something. Importing it registers every display below (``@HTML.register("deckkit.model.table.Table")``),
so ``import deckkit``, a render and a server worker load none of this (nor matplotlib). Their
short plain-text ``repr`` is their own.

Every display is bounded: a strip of at most ``deckkit.options.thumbnails`` slides, a table of
at most ``MAX_ROWS`` rows, a small PNG plot, and never the pptx bytes.
"""

from __future__ import annotations

from deckkit.display import chart, deck, diff, elements, media, result, table, template, validation

__all__ = ["chart", "deck", "diff", "elements", "media", "result", "table", "template", "validation"]
