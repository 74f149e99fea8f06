"""The web console in a real headless Chromium (Debian's package) driven by Playwright."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.e2e.chromium import CHROMIUM, CHROMIUM_ARGS
from tests.readers import assert_readable
from tests.server.conftest import LiveServer, input_zip, start_live_server, template_bytes

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium package is not installed"),
]


@pytest.fixture
def console(tmp_path: Path) -> Iterator[tuple[LiveServer, str]]:
    from deckkit_server.app import create_app
    from deckkit_server.settings import Settings

    app = create_app(Settings(data_dir=tmp_path / "data", render_timeout=120))
    state = app.state.deckkit
    account = state.store.create_account("analyst", state.clock())
    token = str(state.store.create_token(account.id, "first", state.clock())[1])
    server = start_live_server(app)
    yield server, token
    server.stop()


@pytest.fixture
def page(tmp_path: Path) -> Iterator[object]:
    playwright_api = pytest.importorskip("playwright.sync_api")
    with playwright_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        context = browser.new_context(accept_downloads=True)
        yield context.new_page()
        context.close()
        browser.close()


def test_sign_in_render_download_and_manage_tokens(
    console: tuple[LiveServer, str], page: object, tmp_path: Path
) -> None:
    from playwright.sync_api import Page, expect

    assert isinstance(page, Page)
    server, token = console
    page.goto(f"{server.url}/console")

    # A wrong token is refused on the page, with no stack trace.
    page.fill("input[name=token]", "not-a-token")
    page.click("button[type=submit]")
    expect(page.locator(".error")).to_contain_text("unknown or revoked")

    page.fill("input[name=token]", token)
    page.click("button[type=submit]")
    expect(page.locator("h2", has_text="Try a render")).to_be_visible()

    # Try a render: upload a zip from disk, get a download link, download the deck.
    bundle = tmp_path / "input.zip"
    bundle.write_bytes(input_zip())
    page.set_input_files("input[name=zip]", str(bundle))
    page.click("form[action='/console/try'] button")
    expect(page.locator(".ok")).to_contain_text("Rendered 1 slide.")
    with page.expect_download() as download:
        page.click("text=Download the deck")
    out = tmp_path / "out.pptx"
    download.value.save_as(out)
    template = tmp_path / "template.pptx"
    template.write_bytes(template_bytes())
    assert_readable(out, template, pages=1, libreoffice=False)
    expect(page.locator("table").first).to_contain_text("succeeded")

    # A failed render shows the renderer's message.
    broken = tmp_path / "broken.zip"
    broken.write_bytes(input_zip({"slides": [{"template": 7, "title": "x"}]}))
    page.set_input_files("input[name=zip]", str(broken))
    page.click("form[action='/console/try'] button")
    expect(page.locator("pre")).to_contain_text("slides[0].template")

    # Create a token (shown once), then revoke it.
    page.fill("input[name=name]", "ci")
    page.click("text=Create token")
    shown = page.locator("code.token")
    expect(shown).to_be_visible()
    assert len(shown.inner_text()) >= 40
    row = page.locator("tr", has_text="ci")
    row.locator("text=Revoke").click()
    expect(page.locator("tr", has_text="ci")).to_contain_text("revoked")
    page.screenshot(path=str(tmp_path / "console.png"), full_page=True)
    assert (tmp_path / "console.png").read_bytes()[:4] == b"\x89PNG"


def test_a_hostile_page_cannot_sign_the_browser_in(
    console: tuple[LiveServer, str], page: object, tmp_path: Path
) -> None:
    """Login CSRF (issue 13): a page of another origin auto-posts the attacker's token to sign-in."""
    import functools
    import http.server
    import threading

    from playwright.sync_api import Page, expect

    assert isinstance(page, Page)
    server, token = console  # the "attacker's" token
    hostile = tmp_path / "hostile"
    hostile.mkdir()
    (hostile / "index.html").write_text(
        f"<form id='f' method='post' action='{server.url}/console/sign-in'>"
        f"<input name='token' value='{token}'><input name='csrf' value='guess'></form>"
        "<script>document.getElementById('f').submit()</script>"
    )
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(hostile))
    evil = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=evil.serve_forever, daemon=True).start()
    try:
        page.goto(f"http://127.0.0.1:{evil.server_address[1]}/index.html")  # another origin (port)
        expect(page.locator(".error")).to_contain_text("must be sent from the console's own pages")
        page.goto(f"{server.url}/console")
        expect(page.locator("h1")).to_have_text("Sign in")
        assert "deckkit_console" not in {c["name"] for c in page.context.cookies()}
    finally:
        evil.shutdown()
        evil.server_close()
