"""A backend that fails is an outage, not a bug: 503 ``service_unavailable`` with ``Retry-After``.

While the database or the storage service cannot be reached, every request that needs it is
answered 503 with ``Retry-After`` (JSON on the API, a page on the console, S3's XML on the
built-in storage's endpoint), with a message that names no internals. The error is handled like
any refusal, so the keep-alive connection stays open (an unhandled error makes uvicorn close
it). The log says which backend failed: at the first failure, then at most once a minute while
the outage lasts. (Redis never causes a 503: the rate limit falls back to each process's own
count, see ratelimit.py.)
"""

from __future__ import annotations

import logging
import time
from collections import Counter
from collections.abc import Awaitable, Callable

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from deckkit_server.api.errors import error_response
from deckkit_server.console.guard import SECURITY_HEADERS
from deckkit_server.console.html import esc, page
from deckkit_server.storage.s3_errors import S3Error

__all__ = ["RETRY_AFTER_SECONDS", "Outages", "outage_handlers"]

log = logging.getLogger("deckkit_server.outages")

RETRY_AFTER_SECONDS = 5
MESSAGE = f"the service is unavailable for a moment; retry in {RETRY_AFTER_SECONDS} seconds"
_LOG_EVERY_SECONDS = 60.0

Handler = Callable[[Request, Exception], Awaitable[Response]]


class Outages:
    """This process's count of 503 answers per backend, and when each outage was last logged."""

    def __init__(self) -> None:
        self.answered: Counter[str] = Counter()
        self._logged_at: dict[str, float] = {}

    def record(self, backend: str, request: Request, error: Exception) -> None:
        self.answered[backend] += 1
        now = time.monotonic()
        last = self._logged_at.get(backend)
        if last is None or now - last >= _LOG_EVERY_SECONDS:
            self._logged_at[backend] = now
            log.warning(
                "the %s is unreachable (%s: %s); answering 503 (%d so far in this process), now to %s %s",
                backend,
                type(error).__name__,
                error,
                self.answered[backend],
                request.method,
                request.url.path,
            )


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
