"""A PDF that cannot be made is said beside a good deck, never a 500: ``deckkit serve`` on a
machine without LibreOffice, and one whose LibreOffice hangs past ``DECKKIT_PDF_TIMEOUT``.

The server runs as a process of its own (its render workers see its PATH), reached through the
Python client, sync and async.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import deckkit
from deckkit.client import AsyncClient, Client
from tests.serve_process import deckkit_serve

pytestmark = [pytest.mark.slow, pytest.mark.soffice]


def _deck() -> deckkit.Deck:
    deck = deckkit.Deck(deckkit.examples.template())
    deck.add_slide(1, title="Still a deck", subtitle="without its PDF")
    return deck


def test_without_libreoffice_the_deck_succeeds_and_pdf_message_names_the_package(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    empty = tmp_path / "bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))  # the server's own Python comes first (deckkit_serve)
    with deckkit_serve(tmp_path) as server, Client(server.base_url, server.token) as client:
        rendered = client.render(_deck(), formats=["pdf"])
        assert rendered.succeeded
        assert rendered.content.startswith(b"PK")
        assert rendered.pdf is None
        assert rendered.pdf_download_url is None
        assert rendered.pdf_message == (
            "the deck was rendered, but its PDF was not made: a PDF of the deck needs LibreOffice "
            "(soffice), which is not installed (or not on PATH): install the Debian package "
            "libreoffice-impress (apt-get install libreoffice-impress)"
        )
        with pytest.raises(deckkit.APIError, match="has no PDF: the deck was rendered"):
            rendered.save_pdf(tmp_path / "deck.pdf")
        again = client.reissue_download_url(rendered.session)
        assert again.download_url is not None
        assert again.pdf_message == rendered.pdf_message


@pytest.mark.anyio
async def test_a_conversion_past_its_time_is_stopped_and_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "soffice").write_text("#!/bin/sh\nsleep 600 &\nwait\n")
    (fake / "soffice").chmod(0o755)
    monkeypatch.setenv("PATH", f"{fake}{os.pathsep}{os.environ['PATH']}")
    with deckkit_serve(tmp_path, settings={"DECKKIT_PDF_TIMEOUT": "2"}) as server:
        async with AsyncClient(server.base_url, server.token) as client:
            rendered = await client.render(_deck(), formats=["pdf"])
    assert rendered.succeeded
    assert rendered.pdf is None
    assert rendered.pdf_message == (
        "the deck was rendered, but its PDF was not made: LibreOffice took longer than 2 seconds and was stopped"
    )
    assert "Traceback" not in "".join(server.output)


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"
