"""Render one session: exactly once, however many requests and server processes ask at a time.

The right to render is a claim in the store (an atomic update), so concurrent calls anywhere
render once; the others wait for the recorded result. The claimant refreshes its claim while it
waits for a render worker and while the render runs; a claim not refreshed for
``CLAIM_LIFETIME_SECONDS`` is stale (its process died), and the next caller takes over. A claim
also names its process (``deckkit_server.claims``): when that process is known to be gone (same
machine, after a crash or ``kill -9``), the claim is taken over at once.
"""

from __future__ import annotations

import re

import anyio

from deckkit.errors import Problem, RenderError
from deckkit_server.api.errors import APIProblem, not_found
from deckkit_server.claims import is_gone, process_identity
from deckkit_server.settings import SESSION_LIFETIME_SECONDS
from deckkit_server.state import ServerState
from deckkit_server.storage.base import OUTPUT_CONTENT_TYPE
from deckkit_server.store import SessionRecord
from deckkit_server.worker import RenderOutcome

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
        await state.db(state.store.refresh_render_claim, uuid, state.clock())


def _strict_failure(outcome: RenderOutcome) -> RenderOutcome:
    """A strict render's outcome: its warnings fail it, all of them in the message, as ``--strict``
    does locally (no file is kept)."""
    warnings = [Problem(path, message) for _, path, message in outcome.warnings]
    return RenderOutcome(False, message=str(RenderError.misfit(warnings)))


async def render_session(state: ServerState, record: SessionRecord, *, strict: bool = False) -> SessionRecord:
    """The session's render result, rendering it first if nobody has.

    With ``strict`` a render that warns fails (a session rendered already keeps its result).
    """
    if record.is_rendered:
        return record
    if not await state.storage.exists(record.upload_key):
        raise APIProblem(
            409,
            "not_uploaded",
            "no zip was uploaded for this session yet: post it to upload.action "
            "with upload.params as form fields (the file last), then call render",
        )
    me = process_identity()
    while True:
        now = state.clock()
        if await state.db(state.store.claim_render, record.uuid, now, claim_stale_before(now), me):
            break
        current = await state.db(state.store.session_by_uuid, record.uuid)
        if current is None:
            raise not_found(record.uuid)
        if current.is_rendered:
            return current
        owner = current.render_claimed_by
        if owner and owner != me and is_gone(owner):  # its process died (kill -9, crash): take over now
            if await state.db(state.store.take_over_claim, record.uuid, owner, state.clock(), me):
                break
            continue
        await anyio.sleep(_POLL_SECONDS)
    try:
        async with anyio.create_task_group() as heartbeat:
            heartbeat.start_soon(_keep_claim, state, record.uuid)
            zip_bytes = await state.storage.read(record.upload_key)
            outcome = await state.renderer.render(zip_bytes)
            heartbeat.cancel_scope.cancel()
        if strict and outcome.succeeded and outcome.warnings:
            outcome = _strict_failure(outcome)
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
            warnings=outcome.warnings,
        )
    except BaseException:
        with anyio.CancelScope(shield=True):
            await state.db(state.store.release_render_claim, record.uuid)
        raise
    rendered = await state.db(state.store.session_by_uuid, record.uuid)
    if rendered is None:
        raise not_found(record.uuid)
    return rendered
