"""Backends that fail are an outage, not a bug: a private PostgreSQL and Redis stopped, killed and
restarted under a few clients. No 500; 503 ``service_unavailable`` with ``Retry-After`` while a
backend is down, on a connection that stays open; the first request after a restart succeeds."""

from __future__ import annotations

import contextlib
import http.client
import json
import logging
import secrets
import threading
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg
import pytest

from deckkit_server.app import create_app
from tests.server.conftest import (
    START,
    LiveServer,
    MotoS3,
    free_port,
    input_zip,
    make_settings,
    start_live_server,
)
from tests.server.private_backends import PrivatePostgres, PrivateRedis, private_postgres, private_redis
from tests.server.s3_proxy import s3_proxy

pytestmark = pytest.mark.slow

INTERNALS = ("postgres", "psycopg", "sqlalchemy", "redis", "sqlite", "s3", "botocore", "operational")


@pytest.fixture(scope="module")
def pg() -> Iterator[PrivatePostgres]:
    with private_postgres() as server:
        yield server


@pytest.fixture
def pg_url(pg: PrivatePostgres) -> str:
    """A schema of its own in the private server, for one test."""
    schema = f"faults_{secrets.token_hex(4)}"
    with psycopg.connect(pg.dsn, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    return f"{pg.url}?options=-csearch_path%3D{schema}"


@pytest.fixture
def redis_server() -> Iterator[PrivateRedis]:
    with private_redis() as server:
        yield server


@dataclass
class Served:
    live: LiveServer
    app: Any
    token: str
    writer: str
    """Another account's token, for the creates (a create replaces the account's unrendered session)."""
    uuid: str

    @property
    def port(self) -> int:
        return int(self.live.url.rsplit(":", 1)[1])

    def connection(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)

    def once(self, method: str, path: str, token: str) -> tuple[int, str, dict[str, str]]:
        """One request on a connection of its own."""
        with contextlib.closing(self.connection()) as conn:
            return request(conn, method, path, token)

    def new_token(self) -> str:
        """A token the server has not seen (so not in its token cache)."""
        store = self.app.state.deckkit.store
        account = store.create_account("fresh", START)
        return str(store.create_token(account.id, "t", START)[1])


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Any]:
    servers: list[LiveServer] = []

    def start(**changes: Any) -> Served:
        app = create_app(make_settings(tmp_path, **changes), retention=False)
        store = app.state.deckkit.store
        account = store.create_account("tester", START)
        _, token = store.create_token(account.id, "test", START)
        writer = store.create_token(store.create_account("writer", START).id, "test", START)[1]
        live = start_live_server(app)
        servers.append(live)
        served = Served(live, app, token, writer, "")
        status, body, _ = served.once("POST", "/sessions", token)
        assert status == 201, body
        served.uuid = json.loads(body)["session"]["uuid"]
        return served

    yield start
    for live in servers:
        live.stop()


def request(
    conn: http.client.HTTPConnection, method: str, path: str, token: str
) -> tuple[int, str, dict[str, str]]:
    conn.request(method, path, headers={"Authorization": f"Bearer {token}"})
    response = conn.getresponse()
    body = response.read().decode()
    return response.status, body, {k.lower(): v for k, v in response.getheaders()}


def assert_outage_answer(status: int, body: str, headers: dict[str, str]) -> None:
    assert status == 503, body
    assert int(headers["retry-after"]) > 0
    assert headers.get("connection") != "close"
    error = json.loads(body)["error"]
    assert error["code"] == "service_unavailable"
    assert not any(word in error["message"].lower() for word in INTERNALS), error["message"]


@dataclass
class Load:
    """A few clients, each on one kept-alive connection, sending requests until stopped."""

    served: Served
    clients: int = 3
    statuses: Counter[int] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)
    stop: threading.Event = field(default_factory=threading.Event)
    threads: list[threading.Thread] = field(default_factory=list)

    def _client(self, number: int) -> None:
        conn = self.served.connection()
        reader, writer = self.served.token, self.served.writer
        calls = [("GET", f"/sessions/{self.served.uuid}", reader), ("POST", "/sessions", writer)]
        calls.append(("GET", "/sessions", reader))
        turn = number
        while not self.stop.is_set():
            method, path, token = calls[turn % len(calls)]
            turn += 1
            socket_before = conn.sock
            try:
                status, body, headers = request(conn, method, path, token)
            except (OSError, http.client.HTTPException) as error:  # a reset: the server closed it
                self.problems.append(f"{method} {path}: {type(error).__name__}: {error}")
                conn.close()
                continue
            self.statuses[status] += 1
            if socket_before is not None and conn.sock is not socket_before:
                self.problems.append(f"{method} {path}: the connection was replaced")
            if status >= 500:
                try:
                    assert_outage_answer(status, body, headers)
                except (AssertionError, KeyError, ValueError) as error:
                    self.problems.append(f"{method} {path}: {status} {body} {headers}: {error!r}")
                time.sleep(0.02)
        conn.close()

    def __enter__(self) -> Load:
        for number in range(self.clients):
            thread = threading.Thread(target=self._client, args=(number,), daemon=True)
            thread.start()
            self.threads.append(thread)
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join(60)


