"""Render one session: exactly once, however many requests and server processes ask at a time.

The right to render is a claim in the store (an atomic update), so concurrent calls anywhere
render once; the others wait for the recorded result. A claim older than the render time limit
(plus a margin) is stale: its process died, and the next caller takes over.
"""

from __future__ import annotations

import anyio

from deckkit_server.api.errors import ApiError, not_found
from deckkit_server.state import ServerState
from deckkit_server.storage.base import OUTPUT_CONTENT_TYPE
from deckkit_server.store import SessionRecord

__all__ = ["output_key_for", "render_session", "upload_key_for"]

_CLAIM_MARGIN_SECONDS = 60
_POLL_SECONDS = 0.1


def upload_key_for(uuid: str) -> str:
    return f"sessions/{uuid}/input.zip"


def output_key_for(uuid: str) -> str:
    return f"sessions/{uuid}/output.pptx"


def _claim_lifetime(state: ServerState) -> int:
    return int((state.settings.render_timeout + _CLAIM_MARGIN_SECONDS) * 1_000_000)


async def render_session(state: ServerState, record: SessionRecord) -> SessionRecord:
    """The session's render result, rendering it first if nobody has."""
    if record.is_rendered:
        return record
    if not await state.storage.exists(record.upload_key):
        raise ApiError(409, "not_uploaded", "no zip was uploaded for this session yet: post it to upload.action "
                       "with upload.params as form fields (the file last), then call render")  # fmt: skip
    while True:
        now = state.clock()
        if await state.db(state.store.claim_render, record.uuid, now, now - _claim_lifetime(state)):
            break
        await anyio.sleep(_POLL_SECONDS)
        current = await state.db(state.store.session_by_uuid, record.uuid)
        if current is None:
            raise not_found(record.uuid)
        if current.is_rendered:
            return current
    try:
        zip_bytes = await state.storage.read(record.upload_key)
        outcome = await state.renderer.render(zip_bytes)
        output_key = None
        if outcome.succeeded and outcome.pptx is not None:
            output_key = output_key_for(record.uuid)
            await state.storage.write(output_key, outcome.pptx, OUTPUT_CONTENT_TYPE)
        await state.db(
            state.store.record_render, record.uuid, state.clock(), succeeded=outcome.succeeded,
            slide_count=outcome.slide_count if outcome.succeeded else None,
            message=None if outcome.succeeded else outcome.message, output_key=output_key,
        )  # fmt: skip
    except BaseException:
        with anyio.CancelScope(shield=True):
            await state.db(state.store.release_render_claim, record.uuid)
        raise
    rendered = await state.db(state.store.session_by_uuid, record.uuid)
    if rendered is None:
        raise not_found(record.uuid)
    return rendered
