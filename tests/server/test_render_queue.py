"""Renders waiting for a render worker are bounded, per account and in all, and cost no zip in memory.

The server process never reads an input zip: the render worker reads it from storage itself.
Beyond ``DECKKIT_RENDER_QUEUE_PER_ACCOUNT`` renders of one account the render call answers 429,
beyond ``DECKKIT_RENDER_QUEUE`` waiting renders in all 503, both with ``Retry-After``.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest

from tests.server.conftest import Api, FakeClock, _api, console_csrf, input_zip, make_settings, upload_files

pytestmark = pytest.mark.anyio


@pytest.fixture
async def small_queue(request: pytest.FixtureRequest, tmp_path: Path, clock: FakeClock) -> AsyncIterator[Api]:
    """The app with one render worker and the queue settings the test names (``indirect``)."""
    async for api in _api(make_settings(tmp_path, render_workers=1, **request.param), clock):
        yield api


async def _uploaded(api: Api, token: str, content: bytes) -> str:
    created = (await api.client.post("/sessions", headers=api.auth(token))).json()
    upload = created["upload"]
    assert (await api.client.post(upload["action"], files=upload_files(upload, content))).status_code == 204
    return str(created["session"]["uuid"])


def _slow(log: Path, delay: float = 1.5) -> bytes:
    return input_zip({"slides": [{"template": 1, "title": "T"}], "_test": {"log": str(log), "delay": delay}})


async def _started(log: Path) -> None:
    with anyio.fail_after(30):
        while not log.exists() or not log.read_text():
            await anyio.sleep(0.02)


async def _while_one_renders(api: Api, log: Path, then: Any) -> httpx.Response:
    """Start a slow render of the api's account, and call ``then()`` while it runs."""
    uid = await _uploaded(api, api.token, _slow(log))
    answers: list[httpx.Response] = []

    async def render() -> None:
        answers.append(await api.client.post(f"/sessions/{uid}/render", headers=api.auth()))

    async with anyio.create_task_group() as tasks:
        tasks.start_soon(render)
        await _started(log)
        refused: httpx.Response = await then()
    assert answers[0].status_code == 200
    return refused


async def test_the_server_process_never_reads_an_input_zip(api: Api) -> None:
    async def never(key: str) -> bytes:
        raise AssertionError(f"the server process read {key}")

    api.state.storage.read = never
    uid = await _uploaded(api, api.token, input_zip())
    rendered = await api.client.post(f"/sessions/{uid}/render", headers=api.auth())
    assert rendered.status_code == 200, rendered.text
    assert rendered.json()["session"]["render_succeeded"] is True


@pytest.mark.parametrize("small_queue", [{"render_queue": 8, "render_queue_per_account": 1}], indirect=True)
async def test_renders_beyond_the_accounts_share_are_429(small_queue: Api, tmp_path: Path) -> None:
    api = small_queue
    _, other = api.new_account()
    second_account = await _uploaded(api, other, input_zip())

    async def same_account_then_another() -> httpx.Response:
        # A second session of the same account while its first renders (creating it leaves a
        # render under way alone).
        uid = await _uploaded(api, api.token, input_zip())
        refused = await api.client.post(f"/sessions/{uid}/render", headers=api.auth())
        other_render = await api.client.post(f"/sessions/{second_account}/render", headers=api.auth(other))
        assert other_render.status_code == 200, other_render.text
        return refused

    refused = await _while_one_renders(api, tmp_path / "log", same_account_then_another)
    assert refused.status_code == 429, refused.text
    assert refused.json()["error"]["code"] == "too_many_renders"
    assert refused.headers["Retry-After"] == "5"


@pytest.mark.parametrize("small_queue", [{"render_queue": 0}], indirect=True)
async def test_renders_beyond_the_queue_are_503(small_queue: Api, tmp_path: Path) -> None:
    api = small_queue
    _, other = api.new_account()
    waiting = await _uploaded(api, other, input_zip())

    async def another_account() -> httpx.Response:
        return await api.client.post(f"/sessions/{waiting}/render", headers=api.auth(other))

    refused = await _while_one_renders(api, tmp_path / "log", another_account)
    assert refused.status_code == 503, refused.text
    assert refused.json()["error"]["code"] == "render_queue_full"
    assert refused.headers["Retry-After"] == "5"
    again = await api.client.post(f"/sessions/{waiting}/render", headers=api.auth(other))
    assert again.status_code == 200, again.text  # a place is free again once the first is done


async def test_the_consoles_try_form_stores_its_zip_through_a_staging_file(api: Api) -> None:
    csrf = await console_csrf(api.client, api.token)
    response = await api.client.post(
        "/console/try", data={"csrf": csrf}, files={"zip": ("input.zip", input_zip(), "application/zip")}
    )
    assert response.status_code == 200, response.text
    assert "Rendered 1 slide." in response.text
    storage = api.state.storage
    assert os.listdir(storage.folder / ".incoming") == []  # moved into the bucket, nothing left over
    (session,) = api.state.store.list_sessions(api.account_id, api.clock())
    assert await storage.exists(session.upload_key)
