"""HTTP endpoints of the built-in storage: the S3-style POST upload and the presigned GET.

The upload is parsed as a stream: fields are collected until the ``file`` part starts, the
policy is checked then, and the file is written to a staging file while its size is counted
against the policy's ``content-length-range``; nothing reaches the bucket unless all passed.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import anyio
from python_multipart.exceptions import FormParserError
from python_multipart.multipart import MultipartParser, parse_options_header
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, Response

from deckkit_server.clock import to_datetime
from deckkit_server.settings import MAX_UPLOAD_BYTES
from deckkit_server.storage.base import INPUT_CONTENT_TYPE, OUTPUT_CONTENT_TYPE
from deckkit_server.storage.post_policy import LengthRange, check_policy
from deckkit_server.storage.s3_errors import S3Error
from deckkit_server.storage.sigv4 import ALGORITHM, Credential, parse_amz_date, presigned_get_signature

if TYPE_CHECKING:
    from deckkit_server.storage.local import LocalStorage

__all__ = ["download_endpoint", "upload_endpoint"]

Endpoint = Callable[[Request], Awaitable[Response]]

_MAX_FIELDS_BYTES = 20 * 1024  # S3 refuses more than 20 KB of form fields before the file
_DRAIN_LIMIT = 2 * MAX_UPLOAD_BYTES  # past this a refused upload's connection is simply closed


class _Events:
    """Collects the multipart parser's callbacks as a list of (kind, payload) events."""

    def __init__(self) -> None:
        self.items: list[tuple[str, bytes]] = []
        self._header_field = b""
        self._header_value = b""
        self.headers: dict[bytes, bytes] = {}

    def callbacks(self) -> dict[str, Any]:
        def on_part_begin() -> None:
            self.headers = {}

        def on_header_field(data: bytes, start: int, end: int) -> None:
            self._header_field += data[start:end]

        def on_header_value(data: bytes, start: int, end: int) -> None:
            self._header_value += data[start:end]

        def on_header_end() -> None:
            self.headers[self._header_field.lower()] = self._header_value
            self._header_field = self._header_value = b""

        def on_headers_finished() -> None:
            _, options = parse_options_header(self.headers.get(b"content-disposition", b""))
            self.items.append(("part", options.get(b"name", b"")))

        def on_part_data(data: bytes, start: int, end: int) -> None:
            self.items.append(("data", data[start:end]))

        def on_part_end() -> None:
            self.items.append(("end", b""))

        return {
            "on_part_begin": on_part_begin,
            "on_header_field": on_header_field,
            "on_header_value": on_header_value,
            "on_header_end": on_header_end,
            "on_headers_finished": on_headers_finished,
            "on_part_data": on_part_data,
            "on_part_end": on_part_end,
        }


class _Upload:
    """State of one upload while its body streams in."""

    def __init__(self, storage: LocalStorage) -> None:
        self.storage = storage
        self.fields: dict[str, str] = {}
        self.fields_bytes = 0
        self.part: str | None = None
        self.value = bytearray()
        self.in_file = False
        self.file_done = False
        self.length: LengthRange | None = None
        self.size = 0
        self.staging: Path | None = None
        self.handle: Any = None
        self.md5 = hashlib.md5(usedforsecurity=False)  # S3's ETag of a single-part upload

    def begin_file(self) -> None:
        self.length = check_policy(
            self.fields, bucket=self.storage.bucket, secret=self.storage.secret,
            access_key=self.storage.access_key, security_token_for=self.storage.security_token,
            now=to_datetime(self.storage.clock()),
        )  # fmt: skip
        self.staging = self.storage.incoming_path()
        self.handle = self.staging.open("wb")
        self.in_file = True

    def handle_event(self, kind: str, payload: bytes) -> None:
        if self.file_done:
            return  # S3 ignores everything after the file
        if kind == "part":
            self.part = payload.decode("utf-8", "replace")
            self.value = bytearray()
            if self.part == "file":
                self.begin_file()
            else:
                # A field's name is kept too: without this, endless empty fields with distinct names
                # would grow memory without bound before any signature is checked.
                self._count_field_bytes(len(payload))
        elif kind == "data":
            if self.in_file:
                self.size += len(payload)
                assert self.length is not None
                if self.size > self.length.maximum:
                    raise S3Error(400, "EntityTooLarge", "Your proposed upload exceeds the maximum allowed size",
                                  MaxSizeAllowed=str(self.length.maximum))  # fmt: skip
                self.handle.write(payload)
                self.md5.update(payload)
            else:
                self._count_field_bytes(len(payload))
                self.value += payload
        elif kind == "end":
            if self.in_file:
                self.in_file = False
                self.file_done = True
                self.handle.close()
            elif self.part is not None:
                # Form field names are case-insensitive for S3; the first occurrence counts.
                self.fields.setdefault(self.part.lower(), self.value.decode("utf-8", "replace"))
            self.part = None

    def _count_field_bytes(self, size: int) -> None:
        self.fields_bytes += size
        if self.fields_bytes > _MAX_FIELDS_BYTES:
            raise S3Error(400, "MaxPostPreDataLengthExceeded",
                          "Your POST request fields preceding the upload file were too large.")  # fmt: skip

    def discard(self) -> None:
        if self.handle is not None:
            self.handle.close()
        if self.staging is not None:
            self.staging.unlink(missing_ok=True)


