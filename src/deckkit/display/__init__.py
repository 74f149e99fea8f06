"""Rich notebook displays of deckkit objects, each with a short plain-text fallback.

The objects themselves (RenderResult, Deck, Table, Chart, Image, Template, ...) only hold a
``_repr_html_`` that imports one of these modules when a notebook asks for it, so ``import
deckkit`` loads none of this (nor matplotlib). Every display is bounded: a strip of at most
``deckkit.options.thumbnails`` slides, a table of at most ``MAX_ROWS`` rows, a small PNG plot,
and never the pptx bytes.
"""

from __future__ import annotations
