"""The session API in process: shapes, every error path of docs/api.md, isolation, render rules."""

from __future__ import annotations

import re
import uuid
from pathlib import Path

import anyio
import httpx
import pytest

from tests.server.conftest import Api, input_zip, upload_files

pytestmark = pytest.mark.anyio


@pytest.fixture
def api(api_on_each_store: Api) -> Api:
    """Every API test runs on SQLite and on PostgreSQL."""
    return api_on_each_store


TIMESTAMP = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$")
SESSION_FIELDS = {
    "uuid",
    "created_at",
    "rendered_at",
    "render_succeeded",
    "render_slide_count",
    "render_message",
    "render_warnings",
}


async def create(api: Api, token: str | None = None) -> dict:
    response = await api.client.post("/sessions", headers=api.auth(token))
    assert response.status_code == 201, response.text
    return response.json()


async def upload(api: Api, created: dict, content: bytes | None = None) -> httpx.Response:
    return await api.client.post(
        created["upload"]["action"], files=upload_files(created["upload"], content or input_zip())
    )


def assert_error(response: httpx.Response, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    body = response.json()
    assert set(body) == {"error"}
    assert body["error"]["code"] == code
    assert isinstance(body["error"]["message"], str)
    assert body["error"]["message"]


async def test_create_returns_unrendered_session_and_upload_descriptor(api: Api) -> None:
    body = await create(api)
    session = body["session"]
    assert set(session) == SESSION_FIELDS
    assert uuid.UUID(session["uuid"])
    assert TIMESTAMP.match(session["created_at"])
    assert session["created_at"] == "2026-11-18T11:06:40.123456Z"
    assert [session[k] for k in SESSION_FIELDS - {"uuid", "created_at", "render_warnings"}] == [None] * 4
    assert session["render_warnings"] == []
    upload_ = body["upload"]
    assert upload_["method"] == "POST"
    assert upload_["enctype"] == "multipart/form-data"
    assert upload_["action"] == "http://testserver/storage/deckkit"
    assert list(upload_["params"]) == [
        "acl",
        "key",
        "Content-Type",
        "X-Amz-Security-Token",
        "X-Amz-Credential",
        "X-Amz-Algorithm",
        "X-Amz-Date",
        "Policy",
        "X-Amz-Signature",
    ]
    assert upload_["params"]["Content-Type"] == "application/zip"
    assert upload_["params"]["X-Amz-Algorithm"] == "AWS4-HMAC-SHA256"


async def test_full_flow_in_process(api: Api) -> None:
    created = await create(api)
    assert (await upload(api, created)).status_code == 204
    uid = created["session"]["uuid"]
    rendered = await api.client.post(f"/sessions/{uid}/render", headers=api.auth())
    assert rendered.status_code == 200, rendered.text
    session = rendered.json()["session"]
    assert session["render_succeeded"] is True
    assert session["render_slide_count"] == 1
    assert session["render_message"] is None
    assert TIMESTAMP.match(session["rendered_at"])
    pptx = await api.client.get(rendered.json()["download_url"])
    assert pptx.status_code == 200
    assert (
        pptx.headers["content-type"]
        == "application/vnd.openxmlformats-officedocument.presentationml.presentation"
    )
    assert pptx.content[:2] == b"PK"
    again = await api.client.post(f"/sessions/{uid}/download_url", headers=api.auth())
    assert again.status_code == 200
    assert again.json()["session"] == session
    assert (await api.client.get(again.json()["download_url"])).content == pptx.content
    got = await api.client.get(f"/sessions/{uid}", headers=api.auth())
    assert got.json()["session"] == session
    assert set(got.json()) == {"session", "upload"}


@pytest.mark.parametrize(
    "header", [None, "Bearer", "Basic abc", "Bearer nope", "Bearer dk_0123456789abcdef_" + "a" * 43]
)
async def test_unauthorized(api: Api, header: str | None) -> None:
    headers = {"Authorization": header} if header else {}
    for method, path in [
        ("POST", "/sessions"),
        ("GET", "/sessions"),
        ("GET", f"/sessions/{uuid.uuid4()}"),
        ("POST", f"/sessions/{uuid.uuid4()}/render"),
        ("POST", f"/sessions/{uuid.uuid4()}/download_url"),
    ]:
        response = await api.client.request(method, path, headers=headers)
        assert_error(response, 401, "unauthorized")
        assert response.headers["www-authenticate"].startswith("Bearer")


async def test_revoked_token_is_refused(api: Api) -> None:
    store = api.state.store
    record, token = store.create_token(api.account_id, "short-lived", api.clock())
    assert (await api.client.get("/sessions", headers=api.auth(token))).status_code == 200
    assert store.revoke_token(record.id, api.clock())
    assert_error(await api.client.get("/sessions", headers=api.auth(token)), 401, "unauthorized")
    assert (await api.client.get("/sessions", headers=api.auth())).status_code == 200


async def test_not_found_for_unknown_malformed_foreign_and_expired(api: Api) -> None:
    for path in (f"/sessions/{uuid.uuid4()}", "/sessions/not-a-uuid"):
        assert_error(await api.client.get(path, headers=api.auth()), 404, "not_found")
    created = await create(api)
    uid = created["session"]["uuid"]
    _, other = api.new_account()
    for method, path in [
        ("GET", f"/sessions/{uid}"),
        ("POST", f"/sessions/{uid}/render"),
        ("POST", f"/sessions/{uid}/download_url"),
    ]:
        assert_error(await api.client.request(method, path, headers=api.auth(other)), 404, "not_found")
    assert (await api.client.get("/sessions", headers=api.auth(other))).json() == {"sessions": []}
    api.clock.advance(24 * 3600 - 1)
    assert (await api.client.get(f"/sessions/{uid}", headers=api.auth())).status_code == 200
    api.clock.advance(1)
    assert_error(await api.client.get(f"/sessions/{uid}", headers=api.auth()), 404, "not_found")
    assert (await api.client.get("/sessions", headers=api.auth())).json() == {"sessions": []}


async def test_render_before_upload_and_download_before_render(api: Api) -> None:
    uid = (await create(api))["session"]["uuid"]
    assert_error(await api.client.post(f"/sessions/{uid}/render", headers=api.auth()), 409, "not_uploaded")
    assert_error(
        await api.client.post(f"/sessions/{uid}/download_url", headers=api.auth()), 409, "not_rendered"
    )


async def test_failed_render_is_200_and_download_is_render_failed(api: Api) -> None:
    created = await create(api)
    bad = input_zip({"slides": [{"template": 1, "title": 42}]})
    assert (await upload(api, created, bad)).status_code == 204
    uid = created["session"]["uuid"]
    response = await api.client.post(f"/sessions/{uid}/render", headers=api.auth())
    assert response.status_code == 200
    body = response.json()
    assert body["download_url"] is None
    assert body["session"]["render_succeeded"] is False
    assert body["session"]["render_message"] == "slides[0].title: must be a string"
    assert body["session"]["render_slide_count"] is None
    assert body["session"]["rendered_at"]
    assert_error(
        await api.client.post(f"/sessions/{uid}/download_url", headers=api.auth()), 409, "render_failed"
    )


def counted_zip(log: Path, delay: float = 0) -> bytes:
    return input_zip({"slides": [{"template": 1, "title": "T"}], "_test": {"log": str(log), "delay": delay}})


async def test_render_is_idempotent(api: Api, tmp_path: Path) -> None:
    log = tmp_path / "renders.log"
    created = await create(api)
    await upload(api, created, counted_zip(log))
    uid = created["session"]["uuid"]
    first = (await api.client.post(f"/sessions/{uid}/render", headers=api.auth())).json()
    api.clock.advance(10)
    second = (await api.client.post(f"/sessions/{uid}/render", headers=api.auth())).json()
    assert second["session"] == first["session"]
    assert second["download_url"] != first["download_url"]  # freshly signed
    assert log.read_text().count("render") == 1


async def test_concurrent_renders_of_one_session_render_once(api: Api, tmp_path: Path) -> None:
    log = tmp_path / "renders.log"
    created = await create(api)
    await upload(api, created, counted_zip(log, delay=0.5))
    uid = created["session"]["uuid"]
    results: list[httpx.Response] = []

    async def call() -> None:
        results.append(await api.client.post(f"/sessions/{uid}/render", headers=api.auth()))

    async with anyio.create_task_group() as tasks:
        for _ in range(5):
            tasks.start_soon(call)
    assert [r.status_code for r in results] == [200] * 5
    assert len({r.json()["session"]["rendered_at"] for r in results}) == 1
    assert all(r.json()["session"]["render_succeeded"] for r in results)
    assert log.read_text().count("render") == 1


async def test_creating_a_session_deletes_older_unrendered_ones_and_their_files(api: Api) -> None:
    first = await create(api)
    await upload(api, first)
    rendered = await create(api)
    await upload(api, rendered)
    await api.client.post(f"/sessions/{rendered['session']['uuid']}/render", headers=api.auth())
    api.clock.advance(1)
    latest = await create(api)
    storage = api.state.storage
    assert not await storage.exists(first["upload"]["params"]["key"])
    assert_error(
        await api.client.get(f"/sessions/{first['session']['uuid']}", headers=api.auth()), 404, "not_found"
    )
    listed = (await api.client.get("/sessions", headers=api.auth())).json()["sessions"]
    assert [s["uuid"] for s in listed] == [latest["session"]["uuid"], rendered["session"]["uuid"]]
    assert set(listed[0]) == {"uuid", "created_at", "rendered_at", "render_succeeded"}
    assert listed[1]["render_succeeded"] is True


async def test_other_accounts_unrendered_sessions_survive(api: Api) -> None:
    mine = await create(api)
    _, other = api.new_account()
    await create(api, other)
    assert (
        await api.client.get(f"/sessions/{mine['session']['uuid']}", headers=api.auth())
    ).status_code == 200


async def test_unknown_paths_and_methods_answer_json(api: Api) -> None:
    assert_error(await api.client.get("/nope", headers=api.auth()), 404, "not_found")
    assert_error(await api.client.delete("/sessions", headers=api.auth()), 405, "method_not_allowed")


async def test_get_reissues_upload_parameters(api: Api) -> None:
    created = await create(api)
    api.clock.advance(30)
    got = (await api.client.get(f"/sessions/{created['session']['uuid']}", headers=api.auth())).json()
    assert got["upload"]["params"]["key"] == created["upload"]["params"]["key"]
    assert got["upload"]["params"]["X-Amz-Date"] != created["upload"]["params"]["X-Amz-Date"]
    assert (await upload(api, got)).status_code == 204


async def test_openapi_document_is_served(api: Api) -> None:
    document = (await api.client.get("/openapi.json")).json()
    assert document["openapi"] == "3.1.0"
    assert set(document["paths"]) == {
        "/sessions",
        "/sessions/{uuid}",
        "/sessions/{uuid}/render",
        "/sessions/{uuid}/download_url",
    }


async def test_the_claimant_keeps_its_claim_fresh_while_rendering(
    api: Api, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from deckkit_server import rendering

    monkeypatch.setattr(rendering, "_HEARTBEAT_SECONDS", 0.05)
    refreshed: list[str] = []
    store = api.state.store
    original = store.refresh_render_claim

    def counting(uuid: str, now: int) -> None:
        refreshed.append(uuid)
        original(uuid, now)

    monkeypatch.setattr(store, "refresh_render_claim", counting)
    created = await create(api)
    await upload(api, created, counted_zip(tmp_path / "log", delay=0.6))
    uid = created["session"]["uuid"]
    assert (await api.client.post(f"/sessions/{uid}/render", headers=api.auth())).status_code == 200
    assert len(refreshed) >= 3
    assert set(refreshed) == {uid}
