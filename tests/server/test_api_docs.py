"""/docs shows the OpenAPI document with Swagger UI served by this server (no CDN), and docs/api.md
names every endpoint, field, status and error code the server has (so the page cannot drift)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from deckkit.wire import WIRE_MODELS
from deckkit_server.api.openapi import openapi_document
from tests.server.conftest import Api

REPO = Path(__file__).resolve().parents[2]
API_MD = (REPO / "docs" / "api.md").read_text(encoding="utf-8")


@pytest.mark.anyio
async def test_docs_page_and_its_assets_come_from_this_server(api: Api) -> None:
    page = await api.client.get("/docs")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    sources = re.findall(r'(?:src|href)="([^"]+)"', page.text)
    assert sources
    assert all(s.startswith("/docs/") for s in sources), sources  # nothing from elsewhere
    assert "script-src" not in page.headers["content-security-policy"]  # default-src 'self' rules
    assert "default-src 'self'" in page.headers["content-security-policy"]
    for source in sources:
        asset = await api.client.get(source)
        assert asset.status_code == 200, source
        assert asset.content
    start = await api.client.get("/docs/start.js")
    assert "openapi.json" in start.text
    assert "SwaggerUIBundle" in (await api.client.get("/docs/assets/swagger-ui-bundle.js")).text
    assert (await api.client.get("/docs/", follow_redirects=False)).headers["location"] == "/docs"


@pytest.mark.anyio
async def test_the_console_links_the_api_docs(api: Api) -> None:
    from tests.server.test_console import sign_in

    await sign_in(api)
    page = await api.client.get("/console/")
    assert page.status_code == 200
    assert '<a href="/docs">API docs</a>' in page.text
    assert "/openapi.json" not in page.text


def test_api_md_names_every_endpoint_and_status() -> None:
    for path, operations in openapi_document()["paths"].items():
        for method, operation in operations.items():
            assert f"`{method.upper()}` | `{path}`" in API_MD, (
                f"{method.upper()} {path} is not in docs/api.md"
            )
            for status in operation["responses"]:
                assert f"**{status}**" in API_MD or f"| {status} |" in API_MD, f"status {status} ({path})"


def test_api_md_names_every_field_of_the_wire() -> None:
    for model in WIRE_MODELS:
        for field in model.model_fields:
            assert f"`{field}`" in API_MD, f"{model.__name__}.{field} is not in docs/api.md"


def test_api_md_names_every_error_code_the_server_answers() -> None:
    codes: set[str] = set()
    for source in (REPO / "server" / "deckkit_server").rglob("*.py"):
        text = source.read_text(encoding="utf-8")
        codes |= set(re.findall(r'APIProblem\(\s*\d{3},\s*"([a-z_]+)"', text))
        codes |= set(re.findall(r'\d{3}: "([a-z_]+)"', text))  # the HTTP layer's codes (errors.py)
        codes |= set(re.findall(r'error_response\(\s*\d{3},\s*"([a-z_]+)"', text))
    codes.add("unauthorized")  # raised through errors.unauthorized()
    assert {"not_found", "not_uploaded", "not_rendered", "render_failed", "rate_limited"} <= codes
    for code in codes:
        assert f"`{code}`" in API_MD, f"error code {code} is not in docs/api.md"
