"""Built-in object storage: files in a folder, S3-compatible signed POST upload and GET download.

Clients cannot tell it from S3: the upload form is a SigV4 POST policy, refusals are S3's XML
errors, download URLs are SigV4 presigned GETs. Every server process that shares the folder
must share the secret (``DECKKIT_STORAGE_SECRET``, or the generated one in the data folder).
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
import re
from collections.abc import AsyncIterator, Sequence
from datetime import timedelta
from pathlib import Path
from urllib.parse import quote, urlencode, urlsplit

import anyio
from starlette.routing import BaseRoute, Route

from deckkit_server.clock import Clock, to_datetime
from deckkit_server.settings import DOWNLOAD_URL_SECONDS, MAX_UPLOAD_BYTES, UPLOAD_URL_SECONDS
from deckkit_server.storage.base import INPUT_CONTENT_TYPE, UPLOAD_ACL, StorageFull, UploadForm, is_disk_full
from deckkit_server.storage.local_bucket import Guard
from deckkit_server.storage.local_download import download_endpoint
from deckkit_server.storage.local_routes import upload_endpoint
from deckkit_server.storage.post_policy import build_policy
from deckkit_server.storage.sigv4 import ALGORITHM, Credential, amz_date, presigned_get_signature

__all__ = ["LocalStorage"]

_SAFE_KEY = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._/-]{0,299}$")
REGION = "local"


class LocalStorage:
    def __init__(self, folder: Path, secret: str, clock: Clock, *, bucket: str = "deckkit") -> None:
        self.folder = folder
        self.bucket = bucket
        self.secret = secret
        self.clock = clock
        # The access key id is public (it is in every credential); derived, so processes agree.
        self.access_key = "DK" + hashlib.sha256(f"access:{secret}".encode()).hexdigest()[:18].upper()
        self._token_of: tuple[Credential | None, str] = (None, "")
        (folder / bucket).mkdir(parents=True, exist_ok=True)
        (folder / ".incoming").mkdir(parents=True, exist_ok=True)
        # Set by the app (deckkit_server.access): whether a signed upload or download of a key
        # still stands (its session lives, its account is not disabled). Without them every
        # correctly signed request is served.
        self.upload_guard: Guard | None = None
        self.download_guard: Guard | None = None

    # signing

    def credential(self, now: int) -> Credential:
        return Credential(self.access_key, to_datetime(now).strftime("%Y%m%d"), REGION)

    def security_token(self, credential: Credential) -> str:
        """The session token bound to a credential's day, as STS binds one to its keys."""
        if self._token_of[0] != credential:  # one credential a day: sign it once
            token = hmac.new(self.secret.encode(), f"token:{credential}".encode(), hashlib.sha256).hexdigest()
            self._token_of = (credential, token)
        return self._token_of[1]

    def upload_form(self, key: str, *, base_url: str, now: int) -> UploadForm:
        self.path_of(key)
        moment = to_datetime(now)
        credential = self.credential(now)
        params = build_policy(
            secret=self.secret,
            credential=credential,
            bucket=self.bucket,
            fields={"acl": UPLOAD_ACL, "key": key, "Content-Type": INPUT_CONTENT_TYPE},
            expires=moment + timedelta(seconds=UPLOAD_URL_SECONDS),
            moment=moment,
            max_bytes=MAX_UPLOAD_BYTES,
            security_token=self.security_token(credential),
        )
        return UploadForm(action=f"{base_url.rstrip('/')}/storage/{self.bucket}", params=params)

    def download_url(self, key: str, *, base_url: str, now: int, filename: str) -> str:
        self.path_of(key)
        credential = self.credential(now)
        parts = urlsplit(base_url)
        host = parts.netloc
        path = f"{parts.path.rstrip('/')}/storage/{self.bucket}/{key}"
        query = {
            "X-Amz-Algorithm": ALGORITHM,
            "X-Amz-Credential": str(credential),
            "X-Amz-Date": amz_date(to_datetime(now)),
            "X-Amz-Expires": str(DOWNLOAD_URL_SECONDS),
            "X-Amz-SignedHeaders": "host",
            "response-content-disposition": f'attachment; filename="{filename}"',
        }
        signature = presigned_get_signature(
            self.secret, credential, path=path, host=host, query=query, date=query["X-Amz-Date"]
        )
        query_string = urlencode({**query, "X-Amz-Signature": signature}, quote_via=quote)
        return f"{parts.scheme}://{host}{quote(path)}?{query_string}"

    # objects

    def path_of(self, key: str) -> Path:
        if not _SAFE_KEY.match(key) or ".." in key.split("/"):
            raise ValueError(f"unsafe object key {key!r}")
        return self.folder / self.bucket / key

    def incoming_path(self) -> Path:
        return self.folder / ".incoming" / os.urandom(12).hex()

    async def upload_refusal(self, key: str) -> str | None:
        return None if self.upload_guard is None else await self.upload_guard(key)

    async def download_refusal(self, key: str) -> str | None:
        return None if self.download_guard is None else await self.download_guard(key)

    async def exists(self, key: str) -> bool:
        return await anyio.Path(self.path_of(key)).is_file()

    async def read(self, key: str) -> bytes:
        return await anyio.Path(self.path_of(key)).read_bytes()

    async def write(self, key: str, data: bytes, content_type: str) -> None:
        await anyio.to_thread.run_sync(self._write, key, data)

    def _write(self, key: str, data: bytes) -> None:
        target = self.path_of(key)
        staging = self.incoming_path()
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            staging.write_bytes(data)
            os.replace(staging, target)
        except BaseException as error:
            staging.unlink(missing_ok=True)  # a full disk stays no fuller than before the write
            if isinstance(error, OSError) and is_disk_full(error):
                raise StorageFull(f"no space left to store {key}") from error
            raise

    @contextlib.asynccontextmanager
    async def local_file(self, key: str) -> AsyncIterator[Path]:
        yield self.path_of(key)

    def staging_path(self) -> Path:
        return self.incoming_path()

    async def store_file(self, key: str, path: Path, content_type: str) -> None:
        await anyio.to_thread.run_sync(self.commit, path, key)

    def commit(self, staging: Path, key: str) -> None:
        target = self.path_of(key)
        target.parent.mkdir(parents=True, exist_ok=True)
        os.replace(staging, target)

    async def delete(self, keys: Sequence[str]) -> None:
        await anyio.to_thread.run_sync(self._delete, list(keys))

    def _delete(self, keys: list[str]) -> None:
        for key in keys:
            path = self.path_of(key)
            path.unlink(missing_ok=True)
            # Remove the emptied session folders, never the bucket itself.
            parent = path.parent
            bucket_root = self.folder / self.bucket
            while parent != bucket_root and parent.is_dir() and not any(parent.iterdir()):
                parent.rmdir()
                parent = parent.parent

    def delete_stale(self, before: int) -> int:
        """Delete files last written before ``before`` (microseconds since the epoch); how many.

        A session's files go with it, but an upload form stays valid for an hour after its
        session was replaced or expired, and a process can die mid-upload: such files belong to
        no session. No live session has a file older than its 24 hours, so age alone is safe.
        """
        cutoff = before / 1_000_000
        deleted = 0
        for root in (self.folder / self.bucket, self.folder / ".incoming"):
            for folder, _, names in os.walk(root, topdown=False):
                here = Path(folder)
                try:  # an old folder only: never one an upload has just made for its file
                    old_folder = here != root and here.lstat().st_mtime < cutoff
                except FileNotFoundError:  # another process swept it
                    continue
                for name in names:
                    path = here / name
                    with contextlib.suppress(FileNotFoundError):
                        if path.lstat().st_mtime < cutoff:
                            path.unlink()
                            deleted += 1
                if old_folder:
                    with contextlib.suppress(OSError):  # not empty: kept
                        here.rmdir()
        return deleted

    def routes(self) -> list[BaseRoute]:
        return [
            Route(f"/storage/{self.bucket}", upload_endpoint(self), methods=["POST"]),
            Route(f"/storage/{self.bucket}/{{key:path}}", download_endpoint(self), methods=["GET", "HEAD"]),
        ]

    def close(self) -> None:
        return None
