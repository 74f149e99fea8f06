"""Warnings the frames layer gives when it has to leave data out (defined in deckkit.errors)."""

from __future__ import annotations

from deckkit.errors import DroppedRowsWarning

__all__ = ["DroppedRowsWarning"]
