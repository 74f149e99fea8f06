"""Notebooks 01 and 06 in a real JupyterLab, driven by Playwright in headless Chromium (Debian's package).

Run All must show the rich displays (the template's thumbnails, the styled table, the rendered
deck's strip) and the template browser widget; notebook 06 a long table's page 2, large. The
screenshots are kept in the test's folder (``jupyterlab-01.png``, ``jupyterlab-06.png``) for a
person to look at.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.e2e.chromium import CHROMIUM, CHROMIUM_ARGS

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "deckkit-e2e"
NOTEBOOKS = ("01-quickstart.ipynb", "06-long-tables.ipynb")

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium package is not installed"),
]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def jupyterlab(tmp_path: Path) -> Iterator[str]:
    pytest.importorskip("jupyterlab")
    work = tmp_path / "work"
    work.mkdir()
    for name in NOTEBOOKS:
        shutil.copy(ROOT / "notebooks" / name, work / name)
    port = _free_port()
    env = {
        **os.environ,
        # The kernel imports this checkout's deckkit, wherever JupyterLab starts it.
        "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT / "server")]),
        "JUPYTERLAB_SETTINGS_DIR": str(tmp_path / "settings"),
        "JUPYTERLAB_WORKSPACES_DIR": str(tmp_path / "workspaces"),
        "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"),
    }
    log = (tmp_path / "jupyterlab.log").open("wb")
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "jupyterlab",
            "--no-browser",
            "--ip=127.0.0.1",
            f"--port={port}",
            f"--IdentityProvider.token={TOKEN}",
            f"--ServerApp.root_dir={work}",
            "--ServerApp.open_browser=False",
            "--allow-root",
        ],  # CI containers run as root
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=log,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        ready = False
        deadline = time.monotonic() + 120
        while not ready and server.poll() is None and time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"{url}/api/status?token={TOKEN}", timeout=1):
                    ready = True
            except OSError:
                time.sleep(0.2)
        if not ready:
            pytest.fail("JupyterLab did not start: " + (tmp_path / "jupyterlab.log").read_text()[-2000:])
        yield url
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()


def _run_all(page: Any, jupyterlab: str, notebook_name: str) -> Any:
    """Open the notebook, clear its stored outputs (what is asserted is what this run drew), Run All."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from playwright.sync_api import expect

    page.goto(f"{jupyterlab}/lab/tree/{notebook_name}?token={TOKEN}")
    notebook = page.locator(".jp-Notebook")
    expect(notebook).to_be_visible(timeout=120_000)
    # A fresh JupyterLab may ask which kernel to start; the notebook's own is preselected.
    select = page.locator(".jp-Dialog").get_by_role("button", name="Select", exact=True)
    with contextlib.suppress(PlaywrightTimeout):
        select.click(timeout=20_000)
    expect(page.locator(".jp-Dialog")).to_have_count(0)
    page.get_by_role("menuitem", name="Edit", exact=True).click()
    page.get_by_text("Clear Outputs of All Cells", exact=True).click()
    expect(page.locator(".deckkit-thumbnails")).to_have_count(0, timeout=10_000)
    expect(page.locator(".jp-OutputArea-output")).to_have_count(0)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_text("Run All Cells", exact=True).click()
    return notebook


def _keep(tmp_path: Path, *names: str) -> None:
    kept = os.environ.get("DECKKIT_E2E_SCREENSHOTS")
    if kept:  # a person looks at them (see docs/notebook.md)
        for name in names:
            shutil.copy(tmp_path / name, Path(kept) / name)


def test_quickstart_runs_and_shows_thumbnails_and_the_browser(jupyterlab: str, tmp_path: Path) -> None:
    playwright_api = pytest.importorskip("playwright.sync_api")
    from playwright.sync_api import expect

    with playwright_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 1000})
        notebook = _run_all(page, jupyterlab, "01-quickstart.ipynb")

        # The rendered deck's strip is the last output: 3 slides, with the note on their source.
        last = page.locator(".jp-Cell").last.locator(".deckkit-thumbnails")
        expect(last).to_be_visible(timeout=300_000)
        expect(last.locator("img")).to_have_count(3)
        expect(last).to_contain_text("previews")
        # The template display: 5 thumbnails with their keys; the table: styled cells.
        expect(page.locator(".deckkit-thumbnails").first.locator("img")).to_have_count(5)
        expect(page.locator(".deckkit-table").first).to_contain_text("$15,234")
        # The template browser widget: its slide picker and the data.json / Python tabs.
        widget = page.locator(".jp-OutputArea-output .widget-dropdown").first
        expect(widget).to_be_visible(timeout=60_000)
        expect(page.locator(".lm-TabBar-tabLabel", has_text="Python").first).to_be_visible()
        for image in last.locator("img").all():  # the pictures loaded, not broken links
            assert image.evaluate("i => i.complete && i.naturalWidth > 0")
        page.screenshot(path=str(tmp_path / "jupyterlab-01.png"), full_page=True)
        notebook.locator(".jp-Cell").nth(3).screenshot(path=str(tmp_path / "jupyterlab-browser.png"))
        _keep(tmp_path, "jupyterlab-01.png", "jupyterlab-browser.png")
        browser.close()


def test_long_table_pages_show_page_two_large(jupyterlab: str, tmp_path: Path) -> None:
    playwright_api = pytest.importorskip("playwright.sync_api")
    from playwright.sync_api import expect

    with playwright_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        # Wide enough for the notebook's column to hold a 960-pixel picture beside the file browser.
        page = browser.new_page(viewport={"width": 1600, "height": 1000})
        notebook = _run_all(page, jupyterlab, "06-long-tables.ipynb")

        # result.show(2) is the last output: one picture, slide 2, drawn large and loaded.
        last = notebook.locator(".jp-Cell").last
        shown = last.locator(".deckkit-thumbnails")
        expect(shown).to_be_visible(timeout=300_000)
        expect(shown.locator("img")).to_have_count(1)
        expect(shown).to_contain_text("slide 2")
        picture = shown.locator("img")
        assert picture.evaluate("i => i.complete && i.naturalWidth >= 960")
        box = picture.bounding_box()
        assert box is not None
        assert box["width"] >= 900, box  # large: not a thumbnail
        # ... and whole: its right edge inside the cell, not scrolled off the notebook's column.
        assert picture.evaluate(
            "i => i.getBoundingClientRect().right <= i.closest('.jp-Cell').getBoundingClientRect().right"
        )
        # The pages are numbered (every page k/n) and the render has no warning.
        pages_cell = notebook.locator(".jp-Cell").nth(5)
        expect(pages_cell.locator(".jp-OutputArea-output")).to_contain_text("'2/")
        expect(notebook.locator(".jp-Cell").nth(7).locator(".jp-OutputArea-output")).to_have_text("[]")
        news = page.get_by_role("button", name="No", exact=True)  # JupyterLab's "notify me?" toast
        with contextlib.suppress(playwright_api.TimeoutError):
            news.click(timeout=3_000)
        last.scroll_into_view_if_needed()
        last.screenshot(path=str(tmp_path / "jupyterlab-06.png"))
        page.screenshot(path=str(tmp_path / "jupyterlab-06-page.png"), full_page=True)
        _keep(tmp_path, "jupyterlab-06.png", "jupyterlab-06-page.png")
        browser.close()
