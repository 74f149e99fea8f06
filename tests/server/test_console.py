"""The web console: sign in with a token, create and revoke tokens, list sessions, try a render."""

from __future__ import annotations

import re

import pytest

from tests.server.conftest import Api, console_csrf, console_sign_in, csrf_in, input_zip

pytestmark = pytest.mark.anyio


async def sign_in(api: Api) -> str:
    return await console_csrf(api.client, api.token)


async def test_sign_in_page_and_wrong_token(api: Api) -> None:
    page = await api.client.get("/console/")
    assert "Sign in" in page.text
    assert page.headers["content-type"].startswith("text/html")
    refused = await api.client.post("/console/sign-in", data={"token": "dk_nope", "csrf": csrf_in(page.text)})
    assert refused.status_code == 401
    assert "unknown or revoked" in refused.text


async def test_cookie_is_httponly_strict_and_scoped(api: Api) -> None:
    response = await console_sign_in(api.client, api.token)
    cookie = response.headers["set-cookie"].lower()
    assert "httponly" in cookie
    assert "samesite=strict" in cookie
    assert "path=/console" in cookie


async def test_create_and_revoke_tokens(api: Api) -> None:
    csrf = await sign_in(api)
    created = await api.client.post("/console/tokens", data={"name": "laptop", "csrf": csrf})
    assert created.status_code == 201
    new_token = re.search(r"<code class='token'>(dk_[^<]+)</code>", created.text)
    assert new_token
    assert (await api.client.get("/sessions", headers=api.auth(new_token.group(1)))).status_code == 200
    token_id = new_token.group(1).split("_")[1]
    assert (
        await api.client.post(f"/console/tokens/{token_id}/revoke", data={"csrf": "bad"})
    ).status_code == 403
    revoked = await api.client.post(f"/console/tokens/{token_id}/revoke", data={"csrf": csrf})
    assert revoked.status_code == 303
    assert (await api.client.get("/sessions", headers=api.auth(new_token.group(1)))).status_code == 401
    assert "revoked" in (await api.client.get("/console/")).text


async def test_forms_without_csrf_are_refused(api: Api) -> None:
    await sign_in(api)
    assert (await api.client.post("/console/tokens", data={"name": "x"})).status_code == 403
    assert len(api.state.store.list_tokens(api.account_id)) == 1


async def test_try_a_render_and_see_the_session(api: Api) -> None:
    csrf = await sign_in(api)
    response = await api.client.post(
        "/console/try", data={"csrf": csrf}, files={"zip": ("input.zip", input_zip(), "application/zip")}
    )
    assert response.status_code == 200
    assert "Rendered 1 slide." in response.text
    link = re.search(r"<a href='([^']+)'>Download the deck</a>", response.text)
    assert link
    download = await api.client.get(link.group(1).replace("&amp;", "&"))
    assert download.status_code == 200
    assert download.content[:2] == b"PK"
    sessions = api.state.store.list_sessions(api.account_id, api.clock())
    assert len(sessions) == 1
    assert sessions[0].uuid in response.text


async def test_a_sessions_download_links_redirect_to_fresh_signed_urls(api: Api) -> None:
    csrf = await sign_in(api)
    await api.client.post(
        "/console/try", data={"csrf": csrf}, files={"zip": ("input.zip", input_zip(), "application/zip")}
    )
    (session,) = api.state.store.list_sessions(api.account_id, api.clock())
    redirect = await api.client.get(f"/console/sessions/{session.uuid}/download")
    assert redirect.status_code == 303
    assert f"{session.uuid}.pptx" in redirect.headers["location"]
    deck = await api.client.get(redirect.headers["location"])
    assert deck.status_code == 200
    assert deck.content[:2] == b"PK"
    no_pdf = await api.client.get(f"/console/sessions/{session.uuid}/pdf")  # none was asked for
    assert no_pdf.status_code == 404
    assert "That PDF is not kept: sessions and their files last 24 hours." in no_pdf.text
    gone = await api.client.get("/console/sessions/00000000-0000-4000-8000-000000000000/download")
    assert gone.status_code == 404
    assert "That deck is no longer kept: sessions and their files last 24 hours." in gone.text


async def test_try_a_failing_render_shows_the_message(api: Api) -> None:
    csrf = await sign_in(api)
    bad = input_zip({"slides": [{"template": 1, "title": 1}]})
    response = await api.client.post(
        "/console/try", data={"csrf": csrf}, files={"zip": ("input.zip", bad, "application/zip")}
    )
    assert "The render failed" in response.text
    assert "slides[0].title: must be a string" in response.text


async def test_sign_out_forgets_the_token(api: Api) -> None:
    csrf = await sign_in(api)
    await api.client.post("/console/sign-out", data={"csrf": csrf})
    assert "Sign in" in (await api.client.get("/console/")).text
