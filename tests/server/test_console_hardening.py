"""Issue 13, points 2, 3 and 8 on the console: login CSRF, framing, its own credential, bounded forms, limits."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
from sqlalchemy import select

from deckkit_server.app import close_app, create_app
from deckkit_server.store import tables
from tests.server.conftest import Api, FakeClock, console_csrf, console_sign_in, csrf_in, make_settings

pytestmark = pytest.mark.anyio

EVIL = "https://evil.example"


def session_cookie(client: httpx.AsyncClient) -> str | None:
    return client.cookies.get("deckkit_console")


async def test_a_cross_site_sign_in_is_refused(api: Api) -> None:
    """A hostile page must not sign a victim into the attacker's account (login CSRF)."""
    pre = csrf_in((await api.client.get("/console/")).text)
    for headers in ({"Origin": EVIL}, {"Sec-Fetch-Site": "cross-site"}, {"Origin": "null"}):
        response = await api.client.post(
            "/console/sign-in", data={"token": api.token, "csrf": pre}, headers=headers
        )
        assert response.status_code == 403, headers
        assert "deckkit_console=" not in response.headers.get("set-cookie", "")
    same = await api.client.post(
        "/console/sign-in",
        data={"token": api.token, "csrf": pre},
        headers={"Origin": "http://testserver", "Sec-Fetch-Site": "same-origin"},
    )
    assert same.status_code == 303


async def test_sign_in_needs_the_forms_csrf_value(api: Api) -> None:
    await api.client.get("/console/")
    for data in ({"token": api.token}, {"token": api.token, "csrf": "x" * 43}):
        response = await api.client.post("/console/sign-in", data=data)
        assert response.status_code == 403
        assert session_cookie(api.client) is None


async def test_a_cross_site_or_tokenless_sign_out_is_refused(api: Api) -> None:
    csrf = await console_csrf(api.client, api.token)
    assert (
        await api.client.post("/console/sign-out", data={"csrf": csrf}, headers={"Origin": EVIL})
    ).status_code == 403
    assert (await api.client.post("/console/sign-out", data={})).status_code == 403
    assert "Sign out" in (await api.client.get("/console/")).text
    assert (await api.client.post("/console/sign-out", data={"csrf": csrf})).status_code == 303
    assert "Sign in" in (await api.client.get("/console/")).text


async def test_every_console_answer_forbids_framing_and_scripts(api: Api) -> None:
    answers = [await api.client.get("/console/")]
    pre = csrf_in(answers[0].text)
    answers.append(await api.client.post("/console/sign-in", data={"token": "dk_nope", "csrf": pre}))
    answers.append(await api.client.post("/console/sign-in", data={"token": api.token}))
    csrf = await console_csrf(api.client, api.token)
    answers.append(await api.client.get("/console/"))
    answers.append(await api.client.post("/console/tokens", data={"name": "x"}))
    answers.append(await api.client.post("/console/tokens", data={"name": "x", "csrf": csrf}))
    assert [a.status_code for a in answers] == [200, 401, 403, 200, 403, 201]
    for answer in answers:
        assert answer.headers["x-frame-options"] == "DENY"
        policy = answer.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in policy
        assert "default-src 'none'" in policy
        assert answer.headers["x-content-type-options"] == "nosniff"


async def test_the_cookie_holds_a_console_credential_never_the_api_token(api: Api) -> None:
    await console_sign_in(api.client, api.token)
    cookie = session_cookie(api.client)
    assert cookie is not None
    assert cookie.startswith("cs_")
    assert api.token not in cookie
    assert api.token.split("_", 2)[2] not in cookie  # the secret, which may hold "_" itself
    with api.state.store.engine.connect() as conn:
        stored = conn.execute(select(tables.console_sessions)).one()
    assert stored.secret_hash != cookie
    assert cookie not in stored.secret_hash
    assert (await api.client.get("/sessions", headers=api.auth(cookie))).status_code == 401


async def test_sign_out_ends_the_credential_on_the_server(api: Api) -> None:
    csrf = await console_csrf(api.client, api.token)
    cookie = session_cookie(api.client)
    assert (await api.client.post("/console/sign-out", data={"csrf": csrf})).status_code == 303
    replayed = await api.client.get("/console/", headers={"Cookie": f"deckkit_console={cookie}"})
    assert "Sign in" in replayed.text
    assert "Sign out" not in replayed.text


async def test_the_console_credential_expires(api: Api) -> None:
    from deckkit_server.console.pages import CONSOLE_SESSION_SECONDS

    await console_sign_in(api.client, api.token)
    api.clock.advance(CONSOLE_SESSION_SECONDS - 1)
    assert "Sign out" in (await api.client.get("/console/")).text
    api.clock.advance(1)
    assert "Sign in" in (await api.client.get("/console/")).text


async def test_a_disabled_account_loses_its_tokens_and_console_at_once(api: Api) -> None:
    await console_sign_in(api.client, api.token)
    _, other_token = api.new_account()
    assert api.state.store.disable_account(api.account_id, api.clock()) is not None
    assert (await api.client.get("/sessions", headers=api.auth())).status_code == 401
    assert "Sign in" in (await api.client.get("/console/")).text
    await console_sign_in(api.client, api.token, expect=401)
    assert (await api.client.get("/sessions", headers=api.auth(other_token))).status_code == 200


