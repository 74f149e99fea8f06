"""``formats=["pdf"]``: the body the client sends, and the PDF (or why not) it hands back."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from deckkit.client import APIError, RenderedDeck
from tests.client.fake_service import PDF_BYTES, PPTX_BYTES, FakeService
from tests.client.helpers import resolve

pytestmark = pytest.mark.anyio

ZIP = b"PK\x05\x06" + b"\x00" * 18


def _render_requests(service: FakeService) -> list[Any]:
    return [r for r in service.requests if r.url.path.endswith("/render")]


async def test_render_asks_for_the_pdf_and_downloads_it(
    api: Any, service: FakeService, tmp_path: Path
) -> None:
    rendered = await resolve(api.render(ZIP, formats=["pdf"]))
    assert isinstance(rendered, RenderedDeck)
    assert rendered.content == PPTX_BYTES
    assert rendered.pdf == PDF_BYTES
    assert rendered.pdf_message is None
    assert rendered.pdf_download_url is not None
    (request,) = _render_requests(service)
    assert json.loads(request.content) == {"formats": ["pdf"]}
    assert request.headers["content-type"] == "application/json"
    assert rendered.save_pdf(tmp_path / "deck.pdf").read_bytes() == PDF_BYTES
    assert "pdf=<" in repr(rendered)


async def test_without_formats_the_request_has_no_body(api: Any, service: FakeService) -> None:
    rendered = await resolve(api.render(ZIP))
    assert rendered.pdf is None
    (request,) = _render_requests(service)
    assert request.content == b""
    assert "content-type" not in request.headers
    with pytest.raises(APIError, match=r'has no PDF: none was asked: render with formats=\["pdf"\]'):
        rendered.save_pdf("never.pdf")


async def test_formats_and_strict_go_in_one_body(api: Any, service: FakeService) -> None:
    await resolve(api.render(ZIP, formats=["pdf", "pdf"], strict=True))
    (request,) = _render_requests(service)
    assert json.loads(request.content) == {"formats": ["pdf"], "strict": True}
    assert request.headers["content-type"] == "application/json"


async def test_strict_alone_sends_strict_alone(api: Any, service: FakeService) -> None:
    await resolve(api.render(ZIP, strict=True))
    (request,) = _render_requests(service)
    assert json.loads(request.content) == {"strict": True}


async def test_a_pdf_the_server_could_not_make_is_said_and_the_deck_kept(
    api: Any, service: FakeService
) -> None:
    service.pdf_message = (
        "the deck was rendered, but its PDF was not made: LibreOffice took longer than 2 seconds"
    )
    rendered = await resolve(api.render(ZIP, formats=["pdf"]))
    assert rendered.succeeded
    assert rendered.content == PPTX_BYTES
    assert rendered.pdf is None
    assert rendered.pdf_message == service.pdf_message


async def test_render_session_answers_with_the_pdf_fields(api: Any, service: FakeService) -> None:
    created = await resolve(api.create_session())
    await resolve(api.upload(created, ZIP))
    answer = await resolve(api.render_session(created, formats=("pdf",)))
    assert ".pdf?" in answer.pdf_download_url
    assert await resolve(api.download(answer.pdf_download_url)) == PDF_BYTES


@pytest.mark.parametrize(
    ("formats", "message"),
    [
        (["docx"], r"formats\[0\]: 'docx' is not a format a render makes \(it makes 'pdf'\)"),
        ("pdf", r"formats: give a list, such as \[\"pdf\"\], not the string 'pdf'"),
    ],
)
async def test_a_format_the_server_does_not_make_is_refused_before_sending(
    api: Any, service: FakeService, formats: Any, message: str
) -> None:
    created = await resolve(api.create_session())
    with pytest.raises(ValueError, match=message):
        await resolve(api.render_session(created, formats=formats))
    assert _render_requests(service) == []
