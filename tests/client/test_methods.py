"""Every method of Client and AsyncClient against the fake service (MockTransport)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

from deckkit.client import (
    ConflictError,
    NotFoundError,
    RenderedDeck,
    RenderFailed,
    RenderResponse,
    SessionResponse,
    SessionState,
    TransferProgress,
)
from tests.client.fake_service import PPTX_BYTES, STORAGE, TOKEN, FakeService, parse_multipart
from tests.client.helpers import resolve

pytestmark = pytest.mark.anyio

ZIP = b"PK\x05\x06" + b"\x00" * 18  # an empty zip: the fake service does not open it


class FakeDeck:
    """Anything with to_zip_bytes() uploads like a Deck."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.calls = 0

    def to_zip_bytes(self) -> bytes:
        self.calls += 1
        return self.data


async def test_create_session_returns_session_and_upload_form(api: Any, service: FakeService) -> None:
    created = await resolve(api.create_session())
    assert isinstance(created, SessionResponse)
    assert created.session.state is SessionState.UNRENDERED
    assert created.session.rendered_at is None
    assert created.upload.action == f"{STORAGE}/bucket"
    assert created.upload.params["key"] == service.sessions[created.session.uuid].key
    sent = service.requests[-1]
    assert (sent.method, sent.url.path) == ("POST", "/v1/sessions")
    assert sent.headers["authorization"] == f"Bearer {TOKEN}"


async def test_list_and_get_sessions(api: Any) -> None:
    first = await resolve(api.create_session())
    second = await resolve(api.create_session())
    listed = await resolve(api.list_sessions())
    assert [s.uuid for s in listed] == [first.session.uuid, second.session.uuid]
    assert all(s.state is SessionState.UNRENDERED for s in listed)
    fetched = await resolve(api.get_session(second.session.uuid))
    assert fetched.session.uuid == second.session.uuid
    assert fetched.upload.params["key"] == second.upload.params["key"]
    # Any result that carries the session names it as well as its uuid does.
    assert (await resolve(api.get_session(second))).session.uuid == second.session.uuid


async def test_upload_sends_every_param_in_order_file_last_and_no_token(
    api: Any, service: FakeService
) -> None:
    created = await resolve(api.create_session())
    await resolve(api.upload(created, ZIP))
    upload = service.requests[-1]
    assert upload.url == f"{STORAGE}/bucket"
    assert "authorization" not in upload.headers
    parts = parse_multipart(upload)
    assert [name for name, _, _ in parts] == [*created.upload.params, "file"]
    assert [payload.decode() for _, _, payload in parts[:-1]] == list(created.upload.params.values())
    assert parts[-1][2] == ZIP
    assert int(upload.headers["content-length"]) == len(upload.content)
    assert service.sessions[created.session.uuid].uploaded == ZIP


@pytest.mark.parametrize(
    "kind", ["deck", "path", "str path", "bytes", "bytearray", "file", "unseekable file"]
)
async def test_upload_accepts_every_kind_of_source(
    api: Any, service: FakeService, tmp_path: Path, kind: str
) -> None:
    path = tmp_path / "bundle.zip"
    path.write_bytes(ZIP)
    sources: dict[str, Any] = {
        "deck": lambda: FakeDeck(ZIP),
        "path": lambda: path,
        "str path": lambda: str(path),
        "bytes": lambda: ZIP,
        "bytearray": lambda: bytearray(ZIP),
        "file": lambda: path.open("rb"),
        "unseekable file": lambda: _Unseekable(ZIP),
    }
    source = sources[kind]()
    created = await resolve(api.create_session())
    try:
        await resolve(api.upload(created, source))
    finally:
        if hasattr(source, "close"):
            source.close()
    assert service.sessions[created.session.uuid].uploaded == ZIP
    filename = parse_multipart(service.requests[-1])[-1][1]
    assert filename == ("bundle.zip" if "path" in kind or kind == "file" else "deck.zip")


