"""The API's exception handlers: every error answered as JSON ``{"error": {"code", "message"}}``
(:mod:`deckkit_server.problems`) with the statuses of decisions.md."""

from __future__ import annotations

import logging

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response

from deckkit_server.problems import APIProblem, error_response
from deckkit_server.storage.base import FULL_RETRY_AFTER_SECONDS, StorageFull

__all__ = ["exception_handlers"]

log = logging.getLogger("deckkit_server.api")


_CODES = {404: "not_found", 405: "method_not_allowed", 400: "bad_request", 413: "too_large"}


async def _http_exception(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    code = _CODES.get(exc.status_code, "error")
    message = {
        404: f"no such endpoint: {request.url.path}",
        405: f"{request.method} is not allowed on {request.url.path}",
    }.get(exc.status_code, str(exc.detail))
    return error_response(exc.status_code, code, message, dict(exc.headers or {}))


async def _api_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, APIProblem)
    return exc.response()


async def _unexpected(request: Request, exc: Exception) -> Response:
    log.exception("unexpected error on %s %s", request.method, request.url.path, exc_info=exc)
    return error_response(500, "internal_error", "the server failed unexpectedly; the error was logged")


async def _storage_full(request: Request, exc: Exception) -> Response:
    log.error("storage full on %s %s: %s", request.method, request.url.path, exc)
    return error_response(
        507,
        "insufficient_storage",
        "the server's storage is full, so nothing was stored; please try again later",
        {"Retry-After": str(FULL_RETRY_AFTER_SECONDS)},
    )


exception_handlers = {
    HTTPException: _http_exception,
    APIProblem: _api_error,
    StorageFull: _storage_full,
    Exception: _unexpected,
}
