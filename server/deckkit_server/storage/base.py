"""What the API needs from object storage, whichever backend holds the files."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Protocol

from starlette.routing import BaseRoute

from deckkit.wire import UploadForm  # the interface's upload descriptor: a browser POST form for one key
from deckkit_server.disk import FULL_RETRY_AFTER_SECONDS, StorageFull, is_disk_full

__all__ = [
    "FULL_RETRY_AFTER_SECONDS",
    "INPUT_CONTENT_TYPE",
    "OUTPUT_CONTENT_TYPE",
    "PDF_CONTENT_TYPE",
    "ObjectStorage",
    "StorageFull",
    "StorageUnavailable",
    "UploadForm",
    "is_disk_full",
]

INPUT_CONTENT_TYPE = "application/zip"
OUTPUT_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.presentationml.presentation"
PDF_CONTENT_TYPE = "application/pdf"
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

    async def write(self, key: str, data: bytes, content_type: str) -> None:
        """Store ``data`` whole under ``key``, or nothing (``StorageFull`` when the disk is full)."""
        ...

    def local_file(self, key: str) -> AbstractAsyncContextManager[Path]:
        """A file on this machine holding the object while the context lasts, for a render worker
        to read itself (the server process never holds an input zip): the object's own file in the
        built-in storage, a streamed copy from S3."""
        ...

    def staging_path(self) -> Path:
        """A fresh path where a render worker writes a file for ``store_file``."""
        ...

    async def store_file(self, key: str, path: Path, content_type: str) -> None:
        """Store the whole file at ``path`` (from ``staging_path``) under ``key``; the file is gone after."""
        ...

    async def delete(self, keys: Sequence[str]) -> None: ...

    def routes(self) -> list[BaseRoute]:
        """Routes the app mounts (the built-in storage's upload and download endpoints)."""
        ...

    def close(self) -> None: ...
