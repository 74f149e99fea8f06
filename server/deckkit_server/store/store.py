"""Accounts, tokens and sessions in SQLite (default) or PostgreSQL, chosen by URL.

Methods are synchronous and short; the API calls them through a worker thread so the event
loop never waits on the database.
"""

from __future__ import annotations

import contextlib
import secrets
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Connection,
    Engine,
    Executable,
    bindparam,
    create_engine,
    delete,
    event,
    func,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.engine import Row, make_url
from sqlalchemy.exc import DBAPIError

from deckkit_server.settings import SESSION_LIFETIME_SECONDS
from deckkit_server.store import tables
from deckkit_server.store.migrations import migrate
from deckkit_server.store.records import Account, SessionRecord, TokenRecord
from deckkit_server.store.tokens import (
    hash_token,
    new_console_credential,
    new_token,
    parse_console_id,
    parse_token_id,
    token_matches,
)

__all__ = ["Store", "open_store"]

_LIFETIME_MICROS = SESSION_LIFETIME_SECONDS * 1_000_000
_LAST_USED_GRANULARITY = 60 * 1_000_000


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def create_store_engine(url: str) -> Engine:
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        # A fixed pool as large as the worker-thread limit: connections are opened once and reused
        # (overflow connections would be opened and closed again under load).
        engine = create_engine(
            url,
            connect_args={"check_same_thread": False, "timeout": 30},
            pool_size=40,
            max_overflow=0,
            pool_timeout=60,
        )
        event.listen(engine, "connect", _sqlite_pragmas)
        if parsed.database and parsed.database != ":memory:":
            with engine.connect() as conn:  # WAL is a property of the file: set it once
                conn.exec_driver_sql("PRAGMA journal_mode=WAL")
        return engine
    if parsed.get_backend_name() == "postgresql" and parsed.drivername == "postgresql":
        url = str(parsed.set(drivername="postgresql+psycopg").render_as_string(hide_password=False))
    # No pre-ping (a round trip before every query): a connection the server dropped fails once,
    # SQLAlchemy then replaces the whole pool, and the hot reads retry once (Store._read_row).
    return create_engine(url, pool_size=10, max_overflow=10)


def open_store(url: str) -> Store:
    """Connect and bring the schema up to date."""
    engine = create_store_engine(url)
    migrate(engine)
    return Store(engine)


