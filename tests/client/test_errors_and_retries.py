"""Retries, backoff and the exception tree, on scripted answers (MockTransport, sleep patched)."""

from __future__ import annotations

import email.utils
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from deckkit.client import (
    APIConnectionError,
    APIError,
    APIResponseValidationError,
    APIStatusError,
    APITimeoutError,
    AsyncClient,
    AuthenticationError,
    BadRequestError,
    Client,
    ClientConfigError,
    ConflictError,
    InternalServerError,
    NotFoundError,
    PayloadTooLargeError,
    PermissionDeniedError,
    RateLimitError,
    RenderFailed,
    RetryPolicy,
)
from deckkit.errors import BundleError, DeckkitError
from tests.client.fake_service import API, TOKEN, FakeService
from tests.client.helpers import resolve

pytestmark = pytest.mark.anyio

ZIP = b"PK\x05\x06" + b"\x00" * 18


def _error(status: int, code: str = "boom", headers: dict[str, str] | None = None) -> httpx.Response:
    return httpx.Response(
        status, json={"error": {"code": code, "message": f"{code} happened"}}, headers=headers
    )


def test_every_client_error_is_a_deckkit_error() -> None:
    for cls in (
        APIConnectionError,
        APITimeoutError,
        APIStatusError,
        RenderFailed,
        APIResponseValidationError,
    ):
        assert issubclass(cls, APIError)
    assert issubclass(APIError, DeckkitError)
    assert issubclass(ClientConfigError, DeckkitError)
    assert issubclass(APITimeoutError, APIConnectionError)
    for cls in (
        BadRequestError,
        AuthenticationError,
        PermissionDeniedError,
        NotFoundError,
        ConflictError,
        PayloadTooLargeError,
        RateLimitError,
        InternalServerError,
    ):
        assert issubclass(cls, APIStatusError)


@pytest.mark.parametrize(
    ("status", "cls"),
    [
        (400, BadRequestError),
        (401, AuthenticationError),
        (403, PermissionDeniedError),
        (404, NotFoundError),
        (409, ConflictError),
        (413, PayloadTooLargeError),
        (429, RateLimitError),
        (500, InternalServerError),
        (503, InternalServerError),
        (418, APIStatusError),
    ],
)
async def test_status_maps_to_its_class(
    api: Any, service: FakeService, status: int, cls: type[APIStatusError]
) -> None:
    service.script("GET /sessions", *[_error(status, "some_code")] * 5)
    with pytest.raises(cls) as caught:
        await resolve(api.list_sessions())
    error = caught.value
    assert type(error) is cls
    assert error.status_code == status
    assert error.code == "some_code"
    assert error.body == {"error": {"code": "some_code", "message": "some_code happened"}}
    assert error.response.status_code == status
    assert f"answered {status} some_code: some_code happened" in str(error)


async def test_wrong_token_is_an_authentication_error(service: FakeService, sleeps: list[float]) -> None:
    with (
        httpx.Client(transport=service.transport()) as http,
        Client(API, "wrong", http_client=http) as client,
        pytest.raises(AuthenticationError) as caught,
    ):
        client.create_session()
    assert caught.value.code == "unauthorized"
    assert "DECKKIT_API_TOKEN" in str(caught.value)
    assert sleeps == []  # a 401 is not retried


async def test_5xx_is_retried_with_growing_backoff(
    api: Any, service: FakeService, sleeps: list[float]
) -> None:
    service.script("GET /sessions", _error(500), _error(502))
    assert await resolve(api.list_sessions()) == []
    assert len(sleeps) == 2
    assert 0.375 <= sleeps[0] <= 0.5
    assert 0.75 <= sleeps[1] <= 1.0
    assert len(service.requests) == 3


async def test_5xx_gives_up_after_max_retries(api: Any, service: FakeService, sleeps: list[float]) -> None:
    service.script("POST /sessions", *[_error(503, "unavailable")] * 3)
    with pytest.raises(InternalServerError) as caught:
        await resolve(api.create_session())
    assert caught.value.status_code == 503
    assert len(sleeps) == 2
    assert len(service.requests) == 3


