"""The whole flow over HTTP against real uvicorn servers on loopback, with the real renderer."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from deckkit_server.app import create_app
from deckkit_server.settings import Settings
from tests.readers import assert_readable
from tests.server.conftest import (
    LiveServer,
    free_port,
    input_zip,
    start_live_server,
    template_bytes,
    upload_files,
)

pytestmark = pytest.mark.slow


def live_settings(data_dir: Path, **changes: object) -> Settings:
    return Settings(data_dir=data_dir, render_timeout=120).with_(**changes)


def first_token(app: object) -> str:
    state = app.state.deckkit  # type: ignore[attr-defined]
    account = state.store.create_account("live", state.clock())
    return str(state.store.create_token(account.id, "live", state.clock())[1])


@pytest.fixture
def live(tmp_path: Path) -> Iterator[tuple[LiveServer, str]]:
    app = create_app(live_settings(tmp_path / "data"))
    token = first_token(app)
    server = start_live_server(app)
    yield server, token
    server.stop()


def run_flow(http: httpx.Client, token: str, tmp_path: Path) -> tuple[str, Path]:
    auth = {"Authorization": f"Bearer {token}"}
    created = http.post("/sessions", headers=auth)
    assert created.status_code == 201
    upload = created.json()["upload"]
    template = tmp_path / "template.pptx"
    template.write_bytes(template_bytes())
    # The upload goes to upload.action as a plain multipart form, file last, without the API token.
    stored = httpx.post(
        upload["action"], files=upload_files(upload, input_zip(template=template.read_bytes()))
    )
    assert stored.status_code == 204, stored.text
    uid = created.json()["session"]["uuid"]
    rendered = http.post(f"/sessions/{uid}/render", headers=auth, timeout=180)
    assert rendered.status_code == 200
    body = rendered.json()
    assert body["session"]["render_succeeded"] is True, body["session"]["render_message"]
    assert body["session"]["render_slide_count"] == 1
    out = tmp_path / "out.pptx"
    out.write_bytes(httpx.get(body["download_url"]).content)
    return uid, out


def test_full_flow_over_http(live: tuple[LiveServer, str], tmp_path: Path) -> None:
    server, token = live
    with httpx.Client(base_url=server.url) as http:
        uid, out = run_flow(http, token, tmp_path)
        assert_readable(out, tmp_path / "template.pptx", pages=1)
        from pptx import Presentation

        texts = [s.text_frame.text for s in Presentation(str(out)).slides[0].shapes if s.has_text_frame]
        assert "Quarterly review" in texts
        again = http.post(f"/sessions/{uid}/download_url", headers={"Authorization": f"Bearer {token}"})
        assert again.status_code == 200
        assert httpx.get(again.json()["download_url"]).content == out.read_bytes()


def test_error_paths_over_http(tmp_path: Path) -> None:
    app = create_app(live_settings(tmp_path / "data", rate_limit=8))
    token = first_token(app)
    other = first_token(app)
    server = start_live_server(app)
    try:
        with httpx.Client(base_url=server.url) as http:
            auth, auth_other = {"Authorization": f"Bearer {token}"}, {"Authorization": f"Bearer {other}"}
            assert http.get("/sessions").json()["error"]["code"] == "unauthorized"
            assert http.get("/sessions", headers={"Authorization": "Bearer x"}).status_code == 401
            uid = http.post("/sessions", headers=auth).json()["session"]["uuid"]
            assert http.get(f"/sessions/{uid}", headers=auth_other).status_code == 404
            assert http.get("/sessions", headers=auth_other).json() == {"sessions": []}
            assert (
                http.post(f"/sessions/{uid}/render", headers=auth).json()["error"]["code"] == "not_uploaded"
            )
            assert (
                http.post(f"/sessions/{uid}/download_url", headers=auth).json()["error"]["code"]
                == "not_rendered"
            )
            statuses = [http.get("/sessions", headers=auth).status_code for _ in range(6)]
            assert statuses == [200] * 5 + [429]  # 3 calls above + 5 = the limit of 8
            refused = http.get("/sessions", headers=auth)
            assert refused.json()["error"]["code"] == "rate_limited"
            assert int(refused.headers["Retry-After"]) > 0
            assert http.get("/sessions", headers=auth_other).status_code == 200  # per account
    finally:
        server.stop()


def test_restart_keeps_sessions(tmp_path: Path) -> None:
    data = tmp_path / "data"
    app = create_app(live_settings(data))
    token = first_token(app)
    server = start_live_server(app)
    try:
        with httpx.Client(base_url=server.url) as http:
            uid, out = run_flow(http, token, tmp_path)
            before = http.get(f"/sessions/{uid}", headers={"Authorization": f"Bearer {token}"}).json()[
                "session"
            ]
    finally:
        server.stop()
    server = start_live_server(create_app(live_settings(data)))
    try:
        with httpx.Client(base_url=server.url) as http:
            auth = {"Authorization": f"Bearer {token}"}
            assert http.get(f"/sessions/{uid}", headers=auth).json()["session"] == before
            url = http.post(f"/sessions/{uid}/download_url", headers=auth).json()["download_url"]
            assert httpx.get(url).content == out.read_bytes()
    finally:
        server.stop()


def test_deckkit_serve_starts_zero_config_and_prints_token_once(tmp_path: Path) -> None:
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "deckkit",
        "serve",
        "--port",
        str(port),
        "--data-dir",
        str(tmp_path / "d"),
        "--log-level",
        "warning",
    ]
    env = {k: v for k, v in os.environ.items() if not k.startswith("DECKKIT_")}

    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env, cwd=tmp_path)
    assert process.stdout is not None
    try:
        banner = process.stdout.readline()
        assert f"http://127.0.0.1:{port}" in banner
        match = re.search(r"(dk_\S+)", process.stdout.readline())
        assert match, "the first start prints an API token"
        deadline = time.monotonic() + 30
        while True:
            try:
                response = httpx.get(
                    f"http://127.0.0.1:{port}/sessions", headers={"Authorization": f"Bearer {match.group(1)}"}
                )
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline
                time.sleep(0.1)
        assert response.status_code == 200
    finally:
        process.terminate()
        process.communicate(timeout=30)
    assert (tmp_path / "d" / "deckkit.sqlite3").exists()
    second = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env, cwd=tmp_path)
    try:
        assert second.stdout is not None
        assert f"http://127.0.0.1:{port}" in second.stdout.readline()
    finally:
        second.terminate()
        rest, _ = second.communicate(timeout=30)
    assert "API token" not in rest
