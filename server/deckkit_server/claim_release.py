"""Releasing a render claim, even when the store is down at that moment.

A render that fails (its error, the storage, the database) releases its claim so that the next
render call may try again. When the release itself fails because the database is unreachable,
it is tried twice more, then left to ``release_pending_claims``: this process releases the claim
once the database answers again (each render call in this process tries first, and the app's
background task every second). Meanwhile this process takes its own left-over claim over at once
(``claims.render_ended_here``); other processes wait for the release, or for the claim to go
stale. A pending release never clears a claim this process holds again, nor another's.
"""

from __future__ import annotations

import logging

import anyio

from deckkit_server.claims import is_rendering_here, process_identity
from deckkit_server.state import ServerState

__all__ = ["RETRY_DELAYS_SECONDS", "release_claim", "release_pending_claims", "retry_pending_releases"]

log = logging.getLogger("deckkit_server.rendering")

RETRY_DELAYS_SECONDS = (0.2, 1.0)
_PENDING_EVERY_SECONDS = 1.0


async def release_claim(state: ServerState, uuid: str) -> None:
    """Release this process's claim of ``uuid``, now or (the database being down) later."""
    owner = process_identity()
    for delay in (0.0, *RETRY_DELAYS_SECONDS):
        await anyio.sleep(delay)
        try:
            await state.db(state.store.release_render_claim, uuid, owner)
            return
        except state.store.unavailable_errors as error:
            failure = error
    state.unreleased_claims.add(uuid)
    log.warning(
        "the render claim of session %s is not released yet (the database is unreachable: %s); "
        "it is released once the database answers",
        uuid,
        failure,
    )


async def retry_pending_releases(state: ServerState) -> None:
    """Release the claims whose release failed, as far as the database answers."""
    owner = process_identity()
    for uuid in list(state.unreleased_claims):
        if is_rendering_here(uuid):  # this process claimed it again and renders: not its to release
            state.unreleased_claims.discard(uuid)
            continue
        try:
            await state.db(state.store.release_render_claim, uuid, owner)
        except state.store.unavailable_errors:
            return
        state.unreleased_claims.discard(uuid)
        log.info("the render claim of session %s is released", uuid)


async def release_pending_claims(state: ServerState) -> None:
    """The app's background task: pending releases, every second, until cancelled."""
    while True:
        await anyio.sleep(_PENDING_EVERY_SECONDS)
        if state.unreleased_claims:
            await retry_pending_releases(state)
