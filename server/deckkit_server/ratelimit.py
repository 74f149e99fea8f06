"""Per-account sliding-window rate limit: in-process by default, Redis when several processes share it.

The window is a true sliding log: a request is allowed when fewer than ``limit`` allowed requests
of the account fall in the last ``window`` seconds. Refused requests are not counted. Time is
passed in (the server's clock), so tests move the window without sleeping.

When Redis cannot be reached, the limit is not a reason to refuse service: each process counts
on its own (as without Redis) until Redis answers again. That is logged once when it starts and
once when it ends, and ``RedisRateLimiter.fallback_decisions`` counts the requests so decided.
Redis is asked again at most every ``REDIS_RETRY_SECONDS``, so an unreachable host costs a
request at most one connect timeout in that time, not one each.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import os
import time
from collections import deque
from dataclasses import dataclass
from typing import Any, Protocol

__all__ = ["InProcessRateLimiter", "RateDecision", "RateLimiter", "RedisRateLimiter"]

log = logging.getLogger("deckkit_server.ratelimit")

WINDOW_MICROS = 60 * 1_000_000
REDIS_TIMEOUT_SECONDS = 1.0
"""How long a connect to Redis, or an answer of it, may take before the process counts on its own."""
REDIS_RETRY_SECONDS = 2.0


@dataclass(frozen=True, slots=True)
class RateDecision:
    allowed: bool
    limit: int
    remaining: int
    reset_seconds: int
    """Seconds until the oldest counted request leaves the window (a slot frees up)."""

    def headers(self) -> dict[str, str]:
        headers = {
            "RateLimit-Limit": str(self.limit),
            "RateLimit-Remaining": str(self.remaining),
            "RateLimit-Reset": str(self.reset_seconds),
            "RateLimit-Policy": f"{self.limit};w={WINDOW_MICROS // 1_000_000}",
        }
        if not self.allowed:
            headers["Retry-After"] = str(max(1, self.reset_seconds))
        return headers


def _decision(allowed: bool, limit: int, count: int, oldest: int | None, now: int) -> RateDecision:
    reset = 0 if oldest is None else max(0, math.ceil((oldest + WINDOW_MICROS - now) / 1_000_000))
    return RateDecision(allowed, limit, max(0, limit - count), reset)


class RateLimiter(Protocol):
    async def hit(self, account_id: str, now: int) -> RateDecision: ...

    async def close(self) -> None: ...


class InProcessRateLimiter:
    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._log: dict[str, deque[int]] = {}
        self._lock = asyncio.Lock()

    async def hit(self, account_id: str, now: int) -> RateDecision:
        async with self._lock:
            times = self._log.setdefault(account_id, deque())
            while times and times[0] <= now - WINDOW_MICROS:
                times.popleft()
            allowed = len(times) < self.limit
            if allowed:
                times.append(now)
            if not times:
                del self._log[account_id]
            return _decision(allowed, self.limit, len(times), times[0] if times else None, now)

    async def close(self) -> None:
        return None


# One atomic step on a sorted set of (member, score=time): drop what left the window, count,
# add when under the limit, and answer (allowed, count, oldest score).
_SCRIPT = """
local key, now, window, limit, member = KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4]
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
local allowed = 0
if count < limit then
  redis.call('ZADD', key, now, member)
  count = count + 1
  allowed = 1
end
redis.call('PEXPIRE', key, math.ceil(window / 1000) + 1000)
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
return {allowed, count, oldest[2] or ''}
"""


class RedisRateLimiter:
    def __init__(self, url: str, limit: int, prefix: str) -> None:
        import redis.asyncio  # optional (the redis extra): loaded when DECKKIT_REDIS_URL names one
        import redis.asyncio.retry  # optional, as above
        import redis.exceptions  # optional, as above
        from redis.backoff import NoBackoff  # optional, as above

        self.limit = limit
        self.prefix = prefix
        # One retry, at once and on a new connection, for a pooled connection a restarted Redis
        # dropped; no more (redis-py's default backs off up to ten times, holding the request for
        # seconds while Redis is down): then this process counts on its own.
        once = redis.asyncio.retry.Retry(NoBackoff(), 1, supported_errors=(redis.exceptions.ConnectionError,))
        self.client: Any = redis.asyncio.from_url(
            url,
            socket_connect_timeout=REDIS_TIMEOUT_SECONDS,
            socket_timeout=REDIS_TIMEOUT_SECONDS,
            retry=once,
        )
        self.script: Any = self.client.register_script(_SCRIPT)
        self._counter = 0
        self._unreachable = (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError, OSError)
        self._own = InProcessRateLimiter(limit)
        self._retry_at: float | None = None  # set while Redis is unreachable: when to ask it again
        self._epoch = 0  # moves each time Redis is found down, or up again
        self.fallback_decisions = 0
        """Requests this process decided on its own because Redis could not be reached."""

    @property
    def falling_back(self) -> bool:
        return self._retry_at is not None

    async def hit(self, account_id: str, now: int) -> RateDecision:
        if self._retry_at is not None and time.monotonic() < self._retry_at:
            return await self._own_decision(account_id, now)
        # Only an answer to a call made since the last change says whether Redis is up or down:
        # one sent before Redis died may still come back after the outage began, and the reverse.
        epoch = self._epoch
        try:
            decision = await self._shared_decision(account_id, now)
        except self._unreachable as error:
            if epoch == self._epoch:
                if self._retry_at is None:
                    self._epoch += 1
                    log.warning(
                        "Redis is unreachable (%s: %s): each server process counts rate limits on "
                        "its own until it answers again",
                        type(error).__name__,
                        error,
                    )
                self._retry_at = time.monotonic() + REDIS_RETRY_SECONDS
            return await self._own_decision(account_id, now)
        if self._retry_at is not None and epoch == self._epoch:
            self._retry_at = None
            self._epoch += 1
            log.warning(
                "Redis answers again: rate limits are shared again (%d requests were counted "
                "by this process alone)",
                self.fallback_decisions,
            )
        return decision

    async def _own_decision(self, account_id: str, now: int) -> RateDecision:
        self.fallback_decisions += 1
        return await self._own.hit(account_id, now)

    async def _shared_decision(self, account_id: str, now: int) -> RateDecision:
        self._counter += 1
        member = f"{now}:{os.getpid()}:{id(self)}:{self._counter}"
        allowed, count, oldest = await self.script(
            keys=[f"{self.prefix}ratelimit:{account_id}"], args=[now, WINDOW_MICROS, self.limit, member]
        )
        oldest_time = int(float(oldest)) if oldest not in (b"", "", None) else None
        return _decision(bool(allowed), self.limit, int(count), oldest_time, now)

    async def close(self) -> None:
        with contextlib.suppress(*self._unreachable):  # connections Redis dropped: nothing to close cleanly
            await self.client.aclose()