async def _drain(stream: Any, already: int) -> None:
    """Read (and drop) the rest of a refused body, so the client sees the answer, not a reset."""
    seen = already
    try:
        async for chunk in stream:
            seen += len(chunk)
            if seen > _DRAIN_LIMIT:
                return
    except ClientDisconnect:
        return


def upload_endpoint(storage: LocalStorage) -> Endpoint:
    async def upload(request: Request) -> Response:
        resource = f"/{storage.bucket}"
        content_type, options = parse_options_header(request.headers.get("content-type", ""))
        boundary = options.get(b"boundary")
        if content_type != b"multipart/form-data" or not boundary:
            return S3Error(412, "PreconditionFailed", "Bucket POST must be of the enclosure-type multipart/form-data.",
                           Condition="Bucket POST must be of the enclosure-type multipart/form-data").response(resource)  # fmt: skip
        events = _Events()
        parser = MultipartParser(boundary, cast(Any, events.callbacks()))
        state = _Upload(storage)
        stream = request.stream()
        received = 0
        try:
            async for chunk in stream:
                received += len(chunk)
                parser.write(chunk)
                for kind, payload in events.items:
                    state.handle_event(kind, payload)
                events.items.clear()
            parser.finalize()
            for kind, payload in events.items:
                state.handle_event(kind, payload)
            if not state.file_done:
                if state.staging is None:
                    raise S3Error(400, "InvalidArgument", "POST requires exactly one file upload per request.",
                                  ArgumentName="file", ArgumentValue="0")  # fmt: skip
                raise S3Error(400, "IncompleteBody", "The request body terminated unexpectedly")
            assert state.length is not None
            assert state.staging is not None
            if state.size < state.length.minimum:
                raise S3Error(400, "EntityTooSmall", "Your proposed upload is smaller than the minimum allowed size",
                              MinSizeAllowed=str(state.length.minimum), ProposedSize=str(state.size))  # fmt: skip
            await anyio.to_thread.run_sync(storage.commit, state.staging, state.fields["key"])
            state.staging = None
        except ClientDisconnect:
            state.discard()  # nobody is left to answer; nothing was stored
            return Response(status_code=400)
        except S3Error as error:
            state.discard()
            await _drain(stream, received)
            return error.response(resource)
        except FormParserError:
            state.discard()
            return S3Error(400, "MalformedPOSTRequest", "The body of your POST request is not well-formed "
                           "multipart/form-data.").response(resource)  # fmt: skip
        finally:
            state.discard()
        await _drain(stream, received)
        return Response(status_code=204, headers={"ETag": f'"{state.md5.hexdigest()}"'})

    return upload


def _content_type(key: str) -> str:
    return OUTPUT_CONTENT_TYPE if key.endswith(".pptx") else INPUT_CONTENT_TYPE if key.endswith(".zip") else (
        "application/octet-stream")  # fmt: skip


def download_endpoint(storage: LocalStorage) -> Endpoint:
    async def download(request: Request) -> Response:
        key = request.path_params["key"]
        resource = f"/{storage.bucket}/{key}"
        query = dict(request.query_params)
        signature = query.pop("X-Amz-Signature", None)
        needed = ("X-Amz-Algorithm", "X-Amz-Credential", "X-Amz-Date", "X-Amz-Expires", "X-Amz-SignedHeaders")
        if signature is None or any(name not in query for name in needed):
            return S3Error(403, "AccessDenied", "Query-string authentication version 4 requires the X-Amz-Algorithm, "
                           "X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires "
                           "parameters.").response(resource)  # fmt: skip
        credential = Credential.parse(query["X-Amz-Credential"])
        signed_at = parse_amz_date(query["X-Amz-Date"])
        if (credential is None or signed_at is None or query["X-Amz-Algorithm"] != ALGORITHM
                or not query["X-Amz-Expires"].isdigit() or query["X-Amz-SignedHeaders"] != "host"):  # fmt: skip
            return S3Error(400, "AuthorizationQueryParametersError",
                           "Query-string authentication parameters are malformed.").response(resource)  # fmt: skip
        if not hmac.compare_digest(credential.access_key.encode(), storage.access_key.encode()):
            return S3Error(403, "InvalidAccessKeyId", "The AWS Access Key Id you provided does not exist in our "
                           "records.").response(resource)  # fmt: skip
        expected = presigned_get_signature(
            storage.secret, credential, path=request.url.path, host=request.headers.get("host", ""),
            query=query, date=query["X-Amz-Date"],
        )  # fmt: skip
        if not hmac.compare_digest(expected.encode(), signature.encode()):
            return S3Error(403, "SignatureDoesNotMatch", "The request signature we calculated does not match the "
                           "signature you provided. Check your key and signing method.").response(resource)  # fmt: skip
        now = to_datetime(storage.clock())
        if (now - signed_at).total_seconds() > int(query["X-Amz-Expires"]):
            return S3Error(403, "AccessDenied", "Request has expired", Expires=signed_at.isoformat(),
                           ServerTime=now.isoformat()).response(resource)  # fmt: skip
        try:
            path = storage.path_of(key)
        except ValueError:
            path = None
        if path is None or not await anyio.Path(path).is_file():
            return S3Error(404, "NoSuchKey", "The specified key does not exist.", Key=key).response(resource)
        headers = {}
        if "response-content-disposition" in query:
            headers["Content-Disposition"] = query["response-content-disposition"]
        return FileResponse(path, media_type=_content_type(key), headers=headers)

    return download