async def test_429_honours_retry_after(api: Any, service: FakeService, sleeps: list[float]) -> None:
    service.script("POST /sessions", _error(429, "rate_limited", {"Retry-After": "7"}))
    created = await resolve(api.create_session())
    assert created.session.uuid
    assert sleeps == [7.0]


def test_retry_after_forms() -> None:
    policy = RetryPolicy()
    assert policy.delay(0, {"retry-after-ms": "250"}) == 0.25
    assert policy.delay(0, {"Retry-After": "3"}) == 3.0
    later = email.utils.formatdate(time.time() + 30, usegmt=True)
    assert 25 <= policy.delay(0, {"Retry-After": later}) <= 30
    # Absurd waits fall back to our own backoff, capped.
    assert policy.delay(10, {"Retry-After": "3600"}) <= policy.max_delay
    assert policy.delay(10, {"Retry-After": "soon"}) <= policy.max_delay
    assert all(0.375 <= policy.delay(0) <= 0.5 for _ in range(50))


async def test_connection_errors_are_retried_then_raised(
    api: Any, service: FakeService, sleeps: list[float]
) -> None:
    service.script("GET /sessions", httpx.ConnectError("refused"), httpx.ReadError("reset"))
    assert await resolve(api.list_sessions()) == []
    assert len(sleeps) == 2
    service.script("GET /sessions", *[httpx.ConnectError("refused")] * 3)
    with pytest.raises(APIConnectionError) as caught:
        await resolve(api.list_sessions())
    assert not isinstance(caught.value, APITimeoutError)
    assert "DECKKIT_BASE_URL" in str(caught.value)
    assert isinstance(caught.value.__cause__, httpx.ConnectError)


async def test_timeouts_have_their_own_class(api: Any, service: FakeService, sleeps: list[float]) -> None:
    service.script("POST /sessions", *[httpx.ReadTimeout("slow")] * 3)
    with pytest.raises(APITimeoutError) as caught:
        await resolve(api.create_session())
    assert "timeout=" in str(caught.value)
    assert len(sleeps) == 2


async def test_render_is_retried_after_a_5xx(api: Any, service: FakeService, sleeps: list[float]) -> None:
    created = await resolve(api.create_session())
    await resolve(api.upload(created, ZIP))
    service.script(f"POST /sessions/{created.session.uuid}/render", _error(502), httpx.ReadTimeout("slow"))
    rendered = await resolve(api.render_session(created))
    assert rendered.succeeded
    assert len(sleeps) == 2


async def test_upload_is_retried_with_the_whole_body(api: Any, service: FakeService, tmp_path: Path) -> None:
    path = tmp_path / "bundle.zip"
    path.write_bytes(ZIP * 1000)
    created = await resolve(api.create_session())
    service.script(
        "POST /bucket", httpx.Response(503, content=b"<Error><Code>ServiceUnavailable</Code></Error>")
    )
    await resolve(api.upload(created, path))
    assert service.sessions[created.session.uuid].uploaded == ZIP * 1000
    uploads = [r for r in service.requests if r.url.host == "storage.test"]
    assert len(uploads) == 2
    assert uploads[0].content == uploads[1].content.replace(
        uploads[1].headers["content-type"].split("=")[1].encode(),
        uploads[0].headers["content-type"].split("=")[1].encode(),
    )


async def test_no_retries_when_max_retries_is_zero(service: FakeService, sleeps: list[float]) -> None:
    service.script("GET /sessions", _error(500))
    async with httpx.AsyncClient(transport=service.transport()) as http:
        client = AsyncClient(API, TOKEN, max_retries=0, http_client=http)
        with pytest.raises(InternalServerError):
            await client.list_sessions()
    assert sleeps == []


