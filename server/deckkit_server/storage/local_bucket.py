"""What the built-in storage's upload and download endpoints need of it: a bucket of files.

:class:`~deckkit_server.storage.local.LocalStorage` is one, and serves the endpoints
(``routes()``); the endpoints name only this, so the two modules do not import each other.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Protocol

from starlette.requests import Request
from starlette.responses import Response

from deckkit_server.clock import Clock
from deckkit_server.storage.sigv4 import Credential

__all__ = ["Endpoint", "Guard", "LocalBucket"]

Endpoint = Callable[[Request], Awaitable[Response]]
Guard = Callable[[str], Awaitable[str | None]]
"""Why a signed request for a key is refused (its session or account no longer allows it), or None."""


class LocalBucket(Protocol):
    """The folder behind the endpoints, its names and the keys that sign for it."""

    bucket: str
    secret: str
    access_key: str
    clock: Clock

    def security_token(self, credential: Credential) -> str: ...

    def path_of(self, key: str) -> Path: ...

    def incoming_path(self) -> Path: ...

    async def upload_refusal(self, key: str) -> str | None:
        """Why an upload to ``key`` is refused though its form is signed (None: it is wanted)."""
        ...

    async def download_refusal(self, key: str) -> str | None:
        """Why a download of ``key`` is refused though its URL is signed (None: it may be served)."""
        ...

    def commit(self, staging: Path, key: str) -> None: ...

    async def delete(self, keys: Sequence[str]) -> None: ...
