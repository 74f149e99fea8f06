"""Fixtures of the client tests: the fake service behind MockTransport, clients on it."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import pytest

from deckkit.client import AsyncClient, Client
from tests.client.fake_service import API, TOKEN, FakeService


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(autouse=True)
def _no_ambient_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DECKKIT_BASE_URL", raising=False)
    monkeypatch.delenv("DECKKIT_API_TOKEN", raising=False)


@pytest.fixture
def service() -> FakeService:
    return FakeService()


@pytest.fixture
def sleeps(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """Backoff sleeps are recorded instead of slept."""
    recorded: list[float] = []

    def fake_sleep(self: object, seconds: float) -> None:
        recorded.append(seconds)

    async def fake_async_sleep(self: object, seconds: float) -> None:
        recorded.append(seconds)

    monkeypatch.setattr(Client, "_sleep", fake_sleep)
    monkeypatch.setattr(AsyncClient, "_sleep", fake_async_sleep)
    return recorded


@pytest.fixture
def client(service: FakeService, sleeps: list[float]) -> Iterator[Client]:
    with httpx.Client(transport=service.transport()) as http, Client(API, TOKEN, http_client=http) as made:
        yield made


@pytest.fixture(params=["sync", "async"])
async def api(
    request: pytest.FixtureRequest, service: FakeService, sleeps: list[float]
) -> AsyncIterator[Any]:
    """A Client and an AsyncClient on the fake service: tests run once with each."""
    if request.param == "sync":
        with (
            httpx.Client(transport=service.transport()) as http,
            Client(API, TOKEN, http_client=http) as made,
        ):
            yield made
    else:
        async with (
            httpx.AsyncClient(transport=service.transport()) as http,
            AsyncClient(API, TOKEN, http_client=http) as made_async,
        ):
            yield made_async
