"""Verified API tokens of this process, so that most API requests skip the store.

Authenticating in the store costs a query (and a hop to a worker thread) on every request; the
cache answers from memory instead. A cached token is still compared with its SHA-256 hash in
constant time on every request; the plaintext is never kept.

A revoked token stops working:

- at once in the process that revoked it: the store calls ``invalidate`` after the revoke
  commits (``Store.add_revocation_listener``); an account-disable hook calls it the same way;
- in every other process (another ``--workers`` process, another machine, ``deckkit token
  revoke``) within ``check_seconds`` (``DECKKIT_AUTH_CACHE_SECONDS``): before it trusts the cache,
  a process reads the store's revocation marker if it has not for that long, and empties the
  cache when the marker moved. ``check_seconds=0`` reads it on every request.

Entries are also dropped after ``MAX_AGE_SECONDS`` so that the store sees each token used (its
``last_used_at``) about once a minute.
"""

from __future__ import annotations

import hmac
import threading
from collections.abc import Hashable
from dataclasses import dataclass

from deckkit_server.store import Account
from deckkit_server.store.tokens import hash_token, parse_token_id

__all__ = ["MAX_AGE_SECONDS", "TokenCache"]

MAX_AGE_SECONDS = 60
_MAX_ENTRIES = 10_000


@dataclass(frozen=True, slots=True)
class _Entry:
    token_hash: str
    account: Account
    expires: int


class TokenCache:
    """token id -> (hash, account); times are the server clock's microseconds."""

    def __init__(self, check_seconds: float) -> None:
        self.check_micros = int(check_seconds * 1_000_000)
        self._entries: dict[str, _Entry] = {}
        self._marker: Hashable = None
        self._checked_at: int | None = None
        self._epoch = 0  # moves on every invalidation, so a lookup that raced one is not cached
        # invalidate() may run in a store worker thread while the event loop reads.
        self._lock = threading.Lock()

    # revocation

    def marker_due(self, now: int) -> bool:
        """True when the store's revocation marker must be read before the cache is trusted."""
        return self._checked_at is None or now - self._checked_at >= self.check_micros

    def observe_marker(self, marker: Hashable, now: int) -> None:
        """The store's revocation marker, read at ``now``: a change empties the cache."""
        with self._lock:
            if self._checked_at is not None and marker != self._marker:
                self._entries.clear()
                self._epoch += 1
            self._marker = marker
            self._checked_at = now

    def invalidate(self, *, token_id: str | None = None, account_id: str | None = None) -> None:
        """Forget one token, every token of an account, or (with neither) everything."""
        with self._lock:
            self._epoch += 1
            if token_id is None and account_id is None:
                self._entries.clear()
            elif token_id is not None:
                self._entries.pop(token_id, None)
            if account_id is not None:
                for key in [k for k, e in self._entries.items() if e.account.id == account_id]:
                    del self._entries[key]

    # lookups

    @property
    def epoch(self) -> int:
        return self._epoch

    def get(self, token: str, now: int) -> Account | None:
        """The account of a cached, unexpired token that matches its hash; else None (ask the store)."""
        token_id = parse_token_id(token)
        entry = self._entries.get(token_id) if token_id else None
        if entry is None or entry.expires <= now:
            return None
        if not hmac.compare_digest(hash_token(token).encode(), entry.token_hash.encode()):
            return None
        return entry.account

    def put(self, token: str, account: Account, now: int, epoch: int) -> None:
        """Remember a token the store verified; ``epoch`` is ``self.epoch`` from before the store call."""
        token_id = parse_token_id(token)
        if token_id is None:
            return
        with self._lock:
            if epoch != self._epoch:  # revoked (or the marker moved) while the store answered
                return
            if len(self._entries) >= _MAX_ENTRIES:
                self._entries.clear()
            self._entries[token_id] = _Entry(hash_token(token), account, now + MAX_AGE_SECONDS * 1_000_000)
