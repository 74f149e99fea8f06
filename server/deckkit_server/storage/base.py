"""What the API needs from object storage, whichever backend holds the files."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from starlette.routing import BaseRoute

from deckkit.wire import UploadForm  # the interface's upload descriptor: a browser POST form for one key

__all__ = ["INPUT_CONTENT_TYPE", "OUTPUT_CONTENT_TYPE", "ObjectStorage", "StorageUnavailable", "UploadForm"]

INPUT_CONTENT_TYPE = "application/zip"
OUTPUT_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.presentationml.presentation"
UPLOAD_ACL = "private"


class StorageUnavailable(Exception):  # noqa: N818 (an outage of the storage service, answered 503)
    """The storage service cannot be reached or fails on its side (S3 down, or answering 5xx)."""


class ObjectStorage(Protocol):
    """Signed upload forms and download URLs, and plain object access for the server itself.

    ``base_url`` is the address clients reach this server at (the built-in storage serves its
    files there); ``now`` is microseconds since the epoch (S3 signs with the real clock).
    """

    def upload_form(self, key: str, *, base_url: str, now: int) -> UploadForm: ...

    def download_url(self, key: str, *, base_url: str, now: int, filename: str) -> str: ...

    async def exists(self, key: str) -> bool: ...

    async def read(self, key: str) -> bytes: ...

    async def write(self, key: str, data: bytes, content_type: str) -> None: ...

    async def delete(self, keys: Sequence[str]) -> None: ...

    def routes(self) -> list[BaseRoute]:
        """Routes the app mounts (the built-in storage's upload and download endpoints)."""
        ...

    def close(self) -> None: ...
