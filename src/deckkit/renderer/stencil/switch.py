"""The one switch: ``DECKKIT_STENCILS=off`` fills every copy by the general path.

Each stencil stands for a general path whose output it must reproduce byte for byte; with the
switch off that path runs alone, so the suite (``./dev test`` runs the renderer's tests both
ways) shows that both give the same decks. Read once, when the renderer is imported: a render
asks for it hundreds of times. A test of one way or the other sets :data:`state` instead.
"""

from __future__ import annotations

import os

__all__ = ["SWITCH", "State", "state", "stencils_on", "switched_on"]

SWITCH = "DECKKIT_STENCILS"


def switched_on(value: str | None) -> bool:
    """False for ``off`` (any case, spaces around); any other value, or none, leaves them on."""
    return (value or "on").strip().lower() != "off"


class State:
    """Whether the stencils are on in this process."""

    __slots__ = ("on",)

    def __init__(self, on: bool) -> None:
        self.on = on


state = State(switched_on(os.environ.get(SWITCH)))


def stencils_on() -> bool:
    return state.on
