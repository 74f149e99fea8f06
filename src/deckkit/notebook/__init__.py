"""Notebook front end: a template browser with slide previews, and the ``%load_ext deckkit`` extension.

ipywidgets and IPython are imported when these are used, never by ``import deckkit``.
"""

from __future__ import annotations

from deckkit.notebook.browser import TemplateBrowser, browse
from deckkit.notebook.extension import load_ipython_extension, unload_ipython_extension

__all__ = ["TemplateBrowser", "browse", "load_ipython_extension", "unload_ipython_extension"]
