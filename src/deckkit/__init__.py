"""deckkit: fill a designer's PowerPoint template with data.

``import deckkit`` stays light: the model (pydantic), the renderer (lxml), the client (httpx),
DataFrame support (pandas/polars) and the notebook widgets (ipywidgets) load the first time one
of their names is used. (Building the model's classes takes most of a second, which
``deckkit --help`` and the other verbs that do not validate data must not pay.)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from deckkit._lazy import lazy_names
from deckkit.errors import (
    BundleError,
    DataError,
    DeckkitError,
    DeckkitWarning,
    DroppedLinkWarning,
    DroppedRowsWarning,
    DummyDataWarning,
    OffSlideWarning,
    Problem,
    RenderError,
    RenderWarning,
    TemplateError,
    UnfilledPlaceholderWarning,
    UnusedKeyWarning,
)
from deckkit.options import options

if TYPE_CHECKING:
    from deckkit.client import APIError, AsyncClient, Client
    from deckkit.deck import Deck
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
    from deckkit.renderer import RenderResult, render, render_bundle

__version__ = "0.1.0"

# Former names, kept for code that already uses them (not in __all__): one name per concept.
_FORMER_NAMES = {"Databar": "CellDataBar", "Scatter": "ScatterChart"}
if TYPE_CHECKING:
    Databar = CellDataBar
    Scatter = ScatterChart

# name -> module that defines it; imported on first use (PEP 562).
_LAZY = {
    "Bounds": "deckkit.model",
    "CellDataBar": "deckkit.model",
    "Chart": "deckkit.model",
    "ChartAxis": "deckkit.model",
    "ChartSeries": "deckkit.model",
    "DeckData": "deckkit.model",
    "Delete": "deckkit.model",
    "FontStyles": "deckkit.model",
    "Image": "deckkit.model",
    "List": "deckkit.model",
    "ScatterAxis": "deckkit.model",
    "ScatterChart": "deckkit.model",
    "ScatterSeries": "deckkit.model",
    "ShapeStyles": "deckkit.model",
    "Slide": "deckkit.model",
    "Styles": "deckkit.model",
    "Table": "deckkit.model",
    "TableCell": "deckkit.model",
    "Text": "deckkit.model",
    "Theme": "deckkit.model",
    "ThemeColors": "deckkit.model",
    "Video": "deckkit.model",
    "parse_data": "deckkit.model",
    "Databar": "deckkit.model",
    "Scatter": "deckkit.model",
    "Deck": "deckkit.deck",
    "render": "deckkit.renderer",
    "render_bundle": "deckkit.renderer",
    "RenderResult": "deckkit.renderer",
    "Client": "deckkit.client",
    "AsyncClient": "deckkit.client",
    "APIError": "deckkit.client",
}

# Sub-modules reachable as attributes (``deckkit.examples.template()``,
# ``deckkit.inspect.Template``), imported on first use: a spelling that used to work because
# another import had loaded the module keeps working now that imports are lazier.
_SUBMODULES = frozenset(
    {
        "bundle",
        "client",
        "examples",
        "frames",
        "inspect",
        "model",
        "notebook",
        "preview",
        "renderer",
        "validate",
    }
)

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
    "DeckkitWarning",
    "Delete",
    "DroppedLinkWarning",
    "DroppedRowsWarning",
    "DummyDataWarning",
    "FontStyles",
    "Image",
    "List",
    "OffSlideWarning",
    "Problem",
    "RenderError",
    "RenderResult",
    "RenderWarning",
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
    "UnfilledPlaceholderWarning",
    "UnusedKeyWarning",
    "Video",
    "__version__",
    "options",
    "parse_data",
    "render",
    "render_bundle",
]


_named, __dir__ = lazy_names(globals(), _LAZY, _FORMER_NAMES)


def __getattr__(name: str) -> Any:
    if name in _SUBMODULES:
        return importlib.import_module(f"deckkit.{name}")
    return _named(name)


def load_ipython_extension(ipython: Any) -> None:
    """``%load_ext deckkit`` (see deckkit.notebook.extension)."""
    from deckkit.notebook.extension import load_ipython_extension as load

    load(ipython)


def unload_ipython_extension(ipython: Any) -> None:
    from deckkit.notebook.extension import unload_ipython_extension as unload

    unload(ipython)
