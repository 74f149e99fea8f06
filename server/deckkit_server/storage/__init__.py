"""Object storage for input zips and rendered decks: built-in (a folder) or S3, chosen by URL."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote, urlsplit

from deckkit.errors import DeckkitError
from deckkit_server.clock import Clock
from deckkit_server.storage.base import ObjectStorage, UploadForm

__all__ = ["ObjectStorage", "UploadForm", "open_storage"]


def open_storage(url: str, *, secret: str, clock: Clock) -> ObjectStorage:
    """``file:///folder`` (built in) or ``s3://bucket?endpoint_url=...``."""
    parts = urlsplit(url)
    if parts.scheme == "file":
        # Each backend loads when the URL names it (boto3 is optional: the s3 extra).
        from deckkit_server.storage.local import LocalStorage

        return LocalStorage(Path(unquote(parts.path)), secret, clock)
    if parts.scheme == "s3":
        # Each backend loads when the URL names it (boto3 is optional: the s3 extra).
        from deckkit_server.storage.s3 import S3Storage

        return S3Storage(url)
    raise DeckkitError(f"DECKKIT_STORAGE_URL={url!r}: use file:///folder or s3://bucket?endpoint_url=...")
