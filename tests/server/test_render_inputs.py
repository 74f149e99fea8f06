"""Issue 13, points 4 and 5, through the server's render path (a worker process running render_bundle).

Each of the review's hostile inputs ends as a failed render whose message is the user's problem
and the limit, never "internal renderer error ... please report it" or "this is a deckkit bug".
"""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest

from deckkit_server.worker import RenderPool
from tests.hostile import bomb_entry, replace_parts, rewrite_zip, with_dtd, zip_part
from tests.server.conftest import BytesPool, template_bytes

pytestmark = pytest.mark.anyio


def _zip(data_text: str, template: bytes) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as bundle:
        bundle.writestr("template.pptx", template)
        bundle.writestr("data.json", data_text)
    return out.getvalue()


def _slide_with_dtd(template: bytes) -> bytes:
    return replace_parts(
        template, {"ppt/slides/slide1.xml": with_dtd(zip_part(template, "ppt/slides/slide1.xml"))}
    )


def _bombed_data() -> bytes:
    return rewrite_zip(
        _zip("{}", template_bytes()), lambda name, _: bomb_entry(name) if name == "data.json" else None
    )


TITLE = json.dumps({"slides": [{"template": 1, "title": "T"}]})
CASES = {
    "deep-json": (
        lambda: _zip('{"slides": ' + "[" * 100_000 + "]" * 100_000 + "}", template_bytes()),
        "more than 32 deep",
    ),
    "long-number": (
        lambda: _zip('{"slides": [{"template": 1' + "0" * 5000 + "}]}", template_bytes()),
        "slides[0].template: a whole number of 5,001 digits; at most 20",
    ),
    "bzip2-bomb": (_bombed_data, 'zip entry "data.json" uses bzip2 compression'),
    "doctype": (
        lambda: _zip(TITLE, _slide_with_dtd(template_bytes())),
        "part ppt/slides/slide1.xml has a document type declaration",
    ),
}


@pytest.mark.parametrize("case", list(CASES))
async def test_hostile_input_is_the_users_message(case: str, tmp_path: Path) -> None:
    build, expected = CASES[case]
    pool = BytesPool(
        RenderPool(target="deckkit.renderer:render_bundle", workers=1, timeout=60, memory_mb=2048), tmp_path
    )
    try:
        outcome = await pool.render(build())
    finally:
        pool.close()
    assert not outcome.succeeded
    assert outcome.message is not None
    assert expected in outcome.message
    assert "report" not in outcome.message
    assert "bug" not in outcome.message
