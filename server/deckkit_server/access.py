"""Whether the built-in storage still honours a form or URL it signed earlier.

A signature proves only that this server issued the form (valid an hour) or the URL (five
minutes). These guards ask the store, on every upload and every download, whether what was
signed still stands: the session exists, is unexpired and (for an upload) unrendered, and its
account is not disabled. A disabled account's forms and URLs are refused from that moment, in
every process sharing the store. The storage answers a refusal with S3's ``AccessDenied``.
"""

from __future__ import annotations

import re

from deckkit_server.settings import SESSION_LIFETIME_SECONDS
from deckkit_server.state import ServerState
from deckkit_server.store import SessionRecord

__all__ = ["download_refusal", "upload_refusal"]

_UUID = r"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"
_SESSION_KEY = re.compile(rf"^sessions/{_UUID}/[^/]+\Z")

_GONE = (
    "The session of this upload form was replaced by a newer one or has expired: create a "
    "session and use its upload form."
)
_DISABLED = "The account of this {what} is disabled: it no longer uploads or downloads anything."
_NO_FILE = "The session of this download URL has expired or was deleted."


async def _session_of(state: ServerState, key: str) -> SessionRecord | None:
    match = _SESSION_KEY.match(key)
    if match is None:
        return None
    record = await state.db(state.store.session_by_uuid, match.group(1))
    if record is None or record.created_at <= state.clock() - SESSION_LIFETIME_SECONDS * 1_000_000:
        return None
    return record


async def _account_disabled(state: ServerState, record: SessionRecord) -> bool:
    account = await state.db(state.store.get_account, record.account_id)
    return account is None or account.disabled_at is not None


async def upload_refusal(state: ServerState, key: str) -> str | None:
    """Why an upload to ``key`` is refused, or None when it is wanted.

    The upload form of a session that a newer one replaced stays validly signed for an hour; this
    is what makes the built-in storage refuse it (and delete what it wrote, see local_routes).
    """
    record = await _session_of(state, key)
    if record is None or record.upload_key != key or record.is_rendered:
        return _GONE
    if await _account_disabled(state, record):
        return _DISABLED.format(what="upload form")
    return None


async def download_refusal(state: ServerState, key: str) -> str | None:
    """Why a signed download of ``key`` is refused, or None when it may be served."""
    record = await _session_of(state, key)
    if record is None:
        return _NO_FILE
    if await _account_disabled(state, record):
        return _DISABLED.format(what="download URL")
    return None
