"""What every part of the store stands on: the engine, the hot reads, write transactions, revocation hooks."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from pathlib import Path

from sqlalchemy import Connection, Engine

from deckkit_server.store.hot_reads import CompiledRead, HotReads
from deckkit_server.store.outage import unavailable_errors
from deckkit_server.store.sqlite_writer import SQLiteWriterLock
from deckkit_server.store.statements import REVOCATION_MARKER, SESSION_OF_ACCOUNT, TOKEN_WITH_ACCOUNT

__all__ = ["RevocationListener", "StoreConnections"]

RevocationListener = Callable[..., None]
"""Called as ``listener(token_id=..., account_id=...)`` (either may be None) after tokens became invalid."""


class StoreConnections:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.hot_reads = HotReads(engine)
        self.unavailable_errors = unavailable_errors(engine)
        """What the store raises while the database is unreachable (see outage.py)."""
        self._token_with_account = CompiledRead(TOKEN_WITH_ACCOUNT, engine)
        self._session_of_account = CompiledRead(SESSION_OF_ACCOUNT, engine)
        self._revocation_marker = CompiledRead(REVOCATION_MARKER, engine)
        self._revocation_listeners: list[RevocationListener] = []
        self._sqlite_writer: SQLiteWriterLock | None = None
        if engine.dialect.name == "sqlite":
            database = engine.url.database
            file_backed = bool(database) and database != ":memory:"
            self._sqlite_writer = SQLiteWriterLock(Path(str(database)) if file_backed else None)

    @contextlib.contextmanager
    def _write(self) -> Iterator[Connection]:
        """A write transaction. SQLite has one writer at a time: writers queue on a lock that
        wakes them at once (``SQLiteWriterLock``), and the transaction takes SQLite's write lock
        when it begins, so no reader has to upgrade it midway."""
        if self._sqlite_writer is None:
            with self.engine.begin() as conn:
                yield conn
            return
        with self._sqlite_writer.held(), self.engine.begin() as conn:
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
        if self._sqlite_writer is not None:
            self._sqlite_writer.close()