def _first_requests_succeed(served: Served, fresh: str) -> None:
    """Each kind of request, once, on a new connection: the session read, a write, a list, and a
    token the server has not seen yet (``fresh``: looked up in the store)."""
    for method, path, token, expected in [
        ("GET", f"/sessions/{served.uuid}", served.token, 200),
        ("POST", "/sessions", served.writer, 201),
        ("GET", "/sessions", served.token, 200),
        ("GET", "/sessions", fresh, 200),
    ]:
        status, body, _ = served.once(method, path, token)
        assert status == expected, f"{method} {path} after the restart: {status} {body}"


def _warm(served: Served, rounds: int = 8) -> None:
    """Fill every pool of the server with idle connections (several requests at once)."""
    with Load(served, clients=4) as load:
        time.sleep(0.5 + 0.05 * rounds)
    assert not load.problems
    assert set(load.statuses) <= {200, 201}


@pytest.mark.parametrize("mode", ["fast", "immediate"])
def test_the_first_requests_after_a_postgresql_restart_succeed(
    serve: Any, pg: PrivatePostgres, pg_url: str, mode: str
) -> None:
    served = serve(database_url=pg_url, auth_cache_seconds=0)  # the revocation marker read every time
    _warm(served)
    fresh = served.new_token()
    pg.restart(mode)
    _first_requests_succeed(served, fresh)


@pytest.mark.parametrize("mode", ["fast", "immediate"])
def test_a_postgresql_outage_answers_503_on_the_same_connection(
    serve: Any, pg: PrivatePostgres, pg_url: str, caplog: pytest.LogCaptureFixture, mode: str
) -> None:
    """Stopped (``fast``: sessions ended with an error) or killed (``immediate``) under load."""
    caplog.set_level(logging.WARNING, logger="deckkit_server.outages")
    served = serve(database_url=pg_url, auth_cache_seconds=0)
    fresh = served.new_token()
    with Load(served) as load:
        time.sleep(0.4)
        pg.stop(mode)
        time.sleep(1.0)
        pg.start()
        time.sleep(0.3)
    assert not load.problems, load.problems[:5]
    assert load.statuses[503] > 0, load.statuses  # the outage was seen
    assert set(load.statuses) <= {200, 201, 503}, load.statuses
    assert served.app.state.deckkit.outages.answered["database"] == load.statuses[503]
    logged = [r.getMessage() for r in caplog.records if r.name == "deckkit_server.outages"]
    assert len(logged) == 1, logged  # once per outage (and minute), not once per answer
    assert "database is unreachable" in logged[0]
    _first_requests_succeed(served, fresh)


def test_while_postgresql_is_down_every_surface_answers_503(
    serve: Any, pg: PrivatePostgres, pg_url: str
) -> None:
    """The API in JSON, the console as a page, the built-in storage's upload in S3's XML."""
    served = serve(database_url=pg_url)
    fresh = served.new_token()
    conn = served.connection()
    storage = served.connection()
    upload = json.loads(request(conn, "GET", f"/sessions/{served.uuid}", served.token)[1])["upload"]
    pg.stop("fast")
    try:
        assert_outage_answer(*request(conn, "GET", f"/sessions/{served.uuid}", served.token))
        assert_outage_answer(*request(conn, "POST", "/sessions", served.token))
        assert_outage_answer(*request(conn, "GET", "/sessions", served.token))

        conn.request(
            "GET", "/console/", headers={"Cookie": "deckkit_console=cs_0123456789abcdef_" + "a" * 43}
        )
        page = conn.getresponse()
        text = page.read().decode()
        assert page.status == 503
        assert page.getheader("content-type", "").startswith("text/html")
        assert page.getheader("retry-after")
        assert page.getheader("x-frame-options") == "DENY"
        assert not any(word in text.lower() for word in INTERNALS)

        boundary = "deckkitfaults"
        parts = [*upload["params"].items(), ("file", "PK")]
        body_bytes = (
            "".join(
                f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"'
                + ('; filename="input.zip"' if name == "file" else "")
                + f"\r\n\r\n{value}\r\n"
                for name, value in parts
            ).encode()
            + f"--{boundary}--\r\n".encode()
        )
        storage.request(
            "POST",
            upload["action"].split(str(served.port), 1)[1],
            body=body_bytes,
            headers={"Content-Type": f"multipart/form-data; boundary={boundary}"},
        )
        answer = storage.getresponse()
        xml = answer.read().decode()
        assert answer.status == 503, xml
        assert "<Code>ServiceUnavailable</Code>" in xml, xml
        assert answer.getheader("retry-after")
    finally:
        conn.close()
        storage.close()
        pg.start()
    _first_requests_succeed(served, fresh)


