"""``{"formats": ["pdf"]}``: the render worker makes the deck's PDF, kept and expired with the session.

In process with the real renderer and LibreOffice; the failures a user can meet (no LibreOffice,
a conversion past its time) run against ``deckkit serve`` processes started with that machine
(tests/server/test_pdf_failures.py).
"""

from __future__ import annotations

import subprocess
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from deckkit_server.retention import purge_expired
from deckkit_server.settings import SESSION_LIFETIME_SECONDS
from tests.server.conftest import Api, FakeClock, _api, input_zip, make_settings
from tests.server.test_api import assert_error, create, upload

pytestmark = [pytest.mark.anyio, pytest.mark.slow, pytest.mark.soffice]


@pytest.fixture
async def real(tmp_path: Path, clock: FakeClock) -> AsyncIterator[Api]:
    """The app with the real renderer in its workers (one: the machine is shared)."""
    settings = make_settings(tmp_path, render_function="deckkit.renderer:render_bundle", render_workers=1)
    async for value in _api(settings, clock):
        yield value


def _two_slides() -> bytes:
    return input_zip(
        {"slides": [{"template": 1, "title": "North up 4%"}, {"template": 1, "title": "South flat"}]}
    )


async def _rendered(api: Api, body: Any = None, content: bytes | None = None) -> dict[str, Any]:
    created = await create(api)
    assert (await upload(api, created, content or _two_slides())).status_code == 204
    uuid = created["session"]["uuid"]
    response = await api.client.post(f"/sessions/{uuid}/render", headers=api.auth(), json=body)
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


async def _get(api: Api, url: str) -> httpx.Response:
    return await api.client.get(url.replace("http://testserver", ""))


def _pdf_texts(pdf: bytes) -> list[str]:
    text = subprocess.run(["pdftotext", "-", "-"], input=pdf, check=True, capture_output=True).stdout
    return text.decode().split("\f")[:-1]


async def test_a_render_asking_for_a_pdf_answers_with_its_url(real: Api) -> None:
    answer = await _rendered(real, {"formats": ["pdf"]})
    assert answer["session"]["render_succeeded"] is True
    assert answer["pdf_message"] is None
    assert set(answer) == {"session", "download_url", "pdf_download_url", "pdf_message"}
    response = await _get(real, answer["pdf_download_url"])
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/pdf"
    uuid = answer["session"]["uuid"]
    assert response.headers["content-disposition"] == f'attachment; filename="{uuid}.pdf"'
    pages = _pdf_texts(response.content)
    assert len(pages) == answer["session"]["render_slide_count"] == 2
    assert "North up 4%" in pages[0]
    assert "South flat" in pages[1]
    deck = await _get(real, answer["download_url"])
    assert deck.content.startswith(b"PK")  # the pptx is still the pptx

    again = (await real.client.post(f"/sessions/{uuid}/download_url", headers=real.auth())).json()
    assert again["pdf_message"] is None
    assert (await _get(real, again["pdf_download_url"])).content == response.content


async def test_without_a_body_there_is_no_pdf_until_one_is_asked(real: Api) -> None:
    answer = await _rendered(real)
    assert answer["pdf_download_url"] is None
    assert answer["pdf_message"] is None
    uuid = answer["session"]["uuid"]
    later = await real.client.post(f"/sessions/{uuid}/render", headers=real.auth(), json={"formats": ["pdf"]})
    assert later.status_code == 200
    assert later.json()["session"] == answer["session"]  # rendered once, not again
    pdf = (await _get(real, later.json()["pdf_download_url"])).content
    assert len(_pdf_texts(pdf)) == 2


async def test_a_failed_render_has_no_pdf_and_says_why_in_render_message(real: Api) -> None:
    answer = await _rendered(real, {"formats": ["pdf"]}, input_zip({"slides": [{"template": 9}]}))
    assert answer["session"]["render_succeeded"] is False
    assert answer["pdf_download_url"] is None
    assert answer["pdf_message"] is None
    assert "template" in answer["session"]["render_message"]


