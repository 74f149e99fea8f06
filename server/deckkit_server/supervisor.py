"""``deckkit serve --workers N``: N server processes, each accepting on a listening socket of its own.

uvicorn's supervisor hands every worker the one socket the parent bound. Whichever worker wakes
first accepts a burst of new connections, and a kept-alive client stays with the worker it landed
on: with 32 wrk connections, ``ss`` showed 28/4, 24/8 and 23/9 splits over two workers, and the
busy one's queue gave PostgreSQL GETs a p99 of 0.5-1.1 s (one process alone: 77 ms; see
bench/server/README.md). On Linux each worker here binds its own socket with ``SO_REUSEPORT``,
and the kernel spreads new connections over the group by a hash of their addresses. Elsewhere
``SO_REUSEPORT`` does not balance (the last socket bound takes everything), so uvicorn's own
supervisor runs there.

The supervisor first binds the address *without* ``SO_REUSEPORT``, so that a port taken by any
other program (another ``deckkit serve`` included) is refused with a message instead of being
silently shared, and then at once binds a socket per worker, which it keeps: a worker that dies
after it started is replaced on the same socket (the connections waiting in it are not lost);
one that fails while starting stops the server, as it would fail again (a worker has started
once its server listens).
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
import socket
import sys
import threading
import time
from multiprocessing.context import SpawnProcess
from multiprocessing.synchronize import Event
from typing import Any

import uvicorn
from uvicorn.supervisors import Multiprocess

from deckkit_server.app import create_app
from deckkit_server.serving import uvicorn_config
from deckkit_server.settings import Settings

__all__ = ["AddressInUseError", "balances_connections", "run_workers"]

logger = logging.getLogger("deckkit.server")

STOP_SECONDS = 30.0


class AddressInUseError(OSError):
    """The host and port ``deckkit serve`` should listen on are taken."""


def balances_connections() -> bool:
    """Whether the kernel spreads connections over ``SO_REUSEPORT`` sockets (Linux does)."""
    return sys.platform.startswith("linux") and hasattr(socket, "SO_REUSEPORT")


def _family(host: str) -> socket.AddressFamily:
    return socket.AF_INET6 if ":" in host else socket.AF_INET


def claim_port(host: str, port: int) -> int:
    """Check that ``host:port`` is free (no ``SO_REUSEPORT``: any holder refuses it); the port to use."""
    probe = socket.socket(_family(host), socket.SOCK_STREAM)
    try:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        probe.bind((host, port))
        bound: int = probe.getsockname()[1]
        return bound
    except OSError as error:
        raise AddressInUseError(f"cannot listen on {host}:{port}: {error.strerror or error}") from error
    finally:
        probe.close()


def reuse_port_socket(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` that joins the other workers' ``SO_REUSEPORT`` group."""
    sock = socket.socket(_family(host), socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    return sock


def _serve_one(settings: Settings, log_level: str | None, sock: socket.socket, ready: Event) -> None:
    """A worker process: the app from the settings, on its socket; ``ready`` once it serves."""

    class Server(uvicorn.Server):
        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets)
            if not self.should_exit:
                ready.set()

    config = uvicorn_config(create_app(settings), settings, log_level=log_level)
    # Ctrl-C reaches every process of the terminal's group; the worker then stops as uvicorn does.
    Server(config).run(sockets=[sock])


class _Workers:
    def __init__(self, settings: Settings, log_level: str | None, sockets: list[socket.socket]) -> None:
        self._settings, self._log_level, self._sockets = settings, log_level, sockets
        self._context = multiprocessing.get_context("spawn")
        self._processes: list[tuple[SpawnProcess, Event]] = []
        self.stop = threading.Event()

    def _start(self, index: int) -> tuple[SpawnProcess, Event]:
        ready = self._context.Event()
        process = self._context.Process(
            target=_serve_one,
            args=(self._settings, self._log_level, self._sockets[index], ready),
            name="deckkit-server-worker",
        )
        process.start()
        return process, ready

    def start_all(self) -> None:
        self._processes = [self._start(index) for index in range(len(self._sockets))]

    def replace_dead(self) -> int | None:
        """Restart workers that died; the exit code that should stop the server, if one failed to start."""
        for index, (process, ready) in enumerate(self._processes):
            if process.is_alive():
                continue
            if not ready.is_set():  # a broken setting, an unreachable database: it would fail again
                logger.error("server worker %s failed to start (exit code %s)", process.pid, process.exitcode)
                return process.exitcode or 1
            logger.warning(
                "server worker %s died (exit code %s); starting another", process.pid, process.exitcode
            )
            self._processes[index] = self._start(index)
        return None

    def stop_all(self) -> None:
        for process, _ in self._processes:
            if process.is_alive():
                process.terminate()
        deadline = time.monotonic() + STOP_SECONDS
        for process, _ in self._processes:
            process.join(max(0.0, deadline - time.monotonic()))
            if process.is_alive():
                process.kill()
                process.join()


def run_workers(settings: Settings, *, log_level: str | None = None) -> int:
    """Serve with ``settings.workers`` processes until SIGINT or SIGTERM; the exit code."""
    if not balances_connections():
        return _run_uvicorn_supervisor(settings, log_level)
    port = claim_port(settings.host, settings.port)
    sockets = [reuse_port_socket(settings.host, port) for _ in range(settings.workers)]
    workers = _Workers(settings.model_copy(update={"port": port}), log_level, sockets)

    def request_stop(signum: int, frame: Any) -> None:
        workers.stop.set()

    previous = {sig: signal.signal(sig, request_stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    exit_code = 0
    try:
        workers.start_all()
        while not workers.stop.wait(0.5):
            failed = workers.replace_dead()
            if failed is not None:
                exit_code = failed
                break
    finally:
        workers.stop_all()
        for sock in sockets:
            sock.close()
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    return exit_code


def _run_uvicorn_supervisor(settings: Settings, log_level: str | None) -> int:
    # Its workers build the app from the environment (a factory), so flags must reach it there.
    os.environ["DECKKIT_DATA_DIR"] = str(settings.data_dir)
    config = uvicorn_config(
        "deckkit_server.app:create_app",
        settings,
        factory=True,
        workers=settings.workers,
        log_level=log_level,
    )
    Multiprocess(config, sockets=[config.bind_socket()]).run()
    return 0
