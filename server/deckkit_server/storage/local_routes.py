"""The built-in storage's S3-style POST upload (the presigned GET is :mod:`.local_download`).

The upload is parsed as a stream: fields are collected until the ``file`` part starts, the
policy is checked then, and the file is written to a staging file while its size is counted
against the policy's ``content-length-range``; nothing reaches the bucket unless all passed.
"""

from __future__ import annotations

import contextlib
import hashlib
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any, cast

import anyio
from python_multipart.exceptions import FormParserError
from python_multipart.multipart import MultipartParser, parse_options_header
from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response

from deckkit_server.clock import to_datetime
from deckkit_server.storage.base import FULL_RETRY_AFTER_SECONDS, is_disk_full
from deckkit_server.storage.local_bucket import Endpoint, LocalBucket
from deckkit_server.storage.multipart_events import MultipartEvents
from deckkit_server.storage.post_policy import LengthRange, check_policy, signature_matches
from deckkit_server.storage.s3_errors import S3Error

__all__ = [
    "MAX_FIELDS_BYTES",
    "MAX_PARTS",
    "MAX_PRE_FILE_BYTES",
    "PRE_POLICY_SECONDS",
    "UNSIGNED_REFUSAL_DELAY_SECONDS",
    "UploadGuard",
    "upload_endpoint",
]

# What an upload may send before its policy is checked, i.e. before anything proves it was signed by
# this server. S3 refuses more than 20 KB of form fields before the file; here every part counts,
# with its name, its headers and its value, so no shape of body (empty names, many parts, long
# headers) streams on without a refusal.
MAX_FIELDS_BYTES = 20 * 1024
MAX_PARTS = 32  # the signed form has 9 fields and the file
MAX_PRE_FILE_BYTES = 64 * 1024  # raw body bytes (boundaries, preamble) before the file part begins
PRE_POLICY_SECONDS = 15.0  # the fields must arrive within this, however slowly the bytes trickle
_PART_OVERHEAD = 64  # each part costs at least this much of the field budget
# After refusing a signed upload (too large, expired, ...) the rest of its body is read (so the
# client sees the answer, not a reset) only this far; then the connection is closed. Unsigned
# bodies are never read further: they are answered and their connection closed at once.
_DRAIN_BYTES = 1024 * 1024
# An unsigned body is refused only after this pause (its connection held, nothing read): no
# client of a form this server signed is ever refused so, and a flood of hostile bodies on a few
# connections then costs the event loop a few requests a second, not hundreds.
UNSIGNED_REFUSAL_DELAY_SECONDS = 0.5
_DRAIN_SECONDS = 2.0
# Past the policy check the multipart parser (pure Python) runs in worker threads for large
# chunks, so a 50 MB upload never holds the event loop for a whole chunk's parse.
_THREAD_CHUNK_BYTES = 16 * 1024
_PARSE_THREADS = anyio.CapacityLimiter(4)
_PRE_POLICY_SLICE = 2048

UploadGuard = Callable[[str], Awaitable[bool]]
"""Whether an upload to this key is still wanted (its session exists and is unrendered)."""


def _too_large(
    message: str = "Your POST request fields preceding the upload file were too large.",
) -> S3Error:
    return S3Error(400, "MaxPostPreDataLengthExceeded", message)


def _check_part_limits(events: MultipartEvents) -> None:
    """Stops the parser of a body whose policy is not checked yet at MAX_PARTS and the header limit."""
    if not events.limited:
        return
    if events.parts > MAX_PARTS:
        raise _too_many_parts()
    if events.header_bytes > MAX_FIELDS_BYTES:
        raise _too_large()


def _too_many_parts() -> S3Error:
    return _too_large(f"Your POST request has more than {MAX_PARTS} parts before the upload file.")


