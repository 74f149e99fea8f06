"""The OpenAPI 3.1 document of the session API, served at ``/openapi.json``.

The operations are written here from service-interface.md and decisions.md; the bodies' schemas
are generated from the wire models (``deckkit.wire``) that the handlers answer with. Tests run
schemathesis against the running app, so the document and the real responses cannot drift apart.
"""

from __future__ import annotations

import functools
from typing import Any

from deckkit.version import __version__
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
    "503": _json(
        _ERROR,
        "The database or the storage service is unreachable for a moment (code `service_unavailable`)",
        {"Retry-After": {**_RATE_HEADERS["Retry-After"], "description": "Seconds to wait before retrying"}},
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


# A path with {uuid} takes the uuid parameter and may answer 404 (see _operation).
_OPERATIONS = (  # method, path, operationId, summary
    ("post", "/sessions", "createSession", "Create a session (deletes the account's older unrendered ones)"),
    ("get", "/sessions", "listSessions", "Sessions created within the last 24 hours, newest first"),
    ("get", "/sessions/{uuid}", "getSession", "One session with fresh upload parameters"),
    ("post", "/sessions/{uuid}/render", "renderSession", "Render the uploaded zip (idempotent)"),
    (
        "post",
        "/sessions/{uuid}/download_url",
        "issueDownloadUrl",
        "A fresh download URL for a rendered session",
    ),
)
_RESPONSES: dict[str, dict[str, tuple[str, str]]] = {  # operationId -> status -> (schema, description)
    "createSession": {"201": ("SessionWithUpload", "Session created")},
    "listSessions": {"200": ("SessionList", "Sessions")},
    "getSession": {"200": ("SessionWithUpload", "The session")},
    "renderSession": {
        "200": ("SessionWithDownload", "Rendered, or failed with render_message"),
        "400": ("ErrorBody", "The body is not a RenderRequest (code `bad_request`)"),
        "409": ("ErrorBody", "No zip was uploaded yet (code `not_uploaded`)"),
        "503": (
            "ErrorBody",
            "The render worker died before it finished (`render_interrupted`), the render queue is "
            "full (`render_queue_full`), or the database or the storage service is unreachable for a "
            "moment (`service_unavailable`): call render again after Retry-After",
        ),
        "507": ("ErrorBody", "The server's storage is full; nothing stored (`insufficient_storage`)"),
    },
    "issueDownloadUrl": {
        "200": ("SessionWithDownload", "A fresh download URL"),
        "409": ("ErrorBody", "Not rendered yet (`not_rendered`) or the render failed (`render_failed`)"),
    },
}


def _operation(path: str, operation_id: str, summary: str) -> dict[str, Any]:
    responses = {
        status: _json(_ref(schema), text) for status, (schema, text) in _RESPONSES[operation_id].items()
    }
    for status, common in _COMMON.items():  # an operation's own text for a common status, with its headers
        text = responses[status]["description"] if status in responses else common["description"]
        responses[status] = {**common, "description": text}
    op: dict[str, Any] = {"operationId": operation_id, "summary": summary, "responses": responses}
    if operation_id == "renderSession":
        op["requestBody"] = {
            "required": False,
            "description": 'Optional: `{"formats": ["pdf"]}` asks for a PDF of the deck too',
            "content": {"application/json": {"schema": _ref("RenderRequest")}},
        }
    if "{uuid}" in path:
        op["parameters"] = [_UUID_PARAM]
        op["responses"]["404"] = _NOT_FOUND
    return op


def _paths() -> dict[str, dict[str, Any]]:
    paths: dict[str, dict[str, Any]] = {}
    for method, path, operation_id, summary in _OPERATIONS:
        paths.setdefault(path, {})[method] = _operation(path, operation_id, summary)
    return paths


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
        "paths": _paths(),
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
