"""PostgreSQL's hot reads on the event loop: psycopg's AsyncConnection, no store worker thread.

A hot read in a store thread hands the GIL between that thread and the event loop several times
(send, wait on the socket, receive, wake the loop). Under 32 clients per process those handoffs
queued behind each other at random: GET's p50 stayed at 13-17 ms while its p99 reached 0.4-0.9 s
in three rounds of four, with requests over wrk's 2 s timeout (bench/README.md). On the loop, a
read is a few callbacks among the others and waits on its socket like any other.

The connections belong to the event loop that reads first: a server process has one. A read
from any other loop (an in-process client in a thread of its own) is not served here; the caller
takes the thread path (``Store.reads_on_loop``), since asyncio objects cannot cross loops. When
that first loop has closed (tests run one app on several loops in turn), the next loop takes over
with fresh connections.
"""

from __future__ import annotations

import asyncio
from typing import Any

from sqlalchemy import Engine

from deckkit_server.store.hot_reads import CompiledRead

__all__ = ["LoopReads", "loop_reads_for"]


class LoopReads:
    def __init__(self, connect_args: dict[str, Any], connections: int) -> None:
        self._connect_args = connect_args
        self._connections = connections
        self._idle: list[Any] = []
        self._loop: asyncio.AbstractEventLoop | None = None
        self._slots: asyncio.Semaphore | None = None
        self._closed = False
        import psycopg  # optional (the postgres extra): this reader serves PostgreSQL only

        self._psycopg = psycopg
        # What a dropped or broken connection raises: retried once on a fresh connection.
        self._connection_errors = (psycopg.OperationalError, psycopg.InterfaceError)

    def serves_running_loop(self) -> bool:
        """True when reads on the running loop may come here (binding the first loop that asks)."""
        if self._closed:
            return False
        loop = asyncio.get_running_loop()
        if self._loop is loop:
            return True
        if self._loop is not None and not self._loop.is_closed():
            return False
        self._close_idle()  # a closed loop's connections: their wait futures belonged to it
        self._loop, self._slots = loop, asyncio.Semaphore(self._connections)
        return True

    async def first_row(
        self, read: CompiledRead, values: dict[str, Any] | None = None
    ) -> dict[str, Any] | None:
        """The first row of ``read`` as a dict of its columns, or None; retried once on a dropped connection."""
        assert self._slots is not None, "call serves_running_loop() first"
        parameters = read.parameters(values or {})
        async with self._slots:  # at most ``connections`` reads at once; the others queue here
            for attempt in (1, 2):
                connection = self._idle.pop() if self._idle else await self._connect()
                try:
                    cursor = await connection.execute(read.sql, parameters)
                    row = await cursor.fetchone()
                except self._connection_errors:
                    connection.pgconn.finish()
                    if attempt == 2:
                        raise
                    continue
                except BaseException:  # cancelled mid-read, or worse: the connection's state is unknown
                    connection.pgconn.finish()
                    raise
                self._give_back(connection)
                return read.mapping(row)
        raise AssertionError("unreachable")

    async def _connect(self) -> Any:
        return await self._psycopg.AsyncConnection.connect(autocommit=True, **self._connect_args)

    def _give_back(self, connection: Any) -> None:
        if self._closed:
            connection.pgconn.finish()
        else:
            self._idle.append(connection)

    def _close_idle(self) -> None:
        idle, self._idle = self._idle, []
        for connection in idle:
            # What AsyncConnection.close() does for a connection outside a pool, without a loop.
            connection.pgconn.finish()

    def close(self) -> None:
        """Close the idle connections now, and every lent one when it comes back."""
        self._closed = True
        self._close_idle()


def loop_reads_for(engine: Engine, connections: int) -> LoopReads | None:
    """Loop reads for a PostgreSQL engine on psycopg (3), else None: SQLite reads take microseconds
    and stay in threads, where a read waiting on a lock does not stop the loop."""
    if engine.dialect.name != "postgresql" or engine.dialect.driver != "psycopg":
        return None
    args, kwargs = engine.dialect.create_connect_args(engine.url)
    if args:  # psycopg's dialect passes keywords only; a positional DSN would need another path
        return None
    # The same keywords SQLAlchemy connects with (host, port, user, its adapters as ``context``).
    return LoopReads(dict(kwargs), connections)
