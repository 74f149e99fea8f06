"""The console's defences: same-origin checks, security headers, bounded forms (sign-in throttling:
``sign_in_failures.py``).

Each is small and separate so that every console handler uses the same ones (see
docs/security.md for the limits and the tests that prove them).
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from urllib.parse import urlsplit

from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = [
    "SECURITY_HEADERS",
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
