"""Render one session: exactly once, however many requests and server processes ask at a time.

The right to render is a claim in the store (an atomic update), so concurrent calls anywhere
render once; the others wait for the recorded result. The claimant refreshes its claim while it
waits for a render worker and while the render runs; a claim not refreshed for
``CLAIM_LIFETIME_SECONDS`` is stale (its process died), and the next caller takes over. A claim
also names its process (``deckkit_server.claims``): when that process is known to be gone (same
machine, after a crash or ``kill -9``), or is this one and its render has ended (the release
failed, see ``claim_release``), the claim is taken over at once. A render that stops on an error
logs it with the session's id before the claim is released.
"""

from __future__ import annotations

import contextlib
import logging
import re
from collections.abc import AsyncIterator

import anyio

from deckkit_server.api.errors import APIProblem, not_found
from deckkit_server.claim_release import release_claim, retry_pending_releases
from deckkit_server.claims import is_gone, process_identity, render_ended_here, rendering_here
from deckkit_server.settings import SESSION_LIFETIME_SECONDS
from deckkit_server.state import ServerState
from deckkit_server.storage.base import OUTPUT_CONTENT_TYPE, StorageUnavailable
from deckkit_server.store import SessionRecord

__all__ = [
    "claim_stale_before",
    "output_key_for",
    "render_session",
    "upload_key_for",
    "upload_wanted",
    "uuid_of_upload_key",
]

_UPLOAD_KEY = re.compile(
    r"^sessions/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/input\.zip$"
)
log = logging.getLogger("deckkit_server.rendering")

CLAIM_LIFETIME_SECONDS = 90
_HEARTBEAT_SECONDS = 30.0
_POLL_SECONDS = 0.1


def upload_key_for(uuid: str) -> str:
    return f"sessions/{uuid}/input.zip"


def uuid_of_upload_key(key: str) -> str | None:
    match = _UPLOAD_KEY.match(key)
    return match.group(1) if match else None


async def upload_wanted(state: ServerState, key: str) -> bool:
    """Whether an upload to ``key`` is still wanted: its session exists, is unexpired and unrendered.

    The upload form of a session that a newer one replaced stays validly signed for an hour; this
    is what makes the built-in storage refuse it (and delete what it wrote, see local_routes).
    """
    uuid = uuid_of_upload_key(key)
    if uuid is None:
        return False
    record = await state.db(state.store.session_by_uuid, uuid)
    if record is None or record.upload_key != key or record.is_rendered:
        return False
    return record.created_at > state.clock() - SESSION_LIFETIME_SECONDS * 1_000_000


def output_key_for(uuid: str) -> str:
    return f"sessions/{uuid}/output.pptx"


def claim_stale_before(now: int) -> int:
    """Claims made (or refreshed) before this time belong to a process that is gone."""
    return now - CLAIM_LIFETIME_SECONDS * 1_000_000


async def _keep_claim(state: ServerState, uuid: str) -> None:
    while True:
        await anyio.sleep(_HEARTBEAT_SECONDS)
        try:
            await state.db(state.store.refresh_render_claim, uuid, state.clock())
        except state.store.unavailable_errors as error:  # a blip must not end the render: next beat
            log.warning("the render claim of session %s was not refreshed: %s", uuid, error)


@contextlib.asynccontextmanager
async def _claim_kept(state: ServerState, uuid: str) -> AsyncIterator[None]:
    """The claim refreshed in the background while the body runs; the body's error raised as is."""
    try:
        async with anyio.create_task_group() as heartbeat:
            heartbeat.start_soon(_keep_claim, state, uuid)
            yield
            heartbeat.cancel_scope.cancel()
    except BaseExceptionGroup as group:  # the body's one error, not wrapped (its handler answers it)
        if len(group.exceptions) == 1:
            raise group.exceptions[0] from None
        raise


async def _claimed(state: ServerState, record: SessionRecord) -> SessionRecord | None:
    """Wait for the claim of ``record``: None once this process holds it, or the recorded result."""
    me = process_identity()
    while True:
        now = state.clock()
        if await state.db(state.store.claim_render, record.uuid, now, claim_stale_before(now), me):
            return None
        current = await state.db(state.store.session_by_uuid, record.uuid)
        if current is None:
            raise not_found(record.uuid)
        if current.is_rendered:
            return current
        owner = current.render_claimed_by
        if owner and render_ended_here(owner, record.uuid):  # left by a render of ours that ended
            with rendering_here(record.uuid):  # so no other request of this process takes it too
                if await state.db(state.store.take_over_claim, record.uuid, owner, state.clock(), me):
                    return None
            continue
        if owner and owner != me and is_gone(owner):  # its process died (kill -9, crash): take over now
            if await state.db(state.store.take_over_claim, record.uuid, owner, state.clock(), me):
                return None
            continue
        await anyio.sleep(_POLL_SECONDS)


def _log_render_error(uuid: str, error: BaseException, unavailable: tuple[type[Exception], ...]) -> None:
    if isinstance(error, anyio.get_cancelled_exc_class()):
        log.info("the render of session %s was cancelled (the client left, or the server stops)", uuid)
    elif isinstance(error, (*unavailable, StorageUnavailable)):
        log.warning("the render of session %s stopped: a backend is unreachable (%s)", uuid, error)
    elif isinstance(error, APIProblem):
        log.info("the render of session %s was refused: %s", uuid, error.message)
    else:
        log.error("the render of session %s failed", uuid, exc_info=error)


async def render_session(state: ServerState, record: SessionRecord) -> SessionRecord:
    """The session's render result, rendering it first if nobody has."""
    if record.is_rendered:
        return record
    if not await state.storage.exists(record.upload_key):
        raise APIProblem(
            409,
            "not_uploaded",
            "no zip was uploaded for this session yet: post it to upload.action "
            "with upload.params as form fields (the file last), then call render",
        )
    if state.unreleased_claims:
        await retry_pending_releases(state)
    recorded = await _claimed(state, record)
    if recorded is not None:
        return recorded
    state.unreleased_claims.discard(record.uuid)  # held again: no longer this process's to release
    with rendering_here(record.uuid):
        try:
            async with _claim_kept(state, record.uuid):
                zip_bytes = await state.storage.read(record.upload_key)
                outcome = await state.renderer.render(zip_bytes)
            output_key = None
            if outcome.succeeded and outcome.pptx is not None:
                output_key = output_key_for(record.uuid)
                await state.storage.write(output_key, outcome.pptx, OUTPUT_CONTENT_TYPE)
            await state.db(
                state.store.record_render,
                record.uuid,
                state.clock(),
                succeeded=outcome.succeeded,
                slide_count=outcome.slide_count if outcome.succeeded else None,
                message=None if outcome.succeeded else outcome.message,
                output_key=output_key,
            )
        except BaseException as error:
            _log_render_error(record.uuid, error, state.store.unavailable_errors)
            with anyio.CancelScope(shield=True):
                await release_claim(state, record.uuid)
            raise
    rendered = await state.db(state.store.session_by_uuid, record.uuid)
    if rendered is None:
        raise not_found(record.uuid)
    return rendered
