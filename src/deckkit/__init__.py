"""deckkit: fill a designer's PowerPoint template with data.

``import deckkit`` stays light: the model (pydantic), the renderer (lxml), the client (httpx),
DataFrame support (pandas/polars) and the notebook widgets (ipywidgets) load the first time one
of their names is used. Building the model's classes is most of the cost of importing the
model, which ``deckkit --help`` and the other verbs that do not validate data must not pay.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from deckkit.lazy import lazy_names
from deckkit.options import options as options
from deckkit.version import __version__ as __version__

# The public names, each with the module that defines it: the one list. ``__all__`` is made from
# it and each name is imported on first use (PEP 562); the imports under TYPE_CHECKING, which
# mypy and IDEs read, are held against it by tests/api/test_public_api.py. ``options`` is
# imported now: its name is also its module's, which an import of the module would put here.
_PUBLIC = {
    "APIError": "deckkit.client",
    "AsyncClient": "deckkit.client",
    "Bounds": "deckkit.model",
    "BundleError": "deckkit.errors",
    "ConversionError": "deckkit.errors",
    "CellDataBar": "deckkit.model",
    "Chart": "deckkit.model",
    "ChartAxis": "deckkit.model",
    "ChartSeries": "deckkit.model",
    "Client": "deckkit.client",
    "DataError": "deckkit.errors",
    "Deck": "deckkit.deck",
    "DeckDiff": "deckkit.compare",
    "DeckData": "deckkit.model",
    "DeckkitError": "deckkit.errors",
    "DeckkitWarning": "deckkit.errors",
    "Delete": "deckkit.model",
    "DroppedLinkWarning": "deckkit.errors",
    "DroppedRowsWarning": "deckkit.errors",
    "DummyDataWarning": "deckkit.errors",
    "ExternalLinkWarning": "deckkit.errors",
    "FontStyles": "deckkit.model",
    "Image": "deckkit.model",
    "List": "deckkit.model",
    "OffSlideWarning": "deckkit.errors",
    "OverlapWarning": "deckkit.errors",
    "TextOverflowWarning": "deckkit.errors",
    "Problem": "deckkit.errors",
    "RenderError": "deckkit.errors",
    "RenderResult": "deckkit.renderer",
    "RenderWarning": "deckkit.errors",
    "ScatterAxis": "deckkit.model",
    "ScatterChart": "deckkit.model",
    "ScatterSeries": "deckkit.model",
    "ShapeStyles": "deckkit.model",
    "Slide": "deckkit.model",
    "Styles": "deckkit.model",
    "Table": "deckkit.model",
    "TableCell": "deckkit.model",
    "TemplateError": "deckkit.errors",
    "Text": "deckkit.model",
    "TextRun": "deckkit.model",
    "Theme": "deckkit.model",
    "ThemeColors": "deckkit.model",
    "UnfilledPlaceholderWarning": "deckkit.errors",
    "UnusedKeyWarning": "deckkit.errors",
    "Video": "deckkit.model",
    "diff": "deckkit.compare",
    "parse_data": "deckkit.model",
    "read_deck": "deckkit.renderer",
    "render": "deckkit.renderer",
    "render_bundle": "deckkit.renderer",
    "render_many": "deckkit.batch",
}

# Former names, kept for code that already uses them (not in __all__): one name per concept.
_FORMER_NAMES = {"Databar": "CellDataBar", "Scatter": "ScatterChart"}

__all__ = sorted([*_PUBLIC, "__version__", "options"])

if TYPE_CHECKING:
    from deckkit.batch import render_many as render_many
    from deckkit.client import APIError as APIError
    from deckkit.client import AsyncClient as AsyncClient
    from deckkit.client import Client as Client
    from deckkit.compare import DeckDiff as DeckDiff
    from deckkit.compare import diff as diff
    from deckkit.deck import Deck as Deck
    from deckkit.errors import BundleError as BundleError
    from deckkit.errors import ConversionError as ConversionError
    from deckkit.errors import DataError as DataError
    from deckkit.errors import DeckkitError as DeckkitError
    from deckkit.errors import DeckkitWarning as DeckkitWarning
    from deckkit.errors import DroppedLinkWarning as DroppedLinkWarning
    from deckkit.errors import DroppedRowsWarning as DroppedRowsWarning
    from deckkit.errors import DummyDataWarning as DummyDataWarning
    from deckkit.errors import ExternalLinkWarning as ExternalLinkWarning
    from deckkit.errors import OffSlideWarning as OffSlideWarning
    from deckkit.errors import OverlapWarning as OverlapWarning
    from deckkit.errors import Problem as Problem
    from deckkit.errors import RenderError as RenderError
    from deckkit.errors import RenderWarning as RenderWarning
    from deckkit.errors import TemplateError as TemplateError
    from deckkit.errors import TextOverflowWarning as TextOverflowWarning
    from deckkit.errors import UnfilledPlaceholderWarning as UnfilledPlaceholderWarning
    from deckkit.errors import UnusedKeyWarning as UnusedKeyWarning
    from deckkit.model import Bounds as Bounds
    from deckkit.model import CellDataBar as CellDataBar
    from deckkit.model import Chart as Chart
    from deckkit.model import ChartAxis as ChartAxis
    from deckkit.model import ChartSeries as ChartSeries
    from deckkit.model import DeckData as DeckData
    from deckkit.model import Delete as Delete
    from deckkit.model import FontStyles as FontStyles
    from deckkit.model import Image as Image
    from deckkit.model import List as List
    from deckkit.model import ScatterAxis as ScatterAxis
    from deckkit.model import ScatterChart as ScatterChart
    from deckkit.model import ScatterSeries as ScatterSeries
    from deckkit.model import ShapeStyles as ShapeStyles
    from deckkit.model import Slide as Slide
    from deckkit.model import Styles as Styles
    from deckkit.model import Table as Table
    from deckkit.model import TableCell as TableCell
    from deckkit.model import Text as Text
    from deckkit.model import TextRun as TextRun
    from deckkit.model import Theme as Theme
    from deckkit.model import ThemeColors as ThemeColors
    from deckkit.model import Video as Video
    from deckkit.model import parse_data as parse_data
    from deckkit.renderer import RenderResult as RenderResult
    from deckkit.renderer import read_deck as read_deck
    from deckkit.renderer import render as render
    from deckkit.renderer import render_bundle as render_bundle

    Databar = CellDataBar
    Scatter = ScatterChart

# Sub-modules reachable as attributes (``deckkit.examples.template()``,
# ``deckkit.inspect.Template``), imported on first use: a spelling that used to work because
# another import had loaded the module keeps working now that imports are lazier.
_SUBMODULES = frozenset(
    {
        "bundle",
        "client",
        "display",
        "errors",
        "examples",
        "frames",
        "inspect",
        "model",
        "notebook",
        "ooxml",
        "preview",
        "renderer",
        "template",
        "validate",
    }
)

_named, __dir__ = lazy_names(
    globals(), {**_PUBLIC, **{old: _PUBLIC[new] for old, new in _FORMER_NAMES.items()}}, _FORMER_NAMES
)


def __getattr__(name: str) -> Any:
    if name in _SUBMODULES:
        return importlib.import_module(f"deckkit.{name}")
    return _named(name)


def load_ipython_extension(ipython: Any) -> None:
    """``%load_ext deckkit`` (see deckkit.notebook.extension)."""
    # IPython and the notebook layer load only when a notebook loads the extension.
    from deckkit.notebook.extension import load_ipython_extension as load

    load(ipython)


def unload_ipython_extension(ipython: Any) -> None:
    # As above: loaded by a notebook only.
    from deckkit.notebook.extension import unload_ipython_extension as unload

    unload(ipython)
