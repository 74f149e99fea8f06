"""Render one session: exactly once, however many requests and server processes ask at a time.

The right to render is a claim in the store (an atomic update), so concurrent calls anywhere
render once; the others wait for the recorded result. The claimant refreshes its claim while it
waits for a render worker and while the render runs; a claim not refreshed for
``CLAIM_LIFETIME_SECONDS`` is stale (its process died), and the next caller takes over. A claim
also names its process (``deckkit_server.claims``): when that process is known to be gone (same
machine, after a crash or ``kill -9``), or is this one and its render has ended (the release
failed, see ``claim_release``), the claim is taken over at once. A render that stops on an error
logs it with the session's id before the claim is released.

A render whose worker died before it answered (an operator's kill, the kernel's OOM killer) is
the server's failure: nothing is recorded, the claim is released, the session stays renderable
(its upload form too) and the caller hears 503 ``render_interrupted`` with ``Retry-After``. The
``MAX_INTERRUPTIONS``-th such death of one session's render is recorded as a failed render that
names it: an input that kills its workers again and again is refused.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

import anyio

from deckkit.errors import Problem, RenderError
from deckkit_server.claim_release import release_claim, retry_pending_releases
from deckkit_server.claims import is_gone, process_identity, render_ended_here, rendering_here
from deckkit_server.problems import APIProblem, not_found
from deckkit_server.state import ServerState
from deckkit_server.storage.base import OUTPUT_CONTENT_TYPE, PDF_CONTENT_TYPE, StorageFull, StorageUnavailable
from deckkit_server.store import SessionRecord
from deckkit_server.worker import RenderOutcome

__all__ = [
    "MAX_INTERRUPTIONS",
    "claim_stale_before",
    "output_key_for",
    "pdf_key_for",
    "render_session",
    "upload_key_for",
]

log = logging.getLogger("deckkit_server.rendering")

CLAIM_LIFETIME_SECONDS = 90
MAX_INTERRUPTIONS = 3
"""Renders of one session whose worker died before the input is refused for it."""
INTERRUPTED_RETRY_AFTER_SECONDS = 1
_HEARTBEAT_SECONDS = 30.0
_POLL_SECONDS = 0.1


def upload_key_for(uuid: str) -> str:
    return f"sessions/{uuid}/input.zip"


def output_key_for(uuid: str) -> str:
    return f"sessions/{uuid}/output.pptx"


_NO_SPACE_FOR_PDF = "the deck was rendered, but its PDF was not kept: the server's storage is full"


async def _add_pdf(state: ServerState, record: SessionRecord, output_key: str) -> SessionRecord:
    """A rendered session with the PDF of its deck, made now (or with why it was not).

    The worker reads the deck from storage's file and writes the PDF to a staging file, as a
    render does; the conversion takes a place in the render queue like a render.
    """
    staging = state.storage.staging_path()
    try:
        with state.render_queue.admit(record.account_id):
            async with state.storage.local_file(output_key) as deck:
                why = await state.renderer.pdf(deck, staging)
        pdf_key = None if why is not None else await _store_pdf(state, record.uuid, staging)
    finally:
        staging.unlink(missing_ok=True)  # whatever happened, no staging file stays behind
    if pdf_key is None and why is None:
        why = _NO_SPACE_FOR_PDF
    await state.db(state.store.record_pdf, record.uuid, pdf_key, why)
    return await state.db(state.store.session_by_uuid, record.uuid) or record


async def _store_pdf(state: ServerState, uuid: str, staging: Path) -> str | None:
    """Store the PDF the worker wrote to ``staging``: its key, or None when storage is full (a PDF
    that cannot be kept never fails its deck)."""
    pdf_key = pdf_key_for(uuid)
    try:
        await state.storage.store_file(pdf_key, staging, PDF_CONTENT_TYPE)
    except StorageFull:
        log.warning("PDF of session %s not kept: storage full", uuid)
        return None
    return pdf_key


def pdf_key_for(uuid: str) -> str:
    return f"sessions/{uuid}/output.pdf"


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
    elif isinstance(error, StorageFull):
        log.warning("the render of session %s stopped: the disk is full (%s)", uuid, error)
    elif isinstance(error, APIProblem):
        log.info("the render of session %s was refused: %s", uuid, error.message)
    else:
        log.error("the render of session %s failed", uuid, exc_info=error)


def _strict_failure(outcome: RenderOutcome) -> RenderOutcome:
    """A strict render's outcome: its warnings fail it, all of them in the message, as ``--strict``
    does locally (no file is kept)."""
    warnings = [Problem(path, message) for _, path, message in outcome.warnings]
    return RenderOutcome(False, message=str(RenderError.misfit(warnings)))


async def render_session(
    state: ServerState, record: SessionRecord, formats: tuple[str, ...] = (), *, strict: bool = False
) -> SessionRecord:
    """The session's render result, rendering it first if nobody has.

    ``formats`` ("pdf") are made by the render that renders the session. A session rendered
    before without its PDF (none was asked, or the converter failed) has it made now. With
    ``strict`` a render that warns fails (a session rendered already keeps its result).
    """
    if record.is_rendered:
        if "pdf" in formats and record.render_succeeded and record.output_key and record.pdf_key is None:
            return await _add_pdf(state, record, record.output_key)
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
            # Only the claimant takes a place in the queue: callers waiting for its result cost nothing.
            with state.render_queue.admit(record.account_id):
                outcome, output_key, pdf_key = await _render(state, record, "pdf" in formats, strict)
            await state.db(
                state.store.record_render,
                record.uuid,
                state.clock(),
                succeeded=outcome.succeeded,
                slide_count=outcome.slide_count if outcome.succeeded else None,
                message=None if outcome.succeeded else outcome.message,
                output_key=output_key,
                pdf_key=pdf_key,
                pdf_message=outcome.pdf_message if outcome.succeeded else None,
                warnings=outcome.warnings,
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


async def _render(
    state: ServerState, record: SessionRecord, with_pdf: bool, strict: bool
) -> tuple[RenderOutcome, str | None, str | None]:
    """Render the session's zip in a worker, which reads it from storage itself (never this process),
    and store its deck (and its PDF, when asked and made); the outcome, the deck's key and the
    PDF's key (None when there is none). With ``strict`` a render that warns keeps nothing."""
    staging = state.storage.staging_path()
    pdf_staging = state.storage.staging_path() if with_pdf else None
    try:
        # The claim is refreshed while the input is fetched and while the render waits for a worker.
        async with _claim_kept(state, record.uuid), state.storage.local_file(record.upload_key) as source:
            outcome = await state.renderer.render(source, staging, pdf_staging)
        if outcome.disk_full:
            raise StorageFull(outcome.message)
        if outcome.interrupted:
            outcome = await _after_interruption(state, record.uuid, outcome)
        if strict and outcome.succeeded and outcome.warnings:
            outcome = _strict_failure(outcome)
        if not outcome.succeeded:
            return outcome, None, None
        output_key = output_key_for(record.uuid)
        await state.storage.store_file(output_key, staging, OUTPUT_CONTENT_TYPE)
        pdf_key = None
        if outcome.pdf_made and pdf_staging is not None:
            pdf_key = await _store_pdf(state, record.uuid, pdf_staging)
            if pdf_key is None:
                outcome = replace(outcome, pdf_message=_NO_SPACE_FOR_PDF)
        return outcome, output_key, pdf_key
    finally:
        for path in (staging, pdf_staging):  # whatever happened, no staging file stays behind
            if path is not None:
                path.unlink(missing_ok=True)


async def _after_interruption(state: ServerState, uuid: str, outcome: RenderOutcome) -> RenderOutcome:
    """A render whose worker died: 503 to try again, or, the last time, the failure to record."""
    count = await state.db(state.store.count_interruption, uuid)
    log.warning(
        "render of session %s interrupted (%d of %d): %s", uuid, count, MAX_INTERRUPTIONS, outcome.message
    )
    if count < MAX_INTERRUPTIONS:
        raise APIProblem(
            503,
            "render_interrupted",
            f"{outcome.message}: the server failed, not the input; nothing was recorded and the "
            f"upload stays, so call render again (an input whose render is interrupted "
            f"{MAX_INTERRUPTIONS} times is refused)",
            {"Retry-After": str(INTERRUPTED_RETRY_AFTER_SECONDS)},
        )
    return RenderOutcome(
        False,
        message=f"{outcome.message}; {MAX_INTERRUPTIONS} renders of this input ended so, and it is "
        "refused: rendering it seems to bring its worker down (make it smaller: fewer or smaller "
        "pictures, fewer slides; or report it if it is small)",
    )
