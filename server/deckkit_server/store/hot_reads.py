"""The reads of nearly every API request, on connections of their own without SQLAlchemy's layers.

A read through SQLAlchemy (pool checkout and reset, execution context, result wrapping) cost
about four times the DBAPI's own work for these one-row queries: 280 against 70 microseconds of
CPU on PostgreSQL. Here each read takes an idle DBAPI connection (autocommit: no BEGIN/ROLLBACK
round trips), runs SQL compiled once from the same SQLAlchemy Core statement, and puts the
connection back. Connections come from the engine's pool (so its connect hooks ran: SQLite's
pragmas) and are detached from it; there are at most as many as threads reading at once.

There is no pre-ping round trip before each read. An idle connection its server closed (a
restart) is seen at once on its socket and discarded (liveness.py); one that fails anyway is
closed with every idle one (a restarted server dropped them all), and the read is retried once on
a new connection, never on another idle one.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Engine
from sqlalchemy.sql import Select

from deckkit_server.store.liveness import dropped_while_idle

__all__ = ["CompiledRead", "HotReads"]


class CompiledRead:
    """One Core SELECT, compiled for an engine's dialect: the SQL text and how to order its parameters."""

    def __init__(self, statement: Select[Any], engine: Engine) -> None:
        compiled = statement.compile(dialect=engine.dialect)
        self.sql = str(compiled)
        self.columns: Sequence[str] = tuple(statement.selected_columns.keys())
        # Values the statement carries itself (a literal becomes a parameter too), under the caller's.
        self._defaults = dict(compiled.params)
        # qmark/numeric paramstyles (SQLite) take a tuple in the statement's order, the others a dict.
        self._order = tuple(compiled.positiontup or ()) if compiled.positional else None

    def parameters(self, values: dict[str, Any]) -> tuple[Any, ...] | dict[str, Any]:
        merged = {**self._defaults, **values}
        return merged if self._order is None else tuple(merged[name] for name in self._order)

    def mapping(self, row: Sequence[Any] | None) -> dict[str, Any] | None:
        """A fetched row as a dict of the statement's columns (None stays None)."""
        return None if row is None else dict(zip(self.columns, row, strict=True))


class HotReads:
    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._idle: list[Any] = []
        self._lock = threading.Lock()
        self._closed = False
        dbapi = engine.dialect.loaded_dbapi
        # What a dropped or broken connection raises (the DBAPI's own classes).
        self._connection_errors: tuple[type[Exception], ...] = (dbapi.OperationalError, dbapi.InterfaceError)

    def _new_connection(self) -> Any:
        proxy = self._engine.raw_connection()
        proxy.detach()  # ours from now on: the pool neither resets nor counts it
        connection: Any = proxy.dbapi_connection
        if self._engine.dialect.name == "postgresql":
            connection.autocommit = True
        return connection

    def _take_idle(self) -> Any | None:
        """An idle connection that still looks alive, else None."""
        while True:
            with self._lock:
                connection = self._idle.pop() if self._idle else None
            if connection is None or not dropped_while_idle(connection):
                return connection
            connection.close()

    def _close_idle(self) -> None:
        with self._lock:
            idle, self._idle = self._idle, []
        for connection in idle:
            connection.close()

    @contextmanager
    def connection(self, *, fresh: bool = False) -> Iterator[Any]:
        """An idle DBAPI connection of the hot reads (a new one when all are busy, or ``fresh``),
        given back after."""
        connection = None if fresh else self._take_idle()
        if connection is None:
            connection = self._new_connection()
        try:
            yield connection
        except BaseException:
            connection.close()  # in an unknown state: never reused
            raise
        with self._lock:
            if self._closed:
                connection.close()
            else:
                self._idle.append(connection)

    def first_row(self, read: CompiledRead, values: dict[str, Any] | None = None) -> dict[str, Any] | None:
        """The first row of ``read`` as a dict of its columns, or None; retried once on a dropped connection."""
        parameters = read.parameters(values or {})
        for attempt in (1, 2):
            try:
                with self.connection(fresh=attempt == 2) as connection:
                    cursor = connection.cursor()
                    try:
                        cursor.execute(read.sql, parameters)
                        row = cursor.fetchone()
                    finally:
                        cursor.close()
                return read.mapping(row)
            except self._connection_errors:
                self._close_idle()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def close(self) -> None:
        with self._lock:
            self._closed = True
        self._close_idle()
