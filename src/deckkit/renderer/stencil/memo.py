"""Where stencils are kept: by what they were made of, found by identity, never by a recycled ``id``.

Three lifetimes, one way to ask (``get(source, key, make)``; a None made is kept too, so that
template takes the general path without trying again):

- :class:`RenderMemo`: one render's, for every template it meets while it runs (one thread);
- :class:`SharedMemo`: between renders, bounded and locked (a server's renders run in threads);
  each entry holds its source (lxml elements and parts take no weak reference), so its ``id``
  cannot pass to another object while the entry lives;
- :class:`WeakMemo`: for as long as the source lives (a workbook's read, shared by every chart
  that embeds the same bytes), at most ``size`` per source.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from deckkit.renderer.bounded_cache import MISSING, BoundedCache

__all__ = ["RenderMemo", "SharedMemo", "WeakMemo"]

S = TypeVar("S")
Make = Callable[[], S | None]


class RenderMemo(Generic[S]):
    """The stencils of one render (no bound, no lock)."""

    def __init__(self) -> None:
        self._entries: dict[tuple[int, Hashable], tuple[object, S | None]] = {}

    def get(self, source: object, key: Hashable, make: Make[S]) -> S | None:
        full = (id(source), key)
        found = self._entries.get(full)
        if found is None or found[0] is not source:
            found = self._entries[full] = (source, make())
        return found[1]

    def __len__(self) -> int:
        return len(self._entries)


class SharedMemo(Generic[S]):
    """At most ``size`` stencils between renders; the least recently used go first."""

    def __init__(self, size: int) -> None:
        self._entries: BoundedCache[tuple[int, Hashable], tuple[object, S | None]] = BoundedCache(size)

    def get(self, source: object, key: Hashable, make: Make[S]) -> S | None:
        full = (id(source), key)
        hit = self._entries.get(full)
        if hit is not MISSING and hit[0] is source:  # type: ignore[index]
            return hit[1]  # type: ignore[index,no-any-return]
        made = make()
        self._entries.put(full, (source, made))
        return made

    def clear(self) -> None:
        self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)


class WeakMemo(Generic[S]):
    """Stencils kept while their source lives, at most ``size`` per source."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._by_source: weakref.WeakKeyDictionary[object, BoundedCache[Hashable, S | None]] = (
            weakref.WeakKeyDictionary()
        )
        self._lock = threading.Lock()

    def get(self, source: object, key: Hashable, make: Make[S]) -> S | None:
        with self._lock:
            table = self._by_source.get(source)
            if table is None:
                table = self._by_source[source] = BoundedCache(self.size)
        hit = table.get(key)
        if hit is not MISSING:
            return hit  # type: ignore[return-value]
        made = make()
        table.put(key, made)
        return made

    def made(self, source: object) -> list[S | None]:
        """The stencils kept that were made of source (None for each that could not be)."""
        with self._lock:
            table = self._by_source.get(source)
        return table.values() if table is not None else []

    def clear(self) -> None:
        with self._lock:
            self._by_source.clear()

    def __len__(self) -> int:
        """Stencils kept, of every source."""
        with self._lock:
            tables = list(self._by_source.values())
        return sum(len(t) for t in tables)
