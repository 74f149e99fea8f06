"""The store's hot statements, built once, and what turns rows into records.

Built once, SQLAlchemy reuses their compiled form (and the hot reads compile them to SQL text
once per engine) instead of rebuilding the expression on every call.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import bindparam, delete, func, insert, or_, select

from deckkit_server.settings import SESSION_LIFETIME_SECONDS
from deckkit_server.store import tables
from deckkit_server.store.records import SessionRecord, TokenRecord, warnings_from_column

__all__ = [
    "DELETE_UNRENDERED",
    "INSERT_SESSION",
    "REVOCATION_MARKER",
    "SESSION_OF_ACCOUNT",
    "TOKEN_WITH_ACCOUNT",
    "revocation_marker_of",
    "session_record",
    "session_values",
    "token_record",
]

TOKEN_WITH_ACCOUNT = (
    select(
        tables.tokens,
        tables.accounts.c.name.label("account_name"),
        tables.accounts.c.created_at.label("account_created_at"),
        tables.accounts.c.disabled_at.label("account_disabled_at"),
    )
    .join(tables.accounts, tables.accounts.c.id == tables.tokens.c.account_id)
    .where(tables.tokens.c.id == bindparam("token_id"))
)
SESSION_OF_ACCOUNT = select(tables.sessions).where(
    tables.sessions.c.uuid == bindparam("uuid"),
    tables.sessions.c.account_id == bindparam("account_id"),
    tables.sessions.c.created_at > bindparam("since"),
)
# Tokens are never un-revoked: the count and the latest time move on every revoke.
REVOCATION_MARKER = select(
    func.count(tables.tokens.c.revoked_at).label("revoked"),
    func.coalesce(func.max(tables.tokens.c.revoked_at), 0).label("latest"),
)
# One statement (not select, then delete): a round trip less in the create transaction.
DELETE_UNRENDERED = (
    delete(tables.sessions)
    .where(
        tables.sessions.c.account_id == bindparam("account_id"),
        tables.sessions.c.rendered_at.is_(None),
        or_(
            tables.sessions.c.render_claimed_at.is_(None),
            tables.sessions.c.render_claimed_at < bindparam("stale_before"),
        ),
    )
    .returning(*tables.sessions.c)
)
INSERT_SESSION = insert(tables.sessions)


def session_values(account_id: str, uuid: str, now: int) -> dict[str, object]:
    """The values of ``SESSION_OF_ACCOUNT``: the account's session, if younger than its lifetime."""
    return {"uuid": uuid, "account_id": account_id, "since": now - SESSION_LIFETIME_SECONDS * 1_000_000}


def revocation_marker_of(row: Mapping[str, Any] | None) -> tuple[int, int]:
    """``REVOCATION_MARKER``'s row as (revoked tokens, latest revocation time)."""
    assert row is not None  # an aggregate without GROUP BY has one row
    return int(row["revoked"]), int(row["latest"])


def session_record(row: Mapping[Any, Any]) -> SessionRecord:
    """A session row (SQLAlchemy's ``row._mapping`` or a hot read's dict) as a record."""
    succeeded = row["render_succeeded"]
    return SessionRecord(
        uuid=row["uuid"],
        account_id=row["account_id"],
        created_at=row["created_at"],
        upload_key=row["upload_key"],
        output_key=row["output_key"],
        render_claimed_at=row["render_claimed_at"],
        rendered_at=row["rendered_at"],
        # A raw SQLite read gives the 0 or 1 it stores; SQLAlchemy and PostgreSQL give a bool.
        render_succeeded=None if succeeded is None else bool(succeeded),
        render_slide_count=row["render_slide_count"],
        render_message=row["render_message"],
        render_claimed_by=row["render_claimed_by"],
        pdf_key=row["pdf_key"],
        pdf_message=row["pdf_message"],
        render_warnings=warnings_from_column(row["render_warnings"]),
    )


def token_record(row: Mapping[Any, Any]) -> TokenRecord:
    return TokenRecord(
        row["id"], row["account_id"], row["name"], row["created_at"], row["last_used_at"], row["revoked_at"]
    )
