"""The store's SQLAlchemy engine: a connection pool sized to the store calls a process runs at once."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event, exc
from sqlalchemy.engine import make_url

from deckkit_server.store.liveness import dropped_while_idle

__all__ = ["CONCURRENT_CALLS", "POSTGRES_CONNECT_ARGS", "create_store_engine"]

CONCURRENT_CALLS = 4
"""The most store calls one server process runs at once (its store worker threads).

Each call is short (a fraction of a millisecond on a local database), so four threads keep up
with more requests than the process's one core serves. More threads only fight over the GIL:
with 16, each PostgreSQL read (which takes and releases the GIL several times) waited behind
the others at random, and GET's p99 at 32 clients reached a second while its p50 was 10 ms.
Each pool keeps this many connections open: a pool smaller than the threads (PostgreSQL's was
10 with 10 "overflow" connections for 16 threads) opens and closes a connection, a new
PostgreSQL backend process, for every call beyond it.
"""

POSTGRES_CONNECT_ARGS = {"connect_timeout": 5}
"""A server that does not answer (a host down, a network cut) fails a connect in seconds, not never."""


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def create_store_engine(url: str) -> Engine:
    """The engine of a store URL; the overflow serves only callers beyond the server's threads."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        file_backed = bool(parsed.database) and parsed.database != ":memory:"
        if file_backed:
            Path(str(parsed.database)).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(
            url,
            connect_args={"check_same_thread": False, "timeout": 30},
            pool_size=CONCURRENT_CALLS,
            max_overflow=4,
            pool_timeout=60,
        )
        event.listen(engine, "connect", _sqlite_pragmas)
        if file_backed:
            with engine.connect() as conn:  # WAL is a property of the file: set it once
                conn.exec_driver_sql("PRAGMA journal_mode=WAL")
        return engine
    if parsed.get_backend_name() == "postgresql" and parsed.drivername == "postgresql":
        url = str(parsed.set(drivername="postgresql+psycopg").render_as_string(hide_password=False))
    # No pre-ping (a round trip before every query): a pooled connection its server closed (a
    # restart) is found by a look at its socket at checkout and replaced (liveness.py).
    engine = create_engine(
        url, pool_size=CONCURRENT_CALLS, max_overflow=4, connect_args=POSTGRES_CONNECT_ARGS
    )
    event.listen(engine, "checkout", _discard_if_dropped)
    return engine


def _discard_if_dropped(dbapi_connection: Any, _record: Any, _proxy: Any) -> None:
    if dropped_while_idle(dbapi_connection):
        # SQLAlchemy closes this connection and checks out another (a new one if need be).
        raise exc.DisconnectionError("the database server closed this pooled connection")
