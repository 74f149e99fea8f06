"""A render worker killed mid-render (operator's kill, OOM killer) is the server's failure, not the input's.

The worker is a real process, killed with SIGKILL while it renders; the session stays renderable,
its upload form still takes the zip, and the next render call renders it. An input whose worker
dies again and again is refused after MAX_INTERRUPTIONS, with the reason.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path

import anyio
import httpx
import pytest

from deckkit_server.rendering import MAX_INTERRUPTIONS
from tests.server.conftest import Api, FakeClock, _api, input_zip, make_settings, upload_files

pytestmark = pytest.mark.anyio


async def _create_and_upload(api: Api, content: bytes) -> dict:
    created = (await api.client.post("/sessions", headers=api.auth())).json()
    uploaded = await api.client.post(
        created["upload"]["action"], files=upload_files(created["upload"], content)
    )
    assert uploaded.status_code == 204, uploaded.text
    return created


async def _render_pid(log: Path) -> int:
    """The pid of the render process once it has started rendering (its line in the log)."""
    with anyio.fail_after(30):
        while not log.exists() or not log.read_text().strip():
            await anyio.sleep(0.02)
    return int(log.read_text().split()[1])


async def test_a_worker_killed_mid_render_leaves_the_session_renderable(
    api_on_each_store: Api, tmp_path: Path
) -> None:
    api = api_on_each_store
    log = tmp_path / "renders.log"
    content = input_zip({"slides": [{"template": 1, "title": "T"}], "_test": {"log": str(log), "delay": 1.5}})
    created = await _create_and_upload(api, content)
    uid = created["session"]["uuid"]
    answers: list[httpx.Response] = []

    async def render() -> None:
        answers.append(await api.client.post(f"/sessions/{uid}/render", headers=api.auth()))

    async with anyio.create_task_group() as tasks:
        tasks.start_soon(render)
        os.kill(await _render_pid(log), signal.SIGKILL)  # mid-render, as an operator or the OOM killer does

    interrupted = answers[0]
    assert interrupted.status_code == 503, interrupted.text
    assert interrupted.headers["Retry-After"] == "1"
    error = interrupted.json()["error"]
    assert error["code"] == "render_interrupted"
    assert "was killed (SIGKILL" in error["message"]
    assert "not the input" in error["message"]
    assert "malformed" not in error["message"]

    session = (await api.client.get(f"/sessions/{uid}", headers=api.auth())).json()
    assert session["session"]["rendered_at"] is None  # nothing was recorded
    again = await api.client.post(session["upload"]["action"], files=upload_files(session["upload"], content))
    assert again.status_code == 204, again.text  # the upload form is not consumed

    rendered = await api.client.post(f"/sessions/{uid}/render", headers=api.auth())
    assert rendered.status_code == 200, rendered.text
    assert rendered.json()["session"]["render_succeeded"] is True
    assert rendered.json()["download_url"]
    assert log.read_text().count("render") == 2


async def test_an_input_that_kills_its_worker_every_time_is_refused_with_the_reason(
    tmp_path: Path, clock: FakeClock
) -> None:
    async for api in _api(make_settings(tmp_path, render_function="tests.server.fake_renders:crash"), clock):
        uid = (await _create_and_upload(api, input_zip()))["session"]["uuid"]
        for _ in range(MAX_INTERRUPTIONS - 1):
            answer = await api.client.post(f"/sessions/{uid}/render", headers=api.auth())
            assert answer.status_code == 503, answer.text
            assert answer.json()["error"]["code"] == "render_interrupted"
            assert "SIGSEGV" in answer.json()["error"]["message"]
        last = await api.client.post(f"/sessions/{uid}/render", headers=api.auth())
        assert last.status_code == 200, last.text
        session = last.json()["session"]
        assert session["render_succeeded"] is False
        assert f"{MAX_INTERRUPTIONS} renders of this input ended so" in session["render_message"]
        assert "SIGSEGV" in session["render_message"]
        repeated = await api.client.post(f"/sessions/{uid}/render", headers=api.auth())
        assert repeated.json()["session"] == session  # recorded: not rendered again
