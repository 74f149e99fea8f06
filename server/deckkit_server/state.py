"""Everything a request handler reaches: settings, clock, store, storage, limiter, renderer and its queue, token cache."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ParamSpec, TypeVar

import anyio

from deckkit_server.api.ratelimit import RateLimiter
from deckkit_server.api.token_cache import TokenCache
from deckkit_server.clock import Clock
from deckkit_server.console.guard import FailedSignIns
from deckkit_server.render_queue import RenderQueue
from deckkit_server.settings import Settings
from deckkit_server.storage import ObjectStorage
from deckkit_server.store import SessionRecord, Store
from deckkit_server.store.engine import CONCURRENT_CALLS
from deckkit_server.worker import RenderPool

__all__ = ["ServerState"]

SIGN_IN_FAILURES_PER_MINUTE = 10  # per client address; then sign-in answers 429 until one expires


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
    render_queue: RenderQueue
    token_cache: TokenCache

    db_limiter: anyio.CapacityLimiter = field(default_factory=lambda: anyio.CapacityLimiter(CONCURRENT_CALLS))
    sign_in_failures: FailedSignIns = field(
        default_factory=lambda: FailedSignIns(SIGN_IN_FAILURES_PER_MINUTE, 60 * 1_000_000)
    )

    async def db(self, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Run a store call in one of the store's worker threads, off the event loop.

        Store calls are short and wait on SQLite locks or the network; the threads are bounded
        by ``CONCURRENT_CALLS``, as many as the store's pool keeps connections.
        """
        return await anyio.to_thread.run_sync(lambda: fn(*args, **kwargs), limiter=self.db_limiter)

    async def get_session(self, account_id: str, uuid: str, now: int) -> SessionRecord | None:
        """The store's ``get_session``: on the event loop where the store reads there (PostgreSQL)."""
        if self.store.reads_on_loop():
            return await self.store.get_session_on_loop(account_id, uuid, now)
        return await self.db(self.store.get_session, account_id, uuid, now)

    async def revocation_marker(self) -> tuple[int, int]:
        """The store's ``revocation_marker``: on the event loop where the store reads there."""
        if self.store.reads_on_loop():
            return await self.store.revocation_marker_on_loop()
        return await self.db(self.store.revocation_marker)
