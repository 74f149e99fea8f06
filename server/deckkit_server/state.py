"""Everything a request handler reaches: settings, clock, store, storage, limiter, renderer."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ParamSpec, TypeVar

import anyio

from deckkit_server.api.ratelimit import RateLimiter
from deckkit_server.clock import Clock
from deckkit_server.settings import Settings
from deckkit_server.storage import ObjectStorage
from deckkit_server.store import Store
from deckkit_server.worker import RenderPool

__all__ = ["ServerState"]

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

    async def db(self, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Run a store call in a worker thread, off the event loop."""
        return await anyio.to_thread.run_sync(lambda: fn(*args, **kwargs))
