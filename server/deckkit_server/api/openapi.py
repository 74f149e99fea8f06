"""The OpenAPI 3.1 document of the session API, served at ``/openapi.json``.

The operations are written here from service-interface.md and decisions.md; the bodies' schemas
are generated from the wire models (``deckkit.wire``) that the handlers answer with. Tests run
schemathesis against the running app, so the document and the real responses cannot drift apart.
"""

from __future__ import annotations

import functools
from typing import Any

from deckkit import __version__
from deckkit.wire import json_schemas

__all__ = ["openapi_document"]

_REF_TEMPLATE = "#/components/schemas/{model}"


def _ref(name: str) -> dict[str, str]:
    return {"$ref": _REF_TEMPLATE.format(model=name)}


def _json(schema: dict[str, Any], description: str, headers: dict[str, Any] | None = None) -> dict[str, Any]:
    response: dict[str, Any] = {
        "description": description,
        "content": {"application/json": {"schema": schema}},
    }
    if headers:
        response["headers"] = headers
    return response


_ERROR = _ref("ErrorBody")
_RATE_HEADERS = {
    "Retry-After": {
        "description": "Seconds until a request is allowed again",
        "required": True,
        "schema": {"type": "string", "pattern": r"^\d+$"},
    },
    "RateLimit-Limit": {"required": True, "schema": {"type": "string"}},
    "RateLimit-Remaining": {"required": True, "schema": {"type": "string"}},
    "RateLimit-Reset": {"required": True, "schema": {"type": "string"}},
}
_COMMON = {
    "401": _json(_ERROR, "Missing, malformed, unknown or revoked API token (code `unauthorized`)"),
    "429": _json(
        _ERROR, "More than 600 requests in a minute for the account (code `rate_limited`)", _RATE_HEADERS
    ),
}
_UUID_PARAM = {
    "name": "uuid",
    "in": "path",
    "required": True,
    "schema": {"type": "string"},
    "description": "Session uuid",
}
_NOT_FOUND = _json(_ERROR, "Unknown uuid, another account's session, or an expired one (code `not_found`)")


def _operation(
    operation_id: str, summary: str, responses: dict[str, Any], *, uuid: bool = False
) -> dict[str, Any]:
    op: dict[str, Any] = {
        "operationId": operation_id,
        "summary": summary,
        "responses": {**responses, **_COMMON},
    }
    if uuid:
        op["parameters"] = [_UUID_PARAM]
        op["responses"]["404"] = _NOT_FOUND
    return op


@functools.cache
def openapi_document() -> dict[str, Any]:
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "deckkit session API",
            "version": __version__,
            "description": "Create a session, upload the input zip to `upload.action`, render, download. "
            'Error bodies are `{"error": {"code", "message"}}`.',
        },
        "security": [{"bearer": []}],
        "paths": {
            "/sessions": {
                "post": _operation(
                    "createSession",
                    "Create a session (deletes the account's older unrendered ones)",
                    {"201": _json(_ref("SessionWithUpload"), "Session created")},
                ),
                "get": _operation(
                    "listSessions",
                    "Sessions created within the last 24 hours, newest first",
                    {"200": _json(_ref("SessionList"), "Sessions")},
                ),
            },
            "/sessions/{uuid}": {
                "get": _operation(
                    "getSession",
                    "One session with fresh upload parameters",
                    {"200": _json(_ref("SessionWithUpload"), "The session")},
                    uuid=True,
                ),
            },
            "/sessions/{uuid}/render": {
                "post": _operation(
                    "renderSession",
                    "Render the uploaded zip (idempotent)",
                    {
                        "200": _json(_ref("SessionWithDownload"), "Rendered, or failed with render_message"),
                        "409": _json(_ERROR, "No zip was uploaded yet (code `not_uploaded`)"),
                    },
                    uuid=True,
                ),
            },
            "/sessions/{uuid}/download_url": {
                "post": _operation(
                    "issueDownloadUrl",
                    "A fresh download URL for a rendered session",
                    {
                        "200": _json(_ref("SessionWithDownload"), "A fresh download URL"),
                        "409": _json(
                            _ERROR, "Not rendered yet (`not_rendered`) or the render failed (`render_failed`)"
                        ),
                    },
                    uuid=True,
                ),
            },
        },
        "components": {
            "schemas": json_schemas(_REF_TEMPLATE),
            "securitySchemes": {
                "bearer": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "API token from the console or `deckkit token create`",
                }
            },
        },
    }