async def test_the_pdf_expires_with_its_session(real: Api) -> None:
    answer = await _rendered(real, {"formats": ["pdf"]})
    storage = real.state.storage
    key = f"sessions/{answer['session']['uuid']}/output.pdf"
    assert await storage.exists(key)
    real.clock.advance(SESSION_LIFETIME_SECONDS + 1)
    assert await purge_expired(real.state) == 1
    assert not await storage.exists(key)


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        ({"formats": ["docx"]}, 400, 'formats[0]: "docx" is not a format a render makes (it makes "pdf")'),
        ({"formats": "pdf"}, 400, 'formats: must be a list, such as ["pdf"], not a string'),
        (
            {"format": ["pdf"]},
            400,
            'format: not a field of a render request (its fields are "formats" and "strict")',
        ),
        ({"strict": "yes"}, 400, "strict: must be true or false, not a string"),
        (["pdf"], 400, 'the body must be a JSON object, such as {"formats": ["pdf"]}, not a list'),
        (b"{formats", 400, 'the body is not JSON; send {"formats": ["pdf"]}, or no body'),
        (b"x" * 5000, 413, "the render request's body is over 4096 bytes"),
    ],
)
async def test_a_body_that_is_no_render_request_is_refused_saying_where(
    api: Api, body: Any, status: int, message: str
) -> None:
    created = await create(api)
    assert (await upload(api, created)).status_code == 204
    url = f"/sessions/{created['session']['uuid']}/render"
    if isinstance(body, bytes):
        response = await api.client.post(url, headers=api.auth(), content=body)
    else:
        response = await api.client.post(url, headers=api.auth(), json=body)
    assert_error(response, status, "bad_request" if status == 400 else "too_large")
    assert response.json()["error"]["message"].startswith(message)
    unrendered = await api.client.get(f"/sessions/{created['session']['uuid']}", headers=api.auth())
    assert unrendered.json()["session"]["rendered_at"] is None  # nothing was rendered


async def test_one_render_request_asks_for_a_pdf_and_strictness_together(real: Api) -> None:
    clean = await _rendered(real, {"formats": ["pdf"], "strict": True})
    assert clean["session"]["render_succeeded"] is True
    assert clean["session"]["render_warnings"] == []
    assert clean["pdf_download_url"] is not None
    typo = input_zip({"slides": [{"template": 1, "titel": "North up 4%"}]})
    warned = await _rendered(real, {"formats": ["pdf"], "strict": True}, typo)
    assert warned["session"]["render_succeeded"] is False
    assert "slides[0].titel: template slide 1 has no key `titel`" in warned["session"]["render_message"]
    assert warned["download_url"] is None
    assert warned["pdf_download_url"] is None  # a strict render that warns keeps nothing, no PDF either
    uuid = warned["session"]["uuid"]
    storage = real.state.storage
    assert not await storage.exists(f"sessions/{uuid}/output.pdf")
    assert not await storage.exists(f"sessions/{uuid}/output.pptx")


async def test_a_pdf_that_meets_a_full_disk_leaves_the_deck_and_no_staging_file(real: Api) -> None:
    storage = real.state.storage
    staged = storage.staging_path
    made: list[Path] = []

    def second_on_a_full_disk() -> Path:  # the deck's staging file first, then the PDF's on /dev/full
        path = staged()
        if made:
            path.symlink_to("/dev/full")
        made.append(path)
        return path

    storage.staging_path = second_on_a_full_disk  # type: ignore[method-assign]
    try:
        answer = await _rendered(real, {"formats": ["pdf"]})
    finally:
        storage.staging_path = staged  # type: ignore[method-assign]
    assert answer["session"]["render_succeeded"] is True
    assert answer["pdf_download_url"] is None
    assert answer["pdf_message"].startswith("the deck was rendered, but its PDF was not made: no space left")
    assert (await _get(real, answer["download_url"])).status_code == 200
    assert len(made) == 2
    assert not [path for path in made if path.is_symlink() or path.exists()]  # no staging file stays
