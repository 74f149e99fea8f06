"""How the server meets the network: uvicorn's settings, slow-client timeouts and start-up warnings.

uvicorn bounds idle keep-alive connections but not a client that sends its request headers (or
its body) slowly; ``HeaderTimeoutProtocol`` closes a connection whose request line and headers
are not complete within ``DECKKIT_HEADER_TIMEOUT`` seconds, and ``BodyTimeout`` answers 408 when
the body stalls longer than ``DECKKIT_BODY_TIMEOUT`` between two chunks. In production a reverse
proxy in front (see docs/server.md) should bound both as well.

The protocol is uvicorn's httptools one (C parser; h11 only where httptools is missing): h11's
pure-Python parsing and writing cost about a fifth of a request's CPU. h11 caps a request's
line and headers at 16 KiB; the httptools protocol does not, so ``HeaderTimeoutProtocol`` caps
them the same way (400 and close, as uvicorn answers a request h11 refuses).
"""

from __future__ import annotations

import asyncio
import functools
import ipaddress
from typing import Any

import anyio
import uvicorn
from starlette.types import ASGIApp, Message, Receive, Scope, Send

try:
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol as _HTTPProtocol
except ImportError:  # without httptools (uvicorn without [standard]): the pure-Python parser
    from uvicorn.protocols.http.h11_impl import H11Protocol as _HTTPProtocol  # type: ignore[assignment]

from deckkit_server.settings import Settings, load_settings

__all__ = [
    "KEEP_ALIVE_SECONDS",
    "MAX_HEADER_BYTES",
    "BodyTimeout",
    "HeaderTimeoutProtocol",
    "startup_warnings",
    "uvicorn_config",
]

# uvicorn closes idle keep-alive connections after 5 s by default; a client that waits longer
# between calls (an upload to storage, then render) can race that close and see a reset.
KEEP_ALIVE_SECONDS = 30
# The request line and headers of one request, as h11 bounds them (its default).
MAX_HEADER_BYTES = 16 * 1024


@functools.cache
def _header_timeout_from_environment() -> float:
    return load_settings().header_timeout


class HeaderTimeoutProtocol(_HTTPProtocol):
    """uvicorn's HTTP protocol, closing connections whose request headers do not arrive in time.

    The clock starts when the connection opens, and again when the first bytes of a further
    request on a kept-alive connection arrive; it stops once a request's headers are complete.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        timeout = getattr(self.config, "deckkit_header_timeout", None)
        self._header_timeout = float(timeout if timeout is not None else _header_timeout_from_environment())
        self._header_timer: asyncio.TimerHandle | None = None
        self._header_bytes = 0

    # httptools parser callbacks (h11 bounds the headers itself and never calls these). Raising
    # here makes the parser fail, and uvicorn answers 400 and closes the connection.

    def on_message_begin(self) -> None:
        self._header_bytes = 0
        super().on_message_begin()

    def _count_header_bytes(self, size: int) -> None:
        self._header_bytes += size
        if self._header_bytes > MAX_HEADER_BYTES:
            raise ValueError(f"request line and headers over {MAX_HEADER_BYTES} bytes")

    def on_url(self, url: bytes) -> None:
        self._count_header_bytes(len(url))
        super().on_url(url)

    def on_header(self, name: bytes, value: bytes) -> None:
        self._count_header_bytes(len(name) + len(value) + 4)  # ": " and the line break
        super().on_header(name, value)

    def _between_requests(self) -> bool:
        return self.cycle is None or self.cycle.response_complete

    def _arm(self) -> None:
        if self._header_timer is None:
            self._header_timer = self.loop.call_later(self._header_timeout, self._headers_too_slow)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _headers_too_slow(self) -> None:
        self._header_timer = None
        if self._between_requests() and not self.transport.is_closing():
            self.transport.close()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        if self._between_requests():
            self._arm()
        super().data_received(data)
        if not self._between_requests():
            self._disarm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)


class BodyTimeout:
    """ASGI middleware: a request body that stalls ``seconds`` between chunks is answered 408.

    The app then sees a disconnect; the 408 carries ``Connection: close`` and anything the app
    sends afterwards is dropped. Once the body is complete, ``receive`` is passed through as is.
    """

    def __init__(self, app: ASGIApp, seconds: float) -> None:
        self.app = app
        self.seconds = seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        body_done = False
        started = False
        answered = False

        async def send_unless_answered(message: Message) -> None:
            nonlocal started
            if answered:
                return
            started = started or message["type"] == "http.response.start"
            await send(message)

        async def receive_in_time() -> Message:
            nonlocal body_done, answered
            if body_done:
                return await receive()
            if answered:
                return {"type": "http.disconnect"}
            with anyio.move_on_after(self.seconds):
                message = await receive()
                body_done = message["type"] != "http.request" or not message.get("more_body", False)
                return message
            if not started:
                answered = True
                await send(
                    {
                        "type": "http.response.start",
                        "status": 408,
                        "headers": [
                            (b"content-type", b"text/plain; charset=utf-8"),
                            (b"connection", b"close"),
                        ],
                    }
                )
                await send({"type": "http.response.body", "body": b"request body timed out\n"})
            return {"type": "http.disconnect"}

        await self.app(scope, receive_in_time, send_unless_answered)


def uvicorn_config(app: Any, settings: Settings, **options: Any) -> Any:
    """The uvicorn.Config of ``deckkit serve``: the header-timeout protocol and the keep-alive time."""
    config = uvicorn.Config(
        app,
        host=settings.host,
        port=settings.port,
        http=HeaderTimeoutProtocol,
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
        **options,
    )
    config.deckkit_header_timeout = settings.header_timeout  # type: ignore[attr-defined]
    return config


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def startup_warnings(settings: Settings) -> list[str]:
    """What an operator should fix before exposing the server."""
    warnings = []
    if not _is_loopback(settings.host) and not settings.allowed_hosts:
        warnings.append(
            f"listening on {settings.host} without DECKKIT_ALLOWED_HOSTS: any Host header is accepted, and "
            "without DECKKIT_PUBLIC_URL it decides the upload and download addresses; set "
            "DECKKIT_ALLOWED_HOSTS to the names clients use"
        )
    return warnings
