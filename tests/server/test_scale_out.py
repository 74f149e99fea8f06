"""Two server processes on loopback share PostgreSQL, S3 (moto) and Redis: a session moves between them."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from deckkit_server.clock import system_clock
from deckkit_server.store import open_store
from tests.server.conftest import REDIS_URL, MotoS3, free_port, input_zip, upload_files, wait_until_up

pytestmark = pytest.mark.slow


@pytest.fixture
def two_servers(
    tmp_path: Path, postgres_url: str, moto_s3: MotoS3, redis_prefix: str
) -> Iterator[tuple[str, str, str]]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DECKKIT_")}
    env.update(
        {
            "DECKKIT_DATABASE_URL": postgres_url,
            "DECKKIT_STORAGE_URL": moto_s3.storage_url(),
            "DECKKIT_REDIS_URL": REDIS_URL,
            "DECKKIT_REDIS_PREFIX": redis_prefix,
            "DECKKIT_RATE_LIMIT": "12",
        }
    )
    processes: list[subprocess.Popen[str]] = []
    urls: list[str] = []
    token = ""
    try:
        for name in ("a", "b"):
            port = free_port()
            command = [
                sys.executable,
                "-m",
                "deckkit_server.cli",
                "serve",
                "--port",
                str(port),
                "--data-dir",
                str(tmp_path / name),
                "--log-level",
                "warning",
            ]
            process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env)
            processes.append(process)
            assert process.stdout is not None
            process.stdout.readline()
            if name == "a":  # the first process creates the account in the shared store
                match = re.search(r"(dk_\S+)", process.stdout.readline())
                assert match
                token = match.group(1)
            urls.append(f"http://127.0.0.1:{port}")
            wait_until_up(urls[-1])
        yield urls[0], urls[1], token
    finally:
        for process in processes:
            process.terminate()
            process.communicate(timeout=30)


def test_a_session_passes_from_one_process_to_the_other(two_servers: tuple[str, str, str]) -> None:
    a, b, token = two_servers
    auth = {"Authorization": f"Bearer {token}"}
    created = httpx.post(f"{a}/sessions", headers=auth)
    assert created.status_code == 201
    upload = created.json()["upload"]
    assert upload["action"].startswith("http://127.0.0.1:")  # moto, not the API servers
    assert httpx.post(upload["action"], files=upload_files(upload, input_zip())).status_code == 204
    uid = created.json()["session"]["uuid"]
    rendered = httpx.post(f"{b}/sessions/{uid}/render", headers=auth, timeout=180)
    assert rendered.status_code == 200
    assert rendered.json()["session"]["render_succeeded"] is True, rendered.json()["session"][
        "render_message"
    ]
    seen_by_a = httpx.get(f"{a}/sessions/{uid}", headers=auth).json()["session"]
    assert seen_by_a == rendered.json()["session"]
    url = httpx.post(f"{a}/sessions/{uid}/download_url", headers=auth).json()["download_url"]
    assert httpx.get(url).content == httpx.get(rendered.json()["download_url"]).content
    assert [s["uuid"] for s in httpx.get(f"{b}/sessions", headers=auth).json()["sessions"]] == [uid]


def test_the_rate_limit_is_shared_by_the_processes(
    two_servers: tuple[str, str, str], postgres_url: str
) -> None:
    a, b, _ = two_servers
    store = open_store(postgres_url)
    try:
        account = store.create_account("limited", system_clock())
        token = store.create_token(account.id, "t", system_clock())[1]
    finally:
        store.close()
    auth = {"Authorization": f"Bearer {token}"}
    statuses = [httpx.get(f"{(a, b)[i % 2]}/sessions", headers=auth).status_code for i in range(14)]
    assert statuses == [200] * 12 + [429] * 2  # limit 12, counted across both processes
