"""Notebook front end: a template browser with slide previews, and the ``%load_ext deckkit`` extension.

ipywidgets and IPython are imported when these are used, never by ``import deckkit``. The names
below load on first use too: a render imports ``deckkit.notebook.reprs`` for its result's
display, and must not pay for the template browser.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

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


def __getattr__(name: str) -> Any:
    if name not in _HOME:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_HOME[name]), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
