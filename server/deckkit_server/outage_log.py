"""This process's outages, backend by backend: how many requests were answered 503, and the log of it.

Part of the state (``state.outages``); the 503 answers themselves are ``outages.py``'s. The log
says which backend failed: at the first failure, then at most once a minute while the outage
lasts.
"""

from __future__ import annotations

import logging
import time
from collections import Counter

from starlette.requests import Request

__all__ = ["Outages"]

log = logging.getLogger("deckkit_server.outages")

_LOG_EVERY_SECONDS = 60.0


class Outages:
    """This process's count of 503 answers per backend, and when each outage was last logged."""

    def __init__(self) -> None:
        self.answered: Counter[str] = Counter()
        self._logged_at: dict[str, float] = {}

    def record(self, backend: str, request: Request, error: Exception) -> None:
        self.answered[backend] += 1
        now = time.monotonic()
        last = self._logged_at.get(backend)
        if last is None or now - last >= _LOG_EVERY_SECONDS:
            self._logged_at[backend] = now
            log.warning(
                "the %s is unreachable (%s: %s); answering 503 (%d so far in this process), now to %s %s",
                backend,
                type(error).__name__,
                error,
                self.answered[backend],
                request.method,
                request.url.path,
            )
