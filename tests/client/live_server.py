"""The bundled deckkit server on loopback (uvicorn in a thread), and a bundle it can render.

Real HTTP, real SQLite and local storage in a temporary folder, the real renderer in its worker
processes. Used by the live tests and the docs examples.
"""

from __future__ import annotations

import io
import json
import socket
import threading
import time
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

TEMPLATE_TEXT = "{title}"


@dataclass(frozen=True)
class LiveServer:
    base_url: str
    token: str
    data_dir: Path


def make_template(path: Path) -> Path:
    """A one-slide template whose text box holds ``{title}``."""
    from pptx import Presentation
    from pptx.util import Inches

    presentation = Presentation()
    slide = presentation.slides.add_slide(presentation.slide_layouts[6])
    box = slide.shapes.add_textbox(Inches(1), Inches(1), Inches(6), Inches(1))
    box.text_frame.text = TEMPLATE_TEXT
    presentation.save(str(path))
    return path


def make_bundle(template: Path, titles: list[str], *, template_slide: int = 1) -> bytes:
    """The input zip: ``template.pptx`` and a data.json with one slide per title."""
    data = {"slides": [{"template": template_slide, "title": title} for title in titles]}
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as bundle:
        bundle.write(template, "template.pptx")
        bundle.writestr("data.json", json.dumps(data))
    return buffer.getvalue()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def run_live_server(data_dir: Path, **settings_overrides: object) -> Iterator[LiveServer]:
    import uvicorn

    from deckkit_server.app import create_app
    from deckkit_server.bootstrap import ensure_first_account
    from deckkit_server.settings import Settings

    settings = Settings(data_dir=data_dir, render_workers=1, render_timeout=120).with_(**settings_overrides)
    app = create_app(settings, retention=False)
    state = app.state.deckkit
    token = ensure_first_account(state.store, state.clock)
    assert token is not None
    port = _free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on", ws="none")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name="deckkit-live-server", daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the deckkit server did not start on loopback")
        time.sleep(0.02)
    try:
        yield LiveServer(f"http://127.0.0.1:{port}", token, data_dir)
    finally:
        server.should_exit = True
        thread.join(20)
