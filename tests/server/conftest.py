"""Fixtures of the server tests: backends (SQLite/PostgreSQL, local/S3), a fake clock, an app with an
in-process client, and real uvicorn servers on loopback. Every fixture uses free ports and tmp dirs."""

from __future__ import annotations

import io
import json
import os
import re
import secrets
import socket
import threading
import time
import zipfile
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from deckkit_server.app import close_app, create_app
from deckkit_server.settings import Settings

PG_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
REDIS_URL = "redis://127.0.0.1:6379/0"
FAKES = "tests.server.fake_renders"
START = 1_795_000_000_123_456  # 2026-11-18T11:06:40.123456Z, in microseconds


class FakeClock:
    """Injected time: tests move it, never sleep."""

    def __init__(self, now: int = START) -> None:
        self.now = now

    def __call__(self) -> int:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += int(seconds * 1_000_000)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_until_up(url: str) -> None:
    """Until a server started as a process answers at ``url`` (at most a minute)."""
    deadline = time.monotonic() + 60
    while True:
        try:
            httpx.get(f"{url}/openapi.json")
            return
        except httpx.TransportError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


def _postgres_available() -> str | None:
    try:
        import psycopg

        psycopg.connect("host=127.0.0.1 port=5432 user=postgres dbname=test", connect_timeout=3).close()
    except Exception as error:
        return f"PostgreSQL at 127.0.0.1:5432 is unreachable ({type(error).__name__}: {error})"
    return None


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A throwaway schema in database test, dropped afterwards."""
    reason = _postgres_available()
    if reason:
        pytest.skip(reason)
    import psycopg

    schema = f"deckkit_test_{secrets.token_hex(6)}"
    with psycopg.connect("host=127.0.0.1 user=postgres dbname=test", autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    yield f"{PG_URL}?options=-csearch_path%3D{schema}"
    with psycopg.connect("host=127.0.0.1 user=postgres dbname=test", autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'store.sqlite3'}"
    return str(request.getfixturevalue("postgres_url"))


@dataclass
class MotoS3:
    endpoint: str

    def new_bucket(self) -> str:
        import boto3

        name = f"deckkit-{secrets.token_hex(6)}"
        boto3.client("s3", endpoint_url=self.endpoint, region_name="us-east-1").create_bucket(Bucket=name)
        return name

    def storage_url(self) -> str:
        return f"s3://{self.new_bucket()}?endpoint_url={self.endpoint}&region=us-east-1"


@pytest.fixture(scope="session")
def moto_s3() -> Iterator[MotoS3]:
    """moto's S3 in server mode on a free loopback port (boto3 is never patched)."""
    from moto.server import ThreadedMotoServer

    fake_credentials = {
        "AWS_ACCESS_KEY_ID": "testing",
        "AWS_SECRET_ACCESS_KEY": "testing",
        "AWS_DEFAULT_REGION": "us-east-1",
    }
    saved = {name: os.environ.get(name) for name in fake_credentials}
    os.environ.update(fake_credentials)
    port = free_port()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    yield MotoS3(f"http://127.0.0.1:{port}")
    server.stop()
    for name, value in saved.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


@pytest.fixture
def redis_prefix() -> Iterator[str]:
    import redis

    try:
        client = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2)
        client.ping()
    except Exception as error:
        pytest.skip(f"Redis at 127.0.0.1:6379 is unreachable ({error})")
    prefix = f"deckkit-test-{secrets.token_hex(6)}:"
    yield prefix
    for key in client.scan_iter(f"{prefix}*"):
        client.delete(key)
    client.close()


def make_settings(tmp_path: Path, **changes: Any) -> Settings:
    base = Settings(
        data_dir=tmp_path / "data",
        render_function=f"{FAKES}:title_deck",
        render_timeout=30,
        render_memory_mb=1024,
        storage_secret="test-secret-" + "x" * 32,
    )
    return base.with_(**changes)


@dataclass
class Api:
    """An app, its in-process client, and an account with a token."""

    app: Any
    client: httpx.AsyncClient
    token: str
    account_id: str
    clock: FakeClock

    @property
    def state(self) -> Any:
        return self.app.state.deckkit

    def auth(self, token: str | None = None) -> dict[str, str]:
        return {"Authorization": f"Bearer {token or self.token}"}

    def new_account(self) -> tuple[str, str]:
        store = self.state.store
        account = store.create_account("other", self.clock())
        _, token = store.create_token(account.id, "t", self.clock())
        return account.id, token


async def _api(settings: Settings, clock: FakeClock) -> AsyncIterator[Api]:
    app = create_app(settings, clock=clock, retention=False)
    store = app.state.deckkit.store
    account = store.create_account("tester", clock())
    _, token = store.create_token(account.id, "test", clock())
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://testserver"
    ) as client:
        yield Api(app, client, token, account.id, clock)
    await close_app(app)