async def test_the_console_names_the_account_you_are_in(api: Api) -> None:
    await console_sign_in(api.client, api.token)
    page = (await api.client.get("/console/")).text
    assert api.account_id in page
    assert "tester" in page


async def test_a_small_form_is_refused_past_what_it_needs(api: Api) -> None:
    """issue 13: each form took 20 fields of 50 MB; a token name needs 100 characters."""
    csrf = await console_csrf(api.client, api.token)
    response = await api.client.post("/console/tokens", data={"csrf": csrf, "name": "n" * 200_000})
    assert response.status_code == 413
    assert len(api.state.store.list_tokens(api.account_id)) == 1
    many = {"csrf": csrf, **{f"f{n}": "x" for n in range(30)}}
    assert (await api.client.post("/console/tokens", data=many)).status_code in (400, 413)
    assert len(api.state.store.list_tokens(api.account_id)) == 1


async def test_try_refuses_an_oversized_zip_before_reading_it_all(api: Api) -> None:
    """issue 13: /console/try wrote the whole upload to disk before checking the 50 MB limit."""
    csrf = await console_csrf(api.client, api.token)
    boundary = "consoleboundary"
    sent = 0

    async def body() -> AsyncIterator[bytes]:
        nonlocal sent
        yield (
            f'--{boundary}\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n{csrf}\r\n'
            f'--{boundary}\r\nContent-Disposition: form-data; name="zip"; filename="big.zip"\r\n'
            "Content-Type: application/zip\r\n\r\n"
        ).encode()
        chunk = b"z" * (1024 * 1024)
        for _ in range(80):  # 80 MiB: over the limit
            sent += len(chunk)
            yield chunk
        yield f"\r\n--{boundary}--\r\n".encode()

    response = await api.client.post(
        "/console/try", content=body(), headers={"content-type": f"multipart/form-data; boundary={boundary}"}
    )
    assert response.status_code == 413
    assert sent <= 52 * 1024 * 1024
    assert api.state.store.list_sessions(api.account_id, api.clock()) == []


async def test_console_pages_count_against_a_per_account_rate_limit(tmp_path: Path, clock: FakeClock) -> None:
    app = create_app(make_settings(tmp_path, rate_limit=5), clock=clock, retention=False)
    store = app.state.deckkit.store
    tokens = [
        store.create_token(store.create_account(name, clock()).id, "t", clock())[1] for name in ("a", "b")
    ]
    transport = httpx.ASGITransport(app=app)
    async with (
        httpx.AsyncClient(transport=transport, base_url="http://testserver") as one,
        httpx.AsyncClient(transport=transport, base_url="http://testserver") as two,
    ):
        await console_sign_in(one, tokens[0])
        statuses = [(await one.get("/console/")).status_code for _ in range(6)]
        assert statuses == [200] * 5 + [429]
        await console_sign_in(two, tokens[1])
        assert (await two.get("/console/")).status_code == 200
    await close_app(app)


async def test_failed_sign_ins_are_throttled_per_client_address(api: Api) -> None:
    from deckkit_server.state import SIGN_IN_FAILURES_PER_MINUTE

    for number in range(SIGN_IN_FAILURES_PER_MINUTE):
        await console_sign_in(api.client, f"dk_{number:016x}_" + "x" * 43, expect=401)
    pre = csrf_in((await api.client.get("/console/")).text)
    blocked = await api.client.post(
        "/console/sign-in", data={"token": "dk_" + "f" * 16 + "_" + "y" * 43, "csrf": pre}
    )
    assert blocked.status_code == 429
    assert int(blocked.headers["retry-after"]) > 0
    transport = httpx.ASGITransport(app=api.app, client=("192.0.2.7", 4000))
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as elsewhere:
        await console_sign_in(elsewhere, "dk_" + "e" * 16 + "_" + "z" * 43, expect=401)  # its own count
    api.clock.advance(60)
    await console_sign_in(api.client, "dk_" + "d" * 16 + "_" + "w" * 43, expect=401)


async def test_failed_sign_ins_never_block_a_valid_token(api: Api) -> None:
    """issue 30 F9: after 10 failed sign-ins from one address a VALID token got 429 for 60 s, so
    anyone behind the same NAT could lock everyone out."""
    from deckkit_server.state import SIGN_IN_FAILURES_PER_MINUTE

    for number in range(SIGN_IN_FAILURES_PER_MINUTE + 5):
        await console_sign_in(api.client, f"dk_{number:016x}_" + "x" * 43, expect=401 if number < 10 else 429)
    await console_sign_in(api.client, api.token)  # the same address, at once


async def test_a_failing_token_is_throttled_on_its_own(api: Api) -> None:
    """The same wrong token from any address: refused without a store lookup after a few tries."""
    revoked = "dk_" + "a" * 16 + "_" + "x" * 43
    statuses = []
    for number in range(7):
        transport = httpx.ASGITransport(app=api.app, client=(f"192.0.2.{number + 10}", 4000))
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
            response = await console_sign_in(client, revoked, expect=401 if number < 5 else 429)
            statuses.append(response.status_code)
    assert statuses == [401] * 5 + [429] * 2
    api.clock.advance(60)
    await console_sign_in(api.client, revoked, expect=401)
    await console_sign_in(api.client, api.token)
