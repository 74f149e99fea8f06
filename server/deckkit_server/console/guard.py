"""The console's defences: same-origin checks, security headers, bounded forms, sign-in throttling.

Each is small and separate so that every console handler uses the same ones (see
docs/security.md for the limits and the tests that prove them).
"""

from __future__ import annotations

import contextlib
import hashlib
from collections import OrderedDict, deque
from collections.abc import AsyncIterator
from urllib.parse import urlsplit

from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = [
    "SECURITY_HEADERS",
    "FailedSignIns",
    "FormTooLargeError",
    "SecurityHeaders",
    "bounded_form",
    "same_origin",
]

# No framing (clickjacking), no scripts or remote resources at all, forms only to this origin.
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; "
    "form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    # Not no-referrer: with it Chromium sends ``Origin: null`` on the console's own form posts.
    "Referrer-Policy": "same-origin",
    "Cache-Control": "no-store",
}


class SecurityHeaders:
    """ASGI middleware: every console response (pages, redirects, refusals) carries SECURITY_HEADERS."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {name.lower() for name, _ in message.get("headers", [])}
                extra = [
                    (k.lower().encode(), v.encode())
                    for k, v in SECURITY_HEADERS.items()
                    if k.lower().encode() not in present
                ]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


def same_origin(request: Request, public_url: str | None) -> bool:
    """False for a request a browser marks as sent from another site (login CSRF and the like).

    Browsers send ``Sec-Fetch-Site`` and, on POST, ``Origin``; a request with neither comes
    from a non-browser client, which a hostile page cannot drive (the CSRF value still applies).
    """
    site = request.headers.get("sec-fetch-site")
    if site is not None and site not in {"same-origin", "none"}:
        return False
    origin = request.headers.get("origin")
    if origin is None:
        return True
    if origin == "null":  # an origin the browser keeps private: only its own Sec-Fetch-Site can vouch
        return site in {"same-origin", "none"}
    allowed = {_origin_of(str(request.base_url))}
    if public_url:
        allowed.add(_origin_of(public_url))
    return origin.lower() in allowed


class FormTooLargeError(Exception):
    """The form's body is larger than the handler needs; it was not read further."""


@contextlib.asynccontextmanager
async def bounded_form(
    request: Request, *, max_bytes: int, max_fields: int, max_files: int = 0, max_part_size: int = 4096
) -> AsyncIterator[FormData]:
    """The request's form, read only up to ``max_bytes`` of body (else FormTooLargeError, mid-stream).

    Starlette bounds each field but not the body, and spools files to disk unbounded: this
    counts the bytes as they arrive, so nothing past the limit is parsed, held or written.
    """
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > max_bytes:
        raise FormTooLargeError
    seen = 0
    receive = request.receive

    async def counted() -> Message:
        nonlocal seen
        message = await receive()
        if message["type"] == "http.request":
            seen += len(message.get("body", b""))
            if seen > max_bytes:
                raise FormTooLargeError
        return message

    bounded = Request(request.scope, counted)
    async with bounded.form(max_files=max_files, max_fields=max_fields, max_part_size=max_part_size) as form:
        yield form


class _FailureLog:
    """Failures per key in a sliding window, bounded in memory: the least recently seen keys go first."""

    def __init__(self, limit: int, window_micros: int, max_keys: int) -> None:
        self.limit = limit
        self.window = window_micros
        self.max_keys = max_keys
        self._failures: OrderedDict[str, deque[int]] = OrderedDict()

    def _recent(self, key: str, now: int) -> deque[int]:
        times = self._failures.get(key)
        if times is None:
            return deque()
        while times and times[0] <= now - self.window:
            times.popleft()
        if not times:
            del self._failures[key]
        return times

    def retry_after(self, key: str, now: int) -> int | None:
        """Seconds until ``key`` is under its limit again, or None when it is now."""
        times = self._recent(key, now)
        if len(times) < self.limit:
            return None
        return max(1, -(-(times[0] + self.window - now) // 1_000_000))

    def record(self, key: str, now: int) -> None:
        times = self._recent(key, now)
        times.append(now)
        self._failures[key] = times
        self._failures.move_to_end(key)
        while len(self._failures) > self.max_keys:
            self._failures.popitem(last=False)


class FailedSignIns:
    """Failed sign-ins in a sliding window: what failed is limited, never a valid token's success.

    Two counts, each bounded in memory and kept per server process:

    - per credential (its SHA-256, never the text): a token that failed ``credential_limit``
      times (revoked, unknown, mistyped) is refused at once, without a store lookup;
    - per client address: past ``address_limit`` failures, a further failing attempt from it is
      answered 429 with ``Retry-After`` instead of 401.

    A valid token signs in whatever the address's failures: anyone behind the same address (a
    company's NAT) cannot lock the others out. Guessing a token (256 random bits) is hopeless
    anyway; what the counts bound is a script retrying the same wrong token, and they tell a
    client failing often to slow down.
    """

    def __init__(
        self, address_limit: int, window_micros: int, credential_limit: int = 5, max_keys: int = 10_000
    ) -> None:
        self.address_limit = address_limit
        self.credential_limit = credential_limit
        self._addresses = _FailureLog(address_limit, window_micros, max_keys)
        self._credentials = _FailureLog(credential_limit, window_micros, max_keys)

    @staticmethod
    def _credential_key(credential: str) -> str:
        return hashlib.sha256(credential.encode()).hexdigest()

    def credential_retry_after(self, credential: str, now: int) -> int | None:
        """Seconds until this failing credential may be tried again, or None when it may now."""
        return self._credentials.retry_after(self._credential_key(credential), now)

    def address_retry_after(self, address: str, now: int) -> int | None:
        """Seconds until this address's failures are under the limit, or None when they are."""
        return self._addresses.retry_after(address, now)

    def record(self, address: str, credential: str, now: int) -> None:
        self._addresses.record(address, now)
        self._credentials.record(self._credential_key(credential), now)
