"""Everything a request handler reaches: settings, clock, store, storage, limiter, renderer."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ParamSpec, TypeVar

import anyio

from deckkit_server.api.ratelimit import RateLimiter
from deckkit_server.clock import Clock
from deckkit_server.settings import Settings
from deckkit_server.storage import ObjectStorage
from deckkit_server.store import Store
from deckkit_server.worker import RenderPool

__all__ = ["ServerState"]

_SQLITE_THREADS = 4
_NETWORK_DB_THREADS = 16

P = ParamSpec("P")
T = TypeVar("T")


@dataclass
class ServerState:
    settings: Settings
    clock: Clock
    store: Store
    storage: ObjectStorage
    limiter: RateLimiter
    renderer: RenderPool

    db_limiter: anyio.CapacityLimiter = field(init=False)

    def __post_init__(self) -> None:
        # SQLite serialises writers and gains little from threads; PostgreSQL waits on the network.
        threads = _SQLITE_THREADS if self.store.engine.dialect.name == "sqlite" else _NETWORK_DB_THREADS
        self.db_limiter = anyio.CapacityLimiter(threads)

    async def db(self, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Run a store call in a worker thread, off the event loop.

        Few threads: store calls are short, and many threads fighting for the GIL starve the
        event loop (latency grew tenfold from 8 to 32 clients with the default 40 threads).
        """
        return await anyio.to_thread.run_sync(lambda: fn(*args, **kwargs), limiter=self.db_limiter)
