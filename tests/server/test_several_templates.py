"""An input zip with more templates (``templates/``) renders through the API (issue 29)."""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.readers import assert_readable
from tests.renderer.several_templates_kit import appendix_template, base_template
from tests.server.conftest import Api, FakeClock, _api, make_settings
from tests.server.test_api import create, upload

pytestmark = pytest.mark.anyio


@pytest.fixture
async def api(tmp_path: Path, clock: FakeClock) -> AsyncIterator[Api]:
    """The app with the real renderer in its render workers."""
    async for value in _api(make_settings(tmp_path, render_function="deckkit.renderer:render_bundle"), clock):
        yield value


def _zip(data: dict[str, object], files: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as bundle:
        bundle.writestr("template.pptx", base_template())
        bundle.writestr("data.json", json.dumps(data))
        for name, content in files.items():
            bundle.writestr(name, content)
    return out.getvalue()


SLIDES = {
    "slides": [
        {"template": 1, "title": "Review", "subtitle": "Q3"},
        {"template": "templates/appendix.pptx#1", "heading": "Appendix", "points": "Method"},
    ]
}


async def test_a_zip_with_another_template_renders(api: Api, tmp_path: Path) -> None:
    created = await create(api)
    appendix = appendix_template()
    assert (
        await upload(api, created, _zip(SLIDES, {"templates/appendix.pptx": appendix}))
    ).status_code == 204
    uid = created["session"]["uuid"]
    rendered = await api.client.post(f"/sessions/{uid}/render", headers=api.auth())
    assert rendered.status_code == 200, rendered.text
    session = rendered.json()["session"]
    assert session["render_succeeded"] is True, session["render_message"]
    assert session["render_slide_count"] == 2
    pptx = (await api.client.get(rendered.json()["download_url"])).content
    out = tmp_path / "out.pptx"
    out.write_bytes(pptx)
    (tmp_path / "template.pptx").write_bytes(base_template())
    (tmp_path / "appendix.pptx").write_bytes(appendix)
    assert_readable(out, [tmp_path / "template.pptx", tmp_path / "appendix.pptx"], pages=2, libreoffice=False)


async def test_a_template_missing_from_the_zip_fails_the_render_with_its_data_path(api: Api) -> None:
    created = await create(api)
    misnamed = {"templates/Appendix.pptx": appendix_template()}
    assert (await upload(api, created, _zip(SLIDES, misnamed))).status_code == 204
    uid = created["session"]["uuid"]
    body = (await api.client.post(f"/sessions/{uid}/render", headers=api.auth())).json()
    assert body["session"]["render_succeeded"] is False
    assert body["session"]["render_message"] == (
        'slides[1].template: "templates/appendix.pptx" is not in the zip; did you mean '
        '"templates/Appendix.pptx"? (names are case-sensitive)'
    )
