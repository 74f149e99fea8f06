"""Claims that can't block: a release that fails is retried, a claim left by an ended render of
this process is taken over at once, and the render's own error is logged with the session id."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from sqlalchemy.exc import OperationalError

from deckkit_server import claim_release
from deckkit_server.claim_release import retry_pending_releases
from deckkit_server.claims import process_identity, rendering_here
from deckkit_server.rendering import claim_stale_before
from deckkit_server.storage.base import StorageUnavailable
from tests.server.conftest import Api, input_zip, upload_files

pytestmark = pytest.mark.anyio


async def _uploaded(api: Api) -> str:
    created = (await api.client.post("/sessions", headers=api.auth())).json()
    upload = created["upload"]
    assert (
        await api.client.post(upload["action"], files=upload_files(upload, input_zip()))
    ).status_code == 204
    return str(created["session"]["uuid"])


def _database_down(api: Api, monkeypatch: pytest.MonkeyPatch, failures: int) -> None:
    """The next ``failures`` claim releases fail as with the database unreachable."""
    store = api.state.store
    original = store.release_render_claim
    left = [failures]

    def release(uuid: str, owner: str | None = None) -> None:
        if left[0]:
            left[0] -= 1
            raise OperationalError("UPDATE sessions", {}, ConnectionRefusedError("connection refused"))
        original(uuid, owner)

    monkeypatch.setattr(store, "release_render_claim", release)
    monkeypatch.setattr(claim_release, "RETRY_DELAYS_SECONDS", (0.0, 0.0))


def _render_fails_once(api: Api, monkeypatch: pytest.MonkeyPatch, error: Exception) -> None:
    renderer = api.state.renderer
    original = renderer.render
    calls = [0]

    async def render(source: Path, target: Path, pdf_target: Path | None = None) -> Any:
        calls[0] += 1
        if calls[0] == 1:
            raise error
        return await original(source, target, pdf_target)

    monkeypatch.setattr(renderer, "render", render)


async def test_a_claim_whose_release_failed_blocks_no_render(
    api: Api, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """issue 30 F4: the next render call waited 78-80 s for the claim to go stale, and only the
    release's failure was logged, not the render's."""
    caplog.set_level(logging.INFO, logger="deckkit_server.rendering")
    uuid = await _uploaded(api)
    _render_fails_once(api, monkeypatch, RuntimeError("the worker's pipe broke"))
    _database_down(api, monkeypatch, failures=3)
    with pytest.raises(RuntimeError, match="pipe broke"):  # the render's own error, not the release's
        await api.client.post(f"/sessions/{uuid}/render", headers=api.auth())
    failed = [r for r in caplog.records if uuid in r.getMessage() and r.exc_info]
    assert failed, [r.getMessage() for r in caplog.records]
    assert "pipe broke" in str(failed[0].exc_info[1])  # type: ignore[index]
    assert uuid in api.state.unreleased_claims
    with anyio.fail_after(10):  # the fake clock never moves: the claim never goes stale
        response = await api.client.post(f"/sessions/{uuid}/render", headers=api.auth())
    assert response.status_code == 200, response.text
    assert response.json()["session"]["render_succeeded"] is True
    assert uuid not in api.state.unreleased_claims


async def test_a_failed_release_is_retried_once_the_database_answers(
    api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    uuid = await _uploaded(api)
    _render_fails_once(api, monkeypatch, RuntimeError("boom"))
    _database_down(api, monkeypatch, failures=4)
    with pytest.raises(RuntimeError):
        await api.client.post(f"/sessions/{uuid}/render", headers=api.auth())
    claim = api.state.store.session_by_uuid(uuid)
    assert claim.render_claimed_by == process_identity()
    await retry_pending_releases(api.state)  # the database still fails once more
    assert uuid in api.state.unreleased_claims
    await retry_pending_releases(api.state)
    assert uuid not in api.state.unreleased_claims
    assert api.state.store.session_by_uuid(uuid).render_claimed_by is None  # other processes may claim


async def test_a_claim_whose_render_runs_in_this_process_is_not_taken(api: Api) -> None:
    uuid = await _uploaded(api)
    now = api.clock()
    assert api.state.store.claim_render(uuid, now, claim_stale_before(now), process_identity())
    with rendering_here(uuid), anyio.move_on_after(0.5) as waited:
        await api.client.post(f"/sessions/{uuid}/render", headers=api.auth())
    assert waited.cancelled_caught  # it waits for the render under way
    assert api.state.store.session_by_uuid(uuid).rendered_at is None


async def test_storage_failing_mid_render_answers_503_and_releases_the_claim(
    api: Api, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    uuid = await _uploaded(api)

    @contextlib.asynccontextmanager
    async def unreachable(key: str) -> AsyncIterator[Path]:
        raise StorageUnavailable("S3 is unreachable: connection refused")
        yield Path(key)  # a generator: never reached

    monkeypatch.setattr(api.state.storage, "local_file", unreachable)
    response = await api.client.post(f"/sessions/{uuid}/render", headers=api.auth())
    assert response.status_code == 503, response.text
    assert response.json()["error"]["code"] == "service_unavailable"
    assert int(response.headers["retry-after"]) > 0
    assert any(uuid in r.getMessage() for r in caplog.records if r.name == "deckkit_server.rendering")
    assert api.state.store.session_by_uuid(uuid).render_claimed_by is None
