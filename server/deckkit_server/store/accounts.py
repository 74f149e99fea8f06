"""Accounts and their API tokens: create, list, disable, revoke, and authenticate a bearer token."""

from __future__ import annotations

import secrets

from sqlalchemy import delete, func, insert, select, update

from deckkit_server.store import tables
from deckkit_server.store.connections import StoreConnections
from deckkit_server.store.records import Account, TokenRecord
from deckkit_server.store.statements import revocation_marker_of, token_record
from deckkit_server.store.tokens import hash_token, new_token, parse_token_id, token_matches

__all__ = ["AccountStore"]

_LAST_USED_GRANULARITY = 60 * 1_000_000


class AccountStore(StoreConnections):
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
            return [token_record(r._mapping) for r in conn.execute(query)]

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

    def revocation_marker(self) -> tuple[int, int]:
        """A value that changes whenever any token is revoked, in any process (cheap to read).

        Tokens are never un-revoked, so the count of revoked tokens and the latest revocation
        time move on every revoke. Whatever else invalidates tokens must move it too.
        """
        return revocation_marker_of(self.hot_reads.first_row(self._revocation_marker))

    def authenticate(self, plaintext: str, now: int) -> Account | None:
        """The account of a valid, unrevoked token, else None."""
        token_id = parse_token_id(plaintext)
        if token_id is None:
            return None
        row = self.hot_reads.first_row(self._token_with_account, {"token_id": token_id})
        if (
            row is None
            or not token_matches(plaintext, row["token_hash"])
            or row["revoked_at"] is not None
            or row["account_disabled_at"] is not None
        ):
            return None
        last_used = row["last_used_at"]
        if last_used is None or now - last_used > _LAST_USED_GRANULARITY:
            with self.engine.begin() as conn:
                conn.execute(
                    update(tables.tokens).where(tables.tokens.c.id == token_id).values(last_used_at=now)
                )
        return Account(row["account_id"], row["account_name"], row["account_created_at"])
