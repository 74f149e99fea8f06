"""Notebook front end: a template browser with slide previews, and the ``%load_ext deckkit`` extension.

ipywidgets and IPython are imported when these are used, never by ``import deckkit``. The names
below load on first use too: a render imports ``deckkit.display`` for its result's
display, and must not pay for the template browser.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckkit.lazy import lazy_names

if TYPE_CHECKING:
    from deckkit.notebook.browser import TemplateBrowser, browse
    from deckkit.notebook.extension import load_ipython_extension, unload_ipython_extension

__all__ = ["TemplateBrowser", "browse", "load_ipython_extension", "unload_ipython_extension"]

_HOME = {
    "TemplateBrowser": "deckkit.notebook.browser",
    "browse": "deckkit.notebook.browser",
    "load_ipython_extension": "deckkit.notebook.extension",
    "unload_ipython_extension": "deckkit.notebook.extension",
}


__getattr__, __dir__ = lazy_names(globals(), _HOME)