async def test_upload_by_uuid_fetches_the_form(api: Any, service: FakeService) -> None:
    created = await resolve(api.create_session())
    await resolve(api.upload(created.session.uuid, ZIP))
    assert [r.method for r in service.requests[-2:]] == ["GET", "POST"]
    assert service.sessions[created.session.uuid].uploaded == ZIP


async def test_upload_reports_progress(api: Any) -> None:
    events: list[TransferProgress] = []
    data = bytes(200_000)
    created = await resolve(api.create_session())
    await resolve(api.upload(created, data, progress=events.append))
    assert events[0].done == 0
    assert events[-1].done == events[-1].total == len(data)
    assert all(e.direction == "upload" for e in events)
    assert [e.done for e in events] == sorted(e.done for e in events)
    assert len(events) > 3  # chunked, not one jump


async def test_render_reissue_and_download(api: Any, service: FakeService, tmp_path: Path) -> None:
    created = await resolve(api.create_session())
    await resolve(api.upload(created, ZIP))
    rendered = await resolve(api.render_session(created))
    assert isinstance(rendered, RenderResponse)
    assert rendered.succeeded
    assert rendered.session.state is SessionState.SUCCEEDED
    assert rendered.session.render_slide_count == 3
    assert rendered.download_url is not None
    reissued = await resolve(api.reissue_download_url(created.session.uuid))
    assert reissued.download_url != rendered.download_url
    assert await resolve(api.download(reissued)) == PPTX_BYTES
    download = service.requests[-1]
    assert "authorization" not in download.headers
    target = tmp_path / "out" / "deck.pptx"
    written = await resolve(api.download(rendered.download_url, target))
    assert written == target
    assert target.read_bytes() == PPTX_BYTES
    assert [p.name for p in target.parent.iterdir()] == ["deck.pptx"]  # no temporary file left
    fetched = await resolve(api.get_session(created))
    assert fetched.session.render_slide_count == 3


async def test_render_is_retried_safely_and_renders_once(api: Any, service: FakeService) -> None:
    created = await resolve(api.create_session())
    await resolve(api.upload(created, ZIP))
    first = await resolve(api.render_session(created))
    again = await resolve(api.render_session(created))
    assert service.renders_performed == 1
    assert again.session.rendered_at == first.session.rendered_at


async def test_download_reports_progress(api: Any) -> None:
    created = await resolve(api.create_session())
    await resolve(api.upload(created, ZIP))
    rendered = await resolve(api.render_session(created))
    events: list[TransferProgress] = []
    await resolve(api.download(rendered, progress=events.append))
    assert events[-1].done == events[-1].total == len(PPTX_BYTES)
    assert {e.direction for e in events} == {"download"}


async def test_render_flow_returns_the_pptx(api: Any, service: FakeService, tmp_path: Path) -> None:
    deck = FakeDeck(ZIP)
    events: list[TransferProgress] = []
    result = await resolve(api.render(deck, to=tmp_path / "deck.pptx", progress=events.append))
    assert isinstance(result, RenderedDeck)
    assert result.content == PPTX_BYTES
    assert result.slide_count == 3
    assert result.succeeded
    assert result.path == tmp_path / "deck.pptx"
    assert (tmp_path / "deck.pptx").read_bytes() == PPTX_BYTES
    assert deck.calls == 1
    assert {e.direction for e in events} == {"upload", "download"}
    routes = [f"{r.method} {r.url.host}{r.url.path}" for r in service.requests]
    assert routes[:3] == [
        "POST api.test/v1/sessions",
        "POST storage.test/bucket",
        f"POST api.test/v1/sessions/{result.session.uuid}/render",
    ]
    assert routes[3].startswith("GET storage.test/bucket/outputs/")


async def test_failed_render_raises_with_the_message(api: Any, service: FakeService) -> None:
    reason = 'slides[2].sales: no table with alt text "sales" on template slide 3'
    service.render_outcome = lambda _zip: (False, None, reason)
    with pytest.raises(RenderFailed) as caught:
        await resolve(api.render(ZIP))
    assert caught.value.render_message == reason
    assert reason in str(caught.value)
    assert caught.value.session.state is SessionState.FAILED


