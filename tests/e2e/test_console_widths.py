"""The console on a phone (400 px) and a laptop (1280 px), in Chromium: nothing overflows its card,
ids and times are short with the whole value on hover and in a copy, every kept deck has a link.

Screenshots of both widths are written to DECKKIT_SCREENSHOTS (a folder) when it is set, to look
at after a change to the console's pages.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.e2e.chromium import CHROMIUM, CHROMIUM_ARGS
from tests.server.conftest import LiveServer, input_zip, start_live_server

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium package is not installed"),
]

LONG_MESSAGE_DATA = {
    "slides": [{"template": 7, "title": "x" * 30, "a-rather-long-key-name-for-a-table": "y"}]
}


@pytest.fixture(scope="module")
def console(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LiveServer, str]]:
    from deckkit_server.app import create_app
    from deckkit_server.settings import Settings

    app = create_app(Settings(data_dir=tmp_path_factory.mktemp("widths") / "data", render_timeout=120))
    state = app.state.deckkit
    account = state.store.create_account("analyst with a rather long team name", state.clock())
    token = str(state.store.create_token(account.id, "first", state.clock())[1])
    for name in ("laptop", "ci pipeline of the reporting team"):
        state.store.create_token(account.id, name, state.clock())
    server = start_live_server(app)
    yield server, token
    server.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    playwright_api = pytest.importorskip("playwright.sync_api")
    with playwright_api.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


OVERFLOWING = """() => {
  const wide = [];
  const limit = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > limit) wide.push("page " + document.documentElement.scrollWidth);
  for (const el of document.querySelectorAll("section, header, table, tr, td, th, form, pre, code.token")) {
    const box = el.getBoundingClientRect();
    if (box.right > limit + 0.5) wide.push(el.tagName + " right edge " + box.right);
    if (el.tagName === "SECTION" && el.scrollWidth > el.clientWidth) wide.push("section content " + el.scrollWidth);
  }
  return wide;
}"""


@pytest.mark.parametrize("width", [400, 1280])
def test_console_fits_and_shortens_at(
    width: int, console: tuple[LiveServer, str], browser: object, tmp_path: Path
) -> None:
    from playwright.sync_api import Browser, expect

    assert isinstance(browser, Browser)
    server, token = console
    context = browser.new_context(viewport={"width": width, "height": 900}, accept_downloads=True)
    page = context.new_page()
    try:
        page.goto(f"{server.url}/console")
        assert page.evaluate(OVERFLOWING) == []  # the sign-in page
        page.fill("input[name=token]", token)
        page.click("button[type=submit]")
        for data in (None, LONG_MESSAGE_DATA):  # a deck, and a failure with a long message
            bundle = tmp_path / "input.zip"
            bundle.write_bytes(input_zip(data))
            page.set_input_files("input[name=zip]", str(bundle))
            page.click("form[action='/console/try'] button")
            expect(page.locator("h2", has_text="Sessions")).to_be_visible()
        page.goto(f"{server.url}/console/")  # the list as a later visit shows it

        assert page.evaluate(OVERFLOWING) == []

        ids = page.locator("code.id")
        assert ids.count() >= 5  # the account, two sessions, three tokens
        for i in range(ids.count()):
            full = ids.nth(i).get_attribute("title") or ""
            assert len(full) >= 16
            assert ids.nth(i).inner_text() == full  # copying the cell copies the whole id
            assert ids.nth(i).evaluate("e => e.scrollWidth > e.clientWidth"), "the id is shown whole"
        times = page.locator("time")
        assert times.count() >= 6
        first = times.first
        assert first.get_attribute("datetime") == (first.get_attribute("title") or "").removesuffix(" (UTC)")
        assert len(first.inner_text()) == len("11-27 09:00:05")

        # The earlier, succeeded session offers its deck; the failed one does not.
        rows = page.locator("tr", has=page.locator("code.id")).filter(has_text="succeeded")
        assert rows.count() >= 1
        expect(rows.locator("text=Download")).to_have_count(rows.count())
        with page.expect_download() as download:
            rows.first.locator("text=Download").click()
        assert download.value.suggested_filename.endswith(".pptx")
        expect(page.locator("tr", has_text="failed").locator("text=Download")).to_have_count(0)

        shots = os.environ.get("DECKKIT_SCREENSHOTS")
        target = Path(shots) if shots else tmp_path
        target.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(target / f"console-{width}.png"), full_page=True)
        page.goto(f"{server.url}/docs")
        expect(page.locator(".swagger-ui")).to_be_visible()
        expect(page.locator(".opblock-summary-path", has_text="/sessions/{uuid}/render")).to_be_visible()
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width
        page.screenshot(path=str(target / f"docs-{width}.png"), full_page=False)
    finally:
        context.close()
