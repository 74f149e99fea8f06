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
        # Stopped however long a loaded machine takes to shut JupyterLab down: a server still
        # running, or its log left open, would fail whichever test the worker runs next.
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        finally:
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


@contextlib.contextmanager
def _chromium(width: int = 1280) -> Iterator[Any]:
    """Debian's Chromium, headless, and a page ``width`` pixels wide; closed however the test ends."""
    playwright_api = pytest.importorskip("playwright.sync_api")
    with playwright_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            yield browser.new_page(viewport={"width": width, "height": 1000})
        finally:
            browser.close()


def test_quickstart_runs_and_shows_thumbnails_and_the_browser(jupyterlab: str, tmp_path: Path) -> None:
    pytest.importorskip("playwright.sync_api")
    from playwright.sync_api import expect

    with _chromium() as page:
        notebook = _run_all(page, jupyterlab, "01-quickstart.ipynb")

        # The rendered deck's strip is the last output: 3 slides, with the note on their source.
        last = page.locator(".jp-Cell").last.locator(".deckkit-thumbnails")
        expect(last).to_be_visible(timeout=300_000)
        expect(last.locator("img.deckkit-thumb")).to_have_count(3)
        expect(last).to_contain_text("previews")
        # The template display: 5 thumbnails with their keys; the table: styled cells.
        expect(page.locator(".deckkit-thumbnails").first.locator("img.deckkit-thumb")).to_have_count(5)
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


def test_long_table_pages_show_page_two_large(jupyterlab: str, tmp_path: Path) -> None:
    playwright_api = pytest.importorskip("playwright.sync_api")
    from playwright.sync_api import expect

    # Wide enough for the notebook's column to hold a 960-pixel picture beside the file browser.
    with _chromium(1600) as page:
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


_CHARTS_NOTEBOOK = {
    "cells": [
        {
            "cell_type": "code",
            "execution_count": None,
            "id": "charts",
            "metadata": {},
            "outputs": [],
            "source": [
                "import pandas as pd\n",
                "import deckkit\n",
                "deck = deckkit.Deck(deckkit.examples.charts_template())\n",
                "sales = pd.DataFrame({'Revenue': [15.2, 9.8, 12.1], 'Cost': [9.1, 7.5, 8.0]},"
                " index=['North', 'South', 'East'])\n",
                "deck.add_slide(1, heading='Columns', column=deckkit.Chart.from_dataframe(sales, format='\"$\"#,##0'))\n",
                "deck.add_slide(5, heading='Pie', pie=deckkit.Chart.from_dataframe(sales[['Revenue']]))\n",
                "deck",
            ],
        },
        {
            "cell_type": "code",
            "execution_count": None,
            "id": "render",
            "metadata": {},
            "outputs": [],
            "source": ["deck.render()"],
        },
    ],
    "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
    "nbformat": 4,
    "nbformat_minor": 5,
}


