"""deckkit: fill a designer's PowerPoint template with data.

``import deckkit`` stays light: pandas, python-pptx, httpx and ipywidgets are imported only by
the parts that need them, the first time they are used.
"""

from __future__ import annotations

from deckkit.errors import BundleError, DataError, DeckkitError, Problem, RenderError, TemplateError

__version__ = "0.1.0"

__all__ = [
    "BundleError",
    "DataError",
    "DeckkitError",
    "Problem",
    "RenderError",
    "TemplateError",
    "__version__",
]
