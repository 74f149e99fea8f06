"""Which errors of the store mean "the database is unreachable": an outage, answered 503, not a bug.

The DBAPI's ``OperationalError`` is, by PEP 249, an error of the database's operation and not
the programmer's (a lost connection, a server shut down, a lock not granted in time, a disk
failing); on PostgreSQL ``InterfaceError`` also means a connection that is gone. SQLAlchemy wraps
both, and adds its own for a pool that found no connection in time or gave up reconnecting.
SQLite's ``InterfaceError`` is a wrong parameter (a bug), so it stays a 500.
"""

from __future__ import annotations

from sqlalchemy import Engine, exc

__all__ = ["unavailable_errors"]


def unavailable_errors(engine: Engine) -> tuple[type[Exception], ...]:
    dbapi = engine.dialect.loaded_dbapi
    errors: tuple[type[Exception], ...] = (
        exc.OperationalError,
        exc.TimeoutError,
        exc.DisconnectionError,
        dbapi.OperationalError,
    )
    if engine.dialect.name != "sqlite":
        errors += (exc.InterfaceError, dbapi.InterfaceError)
    return errors
