"""The reads of nearly every API request, one interface whichever way the store serves them.

``SessionReads`` is chosen once, when the app is built (``open_session_reads``): on the event
loop for PostgreSQL on psycopg 3 (``LoopReads``), else in the store's worker threads
(``ThreadReads``: SQLite, whose reads take microseconds but may wait on a file lock). Handlers
call ``state.reads.*`` and never ask which.
"""

from __future__ import annotations

from typing import Protocol

import anyio

from deckkit_server.store.loop_reads import loop_reads_for
from deckkit_server.store.records import SessionRecord
from deckkit_server.store.store import Store

__all__ = ["SessionReads", "ThreadReads", "open_session_reads"]


class SessionReads(Protocol):
    async def session(self, account_id: str, uuid: str, now: int) -> SessionRecord | None:
        """The account's session if it exists and has not expired."""
        ...

    async def revocation_marker(self) -> tuple[int, int]:
        """A value that moves whenever any token is revoked, in any process (``Store.revocation_marker``)."""
        ...

    def close(self) -> None: ...


class ThreadReads:
    """The store's own hot reads, run in its worker threads (bounded by ``limiter``)."""

    def __init__(self, store: Store, limiter: anyio.CapacityLimiter) -> None:
        self._store = store
        self._limiter = limiter

    async def session(self, account_id: str, uuid: str, now: int) -> SessionRecord | None:
        return await anyio.to_thread.run_sync(
            self._store.get_session, account_id, uuid, now, limiter=self._limiter
        )

    async def revocation_marker(self) -> tuple[int, int]:
        return await anyio.to_thread.run_sync(self._store.revocation_marker, limiter=self._limiter)

    def close(self) -> None:
        """Nothing of its own: the store closes its connections."""


def open_session_reads(store: Store, limiter: anyio.CapacityLimiter) -> SessionReads:
    """On the event loop where the store is PostgreSQL on psycopg 3, else in threads."""
    on_loop = loop_reads_for(store.engine, int(limiter.total_tokens))
    return on_loop if on_loop is not None else ThreadReads(store, limiter)
