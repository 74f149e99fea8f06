"""Security edges of the service: token parsing, the console's cookie and forms, and 500 answers."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from deckkit_server.app import close_app, create_app
from tests.server.conftest import Api, FakeClock, console_csrf, console_sign_in, csrf_in, make_settings

pytestmark = pytest.mark.anyio


async def test_only_a_well_formed_bearer_token_authenticates(api: Api) -> None:
    secret_changed = api.token[:-1] + ("A" if api.token[-1] != "A" else "B")
    for header in (
        f"Basic {api.token}",
        "Bearer",
        f"Bearer {secret_changed}",
        f"Bearer {api.token}x",
        f"Bearer x{api.token}",
        f"Bearer {api.token} extra",
        f"Token {api.token}",
    ):
        response = await api.client.get("/sessions", headers={"Authorization": header})
        assert response.status_code == 401, header
    for header in (f"bearer {api.token}", f"Bearer   {api.token}  "):
        assert (await api.client.get("/sessions", headers={"Authorization": header})).status_code == 200


async def csrf_of(api: Api, token: str) -> str:
    return await console_csrf(api.client, token)


async def test_console_cannot_revoke_another_accounts_token(api: Api) -> None:
    store = api.state.store
    other_account, other_token = api.new_account()
    other_id = store.list_tokens(other_account)[0].id
    csrf = await csrf_of(api, api.token)
    response = await api.client.post(f"/console/tokens/{other_id}/revoke", data={"csrf": csrf})
    assert response.status_code == 303
    assert store.list_tokens(other_account)[0].revoked_at is None
    assert (await api.client.get("/sessions", headers=api.auth(other_token))).status_code == 200


async def test_console_cookie_stops_working_once_its_token_is_revoked(api: Api) -> None:
    store = api.state.store
    record, token = store.create_token(api.account_id, "console", api.clock())
    csrf = await csrf_of(api, token)
    assert store.revoke_token(record.id, api.clock())
    assert "Sign in" in (await api.client.get("/console/")).text
    refused = await api.client.post("/console/tokens", data={"name": "more", "csrf": csrf})
    assert refused.status_code == 303
    assert [t.name for t in store.list_tokens(api.account_id)] == ["test", "console"]


async def test_csrf_of_one_token_does_not_work_for_another(api: Api) -> None:
    _, other_token = api.new_account()
    other_csrf = await csrf_of(api, other_token)
    await csrf_of(api, api.token)
    refused = await api.client.post("/console/tokens", data={"name": "x", "csrf": other_csrf})
    assert refused.status_code == 403


async def test_console_cookie_is_secure_when_the_public_url_is_https(
    tmp_path: Path, clock: FakeClock
) -> None:
    app = create_app(
        make_settings(tmp_path, public_url="https://decks.example.com"), clock=clock, retention=False
    )
    store = app.state.deckkit.store
    _, token = store.create_token(store.create_account("a", clock()).id, "t", clock())
    transport = httpx.ASGITransport(app=app)  # the proxy in front terminates TLS: plain http here
    async with httpx.AsyncClient(transport=transport, base_url="http://internal") as client:
        page = await client.get("/console/")  # its CSRF cookie is Secure: httpx keeps it off plain http
        pre = csrf_in(page.text)
        response = await client.post(
            "/console/sign-in",
            data={"token": token, "csrf": pre},
            headers={"Cookie": f"deckkit_console_pre={pre}"},
        )
    await close_app(app)
    assert "secure" in page.headers["set-cookie"].lower()
    assert response.status_code == 303
    assert "secure" in response.headers["set-cookie"].lower()


async def test_an_unexpected_error_is_a_json_500_without_internal_detail(
    api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object) -> None:
        raise RuntimeError("database password=hunter2 at /srv/deckkit/internal.py")

    monkeypatch.setattr(api.state.store, "list_sessions", broken)
    transport = httpx.ASGITransport(app=api.app, raise_app_exceptions=False)
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
        response = await client.get("/sessions", headers=api.auth())
    assert response.status_code == 500
    assert response.json() == {
        "error": {"code": "internal_error", "message": "the server failed unexpectedly; the error was logged"}
    }
    assert "hunter2" not in response.text
    assert "Traceback" not in response.text


async def test_sign_in_refuses_file_parts_instead_of_spooling_them(api: Api) -> None:
    pre = csrf_in((await api.client.get("/console/")).text)
    response = await api.client.post(
        "/console/sign-in",
        data={"token": api.token, "csrf": pre},
        files={"filler": ("big.bin", b"\0" * 2_000, "application/octet-stream")},
    )
    assert response.status_code == 400
    assert "deckkit_console=" not in response.headers.get("set-cookie", "")
    await console_sign_in(api.client, api.token)


async def test_console_forms_take_files_only_where_a_file_belongs(api: Api) -> None:
    csrf = await console_csrf(api.client, api.token)
    refused = await api.client.post(
        "/console/tokens", data={"csrf": csrf, "name": "x"}, files={"junk": ("a.bin", b"x" * 1000)}
    )
    assert refused.status_code == 400
    created = await api.client.post("/console/tokens", data={"csrf": csrf, "name": "ok"})
    assert created.status_code == 201
