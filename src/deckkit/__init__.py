"""deckkit: fill a designer's PowerPoint template with data.

``import deckkit`` stays light: the model (pydantic) loads at once; the renderer (lxml), the
client (httpx), DataFrame support (pandas/polars) and the notebook widgets (ipywidgets) load the
first time one of their names is used.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from deckkit.errors import BundleError, DataError, DeckkitError, Problem, RenderError, TemplateError
from deckkit.model import (
    Bounds,
    CellDataBar,
    Chart,
    ChartAxis,
    ChartSeries,
    DeckData,
    Delete,
    FontStyles,
    Image,
    List,
    ScatterAxis,
    ScatterChart,
    ScatterSeries,
    ShapeStyles,
    Slide,
    Styles,
    Table,
    TableCell,
    Text,
    Theme,
    ThemeColors,
    Video,
    parse_data,
)

if TYPE_CHECKING:
    from deckkit.client import APIError, AsyncClient, Client
    from deckkit.deck import Deck
    from deckkit.frames import DroppedRowsWarning
    from deckkit.renderer import RenderResult, render, render_bundle

__version__ = "0.1.0"

# Former names, kept for code that already uses them (not in __all__): one name per concept.
Databar = CellDataBar
Scatter = ScatterChart

# name -> module that defines it; imported on first use (PEP 562).
_LAZY = {
    "Deck": "deckkit.deck",
    "render": "deckkit.renderer",
    "render_bundle": "deckkit.renderer",
    "RenderResult": "deckkit.renderer",
    "Client": "deckkit.client",
    "AsyncClient": "deckkit.client",
    "APIError": "deckkit.client",
    "DroppedRowsWarning": "deckkit.frames",
}

__all__ = [
    "APIError",
    "AsyncClient",
    "Bounds",
    "BundleError",
    "CellDataBar",
    "Chart",
    "ChartAxis",
    "ChartSeries",
    "Client",
    "DataError",
    "Deck",
    "DeckData",
    "DeckkitError",
    "Delete",
    "DroppedRowsWarning",
    "FontStyles",
    "Image",
    "List",
    "Problem",
    "RenderError",
    "RenderResult",
    "ScatterAxis",
    "ScatterChart",
    "ScatterSeries",
    "ShapeStyles",
    "Slide",
    "Styles",
    "Table",
    "TableCell",
    "TemplateError",
    "Text",
    "Theme",
    "ThemeColors",
    "Video",
    "__version__",
    "parse_data",
    "render",
    "render_bundle",
]


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'deckkit' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


def load_ipython_extension(ipython: Any) -> None:
    """``%load_ext deckkit`` (see deckkit.notebook.extension)."""
    from deckkit.notebook.extension import load_ipython_extension as load

    load(ipython)


def unload_ipython_extension(ipython: Any) -> None:
    from deckkit.notebook.extension import unload_ipython_extension as unload

    unload(ipython)
