"""The console offers the PDF: ticked "and a PDF", the render's notice links it, the session's row too.

Real headless Chromium (Debian's package) driven by Playwright, the real renderer and LibreOffice.
``DECKKIT_E2E_SCREENSHOTS=folder`` keeps the page's picture there.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from tests.e2e.chromium import CHROMIUM
from tests.e2e.test_console_browser import console, page
from tests.server.conftest import LiveServer, input_zip

__all__ = ["console", "page"]

pytestmark = [
    pytest.mark.slow,
    pytest.mark.soffice,
    pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium package is not installed"),
]


def test_the_console_renders_with_a_pdf_and_links_it(
    console: tuple[LiveServer, str], page: object, tmp_path: Path
) -> None:
    from playwright.sync_api import Page, expect

    assert isinstance(page, Page)
    server, token = console
    page.goto(f"{server.url}/console")
    page.fill("input[name=token]", token)
    page.click("button[type=submit]")

    bundle = tmp_path / "input.zip"
    bundle.write_bytes(
        input_zip({"slides": [{"template": 1, "title": "Console PDF"}, {"template": 1, "title": "Page two"}]})
    )
    page.set_input_files("input[name=zip]", str(bundle))
    page.check("input[name=pdf]")
    page.click("form[action='/console/try'] button")
    expect(page.locator(".ok")).to_contain_text("Rendered 2 slides.")
    with page.expect_download() as download:
        page.click("text=Download the PDF")
    pdf = tmp_path / "out.pdf"
    download.value.save_as(pdf)
    assert download.value.suggested_filename.endswith(".pdf")
    text = subprocess.run(["pdftotext", str(pdf), "-"], check=True, capture_output=True, text=True).stdout
    pages = text.split("\f")[:-1]
    assert len(pages) == 2
    assert "Console PDF" in pages[0]

    # The session's row offers it too, for as long as the session is kept.
    row = page.locator("tr", has_text="succeeded").first
    expect(row.locator("a", has_text="PDF")).to_be_visible()
    with page.expect_download() as again:
        row.locator("a", has_text="PDF").click()
    assert again.value.suggested_filename.endswith(".pdf")

    shots = Path(os.environ.get("DECKKIT_E2E_SCREENSHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(shots / "console-pdf.png"), full_page=True)
    assert (shots / "console-pdf.png").read_bytes()[:4] == b"\x89PNG"
