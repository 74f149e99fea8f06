"""600 requests per sliding minute per account, in process and on Redis, with injected time."""

from __future__ import annotations

from collections.abc import AsyncIterator

import anyio
import pytest
import redis.exceptions

from deckkit_server import ratelimit
from deckkit_server.ratelimit import InProcessRateLimiter, RateLimiter, RedisRateLimiter
from tests.server.conftest import REDIS_URL, START, Api

pytestmark = pytest.mark.anyio

SECOND = 1_000_000


@pytest.fixture(params=["memory", "redis"])
async def limiter(request: pytest.FixtureRequest) -> AsyncIterator[RateLimiter]:
    if request.param == "memory":
        yield InProcessRateLimiter(600)
        return
    redis_limiter = RedisRateLimiter(REDIS_URL, 600, request.getfixturevalue("redis_prefix"))
    yield redis_limiter
    await redis_limiter.close()


async def test_request_600_passes_601_is_refused_and_the_window_slides(limiter: RateLimiter) -> None:
    for i in range(599):
        assert (await limiter.hit("a", START + i * 1000)).allowed
    last = await limiter.hit("a", START + 30 * SECOND)
    assert last.allowed
    assert last.remaining == 0
    refused = await limiter.hit("a", START + 30 * SECOND)
    assert not refused.allowed
    assert refused.headers()["Retry-After"] == "30"  # the first request leaves the window 60 s after it came
    assert (await limiter.hit("b", START + 30 * SECOND)).allowed  # per account
    assert not (await limiter.hit("a", START + 60 * SECOND - 1)).allowed
    moved = await limiter.hit("a", START + 60 * SECOND + 598_001)  # the first 599 have left the window
    assert moved.allowed
    assert moved.remaining == 599 - 1


async def test_refused_requests_are_not_counted(limiter: RateLimiter) -> None:
    for _ in range(600):
        await limiter.hit("a", START)
    for _ in range(50):
        assert not (await limiter.hit("a", START + SECOND)).allowed
    assert (await limiter.hit("a", START + 60 * SECOND + 1)).remaining == 599


async def test_http_429_with_headers(api: Api) -> None:
    for i in range(600):
        response = await api.client.get("/sessions", headers=api.auth())
        assert response.status_code == 200, i
    assert response.headers["RateLimit-Remaining"] == "0"
    refused = await api.client.get("/sessions", headers=api.auth())
    assert refused.status_code == 429
    assert refused.json()["error"]["code"] == "rate_limited"
    assert refused.headers["Retry-After"] == "60"
    assert refused.headers["RateLimit-Limit"] == "600"
    assert refused.headers["RateLimit-Reset"] == "60"
    api.clock.advance(60)
    assert (await api.client.get("/sessions", headers=api.auth())).status_code == 200


async def test_only_a_call_made_since_redis_went_down_says_it_is_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An answer to a call sent before Redis died may arrive after the outage began: it must not
    end the fallback (nor a failure sent before the recovery start a new one)."""
    limiter = RedisRateLimiter("redis://127.0.0.1:1/0", 600, "unused:")
    slow_answer = anyio.Event()
    calls = [0]

    async def shared(account_id: str, now: int) -> ratelimit.RateDecision:
        calls[0] += 1
        if calls[0] == 1:  # sent before the outage, answered after it was found
            await slow_answer.wait()
            return ratelimit.RateDecision(True, 600, 599, 60)
        raise redis.exceptions.ConnectionError("Connection refused")

    monkeypatch.setattr(limiter, "_shared_decision", shared)
    async with anyio.create_task_group() as tasks:
        tasks.start_soon(limiter.hit, "a", START)
        await anyio.sleep(0.01)
        assert (await limiter.hit("a", START)).allowed  # the second call finds Redis down
        assert limiter.falling_back
        slow_answer.set()
    assert limiter.falling_back  # the late answer changed nothing
    assert limiter.fallback_decisions == 1
    await limiter.close()