# The two queries of nearly every API request, built once (SQLAlchemy then reuses their compiled
# form without rebuilding the expression on each call).
_TOKEN_WITH_ACCOUNT = (
    select(
        tables.tokens,
        tables.accounts.c.name.label("account_name"),
        tables.accounts.c.created_at.label("account_created_at"),
        tables.accounts.c.disabled_at.label("account_disabled_at"),
    )
    .join(tables.accounts, tables.accounts.c.id == tables.tokens.c.account_id)
    .where(tables.tokens.c.id == bindparam("token_id"))
)
_SESSION_OF_ACCOUNT = select(tables.sessions).where(
    tables.sessions.c.uuid == bindparam("uuid"),
    tables.sessions.c.account_id == bindparam("account_id"),
    tables.sessions.c.created_at > bindparam("since"),
)
# One statement (not select, then delete): a round trip less in the create transaction.
_DELETE_UNRENDERED = (
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
_INSERT_SESSION = insert(tables.sessions)
_REVOCATION_MARKER = select(
    func.count(tables.tokens.c.revoked_at), func.coalesce(func.max(tables.tokens.c.revoked_at), 0)
)


def _session(row: Any) -> SessionRecord:
    return SessionRecord(
        uuid=row.uuid,
        account_id=row.account_id,
        created_at=row.created_at,
        upload_key=row.upload_key,
        output_key=row.output_key,
        render_claimed_at=row.render_claimed_at,
        rendered_at=row.rendered_at,
        render_succeeded=row.render_succeeded,
        render_slide_count=row.render_slide_count,
        render_message=row.render_message,
        render_claimed_by=row.render_claimed_by,
    )


def _token(row: Any) -> TokenRecord:
    return TokenRecord(row.id, row.account_id, row.name, row.created_at, row.last_used_at, row.revoked_at)


RevocationListener = Callable[..., None]
"""Called as ``listener(token_id=..., account_id=...)`` (either may be None) after tokens became invalid."""


class Store:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        # Single-statement reads need no transaction: in autocommit there is no BEGIN/ROLLBACK
        # round trip around them (PostgreSQL), on the same pool.
        self._reader = engine.execution_options(isolation_level="AUTOCOMMIT")
        self._revocation_listeners: list[RevocationListener] = []
        self._sqlite_writes = threading.Lock() if engine.dialect.name == "sqlite" else None

    @contextlib.contextmanager
    def _write(self) -> Iterator[Connection]:
        """A write transaction. SQLite has one writer at a time: its threads queue here (a lock
        is woken at once, SQLite's busy handler sleeps up to 100 ms between tries), and the
        transaction takes the write lock when it begins, so no reader has to upgrade it midway."""
        if self._sqlite_writes is None:
            with self.engine.begin() as conn:
                yield conn
            return
        with self._sqlite_writes, self.engine.begin() as conn:
            conn.exec_driver_sql("BEGIN IMMEDIATE")
            yield conn

    def _read_row(self, statement: Executable, values: dict[str, Any] | None = None) -> Row[Any] | None:
        """The first row of a read; retried once on a connection the database had dropped."""
        for attempt in (1, 2):
            try:
                with self._reader.connect() as conn:
                    return conn.execute(statement, values).first()
            except DBAPIError as error:
                if attempt == 2 or not error.connection_invalidated:
                    raise
        raise AssertionError("unreachable")

    def add_revocation_listener(self, listener: RevocationListener) -> None:
        """Tell ``listener`` (this process's token cache) at once when a token stops being valid."""
        self._revocation_listeners.append(listener)

    def _tokens_invalidated(self, *, token_id: str | None = None, account_id: str | None = None) -> None:
        """After a commit that made tokens invalid (a revoke; an account disabled: pass its id)."""
        for listener in self._revocation_listeners:
            listener(token_id=token_id, account_id=account_id)

    def revocation_marker(self) -> tuple[int, int]:
        """A value that changes whenever any token is revoked, in any process (cheap to read).

        Tokens are never un-revoked, so the count of revoked tokens and the latest revocation
        time move on every revoke. Whatever else invalidates tokens must move it too.
        """
        row = self._read_row(_REVOCATION_MARKER)
        assert row is not None
        revoked, latest = tuple(row)
        return int(revoked), int(latest)

    def close(self) -> None:
        self.engine.dispose()

    # accounts and tokens

    def count_accounts(self) -> int:
        with self.engine.connect() as conn:
            return int(conn.scalar(select(func.count()).select_from(tables.accounts)) or 0)

    def create_account(self, name: str, now: int) -> Account:
        account = Account(secrets.token_hex(16), name, now)
        with self.engine.begin() as conn:
            conn.execute(insert(tables.accounts).values(id=account.id, name=name, created_at=now))
        return account

    def list_accounts(self) -> list[Account]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(tables.accounts).order_by(tables.accounts.c.created_at))
            return [Account(r.id, r.name, r.created_at, r.disabled_at) for r in rows]

    def get_account(self, account_id: str) -> Account | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(tables.accounts).where(tables.accounts.c.id == account_id)).first()
        return Account(row.id, row.name, row.created_at, row.disabled_at) if row else None

    def disable_account(self, account_id: str, now: int) -> list[str] | None:
        """Disable an account: its tokens and console sessions stop working at once.

        Returns the ids of the account's tokens (for anything that caches verified tokens to
        drop; the store itself refuses them from now on), or None when there is no such account.
        """
        a, t = tables.accounts.c, tables.tokens.c
        with self.engine.begin() as conn:
            if conn.execute(select(a.id).where(a.id == account_id)).first() is None:
                return None
            conn.execute(
                update(tables.accounts)
                .where(a.id == account_id, a.disabled_at.is_(None))
                .values(disabled_at=now)
            )
            conn.execute(
                delete(tables.console_sessions).where(tables.console_sessions.c.account_id == account_id)
            )
            # Revoking the account's tokens moves the revocation marker, so that every other
            # process's token cache drops them too (revocation_marker counts revoked tokens).
            conn.execute(
                update(tables.tokens)
                .where(t.account_id == account_id, t.revoked_at.is_(None))
                .values(revoked_at=now)
            )
            token_ids = list(conn.scalars(select(t.id).where(t.account_id == account_id)))
        self._tokens_invalidated(account_id=account_id)
        return token_ids

    def create_token(self, account_id: str, name: str, now: int) -> tuple[TokenRecord, str]:
        """A new token; the plaintext is returned here once and never stored."""
        token_id, plaintext = new_token()
        with self.engine.begin() as conn:
            conn.execute(
                insert(tables.tokens).values(
                    id=token_id,
                    account_id=account_id,
                    name=name,
                    token_hash=hash_token(plaintext),
                    created_at=now,
                )
            )
        return TokenRecord(token_id, account_id, name, now, None, None), plaintext

    def list_tokens(self, account_id: str | None = None) -> list[TokenRecord]:
        query = select(tables.tokens).order_by(tables.tokens.c.created_at)
        if account_id is not None:
            query = query.where(tables.tokens.c.account_id == account_id)
        with self.engine.connect() as conn:
            return [_token(r) for r in conn.execute(query)]

    def revoke_token(self, token_id: str, now: int, account_id: str | None = None) -> bool:
        query = update(tables.tokens).where(
            tables.tokens.c.id == token_id, tables.tokens.c.revoked_at.is_(None)
        )
        if account_id is not None:
            query = query.where(tables.tokens.c.account_id == account_id)
        with self.engine.begin() as conn:
            revoked = conn.execute(query.values(revoked_at=now)).rowcount == 1
        if revoked:
            self._tokens_invalidated(token_id=token_id)
        return revoked

    def authenticate(self, plaintext: str, now: int) -> Account | None:
        """The account of a valid, unrevoked token, else None."""
        token_id = parse_token_id(plaintext)
        if token_id is None:
            return None
        row = self._read_row(_TOKEN_WITH_ACCOUNT, {"token_id": token_id})
        if (
            row is None
            or not token_matches(plaintext, row.token_hash)
            or row.revoked_at is not None
            or row.account_disabled_at is not None
        ):
            return None
        if row.last_used_at is None or now - row.last_used_at > _LAST_USED_GRANULARITY:
            with self.engine.begin() as conn:
                conn.execute(
                    update(tables.tokens).where(tables.tokens.c.id == token_id).values(last_used_at=now)
                )
        return Account(row.account_id, row.account_name, row.account_created_at)

    # console sessions: the console cookie holds one of these, never the API token itself

    def open_console_session(self, token: str, now: int, expires_at: int) -> tuple[str, Account] | None:
        """Sign in with an API token: a new console credential (plaintext, shown once) and its account."""
        account = self.authenticate(token, now)
        token_id = parse_token_id(token)
        if account is None or token_id is None:
            return None
        credential_id, plaintext = new_console_credential()
        with self.engine.begin() as conn:
            conn.execute(
                insert(tables.console_sessions).values(
                    id=credential_id,
                    account_id=account.id,
                    token_id=token_id,
                    secret_hash=hash_token(plaintext),
                    created_at=now,
                    expires_at=expires_at,
                )
            )
        return plaintext, account

    def console_account(self, credential: str, now: int) -> Account | None:
        """The account of a live console credential: unexpired, its token unrevoked, its account enabled."""
        credential_id = parse_console_id(credential)
        if credential_id is None:
            return None
        c, t, a = tables.console_sessions.c, tables.tokens.c, tables.accounts.c
        query = (
            select(c.secret_hash, c.expires_at, t.revoked_at, a.id, a.name, a.created_at, a.disabled_at)
            .join(tables.tokens, t.id == c.token_id)
            .join(tables.accounts, a.id == c.account_id)
            .where(c.id == credential_id)
        )
        with self.engine.connect() as conn:
            row = conn.execute(query).first()
        if (
            row is None
            or not token_matches(credential, row.secret_hash)
            or row.expires_at <= now
            or row.revoked_at is not None
            or row.disabled_at is not None
        ):
            return None
        return Account(row.id, row.name, row.created_at)

    def close_console_session(self, credential: str) -> None:
        credential_id = parse_console_id(credential)
        if credential_id is not None:
            with self.engine.begin() as conn:
                conn.execute(
                    delete(tables.console_sessions).where(tables.console_sessions.c.id == credential_id)
                )

    def delete_expired_console_sessions(self, now: int) -> int:
        with self.engine.begin() as conn:
            c = tables.console_sessions.c
            return int(conn.execute(delete(tables.console_sessions).where(c.expires_at <= now)).rowcount or 0)

    # sessions

    def create_session(
        self, account_id: str, uuid: str, upload_key: str, now: int, render_stale_before: int
    ) -> tuple[SessionRecord, list[SessionRecord]]:
        """Insert a session and delete the account's other unrendered ones (returned, for their files).

        A session whose render is under way (claimed after ``render_stale_before``) is not deleted.
        """
        with self._write() as conn:
            doomed = [
                _session(r)
                for r in conn.execute(
                    _DELETE_UNRENDERED, {"account_id": account_id, "stale_before": render_stale_before}
                )
            ]
            conn.execute(
                _INSERT_SESSION,
                {"uuid": uuid, "account_id": account_id, "created_at": now, "upload_key": upload_key},
            )
        record = SessionRecord(uuid, account_id, now, upload_key, None, None, None, None, None, None)
        return record, doomed

    def get_session(self, account_id: str, uuid: str, now: int) -> SessionRecord | None:
        """The account's session if it exists and has not expired."""
        row = self._read_row(
            _SESSION_OF_ACCOUNT, {"uuid": uuid, "account_id": account_id, "since": now - _LIFETIME_MICROS}
        )
        return _session(row) if row else None

    def list_sessions(self, account_id: str, now: int) -> list[SessionRecord]:
        """The account's sessions of the last 24 hours, newest first."""
        s = tables.sessions.c
        query = (
            select(tables.sessions)
            .where(s.account_id == account_id, s.created_at > now - _LIFETIME_MICROS)
            .order_by(s.created_at.desc(), s.uuid.desc())
        )
        with self.engine.connect() as conn:
            return [_session(r) for r in conn.execute(query)]

    def claim_render(self, uuid: str, now: int, stale_before: int, owner: str | None = None) -> bool:
        """Take the right to render an unrendered session; only one caller anywhere gets True.

        ``owner`` names the claiming process (see ``deckkit_server.claims``), so that a claim of
        a process that is gone can be taken over at once (``take_over_claim``).
        """
        s = tables.sessions.c
        query = (
            update(tables.sessions)
            .where(
                s.uuid == uuid,
                s.rendered_at.is_(None),
                or_(s.render_claimed_at.is_(None), s.render_claimed_at < stale_before),
            )
            .values(render_claimed_at=now, render_claimed_by=owner)
        )
        with self.engine.begin() as conn:
            return conn.execute(query).rowcount == 1

    def take_over_claim(self, uuid: str, dead_owner: str, now: int, owner: str) -> bool:
        """Take the claim of an owner known to be gone; True for exactly one caller."""
        s = tables.sessions.c
        query = (
            update(tables.sessions)
            .where(s.uuid == uuid, s.rendered_at.is_(None), s.render_claimed_by == dead_owner)
            .values(render_claimed_at=now, render_claimed_by=owner)
        )
        with self.engine.begin() as conn:
            return conn.execute(query).rowcount == 1

    def refresh_render_claim(self, uuid: str, now: int) -> None:
        """The claimant is alive: push its claim's staleness further out."""
        s = tables.sessions.c
        with self.engine.begin() as conn:
            conn.execute(
                update(tables.sessions)
                .where(s.uuid == uuid, s.rendered_at.is_(None), s.render_claimed_at.is_not(None))
                .values(render_claimed_at=now)
            )

    def release_render_claim(self, uuid: str) -> None:
        s = tables.sessions.c
        with self.engine.begin() as conn:
            conn.execute(
                update(tables.sessions)
                .where(s.uuid == uuid, s.rendered_at.is_(None))
                .values(render_claimed_at=None, render_claimed_by=None)
            )

    def record_render(
        self,
        uuid: str,
        now: int,
        *,
        succeeded: bool,
        slide_count: int | None,
        message: str | None,
        output_key: str | None,
    ) -> None:
        s = tables.sessions.c
        with self.engine.begin() as conn:
            conn.execute(
                update(tables.sessions)
                .where(s.uuid == uuid)
                .values(
                    rendered_at=now,
                    render_succeeded=succeeded,
                    render_slide_count=slide_count,
                    render_message=message,
                    output_key=output_key,
                )
            )

    def session_by_uuid(self, uuid: str) -> SessionRecord | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(tables.sessions).where(tables.sessions.c.uuid == uuid)).first()
        return _session(row) if row else None

    def take_expired_sessions(self, now: int, limit: int = 500) -> list[SessionRecord]:
        """Delete up to ``limit`` sessions older than 24 hours; returns them, for their files."""
        s = tables.sessions.c
        with self.engine.begin() as conn:
            rows = conn.execute(
                select(tables.sessions)
                .where(s.created_at <= now - _LIFETIME_MICROS)
                .order_by(s.created_at)
                .limit(limit)
            )
            expired = [_session(r) for r in rows]
            if expired:
                conn.execute(delete(tables.sessions).where(s.uuid.in_([e.uuid for e in expired])))
        return expired