def test_charts_in_their_kind_and_a_thumbnail_opens_large_on_a_click(jupyterlab: str, tmp_path: Path) -> None:
    """A deck's charts drawn as columns and a pie (issue 26, point 10); a click on a rendered
    slide's thumbnail opens it large, in JupyterLab's own output area (issue 25, item 5)."""
    import json

    playwright_api = pytest.importorskip("playwright.sync_api")
    from playwright.sync_api import expect

    (tmp_path / "work" / "charts.ipynb").write_text(json.dumps(_CHARTS_NOTEBOOK), encoding="utf-8")
    with _chromium() as page:
        page.goto(f"{jupyterlab}/lab/tree/charts.ipynb?token={TOKEN}")
        expect(page.locator(".jp-Notebook")).to_be_visible(timeout=120_000)
        select = page.locator(".jp-Dialog").get_by_role("button", name="Select", exact=True)
        with contextlib.suppress(playwright_api.TimeoutError):
            select.click(timeout=20_000)
        expect(page.locator(".jp-Dialog")).to_have_count(0)
        page.get_by_role("menuitem", name="Run", exact=True).click()
        page.get_by_text("Run All Cells", exact=True).click()

        kinds = page.locator(".deckkit-chart-kind")
        expect(kinds).to_have_count(2, timeout=300_000)
        expect(kinds.nth(0)).to_contain_text("clustered column chart")
        expect(kinds.nth(1)).to_contain_text("pie chart")
        strip = page.locator(".jp-Cell").last.locator(".deckkit-thumbnails")
        expect(strip).to_be_visible(timeout=300_000)
        expect(strip.locator("img.deckkit-thumb")).to_have_count(2)
        enlarged = strip.locator("img.deckkit-enlarged").first
        expect(enlarged).to_be_hidden()
        page.locator(".jp-Cell").first.screenshot(path=str(tmp_path / "jupyterlab-charts.png"))
        strip.locator("summary").first.click()
        expect(enlarged).to_be_visible()
        box = enlarged.bounding_box()
        assert box is not None
        assert box["width"] > 3 * strip.locator("img.deckkit-thumb").first.bounding_box()["width"]  # type: ignore[index]
        assert enlarged.evaluate("i => i.complete && i.naturalWidth > 0")
        page.locator(".jp-Cell").last.screenshot(path=str(tmp_path / "jupyterlab-enlarged.png"))
        strip.locator("summary").first.click()  # a second click closes it
        expect(enlarged).to_be_hidden()
        kept = os.environ.get("DECKKIT_E2E_SCREENSHOTS")
        if kept:
            for name in ("jupyterlab-charts.png", "jupyterlab-enlarged.png"):
                shutil.copy(tmp_path / name, Path(kept) / name)


def _untrusted_notebook(html: str) -> dict[str, object]:
    """A notebook saved with a display's HTML as its output and no signature: JupyterLab opens it
    untrusted and sanitizes that HTML (no script, no <style>), as for a notebook someone sent."""
    return {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": 1,
                "id": "shown",
                "metadata": {},
                "outputs": [
                    {
                        "data": {"text/html": html, "text/plain": "<RenderResult>"},
                        "execution_count": 1,
                        "metadata": {},
                        "output_type": "execute_result",
                    }
                ],
                "source": ["deck.render()"],
            }
        ],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def test_a_thumbnail_opens_large_in_sanitized_output_and_without_javascript(
    jupyterlab: str, tmp_path: Path
) -> None:
    """The click needs no script: it works where JupyterLab sanitizes the output (an untrusted
    notebook) and in a static page with JavaScript off (a notebook exported to HTML)."""
    import json

    import deckkit

    pytest.importorskip("playwright.sync_api")
    from playwright.sync_api import expect

    before = deckkit.options.previews
    deckkit.options.previews = "wireframe"
    try:
        deck = deckkit.Deck(deckkit.examples.template())
        deck.add_slide(1, title="Quarterly review", subtitle="Q3")
        html = deck.render()._repr_html_()
    finally:
        deckkit.options.previews = before
    # A probe that sanitizing changes: its event handler is dropped.
    probe = '<span class="deckkit-probe" onclick="void 0">probe</span>'
    sent = _untrusted_notebook(html + probe)
    (tmp_path / "work" / "sent.ipynb").write_text(json.dumps(sent), encoding="utf-8")
    (tmp_path / "exported.html").write_text(
        f"<!doctype html><html><body>{html}</body></html>", encoding="utf-8"
    )
    with _chromium() as page:
        page.goto(f"{jupyterlab}/lab/tree/sent.ipynb?token={TOKEN}")
        strip = page.locator(".jp-OutputArea-output .deckkit-thumbnails")
        expect(strip).to_be_visible(timeout=120_000)
        assert not page.locator(".deckkit-probe").evaluate("e => e.hasAttribute('onclick')")  # sanitized
        enlarged = strip.locator("details img").nth(1)
        expect(enlarged).to_be_hidden()
        strip.locator("summary").first.click()
        expect(enlarged).to_be_visible()
        static = page.context.browser.new_context(java_script_enabled=False).new_page()
        static.goto((tmp_path / "exported.html").as_uri())
        opened = static.locator("details img").nth(1)
        expect(opened).to_be_hidden()
        static.locator("summary").first.click()
        expect(opened).to_be_visible()
