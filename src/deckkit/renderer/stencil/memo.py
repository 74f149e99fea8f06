"""Stencils kept by what they were made of: found by identity, never by a recycled ``id``.

Each entry holds its source with it (lxml elements and parts take no weak reference), so an
``id`` cannot pass to another object while the entry lives; the memo is bounded and locked, as
renders may run in a server's threads. A source that takes weak references (a workbook's read,
shared by every chart that embeds the same bytes) can instead keep its stencils for as long as
it lives (``weak=True``), at most ``size`` of them each. A None made is kept too: that template
takes the general path without trying again.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from deckkit.renderer.bounded_cache import MISSING, BoundedCache

__all__ = ["StencilMemo"]

S = TypeVar("S")


class StencilMemo(Generic[S]):
    """Stencils by (source, key): at most ``size`` (per source with ``weak``), the oldest go first."""

    def __init__(self, size: int, *, weak: bool = False) -> None:
        self.size = size
        self._weak = weak
        self._held: BoundedCache[tuple[int, Hashable], tuple[object, S | None]] = BoundedCache(size)
        self._by_source: weakref.WeakKeyDictionary[object, BoundedCache[Hashable, S | None]] = (
            weakref.WeakKeyDictionary()
        )
        self._lock = threading.Lock()

    def get(self, source: object, key: Hashable, make: Callable[[], S | None]) -> S | None:
        """The stencil made of source under key; made (by ``make``) and kept the first time."""
        if self._weak:
            return self._get_weak(source, key, make)
        full = (id(source), key)
        hit = self._held.get(full)
        if hit is not MISSING and hit[0] is source:  # type: ignore[index]
            return hit[1]  # type: ignore[index,no-any-return]
        made = make()
        self._held.put(full, (source, made))
        return made

    def _get_weak(self, source: object, key: Hashable, make: Callable[[], S | None]) -> S | None:
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
        if self._weak:
            with self._lock:
                table = self._by_source.get(source)
            return table.values() if table is not None else []
        return [made for held, made in self._held.values() if held is source]

    def clear(self) -> None:
        self._held.clear()
        with self._lock:
            self._by_source.clear()

    def __len__(self) -> int:
        """Stencils kept (every source's, with ``weak``)."""
        with self._lock:
            tables = list(self._by_source.values())
        return len(self._held) + sum(len(t) for t in tables)
