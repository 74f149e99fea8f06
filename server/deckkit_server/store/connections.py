"""What every part of the store stands on: the engine, the hot reads, write transactions, revocation hooks."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterator

from sqlalchemy import Connection, Engine

from deckkit_server.store.hot_reads import CompiledRead, HotReads
from deckkit_server.store.statements import REVOCATION_MARKER, SESSION_OF_ACCOUNT, TOKEN_WITH_ACCOUNT

__all__ = ["RevocationListener", "StoreConnections"]

RevocationListener = Callable[..., None]
"""Called as ``listener(token_id=..., account_id=...)`` (either may be None) after tokens became invalid."""


class StoreConnections:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.hot_reads = HotReads(engine)
        self._token_with_account = CompiledRead(TOKEN_WITH_ACCOUNT, engine)
        self._session_of_account = CompiledRead(SESSION_OF_ACCOUNT, engine)
        self._revocation_marker = CompiledRead(REVOCATION_MARKER, engine)
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

    def add_revocation_listener(self, listener: RevocationListener) -> None:
        """Tell ``listener`` (this process's token cache) at once when a token stops being valid."""
        self._revocation_listeners.append(listener)

    def _tokens_invalidated(self, *, token_id: str | None = None, account_id: str | None = None) -> None:
        """After a commit that made tokens invalid (a revoke; an account disabled: pass its id)."""
        for listener in self._revocation_listeners:
            listener(token_id=token_id, account_id=account_id)

    def close(self) -> None:
        self.hot_reads.close()
        self.engine.dispose()
