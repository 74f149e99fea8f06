"""The one switch: ``DECKKIT_STENCILS=off`` fills every copy by the general path.

Each stencil stands for a general path whose output it must reproduce byte for byte; with the
switch off that path runs alone, so the suite (``./dev test`` runs the renderer's tests both
ways) shows that both give the same decks. Read on every use: a test may turn it.
"""

from __future__ import annotations

import os

__all__ = ["SWITCH", "stencils_on"]

SWITCH = "DECKKIT_STENCILS"


def stencils_on() -> bool:
    """False when ``DECKKIT_STENCILS`` is ``off`` (any other value, or none, leaves them on)."""
    return os.environ.get(SWITCH, "on").strip().lower() != "off"
