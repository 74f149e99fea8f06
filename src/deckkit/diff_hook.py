"""The declared hook through which a rendered deck is compared with another: ``result.diff``.

The renderer does not import :mod:`deckkit.compare` (a contract in pyproject.toml says so): a
render, in a render worker too, never loads the reading and matching of decks that only a
comparison needs. ``RenderResult.diff`` asks :data:`DIFF`; the compare package registers its
``diff`` when it is imported, and the hook imports it, by the name in :data:`COMPARE_PACKAGE`,
the first time a comparison is asked for (as :mod:`deckkit.display_hook` does for displays).
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from typing import Any, Final, TypeVar

__all__ = ["COMPARE_PACKAGE", "DIFF", "DeckSource", "DiffHook"]

COMPARE_PACKAGE: Final = "deckkit.compare"

DeckSource = bytes | str | os.PathLike[str] | Any
"""A .pptx path, its bytes, or anything holding them as ``.pptx`` (a RenderResult)."""

_Diff = Callable[[DeckSource, DeckSource], Any]
_Registered = TypeVar("_Registered", bound=_Diff)


class DiffHook:
    """The one function that compares two decks, ``diff(old, new)``, once registered."""

    def __init__(self) -> None:
        self._diff: _Diff | None = None

    def register(self, diff: _Registered) -> _Registered:
        """Decorator: ``diff`` is the comparison (:func:`deckkit.compare.diff`)."""
        self._diff = diff
        return diff

    @property
    def registered(self) -> _Diff | None:
        return self._diff

    def __call__(self, old: DeckSource, new: DeckSource) -> Any:
        if self._diff is None:
            importlib.import_module(COMPARE_PACKAGE)  # registers its diff
        if self._diff is None:
            raise LookupError(f"{COMPARE_PACKAGE} registered no diff")
        return self._diff(old, new)


DIFF: Final = DiffHook()
