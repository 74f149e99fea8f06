"""Verify or fall back: the one place that chooses between a stencil and the general path.

A stencil may be impossible to make (a template its markers cannot stand for exactly) or may not
fit one copy (a copy whose tree is not the template's): either way that copy takes the general
path. Replaying signals a misfit by raising :class:`UnfitError` before it changes anything.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from deckkit.renderer.stencil.switch import stencils_on

__all__ = ["UnfitError", "through_stencil"]

S = TypeVar("S")
R = TypeVar("R")


class UnfitError(Exception):
    """The stencil does not stand for this copy exactly: the general path fills it."""


def through_stencil(stencil: Callable[[], S | None], replay: Callable[[S], R], general: Callable[[], R]) -> R:
    """``replay(stencil())`` when stencils are on, one is made and it fits; ``general()`` otherwise.

    ``stencil`` answers None when none can be made for this template; ``replay`` raises
    :class:`UnfitError` (having changed nothing) when the stencil does not fit the copy.
    """
    if not stencils_on():
        return general()
    made = stencil()
    if made is None:
        return general()
    try:
        return replay(made)
    except UnfitError:
        return general()