class _Upload:
    """State of one upload while its body streams in."""

    def __init__(self, storage: LocalBucket) -> None:
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
        self.fed = 0  # body bytes given to the parser
        self.signed = False  # the fields carry a policy this server signed (an expired one, maybe)

    @property
    def policy_checked(self) -> bool:
        return self.length is not None

    async def begin_file(self) -> None:
        try:
            length = check_policy(
                self.fields,
                bucket=self.storage.bucket,
                secret=self.storage.secret,
                access_key=self.storage.access_key,
                security_token_for=self.storage.security_token,
                now=to_datetime(self.storage.clock()),
            )
        except S3Error:
            self.signed = signature_matches(self.fields, self.storage.secret)
            raise
        self.signed = True
        key = self.fields["key"]
        try:
            self.storage.path_of(key)
        except ValueError:  # signed, but not a key this storage holds (e.g. ``../../storage-secret``)
            raise S3Error(
                400,
                "InvalidArgument",
                "The key is not a valid object key.",
                ArgumentName="key",
                ArgumentValue=key[:300],
            ) from None
        refusal = await self.storage.upload_refusal(key)
        if refusal is not None:
            raise S3Error(403, "AccessDenied", refusal)
        self.length = length
        self.staging = self.storage.incoming_path()
        self.handle = self.staging.open("wb")
        self.in_file = True

    async def handle_event(self, kind: str, payload: bytes) -> None:
        if self.file_done:
            return  # S3 ignores everything after the file
        if kind == "part":
            self.part = payload.decode("utf-8", "replace")
            self.value = bytearray()
            if self.part == "file":
                await self.begin_file()
            else:
                # Names count too, and every part at least _PART_OVERHEAD: endless empty fields
                # (named or not) must reach the limit before any signature is checked.
                self._count_field_bytes(len(payload) + _PART_OVERHEAD)
        elif kind == "data":
            if self.in_file:
                self.size += len(payload)
                assert self.length is not None
                if self.size > self.length.maximum:
                    raise S3Error(
                        400,
                        "EntityTooLarge",
                        "Your proposed upload exceeds the maximum allowed size",
                        MaxSizeAllowed=str(self.length.maximum),
                    )
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
        if self.fields_bytes > MAX_FIELDS_BYTES:
            raise _too_large()

    def check_pre_policy(self, events: MultipartEvents, received: int) -> None:
        """The limits of a body whose policy is not checked yet, counted over everything so far."""
        if self.policy_checked:
            return
        if events.parts > MAX_PARTS:
            raise _too_many_parts()
        if self.fields_bytes + events.header_bytes > MAX_FIELDS_BYTES or received > MAX_PRE_FILE_BYTES:
            raise _too_large()

    def discard(self) -> None:
        if self.handle is not None:
            with contextlib.suppress(OSError):  # closing flushes, and a full disk refuses that too
                self.handle.close()
        if self.staging is not None:
            self.staging.unlink(missing_ok=True)


def _timed_out() -> S3Error:
    return S3Error(
        400,
        "RequestTimeout",
        "Your socket connection to the server was not read from or written to within the timeout period.",
    )


async def _drain(chunks: AsyncIterator[bytes]) -> bool:
    """Read (and drop) a little of the rest of a refused body; True when it ended within the bounds."""
    seen = 0
    with anyio.move_on_after(_DRAIN_SECONDS):
        try:
            async for chunk in chunks:
                seen += len(chunk)
                if seen > _DRAIN_BYTES:
                    return False
        except ClientDisconnect:
            return False
        return True
    return False


async def _next_chunk(chunks: AsyncIterator[bytes], deadline: float | None) -> bytes | None:
    """The next chunk, None at the end; a deadline (``anyio.current_time``) raises RequestTimeout."""
    try:
        if deadline is None:
            return await chunks.__anext__()
        with anyio.fail_after(max(0.0, deadline - anyio.current_time())):
            return await chunks.__anext__()
    except StopAsyncIteration:
        return None
    except TimeoutError:
        raise _timed_out() from None


async def _feed(parser: MultipartParser, events: MultipartEvents, state: _Upload, chunk: bytes) -> None:
    """Parse one chunk of the body and act on its events.

    Before the policy is checked the chunk is parsed in small slices, each followed by the
    limit checks, so an unsigned body costs at most a few slices of parsing however large the
    chunk the server received; the callbacks themselves stop at MAX_PARTS and the header limit.
    After the check (a signed upload), large chunks are parsed in a worker thread.
    """
    offset = 0
    while offset < len(chunk):
        if state.policy_checked:
            rest = chunk[offset:]
            if len(rest) >= _THREAD_CHUNK_BYTES:
                await anyio.to_thread.run_sync(parser.write, rest, limiter=_PARSE_THREADS)
            else:
                parser.write(rest)
            offset = len(chunk)
        else:
            piece = chunk[offset : offset + _PRE_POLICY_SLICE]
            offset += len(piece)
            state.fed += len(piece)
            parser.write(piece)
            state.check_pre_policy(events, state.fed)
        for kind, payload in events.items:
            await state.handle_event(kind, payload)
            events.limited = not state.policy_checked
            state.check_pre_policy(events, state.fed)
        events.items.clear()


def _closing(response: Response) -> Response:
    response.headers["Connection"] = "close"
    return response


