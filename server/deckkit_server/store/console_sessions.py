"""Console sign-in credentials: the console cookie holds one of these, never the API token itself."""

from __future__ import annotations

from sqlalchemy import delete, insert, select

from deckkit_server.store import tables
from deckkit_server.store.accounts import AccountStore
from deckkit_server.store.records import Account
from deckkit_server.store.tokens import (
    hash_token,
    new_console_credential,
    parse_console_id,
    parse_token_id,
    token_matches,
)

__all__ = ["ConsoleSessionStore"]


class ConsoleSessionStore(AccountStore):
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
