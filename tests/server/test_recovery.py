"""Issue 13, point 7: recovery after a crash, slow clients, canonical uuids, allowed hosts."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import anyio
import httpx
import pytest

from deckkit_server.app import close_app, create_app
from deckkit_server.settings import Settings
from tests.server.conftest import Api, FakeClock, input_zip, make_settings, upload_files

pytestmark = pytest.mark.anyio


def a_gone_process_identity() -> str:
    from deckkit_server.claims import process_identity

    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        identity = process_identity(child.pid)
    finally:
        child.kill()
        child.wait()
    return identity


def test_a_process_is_gone_only_when_this_machine_can_tell() -> None:
    from deckkit_server.claims import is_gone, process_identity

    assert not is_gone(process_identity())
    assert is_gone(a_gone_process_identity())
    host, boot, pid, started = process_identity().split(" ")
    assert not is_gone(f"other-host {boot} {pid} {started}")
    assert is_gone(f"{host} {boot} {pid} {int(started) + 1}")  # same pid, later start: a new process
    assert not is_gone("garbage")


async def test_a_claim_of_a_dead_process_is_taken_over_at_once(api: Api) -> None:
    """issue 13: after kill -9 and a restart, the first render waited 66 s for the claim to go stale."""
    from deckkit_server.rendering import claim_stale_before

    created = (await api.client.post("/sessions", headers=api.auth())).json()
    uuid = created["session"]["uuid"]
    assert (
        await api.client.post(created["upload"]["action"], files=upload_files(created["upload"], input_zip()))
    ).status_code == 204
    now = api.clock()
    assert api.state.store.claim_render(uuid, now, claim_stale_before(now), a_gone_process_identity())
    with anyio.fail_after(30):  # the clock never moves: only recognising the dead claimant gets through
        response = await api.client.post(f"/sessions/{uuid}/render", headers=api.auth())
    assert response.status_code == 200, response.text
    assert response.json()["session"]["render_succeeded"] is True


@pytest.mark.parametrize("form", ["{%s}", "urn:uuid:%s", "undashed", "upper"])
async def test_only_the_canonical_uuid_form_names_a_session(api: Api, form: str) -> None:
    uuid = (await api.client.post("/sessions", headers=api.auth())).json()["session"]["uuid"]
    other = {"undashed": uuid.replace("-", ""), "upper": uuid.upper()}.get(form) or form % uuid
    for method, path in (("GET", ""), ("POST", "/render"), ("POST", "/download_url")):
        response = await api.client.request(method, f"/sessions/{other}{path}", headers=api.auth())
        assert response.status_code == 404, (form, path)
    assert (await api.client.get(f"/sessions/{uuid}", headers=api.auth())).status_code == 200


async def test_a_stalled_body_is_answered_408_and_closed(tmp_path: Path, clock: FakeClock) -> None:
    app = create_app(make_settings(tmp_path, body_timeout=0.3), clock=clock, retention=False)

    async def stalls():  # type: ignore[no-untyped-def]
        yield b"token=abc"
        await anyio.sleep(3600)

    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://testserver"
    ) as client:
        with anyio.fail_after(20):
            response = await client.post(
                "/console/sign-in",
                content=stalls(),
                headers={"content-type": "application/x-www-form-urlencoded"},
            )
    await close_app(app)
    assert response.status_code == 408
    assert response.headers["connection"] == "close"


@contextlib.contextmanager
def deckkit_uvicorn(settings: Settings, clock: FakeClock) -> Iterator[None]:
    """The app served as ``deckkit serve`` serves it (its uvicorn config), in a thread, until the block ends."""
    import threading

    import uvicorn

    from deckkit_server.serving import uvicorn_config

    app = create_app(settings, clock=clock, retention=False)
    server = uvicorn.Server(uvicorn_config(app, settings, log_level="critical"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 20
        while not server.started:
            assert time.monotonic() < deadline
            assert thread.is_alive()
            time.sleep(0.02)
        yield
    finally:
        server.should_exit = True
        thread.join(30)


def test_a_slow_header_connection_is_closed(tmp_path: Path, clock: FakeClock) -> None:
    """issue 13: 1,000 slow-header connections were all still open after 30 s."""
    from tests.server.conftest import free_port

    settings = make_settings(tmp_path, header_timeout=0.5, port=free_port())
    with deckkit_uvicorn(settings, clock):
        idle = socket.create_connection(("127.0.0.1", settings.port))
        partial = socket.create_connection(("127.0.0.1", settings.port))
        partial.sendall(b"GET /openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # never finished
        for conn in (idle, partial):
            conn.settimeout(15)
            assert conn.recv(1024) == b""  # closed by the server
            conn.close()
        with socket.create_connection(("127.0.0.1", settings.port)) as ok:  # a whole request is served
            ok.sendall(b"GET /openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            ok.settimeout(15)
            assert ok.recv(12) == b"HTTP/1.1 200"


def test_request_headers_beyond_the_cap_are_refused(tmp_path: Path, clock: FakeClock) -> None:
    """The httptools protocol has no header limit of its own: deckkit caps them as h11 does."""
    from deckkit_server.serving import MAX_HEADER_BYTES
    from tests.server.conftest import free_port

    settings = make_settings(tmp_path, port=free_port())

    def status_of(header_bytes: int) -> bytes:
        filler = b"X-Filler: " + b"a" * header_bytes + b"\r\n"
        with socket.create_connection(("127.0.0.1", settings.port)) as conn:
            conn.sendall(b"GET /openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\n" + filler + b"\r\n")
            conn.settimeout(15)
            return conn.recv(12)

    with deckkit_uvicorn(settings, clock):
        assert status_of(MAX_HEADER_BYTES // 2) == b"HTTP/1.1 200"
        assert status_of(MAX_HEADER_BYTES) == b"HTTP/1.1 400"


async def test_allowed_hosts_refuse_other_host_headers(tmp_path: Path, clock: FakeClock) -> None:
    app = create_app(
        make_settings(tmp_path, allowed_hosts="decks.example.com, 127.0.0.1"), clock=clock, retention=False
    )
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://decks.example.com") as client:
        assert (await client.get("/openapi.json")).status_code == 200
        assert (await client.get("/openapi.json", headers={"Host": "attacker.example"})).status_code == 400
    await close_app(app)


def test_listening_beyond_loopback_without_allowed_hosts_warns(tmp_path: Path) -> None:
    from deckkit_server.serving import startup_warnings

    for host in ("127.0.0.1", "::1", "localhost"):
        assert startup_warnings(make_settings(tmp_path, host=host)) == []
    warnings = startup_warnings(make_settings(tmp_path, host="0.0.0.0"))
    assert len(warnings) == 1
    assert "DECKKIT_ALLOWED_HOSTS" in warnings[0]
    assert startup_warnings(make_settings(tmp_path, host="0.0.0.0", allowed_hosts="decks.example.com")) == []
