"""Whether the server has closed an idle database connection, found without a round trip to it.

An idle connection has nothing to read: when its socket turns readable, the server sent its last
words (PostgreSQL's "terminating connection" on shutdown or restart) or closed it. Such a
connection is discarded before use instead of failing the request that would take it. A
connection whose server vanished silently (a network cut) still looks idle; its first query
fails and is retried on a fresh connection (see hot_reads and loop_reads).
"""

from __future__ import annotations

import select
from typing import Any

__all__ = ["dropped_while_idle"]


def _readable(fd: int) -> bool:
    if hasattr(select, "poll"):
        poller = select.poll()
        poller.register(fd, select.POLLIN | select.POLLPRI)
        return bool(poller.poll(0))  # POLLHUP and POLLERR are reported whatever was asked
    readable, _, errors = select.select([fd], [], [fd], 0)
    return bool(readable or errors)


def dropped_while_idle(connection: Any) -> bool:
    """True when an idle DBAPI connection (psycopg, sync or async) was closed by its server.

    A connection without a socket (SQLite's file) is never dropped.
    """
    fileno = getattr(connection, "fileno", None)
    if fileno is None:
        return False
    try:
        fd = int(fileno())
    except Exception:  # psycopg: "the connection is lost"
        return True
    return fd < 0 or _readable(fd)
