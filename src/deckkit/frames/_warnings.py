"""Warnings the frames layer gives when it has to leave data out."""

from __future__ import annotations


class DroppedRowsWarning(UserWarning):
    """Rows were left out because a value the element needs is missing (NaN, None, NaT, null)."""
