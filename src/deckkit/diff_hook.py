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
from collections.abc import Callable, Sequence
from typing import Any, Final, Literal, Protocol, TypeVar, runtime_checkable

__all__ = [
    "COMPARE_PACKAGE",
    "DIFF",
    "ChangeProtocol",
    "DeckDiffProtocol",
    "DeckSource",
    "DiffHook",
    "SlideDiffProtocol",
    "SlideStatus",
]

COMPARE_PACKAGE: Final = "deckkit.compare"

DeckSource = bytes | str | os.PathLike[str] | Any
"""A .pptx path, its bytes, or anything holding them as ``.pptx`` (a RenderResult)."""

SlideStatus = Literal["same", "changed", "added", "removed"]
"""What became of a slide (here, below compare, so the protocols and compare share it)."""

# What a comparison answers, as the renderer's result.diff promises it to mypy and IDEs without
# importing deckkit.compare: deckkit.DeckDiff, SlideDiff and Change satisfy these (register
# below only takes a diff whose answer does, so mypy checks it).


@runtime_checkable
class ChangeProtocol(Protocol):
    """One change of a slide (:class:`deckkit.compare.Change`)."""

    @property
    def kind(self) -> str: ...
    @property
    def shape(self) -> str: ...
    @property
    def old(self) -> str | None: ...
    @property
    def new(self) -> str | None: ...
    @property
    def row(self) -> int | None: ...
    @property
    def column(self) -> int | None: ...
    @property
    def series(self) -> str | None: ...
    @property
    def category(self) -> str | None: ...
    def to_json(self) -> dict[str, Any]: ...


@runtime_checkable
class SlideDiffProtocol(Protocol):
    """One slide of a diff (:class:`deckkit.SlideDiff`)."""

    @property
    def status(self) -> SlideStatus: ...
    @property
    def old(self) -> int | None: ...
    @property
    def new(self) -> int | None: ...
    @property
    def title(self) -> str: ...
    @property
    def moved(self) -> bool: ...
    @property
    def changes(self) -> Sequence[ChangeProtocol]: ...
    @property
    def label(self) -> str: ...
    @property
    def headline(self) -> str: ...
    def to_json(self) -> dict[str, Any]: ...


@runtime_checkable
class DeckDiffProtocol(Protocol):
    """What changed from one deck to another (:class:`deckkit.DeckDiff`)."""

    @property
    def old_name(self) -> str: ...
    @property
    def new_name(self) -> str: ...
    @property
    def old_count(self) -> int: ...
    @property
    def new_count(self) -> int: ...
    @property
    def slides(self) -> Sequence[SlideDiffProtocol]: ...
    @property
    def identical(self) -> bool: ...
    @property
    def differences(self) -> Sequence[SlideDiffProtocol]: ...
    def count(self, status: SlideStatus | Literal["moved"]) -> int: ...
    def summary_line(self) -> str: ...
    def summary(self) -> str: ...
    def to_json(self) -> dict[str, Any]: ...


_Diff = Callable[[DeckSource, DeckSource], DeckDiffProtocol]
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

    def __call__(self, old: DeckSource, new: DeckSource) -> DeckDiffProtocol:
        if self._diff is None:
            importlib.import_module(COMPARE_PACKAGE)  # registers its diff
        if self._diff is None:
            raise LookupError(f"{COMPARE_PACKAGE} registered no diff")
        return self._diff(old, new)


DIFF: Final = DiffHook()
