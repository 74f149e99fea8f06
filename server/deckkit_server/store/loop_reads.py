"""PostgreSQL's session reads on the event loop: psycopg's AsyncConnection, no store worker thread.

A hot read in a store thread hands the GIL between that thread and the event loop several times
(send, wait on the socket, receive, wake the loop). Under 32 clients per process those handoffs
queued behind each other at random: GET's p50 stayed low while its p99 went past wrk's timeout
(bench/README.md). On the loop, a read is a few callbacks among the others and waits on its
socket like any other.

asyncio connections cannot cross event loops, so each loop that reads gets connections of its
own: a server process has one loop; tests and in-process clients may run the app on several, in
turn or at once. The connections of a loop that has closed are closed when the next loop
arrives.
"""

from __future__ import annotations

import asyncio
from typing import Any

from sqlalchemy import Engine

from deckkit_server.store.engine import POSTGRES_CONNECT_ARGS
from deckkit_server.store.hot_reads import CompiledRead
from deckkit_server.store.liveness import dropped_while_idle
from deckkit_server.store.records import SessionRecord
from deckkit_server.store.statements import (
    REVOCATION_MARKER,
    SESSION_OF_ACCOUNT,
    revocation_marker_of,
    session_record,
    session_values,
)

__all__ = ["LoopReads", "loop_reads_for"]


class _LoopPool:
    """The idle connections of one event loop, and how many reads may run on it at once."""

    def __init__(self, connections: int) -> None:
        self.idle: list[Any] = []
        self.slots = asyncio.Semaphore(connections)

    def take_idle(self) -> Any | None:
        """An idle connection that still looks alive (the server has not closed it), else None."""
        while self.idle:
            connection = self.idle.pop()
            if not dropped_while_idle(connection):
                return connection
            connection.pgconn.finish()
        return None

    def close(self) -> None:
        idle, self.idle = self.idle, []
        for connection in idle:
            # What AsyncConnection.close() does for a connection outside a pool, without a loop.
            connection.pgconn.finish()


class LoopReads:
    """``SessionReads`` on the running event loop, for a PostgreSQL store on psycopg 3."""

    def __init__(self, engine: Engine, connect_args: dict[str, Any], connections: int) -> None:
        self._connect_args = connect_args
        self._connections = connections
        self._pools: dict[asyncio.AbstractEventLoop, _LoopPool] = {}
        self._closed = False
        self._session_of_account = CompiledRead(SESSION_OF_ACCOUNT, engine)
        self._revocation_marker = CompiledRead(REVOCATION_MARKER, engine)
        import psycopg  # optional (the postgres extra): this reader serves PostgreSQL only

        self._psycopg = psycopg
        # What a dropped or broken connection raises: retried once on a fresh connection.
        self._connection_errors = (psycopg.OperationalError, psycopg.InterfaceError)

    async def session(self, account_id: str, uuid: str, now: int) -> SessionRecord | None:
        row = await self.first_row(self._session_of_account, session_values(account_id, uuid, now))
        return session_record(row) if row else None

    async def revocation_marker(self) -> tuple[int, int]:
        return revocation_marker_of(await self.first_row(self._revocation_marker))

    def _pool(self) -> _LoopPool:
        loop = asyncio.get_running_loop()
        pool = self._pools.get(loop)
        if pool is None:
            for gone in [other for other in self._pools if other.is_closed()]:
                self._pools.pop(gone).close()
            pool = self._pools[loop] = _LoopPool(self._connections)
        return pool

    async def first_row(
        self, read: CompiledRead, values: dict[str, Any] | None = None
    ) -> dict[str, Any] | None:
        """The first row of ``read`` as a dict of its columns, or None.

        A connection that fails is closed with every idle one (a restarted server dropped them
        all), and the read is retried once on a new connection, never on another idle one.
        """
        if self._closed:
            raise self._psycopg.InterfaceError("the store is closed")
        pool = self._pool()
        parameters = read.parameters(values or {})
        async with pool.slots:  # at most ``connections`` reads at once; the others queue here
            connection = pool.take_idle() or await self._connect()
            for attempt in (1, 2):
                try:
                    cursor = await connection.execute(read.sql, parameters)
                    row = await cursor.fetchone()
                except self._connection_errors:
                    connection.pgconn.finish()
                    pool.close()
                    if attempt == 2:
                        raise
                    connection = await self._connect()
                    continue
                except BaseException:  # cancelled mid-read, or worse: the connection's state is unknown
                    connection.pgconn.finish()
                    raise
                self._give_back(pool, connection)
                return read.mapping(row)
        raise AssertionError("unreachable")

    async def _connect(self) -> Any:
        return await self._psycopg.AsyncConnection.connect(autocommit=True, **self._connect_args)

    def _give_back(self, pool: _LoopPool, connection: Any) -> None:
        if self._closed:
            connection.pgconn.finish()
        else:
            pool.idle.append(connection)

    def idle_connections(self) -> list[Any]:
        """The idle connections of every loop (for tests and diagnostics)."""
        return [connection for pool in self._pools.values() for connection in pool.idle]

    def close(self) -> None:
        """Close the idle connections now, and every lent one when it comes back."""
        self._closed = True
        for pool in self._pools.values():
            pool.close()


def loop_reads_for(engine: Engine, connections: int) -> LoopReads | None:
    """Loop reads for a PostgreSQL engine on psycopg (3), else None: SQLite reads take microseconds
    and stay in threads, where a read waiting on a lock does not stop the loop."""
    if engine.dialect.name != "postgresql" or engine.dialect.driver != "psycopg":
        return None
    args, kwargs = engine.dialect.create_connect_args(engine.url)
    if args:  # psycopg's dialect passes keywords only; a positional DSN would need another path
        return None
    # The same keywords SQLAlchemy connects with (host, port, user, its adapters as ``context``).
    return LoopReads(engine, {**POSTGRES_CONNECT_ARGS, **kwargs}, connections)