@pytest.fixture
async def api(tmp_path: Path, clock: FakeClock) -> AsyncIterator[Api]:
    """The app on the embedded backends (SQLite, built-in storage, in-process limiter)."""
    async for value in _api(make_settings(tmp_path), clock):
        yield value


@pytest.fixture
async def api_on_each_store(tmp_path: Path, clock: FakeClock, database_url: str) -> AsyncIterator[Api]:
    """The app on SQLite and on PostgreSQL, for the API tests that touch every store query."""
    async for value in _api(make_settings(tmp_path, database_url=database_url), clock):
        yield value


def template_bytes() -> bytes:
    """A one-slide template whose text box reads ``{title}``."""
    from pptx import Presentation
    from pptx.util import Inches

    presentation = Presentation()
    slide = presentation.slides.add_slide(presentation.slide_layouts[6])
    slide.shapes.add_textbox(Inches(1), Inches(1), Inches(8), Inches(1)).text_frame.text = "{title}"
    out = io.BytesIO()
    presentation.save(out)
    return out.getvalue()


def input_zip(data: Any = None, template: bytes | None = None) -> bytes:
    data = {"slides": [{"template": 1, "title": "Quarterly review"}]} if data is None else data
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as bundle:
        bundle.writestr("template.pptx", template or template_bytes())
        bundle.writestr("data.json", json.dumps(data))
    return out.getvalue()


def upload_files(upload: dict[str, Any], content: bytes) -> list[tuple[str, Any]]:
    """The multipart parts of an upload: every param, then the file last (httpx keeps this order)."""
    return [
        *((name, (None, value)) for name, value in upload["params"].items()),
        ("file", ("input.zip", content, "application/zip")),
    ]


@dataclass
class LiveServer:
    url: str
    server: Any
    thread: threading.Thread

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(30)


def start_live_server(app: Any) -> LiveServer:
    """uvicorn serving app on a free loopback port, in a thread of this process."""
    import uvicorn

    port = free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("uvicorn did not start")
        time.sleep(0.02)
    return LiveServer(f"http://127.0.0.1:{port}", server, thread)


@pytest.fixture(params=["local", "s3"])
async def storage_api(request: pytest.FixtureRequest, tmp_path: Path, clock: FakeClock) -> AsyncIterator[Api]:
    """An app on the built-in storage or on S3 (moto on loopback); its client reaches both."""
    changes: dict[str, Any] = {}
    if request.param == "s3":
        changes["storage_url"] = request.getfixturevalue("moto_s3").storage_url()
    app = create_app(make_settings(tmp_path, **changes), clock=clock, retention=False)
    store = app.state.deckkit.store
    account = store.create_account("tester", clock())
    _, token = store.create_token(account.id, "test", clock())
    mounts = {"http://testserver": httpx.AsyncHTTPTransport()}
    mounts["http://testserver"] = httpx.ASGITransport(app=app)  # type: ignore[assignment]
    async with httpx.AsyncClient(mounts=mounts, base_url="http://testserver") as client:
        yield Api(app, client, token, account.id, clock)
    await close_app(app)


_CSRF = re.compile(r"""name=["']csrf["'] value=["']([^"']+)["']""")


def csrf_in(html: str) -> str:
    match = _CSRF.search(html)
    assert match, html
    return match.group(1)


async def console_sign_in(client: httpx.AsyncClient, token: str, *, expect: int = 303) -> httpx.Response:
    """Sign in as a browser does: load the sign-in page (its CSRF cookie and value), post the token."""
    client.cookies.clear()  # signed out first, as a browser on the sign-in page is
    pre = csrf_in((await client.get("/console/")).text)
    response = await client.post("/console/sign-in", data={"token": token, "csrf": pre})
    assert response.status_code == expect, response.text
    return response


async def console_csrf(client: httpx.AsyncClient, token: str) -> str:
    """Sign in and return the signed-in pages' CSRF value."""
    await console_sign_in(client, token)
    page = await client.get("/console/")
    assert page.status_code == 200
    return csrf_in(page.text)


@dataclass
class Rendered:
    """A render pool's outcome and the deck it wrote (None when it failed)."""

    outcome: Any
    pptx: bytes | None

    def __getattr__(self, name: str) -> Any:
        return getattr(self.outcome, name)


class BytesPool:
    """A RenderPool fed and read through files in a folder, as the server feeds it from storage."""

    def __init__(self, pool: Any, folder: Path) -> None:
        self.pool = pool
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        self._count = 0

    async def render(self, content: bytes) -> Rendered:
        self._count += 1
        source = self.folder / f"input-{self._count}.zip"
        target = self.folder / f"output-{self._count}.pptx"
        source.write_bytes(content)
        outcome = await self.pool.render(source, target)
        return Rendered(outcome, target.read_bytes() if outcome.succeeded else None)

    def close(self) -> None:
        self.pool.close()
