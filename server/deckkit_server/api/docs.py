"""``/docs``: the OpenAPI document (``/openapi.json``) as interactive API documentation.

Swagger UI's files come from the ``swagger-ui-py`` package (installed with the server extra),
served from this server: no CDN, so the page works offline and behind a strict firewall. Only
the page and its own start-up script are ours; the script is a file, not inline, so that the
page runs under a Content-Security-Policy that allows scripts from this server alone.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

__all__ = ["docs_routes", "swagger_ui_folder"]

# Swagger UI sets styles inline; everything else comes from this origin.
_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
}

_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>deckkit session API</title><meta name="viewport" content="width=device-width,initial-scale=1">
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
<link rel="icon" type="image/png" href="/docs/assets/favicon-32x32.png"></head>
<body><div id="swagger-ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/start.js"></script></body></html>
"""

# The document is found relative to the page, so that a server behind a path prefix works too.
_START = """window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: new URL("openapi.json", document.baseURI).href,
    dom_id: "#swagger-ui",
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout"
  });
});
"""


def swagger_ui_folder() -> Path:
    """Where the installed swagger-ui-py package keeps Swagger UI's files."""
    return Path(str(resources.files("swagger_ui") / "static"))


async def _page(request: Request) -> Response:
    return HTMLResponse(_PAGE, headers=_HEADERS)


async def _start(request: Request) -> Response:
    return Response(_START, media_type="text/javascript", headers=_HEADERS)


async def _slash(request: Request) -> Response:
    return RedirectResponse("/docs", status_code=308)


def docs_routes() -> list[BaseRoute]:
    return [
        Route("/docs", _page, methods=["GET"]),
        Route("/docs/", _slash, methods=["GET"]),
        Route("/docs/start.js", _start, methods=["GET"]),
        Mount("/docs/assets", StaticFiles(directory=swagger_ui_folder()), name="docs-assets"),
    ]
