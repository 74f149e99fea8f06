"""Per-account sliding-window rate limit: in-process by default, Redis when several processes share it.

The window is a true sliding log: a request is allowed when fewer than ``limit`` allowed requests
of the account fall in the last ``window`` seconds. Refused requests are not counted. Time is
passed in (the server's clock), so tests move the window without sleeping.
"""

from __future__ import annotations

import asyncio
import math
import os
from collections import deque
from dataclasses import dataclass
from typing import Any, Protocol

__all__ = ["InProcessRateLimiter", "RateDecision", "RateLimiter", "RedisRateLimiter"]

WINDOW_MICROS = 60 * 1_000_000


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

        self.limit = limit
        self.prefix = prefix
        self.client: Any = redis.asyncio.from_url(url)
        self.script: Any = self.client.register_script(_SCRIPT)
        self._counter = 0

    async def hit(self, account_id: str, now: int) -> RateDecision:
        self._counter += 1
        member = f"{now}:{os.getpid()}:{id(self)}:{self._counter}"
        allowed, count, oldest = await self.script(
            keys=[f"{self.prefix}ratelimit:{account_id}"], args=[now, WINDOW_MICROS, self.limit, member]
        )
        oldest_time = int(float(oldest)) if oldest not in (b"", "", None) else None
        return _decision(bool(allowed), self.limit, int(count), oldest_time, now)

    async def close(self) -> None:
        await self.client.aclose()