def upload_endpoint(storage: LocalBucket) -> Endpoint:
    async def upload(request: Request) -> Response:
        resource = f"/{storage.bucket}"
        content_type, options = parse_options_header(request.headers.get("content-type", ""))
        boundary = options.get(b"boundary")
        if content_type != b"multipart/form-data" or not boundary:
            return S3Error(
                412,
                "PreconditionFailed",
                "Bucket POST must be of the enclosure-type multipart/form-data.",
                Condition="Bucket POST must be of the enclosure-type multipart/form-data",
            ).response(resource)
        events = MultipartEvents(_check_part_limits)
        parser = MultipartParser(boundary, cast(Any, events.callbacks()))
        state = _Upload(storage)
        chunks = request.stream().__aiter__()
        try:
            await _receive_and_store(parser, events, state, chunks)
        except ClientDisconnect:
            state.discard()  # nobody is left to answer; nothing was stored
            return Response(status_code=400)
        except S3Error as error:
            state.discard()
            return await _refusal(error, state, chunks, resource)
        except FormParserError:
            state.discard()
            await anyio.sleep(UNSIGNED_REFUSAL_DELAY_SECONDS if not state.signed else 0)
            return _closing(
                S3Error(
                    400,
                    "MalformedPOSTRequest",
                    "The body of your POST request is not well-formed multipart/form-data.",
                ).response(resource)
            )
        finally:
            state.discard()
        response = Response(status_code=204, headers={"ETag": f'"{state.md5.hexdigest()}"'})
        return response if await _drain(chunks) else _closing(response)

    return upload


async def _receive_and_store(
    parser: MultipartParser, events: MultipartEvents, state: _Upload, chunks: AsyncIterator[bytes]
) -> None:
    """Receive the body and store its file; a full disk is S3's 503 ``ServiceUnavailable``."""
    try:
        await _receive(parser, events, state, chunks)
        await _store(state.storage, state)
    except OSError as error:
        if not is_disk_full(error):
            raise
        raise S3Error(
            503,
            "ServiceUnavailable",
            "The server's storage is full; nothing of this upload was kept. Please try again later.",
            headers={"Retry-After": str(FULL_RETRY_AFTER_SECONDS)},
        ) from error


async def _receive(
    parser: MultipartParser, events: MultipartEvents, state: _Upload, chunks: AsyncIterator[bytes]
) -> None:
    """Stream the whole body through the parser; the file must have come whole and large enough."""
    deadline = anyio.current_time() + PRE_POLICY_SECONDS
    while (chunk := await _next_chunk(chunks, None if state.policy_checked else deadline)) is not None:
        await _feed(parser, events, state, chunk)
    parser.finalize()
    for kind, payload in events.items:
        await state.handle_event(kind, payload)
    if not state.file_done:
        if state.staging is None:
            raise S3Error(
                400,
                "InvalidArgument",
                "POST requires exactly one file upload per request.",
                ArgumentName="file",
                ArgumentValue="0",
            )
        raise S3Error(400, "IncompleteBody", "The request body terminated unexpectedly")
    assert state.length is not None
    if state.size < state.length.minimum:
        raise S3Error(
            400,
            "EntityTooSmall",
            "Your proposed upload is smaller than the minimum allowed size",
            MinSizeAllowed=str(state.length.minimum),
            ProposedSize=str(state.size),
        )


async def _store(storage: LocalBucket, state: _Upload) -> None:
    """Move the received file into the bucket, unless its session stopped wanting it meanwhile."""
    assert state.staging is not None
    key = state.fields["key"]
    await anyio.to_thread.run_sync(storage.commit, state.staging, key)
    state.staging = None
    refusal = await storage.upload_refusal(key)
    if refusal is not None:
        # The session was replaced (or its account disabled) while this body streamed in, and
        # its files were deleted before this one landed: delete it too, or it would belong to no
        # session.
        await storage.delete([key])
        raise S3Error(403, "AccessDenied", refusal)


async def _refusal(error: S3Error, state: _Upload, chunks: AsyncIterator[bytes], resource: str) -> Response:
    """The answer to a refused upload. Only a client holding a form this server signed gets the
    rest of its body read (a little of it), so that it sees the answer; anything else is answered
    and cut off."""
    if not state.signed:
        await anyio.sleep(UNSIGNED_REFUSAL_DELAY_SECONDS)
        return _closing(error.response(resource))
    if error.code == "RequestTimeout" or not await _drain(chunks):
        return _closing(error.response(resource))
    return error.response(resource)
