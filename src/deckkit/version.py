"""deckkit's version, for the package (``deckkit.__version__``), the CLI, the client and the server."""

from __future__ import annotations

__all__ = ["__version__"]

__version__ = "0.1.0"
