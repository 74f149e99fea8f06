"""A PostgreSQL and a Redis of the test's own, to stop, kill and restart: never the machine's.

Each runs from the machine's binaries (PostgreSQL 15's ``initdb``/``pg_ctl``, ``redis-server``)
in a temporary folder on a free loopback port. PostgreSQL refuses to run as root: under root the
cluster belongs to the ``postgres`` user and its commands run as that user.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import redis

from tests.server.conftest import free_port

__all__ = ["PrivatePostgres", "PrivateRedis", "private_postgres", "private_redis"]

_PG_BIN = Path("/usr/lib/postgresql/15/bin")


def _as_postgres() -> list[str]:
    return ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []


class PrivatePostgres:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.data = folder / "data"
        self.port = free_port()
        self.dsn = f"host=127.0.0.1 port={self.port} user=postgres dbname=postgres"
        self.url = f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"

    def _pg(self, tool: str, *args: str) -> None:
        command = [*_as_postgres(), str(_PG_BIN / tool), *args]
        subprocess.run(command, check=True, capture_output=True, timeout=60)

    def init(self) -> None:
        self._pg("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8")

    def start(self) -> None:
        options = (
            f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off "
            "-c full_page_writes=off"
        )
        self._pg("pg_ctl", "start", "-w", "-D", str(self.data), "-l", str(self.folder / "log"), "-o", options)

    def stop(self, mode: str = "fast") -> None:
        """``fast`` ends every session with an error (a restart); ``immediate`` kills the server."""
        self._pg("pg_ctl", "stop", "-w", "-D", str(self.data), "-m", mode)

    def restart(self, mode: str = "fast") -> None:
        self.stop(mode)
        self.start()


class PrivateRedis:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = [
            "redis-server",
            "--port",
            str(self.port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(self.folder),
        ]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 20
        while True:
            try:
                redis.Redis(port=self.port, socket_connect_timeout=1).ping()
                return
            except redis.exceptions.ConnectionError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    def kill(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait(30)
            self.process = None


@contextlib.contextmanager
def private_postgres() -> Iterator[PrivatePostgres]:
    # Not under pytest's tmp_path: its folders are private to this user, and PostgreSQL may run as another.
    folder = Path(tempfile.mkdtemp(prefix="deckkit-pg-"))
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
    server = PrivatePostgres(folder)
    server.init()
    server.start()
    try:
        yield server
    finally:
        with contextlib.suppress(subprocess.SubprocessError):
            server.stop("immediate")
        shutil.rmtree(folder, ignore_errors=True)


@contextlib.contextmanager
def private_redis() -> Iterator[PrivateRedis]:
    folder = Path(tempfile.mkdtemp(prefix="deckkit-redis-"))
    server = PrivateRedis(folder)
    server.start()
    try:
        yield server
    finally:
        server.kill()
        shutil.rmtree(folder, ignore_errors=True)
