"""The upload to storage: a multipart form with every pre-signed field in order, ``file`` last.

The body is streamed in chunks from a path, a file object or bytes, with an exact
``Content-Length`` (S3-style storage checks it against the policy's size range) and an optional
progress callback. Each attempt opens the source anew, so a retried upload sends the whole zip
again.
"""

from __future__ import annotations

import base64
import binascii
import io
import json
import os
import secrets
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from deckkit.client._progress import ProgressCallback, TransferProgress
from deckkit.client._types import SupportsZipBytes, UploadForm
from deckkit.errors import BundleError

__all__ = ["UploadBody", "UploadSource", "ZipSource", "check_size", "policy_size_limit"]

UploadSource = SupportsZipBytes | str | os.PathLike[str] | bytes | bytearray | memoryview | IO[bytes]

CHUNK_SIZE = 64 * 1024
_ZIP_MEDIA_TYPE = "application/zip"


@dataclass(frozen=True)
class ZipSource:
    """An upload source that can be read again from the start for each attempt."""

    size: int
    filename: str
    _data: bytes | None = None
    _path: Path | None = None
    _file: IO[bytes] | None = None
    _file_start: int = 0

    @classmethod
    def of(cls, source: UploadSource) -> ZipSource:
        """Accept a Deck (``to_zip_bytes()``), a path, bytes, or a binary file object."""
        if isinstance(source, SupportsZipBytes):
            data = source.to_zip_bytes()
            return cls(size=len(data), filename="deck.zip", _data=data)
        if isinstance(source, bytes | bytearray | memoryview):
            data = bytes(source)
            return cls(size=len(data), filename="deck.zip", _data=data)
        if isinstance(source, str | os.PathLike):
            path = Path(source)
            if not path.is_file():
                raise BundleError(f"{path}: no such zip file")
            return cls(size=path.stat().st_size, filename=path.name, _path=path)
        if hasattr(source, "read"):
            name = Path(str(getattr(source, "name", "deck.zip"))).name or "deck.zip"
            if _seekable(source):
                start = source.tell()
                end = source.seek(0, io.SEEK_END)
                source.seek(start)
                return cls(size=end - start, filename=name, _file=source, _file_start=start)
            data = source.read()
            return cls(size=len(data), filename=name, _data=data)
        raise TypeError(
            f"cannot upload a {type(source).__name__}: pass a Deck, a zip path, bytes or a binary file"
        )

    def chunks(self) -> Iterator[bytes]:
        if self._data is not None:
            view = memoryview(self._data)
            for start in range(0, len(view), CHUNK_SIZE):
                yield bytes(view[start : start + CHUNK_SIZE])
            return
        if self._path is not None:
            with self._path.open("rb") as handle:
                yield from _read_chunks(handle)
            return
        assert self._file is not None
        self._file.seek(self._file_start)
        yield from _read_chunks(self._file)


def _seekable(handle: Any) -> bool:
    try:
        return bool(handle.seekable())
    except (AttributeError, OSError, ValueError):
        return False


def _read_chunks(handle: IO[bytes]) -> Iterator[bytes]:
    while chunk := handle.read(CHUNK_SIZE):
        yield chunk


def _quote(name: str) -> str:
    # HTML's form encoding: the three characters that would break a quoted header value.
    return name.replace("\\", "\\\\").replace('"', "%22").replace("\r", "%0D").replace("\n", "%0A")


class UploadBody:
    """The multipart body for one upload attempt, fields in the order of ``form.params``."""

    def __init__(self, form: UploadForm, source: ZipSource, progress: ProgressCallback | None = None) -> None:
        self.boundary = secrets.token_hex(16)
        self.source = source
        self.progress = progress
        fields = bytearray()
        for name, value in form.params.items():
            fields += (
                f'--{self.boundary}\r\nContent-Disposition: form-data; name="{_quote(name)}"\r\n\r\n'.encode()
                + str(value).encode()
                + b"\r\n"
            )
        # Storage reads the file part's own type from the policy's Content-Type field, when given.
        file_type = form.params.get("Content-Type", _ZIP_MEDIA_TYPE)
        fields += (
            f'--{self.boundary}\r\nContent-Disposition: form-data; name="file"; '
            f'filename="{_quote(source.filename)}"\r\nContent-Type: {file_type}\r\n\r\n'
        ).encode()
        self._head = bytes(fields)
        self._tail = f"\r\n--{self.boundary}--\r\n".encode()

    @property
    def headers(self) -> dict[str, str]:
        return {
            "Content-Type": f"multipart/form-data; boundary={self.boundary}",
            "Content-Length": str(len(self._head) + self.source.size + len(self._tail)),
        }

    def __iter__(self) -> Iterator[bytes]:
        yield self._head
        done = 0
        self._report(0)
        for chunk in self.source.chunks():
            yield chunk
            done += len(chunk)
            self._report(done)
        yield self._tail

    async def __aiter__(self) -> AsyncIterator[bytes]:
        for chunk in self:
            yield chunk

    def _report(self, done: int) -> None:
        if self.progress is not None:
            self.progress(TransferProgress("upload", done, self.source.size))


def policy_size_limit(form: UploadForm) -> int | None:
    """The largest zip the pre-signed policy allows, read from its ``content-length-range``.

    ``None`` when the policy cannot be read: the storage endpoint then has the last word.
    """
    policy = form.params.get("Policy") or form.params.get("policy")
    if not policy:
        return None
    try:
        document = json.loads(base64.b64decode(policy, validate=False))
    except (binascii.Error, ValueError, UnicodeDecodeError):
        return None
    conditions = document.get("conditions") if isinstance(document, dict) else None
    for condition in conditions if isinstance(conditions, list) else []:
        if isinstance(condition, list) and len(condition) == 3 and condition[0] == "content-length-range":
            try:
                return int(condition[2])
            except (TypeError, ValueError):
                return None
    return None


def check_size(form: UploadForm, source: ZipSource) -> None:
    """Refuse a zip the storage would refuse anyway, before sending megabytes for nothing."""
    limit = policy_size_limit(form)
    if limit is not None and source.size > limit:
        raise BundleError(
            f"{source.filename}: the zip is {source.size / 1e6:.1f} MB, the service accepts at most "
            f"{limit / 1e6:.1f} MB; compress images or drop unused media"
        )
