"""Issue 25: a render's warnings reach the service's answer, the console and the client, the same
list a local render gives; ``{"strict": true}`` fails the render on them."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import deckkit
from deckkit.warn import warning_code
from deckkit_server.worker import RenderPool
from tests.server.conftest import (
    Api,
    BytesPool,
    FakeClock,
    _api,
    console_csrf,
    input_zip,
    make_settings,
    upload_files,
)

pytestmark = pytest.mark.anyio

TYPO = {"slides": [{"template": 1, "titel": "Quarterly review"}]}


@pytest.fixture
async def real(tmp_path: Path, clock: FakeClock) -> AsyncIterator[Api]:
    """The app with the real renderer in its render workers."""
    settings = make_settings(tmp_path, render_function="deckkit.renderer:render_bundle")
    async for value in _api(settings, clock):
        yield value


def _local_warnings(zip_bytes: bytes) -> list[dict[str, str]]:
    result = deckkit.renderer.render_bundle(zip_bytes)
    return [{"code": warning_code(w), "path": w.path, "message": w.message} for w in result.warnings]


async def _render(api: Api, content: bytes, body: object = None) -> dict:
    created = (await api.client.post("/sessions", headers=api.auth())).json()
    upload = created["upload"]
    assert (await api.client.post(upload["action"], files=upload_files(upload, content))).status_code == 204
    uid = created["session"]["uuid"]
    kwargs = {} if body is None else {"json": body}
    response = await api.client.post(f"/sessions/{uid}/render", headers=api.auth(), **kwargs)
    assert response.status_code == 200, response.text
    return response.json()


async def test_a_typo_is_a_warning_in_the_answer_as_in_a_local_render(real: Api) -> None:
    content = input_zip(TYPO)
    answer = await _render(real, content)
    session = answer["session"]
    assert session["render_succeeded"] is True
    assert session["render_message"] is None
    warnings = session["render_warnings"]
    assert warnings == _local_warnings(content)
    assert [w["code"] for w in warnings] == ["unused_key", "unfilled_placeholder"]
    assert "did you mean `title`?" in warnings[0]["message"]
    # Kept with the session: its GET answers the same list.
    got = await real.client.get(f"/sessions/{session['uuid']}", headers=real.auth())
    assert got.json()["session"]["render_warnings"] == warnings


async def test_a_render_without_warnings_has_an_empty_list(real: Api) -> None:
    session = (await _render(real, input_zip()))["session"]
    assert session["render_succeeded"] is True
    assert session["render_warnings"] == []


async def test_strict_fails_the_render_with_every_warning(real: Api) -> None:
    answer = await _render(real, input_zip(TYPO), {"strict": True})
    session = answer["session"]
    assert session["render_succeeded"] is False
    assert answer["download_url"] is None
    message = session["render_message"]
    assert message.startswith("the data does not fit the template (2 problems):")
    assert "slides[0].titel: template slide 1 has no key `titel`; did you mean `title`?" in message
    assert "slides[0].title: {title} on template slide 1 is not filled" in message


async def test_a_render_body_that_is_not_an_object_is_a_bad_request(real: Api) -> None:
    created = (await real.client.post("/sessions", headers=real.auth())).json()
    uid = created["session"]["uuid"]
    response = await real.client.post(
        f"/sessions/{uid}/render", headers={**real.auth(), "Content-Type": "application/json"}, content=b"[1]"
    )
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "bad_request"


async def test_the_console_lists_the_warnings_under_the_result(real: Api) -> None:
    csrf = await console_csrf(real.client, real.token)
    response = await real.client.post(
        "/console/try", data={"csrf": csrf}, files={"zip": ("input.zip", input_zip(TYPO), "application/zip")}
    )
    assert response.status_code == 200
    assert "Rendered 1 slide." in response.text
    assert "With 2 warnings:" in response.text
    assert "slides[0].titel: template slide 1 has no key `titel`; did you mean `title`?" in response.text
    assert ">2 warnings</td>" in response.text  # the session's row says so too


async def test_the_worker_hands_on_the_warnings_in_order(tmp_path: Path) -> None:
    pool = BytesPool(
        RenderPool(target="deckkit.renderer:render_bundle", workers=1, timeout=60, memory_mb=2048), tmp_path
    )
    try:
        outcome = await pool.render(input_zip(TYPO))
    finally:
        pool.close()
    assert outcome.succeeded
    assert [list(w) for w in outcome.warnings] == [
        [w["code"], w["path"], w["message"]] for w in _local_warnings(input_zip(TYPO))
    ]
    assert json.dumps(outcome.warnings)  # plain data, as the store keeps it
