"""The store's SQLAlchemy engine: a connection pool sized to the store calls a process runs at once."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url

__all__ = ["CONCURRENT_CALLS", "create_store_engine"]

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
    # No pre-ping (a round trip before every query): a connection the server dropped fails once,
    # SQLAlchemy then replaces the whole pool, and the hot reads retry once (see hot_reads.py).
    return create_engine(url, pool_size=CONCURRENT_CALLS, max_overflow=4)
