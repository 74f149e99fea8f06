"""SQLite's one writer at a time, queued in the operating system instead of SQLite's busy handler.

When the database is locked, SQLite's busy handler sleeps and retries, up to 100 ms a sleep, so
under load a waiting writer sleeps through many commits of the others and some wait a second or
more (POST /sessions at 32 clients with two server processes: p99 1.2-1.5 s). Here a writer
waits on a lock that wakes it the moment the previous writer is done: a thread lock among the
process's threads, then an exclusive ``flock`` on a file beside the database among processes
(POSIX; elsewhere the thread lock alone, and the busy handler between processes).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]

__all__ = ["SQLiteWriterLock"]


class SQLiteWriterLock:
    def __init__(self, database: Path | None) -> None:
        """``database``: the SQLite file (None for an in-memory database: one process only)."""
        self._threads = threading.Lock()
        self._file: int | None = None
        if database is not None and fcntl is not None:
            self._file = os.open(f"{database}-writer", os.O_RDWR | os.O_CREAT, 0o600)

    @contextmanager
    def held(self) -> Iterator[None]:
        with self._threads:
            if self._file is None:
                yield
                return
            fcntl.flock(self._file, fcntl.LOCK_EX)  # one thread of this process waits here at most
            try:
                yield
            finally:
                fcntl.flock(self._file, fcntl.LOCK_UN)

    def close(self) -> None:
        if self._file is not None:
            os.close(self._file)
            self._file = None
