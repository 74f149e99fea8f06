"""How many renders a server process takes on at a time: running or waiting for a render worker.

A waiting render costs a request and a few kilobytes (its zip stays in storage until a worker
reads it), yet without a bound one account could queue renders without end. Beyond
``DECKKIT_RENDER_QUEUE`` waiting renders in all, the render call answers 503 with
``Retry-After``; beyond ``DECKKIT_RENDER_QUEUE_PER_ACCOUNT`` renders of one account (running or
waiting), 429. Counted on the event loop, per server process.
"""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import Iterator

from deckkit_server.problems import APIProblem

__all__ = ["QUEUE_RETRY_AFTER_SECONDS", "RenderQueue"]

QUEUE_RETRY_AFTER_SECONDS = 5


class RenderQueue:
    def __init__(self, *, workers: int, waiting: int, per_account: int) -> None:
        self.capacity = max(1, workers) + max(0, waiting)
        self.waiting = max(0, waiting)
        self.per_account = max(1, per_account)
        self._admitted: Counter[str] = Counter()
        self._total = 0

    @property
    def admitted(self) -> int:
        """Renders admitted now (running or waiting)."""
        return self._total

    @contextlib.contextmanager
    def admit(self, account_id: str) -> Iterator[None]:
        """Hold a place for one render of the account while the context lasts, or refuse it."""
        retry = {"Retry-After": str(QUEUE_RETRY_AFTER_SECONDS)}
        if self._admitted[account_id] >= self.per_account:
            raise APIProblem(
                429,
                "too_many_renders",
                f"this account already has {self.per_account} renders running or waiting on this "
                f"server; wait for one to finish (retry in {QUEUE_RETRY_AFTER_SECONDS} seconds)",
                retry,
            )
        if self._total >= self.capacity:
            raise APIProblem(
                503,
                "render_queue_full",
                f"the server is busy: {self.waiting} renders are already waiting for a render worker; "
                f"retry in {QUEUE_RETRY_AFTER_SECONDS} seconds",
                retry,
            )
        self._admitted[account_id] += 1
        self._total += 1
        try:
            yield
        finally:
            self._total -= 1
            self._admitted[account_id] -= 1
            if not self._admitted[account_id]:
                del self._admitted[account_id]
