"""The verified-token cache: a revoked token is refused at once where it was revoked, and in every
other server process (app instance) sharing the store within DECKKIT_AUTH_CACHE_SECONDS."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import httpx
import pytest

from deckkit_server.app import close_app, create_app
from deckkit_server.store import Account
from deckkit_server.store.tokens import parse_token_id
from deckkit_server.token_cache import MAX_AGE_SECONDS, TokenCache
from tests.server.conftest import FakeClock, make_settings

pytestmark = pytest.mark.anyio


@asynccontextmanager
async def app_client(
    tmp_path: Path, clock: FakeClock, **settings: object
) -> AsyncIterator[httpx.AsyncClient]:
    """One app instance (a server process) on the shared data folder and store."""
    app = create_app(make_settings(tmp_path, **settings), clock=clock, retention=False)
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://testserver"
    ) as client:
        client.app = app  # type: ignore[attr-defined]
        yield client
    await close_app(app)


async def status(client: httpx.AsyncClient, token: str) -> int:
    return (await client.get("/sessions", headers={"Authorization": f"Bearer {token}"})).status_code


def new_token(client: httpx.AsyncClient, clock: FakeClock) -> str:
    store = client.app.state.deckkit.store  # type: ignore[attr-defined]
    account = store.create_account("tester", clock())
    return str(store.create_token(account.id, "t", clock())[1])


def revoke(client: httpx.AsyncClient, token: str, clock: FakeClock) -> None:
    store = client.app.state.deckkit.store  # type: ignore[attr-defined]
    assert store.revoke_token(parse_token_id(token), clock())


async def test_revoked_in_one_process_refused_in_another_within_the_bound(tmp_path: Path) -> None:
    clock = FakeClock()
    async with app_client(tmp_path, clock) as one, app_client(tmp_path, clock) as other:
        token = new_token(one, clock)
        assert await status(one, token) == 200
        assert await status(other, token) == 200  # both processes now hold it in their cache
        revoke(one, token, clock)
        assert await status(one, token) == 401  # at once where it was revoked
        assert await status(other, token) == 200  # the documented bound: up to 1 second elsewhere
        clock.advance(1)
        assert await status(other, token) == 401


async def test_with_no_cache_interval_every_process_refuses_at_once(tmp_path: Path) -> None:
    clock = FakeClock()
    async with (
        app_client(tmp_path, clock, auth_cache_seconds=0) as one,
        app_client(tmp_path, clock, auth_cache_seconds=0) as other,
    ):
        token = new_token(one, clock)
        assert await status(other, token) == 200
        revoke(one, token, clock)
        assert await status(other, token) == 401


async def test_revoked_from_the_command_line_is_refused(tmp_path: Path) -> None:
    from deckkit_server.cli import main

    clock = FakeClock()
    async with app_client(tmp_path, clock) as server:
        token = new_token(server, clock)
        assert await status(server, token) == 200
        assert (
            main(["token", "--data-dir", str(tmp_path / "data"), "revoke", str(parse_token_id(token))]) == 0
        )
        clock.advance(1)
        assert await status(server, token) == 401


async def test_a_cached_token_id_with_another_secret_is_refused(tmp_path: Path) -> None:
    clock = FakeClock()
    async with app_client(tmp_path, clock) as server:
        token = new_token(server, clock)
        assert await status(server, token) == 200
        forged = token[: -len("x" * 43)] + "x" * 43
        assert await status(server, forged) == 401
        assert await status(server, token) == 200


def test_a_lookup_that_raced_a_revocation_is_not_cached() -> None:
    cache = TokenCache(check_seconds=1)
    token = "dk_0123456789abcdef_" + "s" * 43
    account = Account("acct", "a", 0)
    epoch = cache.epoch  # a request reads the epoch, then asks the store ...
    cache.invalidate(token_id="0123456789abcdef")  # ... while the token is revoked
    cache.put(token, account, 0, epoch)
    assert cache.get(token, 0) is None
    cache.put(token, account, 0, cache.epoch)
    assert cache.get(token, 0) == account
    assert cache.get(token, MAX_AGE_SECONDS * 1_000_000) is None  # entries age out (last_used_at stays fresh)


def test_a_moved_revocation_marker_empties_the_cache() -> None:
    cache = TokenCache(check_seconds=1)
    token = "dk_0123456789abcdef_" + "s" * 43
    cache.observe_marker((0, 0), 0)
    cache.put(token, Account("acct", "a", 0), 0, cache.epoch)
    assert not cache.marker_due(999_999)
    assert cache.marker_due(1_000_000)
    cache.observe_marker((0, 0), 1_000_000)
    assert cache.get(token, 1_000_000) is not None
    cache.observe_marker((1, 5), 2_000_000)
    assert cache.get(token, 2_000_000) is None


def test_invalidating_an_account_drops_its_tokens_only() -> None:
    cache = TokenCache(check_seconds=1)
    mine, theirs = "dk_000000000000000a_" + "s" * 43, "dk_000000000000000b_" + "s" * 43
    cache.put(mine, Account("me", "a", 0), 0, cache.epoch)
    cache.put(theirs, Account("them", "b", 0), 0, cache.epoch)
    cache.invalidate(account_id="me")
    assert cache.get(mine, 0) is None
    assert cache.get(theirs, 0) is not None


async def test_a_disabled_account_is_refused_in_every_process(tmp_path: Path) -> None:
    # Disabling an account must move the revocation marker, or other processes keep its tokens.
    clock = FakeClock()
    async with app_client(tmp_path, clock) as one, app_client(tmp_path, clock) as other:
        token = new_token(one, clock)
        assert await status(one, token) == 200
        assert await status(other, token) == 200
        store = one.app.state.deckkit.store  # type: ignore[attr-defined]
        (account_id,) = {t.account_id for t in store.list_tokens() if t.id == parse_token_id(token)}
        assert store.disable_account(account_id, clock()) is not None
        assert await status(one, token) == 401  # at once where it was disabled
        clock.advance(1)
        assert await status(other, token) == 401
