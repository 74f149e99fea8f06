"""Retention: sessions and their files go 24 hours after creation.

Expired sessions are never served (the store filters on age); this sweep deletes their rows
and files. A session's older unrendered siblings are deleted when the account creates a new
one (see the create handler).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

import anyio

from deckkit_server.settings import SESSION_LIFETIME_SECONDS, UPLOAD_URL_SECONDS
from deckkit_server.state import ServerState
from deckkit_server.storage.base import StorageUnavailable
from deckkit_server.storage.local import LocalStorage
from deckkit_server.store import SessionRecord

__all__ = ["delete_session_files", "purge_expired", "run_retention"]

log = logging.getLogger("deckkit_server.retention")


async def delete_session_files(state: ServerState, sessions: Iterable[SessionRecord]) -> None:
    """Delete the files of sessions already deleted from the store.

    With the storage service unreachable they are left behind, logged: the request that deleted
    the sessions has done its work, and the files go with the storage's own expiry (the built-in
    storage's stale-file sweep, an S3 lifecycle rule).
    """
    keys = [key for s in sessions for key in (s.upload_key, s.output_key, s.pdf_key) if key]
    if not keys:
        return
    try:
        await state.storage.delete(keys)
    except StorageUnavailable as error:
        log.warning("%d files of deleted sessions left in storage (%s)", len(keys), error)


async def purge_expired(state: ServerState) -> int:
    """Delete every session older than 24 hours and its files; the number deleted.

    The built-in storage also loses files that belong to no session and are as old (see
    ``LocalStorage.delete_stale``); on S3 a bucket lifecycle rule does that.
    """
    total = 0
    await state.db(state.store.delete_expired_console_sessions, state.clock())
    while True:
        expired = await state.db(state.store.take_expired_sessions, state.clock())
        if not expired:
            break
        await delete_session_files(state, expired)
        total += len(expired)
    if isinstance(state.storage, LocalStorage):
        before = state.clock() - (SESSION_LIFETIME_SECONDS + UPLOAD_URL_SECONDS) * 1_000_000
        stale = await anyio.to_thread.run_sync(state.storage.delete_stale, before)
        if stale:
            log.info("retention: deleted %d files of no session", stale)
    return total


async def run_retention(state: ServerState) -> None:
    """The periodic sweep, until cancelled; a failed sweep is logged and retried next time."""
    while True:
        try:
            deleted = await purge_expired(state)
            if deleted:
                log.info("retention: deleted %d expired sessions", deleted)
        except Exception:
            log.exception("retention sweep failed")
        await anyio.sleep(state.settings.retention_interval)
