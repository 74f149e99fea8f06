"""A backend that fails is an outage, not a bug: 503 ``service_unavailable`` with ``Retry-After``.

While the database or the storage service cannot be reached, every request that needs it is
answered 503 with ``Retry-After`` (JSON on the API, a page on the console, S3's XML on the
built-in storage's endpoint), with a message that names no internals. The error is handled like
any refusal, so the keep-alive connection stays open (an unhandled error makes uvicorn close
it). Which backend failed is counted and logged by ``state.outages`` (``outage_log.py``). (Redis never causes a 503: the rate limit falls back to each process's own
count, see ratelimit.py.)
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from deckkit_server.console.guard import SECURITY_HEADERS
from deckkit_server.console.html import esc, page
from deckkit_server.outage_log import Outages
from deckkit_server.problems import error_response
from deckkit_server.storage.s3_errors import S3Error

__all__ = ["RETRY_AFTER_SECONDS", "outage_handlers"]

RETRY_AFTER_SECONDS = 5
MESSAGE = f"the service is unavailable for a moment; retry in {RETRY_AFTER_SECONDS} seconds"

Handler = Callable[[Request, Exception], Awaitable[Response]]


def _answer(request: Request) -> Response:
    headers = {"Retry-After": str(RETRY_AFTER_SECONDS)}
    path = request.url.path
    if path == "/console" or path.startswith("/console/"):
        body = page("Unavailable", f"<p class='error'>{esc(MESSAGE.capitalize())}.</p>")
        return HTMLResponse(body, 503, headers={**SECURITY_HEADERS, **headers})
    if path.startswith("/storage/"):
        response = S3Error(503, "ServiceUnavailable", f"{MESSAGE.capitalize()}.").response(path)
        response.headers.update(headers)
        return response
    return error_response(503, "service_unavailable", MESSAGE, headers)


def outage_handlers(backends: dict[str, tuple[type[Exception], ...]]) -> dict[type[Exception], Handler]:
    """Exception handlers answering 503 for each backend's errors (``{"database": (...), ...}``)."""

    def handler_for(backend: str) -> Handler:
        async def unavailable(request: Request, error: Exception) -> Response:
            outages: Outages = request.app.state.deckkit.outages
            outages.record(backend, request, error)
            return _answer(request)

        return unavailable

    return {error: handler_for(backend) for backend, errors in backends.items() for error in errors}