async def test_failed_render_is_returned_when_asked(api: Any, service: FakeService) -> None:
    service.render_outcome = lambda _zip: (False, None, "slides[0].title: bad")
    result = await resolve(api.render(ZIP, raise_on_failure=False))
    assert not result.succeeded
    assert result.content == b""
    assert result.session.render_message == "slides[0].title: bad"
    created = await resolve(api.create_session())
    await resolve(api.upload(created, ZIP))
    returned = await resolve(api.render_session(created, raise_on_failure=False))
    assert returned.session.state is SessionState.FAILED
    assert returned.download_url is None
    with pytest.raises(RenderFailed):
        await resolve(api.download(returned))
    with pytest.raises(RenderFailed):
        result.save("never.pptx")


async def test_render_flow_reissues_an_expired_download_url(api: Any, service: FakeService) -> None:
    original = service._rendered

    def expire_first(session: Any) -> Any:
        response = original(session)
        if not service.expired_downloads:
            service.expired_downloads.add(response.json()["download_url"])
        return response

    service._rendered = expire_first  # type: ignore[method-assign]
    result = await resolve(api.render(ZIP))
    assert result.content == PPTX_BYTES
    assert any(r.url.path.endswith("/download_url") for r in service.requests)


async def test_earlier_session_shape_reads_the_same(api: Any, service: FakeService) -> None:
    service.earlier_shape = True
    created = await resolve(api.create_session())
    assert created.session.state is SessionState.UNRENDERED
    await resolve(api.upload(created, ZIP))
    rendered = await resolve(api.render_session(created))
    assert rendered.session.state is SessionState.SUCCEEDED
    assert rendered.session.rendered_at is not None
    assert rendered.session.model_extra["is_rendered"] is True
    listed = await resolve(api.list_sessions())
    assert listed[0].state is SessionState.SUCCEEDED


async def test_conflict_and_not_found_carry_code_and_body(api: Any) -> None:
    created = await resolve(api.create_session())
    with pytest.raises(ConflictError) as not_uploaded:
        await resolve(api.render_session(created))
    assert not_uploaded.value.code == "not_uploaded"
    assert not_uploaded.value.status_code == 409
    assert not_uploaded.value.body == {
        "error": {"code": "not_uploaded", "message": "upload the zip before rendering"}
    }
    with pytest.raises(ConflictError) as not_rendered:
        await resolve(api.reissue_download_url(created))
    assert not_rendered.value.code == "not_rendered"
    with pytest.raises(NotFoundError) as missing:
        await resolve(api.get_session("00000000-0000-0000-0000-000000000000"))
    assert missing.value.response.status_code == 404
    assert "24 hours" in str(missing.value)


class _Unseekable(io.RawIOBase):
    def __init__(self, data: bytes) -> None:
        self._inner = io.BytesIO(data)

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return False

    def readinto(self, buffer: Any) -> int:
        chunk = self._inner.read(len(buffer))
        buffer[: len(chunk)] = chunk
        return len(chunk)


@pytest.mark.parametrize("anyio_backend", ["trio"])
async def test_async_client_runs_under_trio(anyio_backend: str, service: FakeService) -> None:
    import dataclasses

    import httpx

    from deckkit.client import AsyncClient
    from tests.client.fake_service import API

    service.script("POST /sessions", httpx.Response(503))
    async with (
        httpx.AsyncClient(transport=service.transport()) as http,
        AsyncClient(API, TOKEN, http_client=http) as client,
    ):
        # A real (short) backoff sleep, so that the sleep itself runs under trio.
        client._settings.retry = dataclasses.replace(client._settings.retry, initial_delay=0.01)
        result = await client.render(ZIP)
    assert result.content == PPTX_BYTES
    assert [r.method for r in service.requests[:2]] == ["POST", "POST"]
