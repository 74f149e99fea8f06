"""Object storage on S3 (or any S3-compatible service): real presigned POST and GET via boto3.

``DECKKIT_STORAGE_URL=s3://bucket?endpoint_url=http://host:port&region=eu-west-1``; credentials
come from the usual AWS sources (environment, profile, instance role).
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import parse_qs, urlsplit

import anyio
from starlette.routing import BaseRoute

from deckkit_server.settings import DOWNLOAD_URL_SECONDS, MAX_UPLOAD_BYTES, UPLOAD_URL_SECONDS
from deckkit_server.storage.base import (
    INPUT_CONTENT_TYPE,
    UPLOAD_ACL,
    StorageFull,
    StorageUnavailable,
    UploadForm,
    is_disk_full,
)

__all__ = ["S3Storage"]

T = TypeVar("T")

# boto3 names the form fields in lower case; S3 accepts any case, the interface shows these.
_FIELD_NAMES = {
    "policy": "Policy",
    "x-amz-algorithm": "X-Amz-Algorithm",
    "x-amz-credential": "X-Amz-Credential",
    "x-amz-date": "X-Amz-Date",
    "x-amz-signature": "X-Amz-Signature",
    "x-amz-security-token": "X-Amz-Security-Token",
}
_ORDER = [
    "acl",
    "key",
    "Content-Type",
    "X-Amz-Security-Token",
    "X-Amz-Credential",
    "X-Amz-Algorithm",
    "X-Amz-Date",
    "Policy",
    "X-Amz-Signature",
]


class S3Storage:
    def __init__(self, url: str) -> None:
        # boto3 is optional (the s3 extra): loaded when DECKKIT_STORAGE_URL names a bucket.
        import boto3
        from botocore.config import Config

        parts = urlsplit(url)
        options = {k: v[-1] for k, v in parse_qs(parts.query).items()}
        self.bucket = parts.netloc
        addressing: Any = {"addressing_style": options.get("addressing_style", "path")}
        self.client: Any = boto3.client(
            "s3",
            endpoint_url=options.get("endpoint_url"),
            region_name=options.get("region", "us-east-1"),
            config=Config(signature_version="s3v4", s3=addressing, max_pool_connections=32),
        )

    def upload_form(self, key: str, *, base_url: str, now: int) -> UploadForm:
        post = self.client.generate_presigned_post(
            Bucket=self.bucket,
            Key=key,
            Fields={"acl": UPLOAD_ACL, "Content-Type": INPUT_CONTENT_TYPE},
            Conditions=[
                {"acl": UPLOAD_ACL},
                {"Content-Type": INPUT_CONTENT_TYPE},
                ["content-length-range", 1, MAX_UPLOAD_BYTES],
            ],
            ExpiresIn=UPLOAD_URL_SECONDS,
        )
        fields = {_FIELD_NAMES.get(name, name): value for name, value in post["fields"].items()}
        ordered = {name: fields.pop(name) for name in _ORDER if name in fields}
        return UploadForm(action=post["url"], params={**ordered, **fields})

    def download_url(self, key: str, *, base_url: str, now: int, filename: str) -> str:
        url: str = self.client.generate_presigned_url(
            "get_object",
            Params={
                "Bucket": self.bucket,
                "Key": key,
                "ResponseContentDisposition": f'attachment; filename="{filename}"',
            },
            ExpiresIn=DOWNLOAD_URL_SECONDS,
        )
        return url

    async def _call(self, fn: Callable[[], T]) -> T:
        """``fn`` (a boto3 call) in a worker thread; an unreachable or failing S3 raises StorageUnavailable."""
        # optional, as above
        from boto3.exceptions import RetriesExceededError, S3UploadFailedError
        from botocore.exceptions import ClientError, ConnectionError, HTTPClientError

        try:
            return await anyio.to_thread.run_sync(fn)
        except (ConnectionError, HTTPClientError, RetriesExceededError) as error:
            # RetriesExceededError: download_file's reads kept failing (connections dropped).
            raise StorageUnavailable(f"S3 is unreachable: {error}") from error
        except (ClientError, S3UploadFailedError) as error:
            # upload_file answers S3's refusal of its PUT as S3UploadFailedError, raised while
            # handling the ClientError that says what S3 answered.
            answer = error if isinstance(error, ClientError) else error.__context__
            if isinstance(answer, ClientError) and _status(answer) >= 500:
                raise StorageUnavailable(f"S3 answered {answer}") from error
            raise

    async def exists(self, key: str) -> bool:
        return await self._call(lambda: self._exists(key))

    def _exists(self, key: str) -> bool:
        from botocore.exceptions import ClientError  # optional, as above

        try:
            self.client.head_object(Bucket=self.bucket, Key=key)
        except ClientError as error:
            if error.response.get("Error", {}).get("Code") in {"404", "NoSuchKey", "NotFound"}:
                return False
            raise
        return True

    async def read(self, key: str) -> bytes:
        def get() -> bytes:
            body: bytes = self.client.get_object(Bucket=self.bucket, Key=key)["Body"].read()
            return body

        return await self._call(get)

    async def write(self, key: str, data: bytes, content_type: str) -> None:
        await self._call(
            lambda: self.client.put_object(Bucket=self.bucket, Key=key, Body=data, ContentType=content_type)
        )

    @contextlib.asynccontextmanager
    async def local_file(self, key: str) -> AsyncIterator[Path]:
        spooled = self.staging_path()
        try:
            # Streamed to disk in chunks: the object never sits whole in this process's memory.
            try:
                await self._call(lambda: self.client.download_file(self.bucket, key, str(spooled)))
            except OSError as error:
                if is_disk_full(error):
                    raise StorageFull(f"no space left for a copy of {key}") from error
                raise
            yield spooled
        finally:
            spooled.unlink(missing_ok=True)

    def staging_path(self) -> Path:
        handle, name = tempfile.mkstemp(prefix="deckkit-", suffix=".part")
        os.close(handle)
        return Path(name)

    async def store_file(self, key: str, path: Path, content_type: str) -> None:
        try:
            await self._call(
                lambda: self.client.upload_file(
                    str(path), self.bucket, key, ExtraArgs={"ContentType": content_type}
                )
            )
        finally:
            path.unlink(missing_ok=True)

    async def delete(self, keys: Sequence[str]) -> None:
        if not keys:
            return
        objects = [{"Key": key} for key in keys]
        await self._call(
            lambda: self.client.delete_objects(Bucket=self.bucket, Delete={"Objects": objects, "Quiet": True})
        )

    def routes(self) -> list[BaseRoute]:
        return []

    def close(self) -> None:
        self.client.close()


def _status(error: Any) -> int:
    """The HTTP status S3 answered a botocore ClientError with (0 when it says none)."""
    status: int = error.response.get("ResponseMetadata", {}).get("HTTPStatusCode", 0)
    return status
