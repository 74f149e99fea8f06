"""Everything a request handler reaches: settings, clock, store and its reads, storage, limiter,
renderer and its queue, token cache."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ParamSpec, TypeVar

import anyio
from starlette.requests import Request

from deckkit_server.clock import Clock
from deckkit_server.outage_log import Outages
from deckkit_server.ratelimit import RateLimiter
from deckkit_server.render_queue import RenderQueue
from deckkit_server.settings import Settings
from deckkit_server.sign_in_failures import FailedSignIns
from deckkit_server.storage import ObjectStorage
from deckkit_server.store import Store
from deckkit_server.store.session_reads import SessionReads
from deckkit_server.token_cache import TokenCache
from deckkit_server.worker import RenderPool

__all__ = ["ServerState"]

SIGN_IN_FAILURES_PER_MINUTE = 10  # per client address; then its failing sign-ins answer 429


P = ParamSpec("P")
T = TypeVar("T")


@dataclass
class ServerState:
    settings: Settings
    clock: Clock
    store: Store
    reads: SessionReads
    """The session and revocation-marker reads of nearly every request (on the loop or in threads)."""
    db_limiter: anyio.CapacityLimiter
    """The store's worker threads: as many as its pool keeps connections (``CONCURRENT_CALLS``)."""
    storage: ObjectStorage
    limiter: RateLimiter
    renderer: RenderPool
    render_queue: RenderQueue
    token_cache: TokenCache

    unreleased_claims: set[str] = field(default_factory=set)
    """Sessions whose render claim this process failed to release (see claim_release.py)."""
    outages: Outages = field(default_factory=Outages)
    """503 answers of this process, per backend that was unreachable."""
    sign_in_failures: FailedSignIns = field(
        default_factory=lambda: FailedSignIns(SIGN_IN_FAILURES_PER_MINUTE, 60 * 1_000_000)
    )

    def base_url(self, request: Request) -> str:
        """The address clients reach this server at: the public URL when set, else the request's."""
        return (self.settings.public_url or str(request.base_url)).rstrip("/")

    async def db(self, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Run a store call in one of the store's worker threads, off the event loop.

        Store calls are short and wait on SQLite locks or the network; the threads are bounded
        by ``db_limiter``.
        """
        return await anyio.to_thread.run_sync(lambda: fn(*args, **kwargs), limiter=self.db_limiter)
