"""A small thread-safe cache that keeps the most recently used entries: the renderer's memos.

Renders may run in threads (a server's workers), and a memo kept between renders must stay small.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Generic, TypeVar

__all__ = ["MISSING", "BoundedCache"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

MISSING = object()
"""What :meth:`BoundedCache.get` returns for a key it does not hold (None may be a held value)."""


class BoundedCache(Generic[K, V]):
    """At most ``size`` entries; a lookup or a store makes an entry the newest, the oldest goes first."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._entries: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V | object:
        """The value under key, or :data:`MISSING`."""
        with self._lock:
            if key not in self._entries:
                return MISSING
            self._entries.move_to_end(key)
            return self._entries[key]

    def put(self, key: K, value: V) -> None:
        with self._lock:
            self._entries[key] = value
            self._entries.move_to_end(key)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)

    def values(self) -> list[V]:
        """The values held, the oldest first."""
        with self._lock:
            return list(self._entries.values())

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)