async def test_storage_xml_errors_map_by_code(api: Any, service: FakeService) -> None:
    created = await resolve(api.create_session())
    service.max_bytes = 10  # storage refuses: the policy the form carries still says 50 MB
    with pytest.raises(PayloadTooLargeError) as too_large:
        await resolve(api.upload(created, ZIP))
    assert too_large.value.code == "EntityTooLarge"
    assert too_large.value.status_code == 400
    assert "maximum allowed size" in str(too_large.value)
    tampered = created.upload.model_copy(
        update={"params": {**created.upload.params, "X-Amz-Signature": "forged"}}
    )
    with pytest.raises(PermissionDeniedError) as denied:
        await resolve(api.upload(tampered, ZIP))
    assert denied.value.code == "AccessDenied"
    assert "X-Amz-Signature" not in str(denied.value)


async def test_a_zip_over_the_policy_limit_is_refused_before_sending(api: Any, service: FakeService) -> None:
    service.max_bytes = 10
    created = await resolve(api.create_session())
    sent_before = len(service.requests)
    with pytest.raises(BundleError, match="at most"):
        await resolve(api.upload(created, ZIP))
    assert len(service.requests) == sent_before


async def test_unexpected_2xx_body_is_a_validation_error(api: Any, service: FakeService) -> None:
    service.script("POST /sessions", httpx.Response(201, json={"hello": "world"}))
    with pytest.raises(APIResponseValidationError, match="SessionResponse"):
        await resolve(api.create_session())
    service.script("GET /sessions", httpx.Response(200, text="<html>proxy page</html>"))
    with pytest.raises(APIResponseValidationError):
        await resolve(api.list_sessions())


async def test_html_error_page_still_gives_a_status_error(api: Any, service: FakeService) -> None:
    service.script(
        "GET /sessions", httpx.Response(404, text="Not Found", headers={"content-type": "text/plain"})
    )
    with pytest.raises(NotFoundError, match="Not Found"):
        await resolve(api.list_sessions())


async def test_download_errors_leave_no_file(api: Any, service: FakeService, tmp_path: Path) -> None:
    url = "http://storage.test/bucket/outputs/x.pptx?X-Amz-Signature=s"
    service.expired_downloads.add(url)
    with pytest.raises(PermissionDeniedError):
        await resolve(api.download(url, tmp_path / "deck.pptx"))
    assert list(tmp_path.iterdir()) == []


async def test_settings_come_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, service: FakeService
) -> None:
    monkeypatch.setenv("DECKKIT_BASE_URL", API + "/")
    monkeypatch.setenv("DECKKIT_API_TOKEN", TOKEN)
    with httpx.Client(transport=service.transport()) as http:
        client = Client(http_client=http)
        assert client.base_url == API
        client.create_session()
    assert service.requests[-1].headers["authorization"] == f"Bearer {TOKEN}"
    assert AsyncClient(timeout=5).max_retries == 2


def test_missing_settings_are_config_errors() -> None:
    with pytest.raises(ClientConfigError, match="DECKKIT_BASE_URL"):
        Client(token="t")
    with pytest.raises(ClientConfigError, match="DECKKIT_API_TOKEN"):
        Client("http://127.0.0.1:9")
    with pytest.raises(ClientConfigError, match="not an http"):
        Client("localhost:8000", "t")
    with pytest.raises(ClientConfigError, match="max_retries"):
        Client("http://127.0.0.1:9", "t", max_retries=-1)


def test_unknown_source_type_is_refused(client: Client) -> None:
    with pytest.raises(TypeError, match="cannot upload a int"):
        client.upload(client.create_session(), 42)  # type: ignore[arg-type]
    with pytest.raises(BundleError, match="no such zip file"):
        client.render(Path("/nonexistent/bundle.zip"))


def test_real_connection_refused_is_a_connection_error(sleeps: list[float]) -> None:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with Client(f"http://127.0.0.1:{port}", "t", max_retries=1) as client, pytest.raises(APIConnectionError):
        client.list_sessions()
    assert len(sleeps) == 1