def test_redis_down_falls_back_to_each_process_own_limit(
    serve: Any, redis_server: PrivateRedis, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="deckkit_server.ratelimit")
    served = serve(redis_url=redis_server.url, redis_prefix="faults:", rate_limit=1_000_000)
    limiter = served.app.state.deckkit.limiter
    with Load(served) as load:
        time.sleep(0.3)
        redis_server.kill()
        time.sleep(1.0)
        assert limiter.falling_back
        redis_server.start()  # the same port
        time.sleep(3.0)  # past REDIS_RETRY_SECONDS: asked again, and shared again
    assert not load.problems, load.problems[:5]
    assert set(load.statuses) <= {200, 201}, load.statuses
    assert limiter.fallback_decisions > 0
    messages = [r.getMessage() for r in caplog.records if r.name == "deckkit_server.ratelimit"]
    assert not limiter.falling_back, messages
    assert sum("Redis is unreachable" in m for m in messages) == 1, messages  # logged once
    assert sum("Redis answers again" in m for m in messages) == 1, messages


def test_the_fallback_limit_still_limits(serve: Any, redis_server: PrivateRedis) -> None:
    served = serve(redis_url=redis_server.url, redis_prefix="faults:", rate_limit=5)
    redis_server.kill()
    with contextlib.closing(served.connection()) as conn:
        statuses = [request(conn, "GET", "/sessions", served.token)[0] for _ in range(7)]
    assert statuses.count(429) >= 2, statuses
    assert 500 not in statuses


def test_unreachable_s3_answers_503(serve: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"):
        monkeypatch.setenv(name, "testing")
    monkeypatch.setenv("AWS_MAX_ATTEMPTS", "1")  # no retries with back-off: the answer at once
    dead = f"http://127.0.0.1:{free_port()}"
    served = serve(storage_url=f"s3://deckkit?endpoint_url={dead}&region=us-east-1")
    with contextlib.closing(served.connection()) as conn:
        assert_outage_answer(*request(conn, "POST", f"/sessions/{served.uuid}/render", served.token))
        status, _, _ = request(conn, "GET", f"/sessions/{served.uuid}", served.token)  # the same connection
    assert status == 200
    assert served.app.state.deckkit.outages.answered["storage service"] == 1


@pytest.mark.parametrize("fault", ["upload answered 500", "download cut short"])
def test_s3_failing_a_renders_transfer_answers_503(
    serve: Any, moto_s3: MotoS3, monkeypatch: pytest.MonkeyPatch, fault: str
) -> None:
    """S3 answering 500 to the rendered deck's PUT (boto3's upload_file wraps it in an error of its
    own), or cutting every read of the input zip short (download_file retries, then gives up with
    one): an outage like S3 out of reach; the render succeeds once S3 answers whole again."""
    import boto3

    monkeypatch.setenv("AWS_MAX_ATTEMPTS", "1")  # no retries with back-off: the answer at once
    bucket = moto_s3.new_bucket()
    with s3_proxy(moto_s3.endpoint) as proxy:
        served = serve(storage_url=f"s3://{bucket}?endpoint_url={proxy.endpoint}&region=us-east-1")
        record = served.app.state.deckkit.store.session_by_uuid(served.uuid)
        s3 = boto3.client("s3", endpoint_url=moto_s3.endpoint, region_name="us-east-1")
        s3.put_object(Bucket=bucket, Key=record.upload_key, Body=input_zip())
        if fault == "upload answered 500":
            proxy.fails = lambda method, path: method == "PUT"
            failing = f"PUT /{bucket}/sessions/{served.uuid}/output.pptx"
        else:
            proxy.cuts = lambda method, path: method == "GET"
            failing = f"GET /{bucket}/{record.upload_key}"
        render = f"/sessions/{served.uuid}/render"
        with contextlib.closing(served.connection()) as conn:
            assert_outage_answer(*request(conn, "POST", render, served.token))
            assert set(proxy.failed) == {failing}
            proxy.fails = proxy.cuts = lambda method, path: False
            status, body, _ = request(conn, "POST", render, served.token)  # the same connection
    assert status == 200, body
    assert json.loads(body)["session"]["render_succeeded"] is True
    assert served.app.state.deckkit.outages.answered["storage service"] == 1
