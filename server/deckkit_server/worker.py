"""Renders in separate, warm processes, with a time and a memory limit.

Each render worker is a process forked from a forkserver that has the renderer preloaded (no
interpreter starts per render, nor per worker). A worker stays alive and renders one deck after
another, so the renderer's imports and caches stay warm; it is replaced after a crash, a
timeout, a memory overrun or ``RECYCLE_AFTER`` renders. A crash, a hang or a memory overrun ends
only that worker: the server turns it into ``render_succeeded: false`` with a message and keeps
serving. The event loop never renders; it waits for the worker in a thread.
"""

from __future__ import annotations

import importlib
import logging
import multiprocessing
import os
import resource
import traceback
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

import anyio

from deckkit.errors import DeckkitError
from deckkit.warn import warning_code

__all__ = ["RECYCLE_AFTER", "RenderOutcome", "RenderPool"]

log = logging.getLogger("deckkit_server.worker")

RECYCLE_AFTER = 200
"""Renders a worker serves before it is replaced (bounds what a slow leak can hold)."""


@dataclass(frozen=True, slots=True)
class RenderOutcome:
    succeeded: bool
    pptx: bytes | None = None
    slide_count: int | None = None
    message: str | None = None
    warnings: tuple[tuple[str, str, str], ...] = ()  # (code, path, message), as the render gave them


def _load(target: str) -> Any:
    module, _, name = target.partition(":")
    return getattr(importlib.import_module(module), name)


def _render_one(render: Any, zip_bytes: bytes) -> tuple[str, Any]:
    """One render as a (kind, payload) message."""
    try:
        result = render(zip_bytes)
        warnings = tuple((warning_code(w), w.path, w.message) for w in result.warnings)
        return "ok", (bytes(result.pptx), int(result.slide_count), warnings)
    except MemoryError:
        return "memory", None
    except DeckkitError as error:
        return "input", str(error)
    except BaseException as error:  # a renderer bug must not become a stack trace for the user
        return "bug", f"{type(error).__name__}: {error}\n{traceback.format_exc()}"


def _serve(target: str, memory_bytes: int, conn: Connection) -> None:
    """The worker process: limit memory, then render every zip that arrives until the pipe closes."""
    if memory_bytes > 0:
        resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
    try:
        render = _load(target)
    except BaseException as error:
        render = None
        failure = f"{type(error).__name__}: {error}\n{traceback.format_exc()}"
    while True:
        try:
            zip_bytes = conn.recv_bytes()
        except (EOFError, OSError):
            return
        kind, payload = ("bug", failure) if render is None else _render_one(render, zip_bytes)
        conn.send((kind, payload))
        if kind == "memory":  # the heap may be in any state: let the pool start a fresh worker
            return


class _Worker:
    """One render process and its end of the pipe, started on first use."""

    def __init__(self, pool: RenderPool) -> None:
        self.pool = pool
        self.process: BaseProcess | None = None
        self.conn: Connection | None = None
        self.renders = 0

    def ensure_started(self) -> Connection:
        if self.process is not None and self.process.is_alive() and self.conn is not None:
            return self.conn
        self.stop()
        mine, theirs = self.pool.context.Pipe(duplex=True)
        process = self.pool.context.Process(
            target=_serve,
            args=(self.pool.target, self.pool.memory_bytes, theirs),
            daemon=True,
            name="deckkit-render",
        )
        process.start()
        theirs.close()
        self.process, self.conn, self.renders = process, mine, 0
        return mine

    def stop(self) -> None:
        if self.conn is not None:
            self.conn.close()
        if self.process is not None:
            self.process.join(0.5)  # it leaves on its own when the pipe closes
            if self.process.is_alive():
                self.process.kill()
                self.process.join()
        self.process, self.conn = None, None


def _without_working_directory() -> None:
    """Keep the working directory off the render processes' import path.

    The forkserver starts as ``python -c ...``, which puts the working directory first on
    sys.path: a ``deckkit/`` folder there (the parent of a clone holds one) was imported instead of
    the installed package, and every render failed. PYTHONSAFEPATH (Python 3.11) leaves it out;
    the forkserver and its workers inherit the environment when the first worker starts.
    """
    os.environ["PYTHONSAFEPATH"] = "1"


class RenderPool:
    """Runs at most ``workers`` renders at a time in this server process, each in a warm worker."""

    def __init__(self, *, target: str, workers: int, timeout: float, memory_mb: int) -> None:
        self.target = target
        self.timeout = timeout
        self.memory_bytes = memory_mb * 1024 * 1024
        self.size = max(1, workers)
        self.limiter = anyio.CapacityLimiter(self.size)
        _without_working_directory()
        self.context = multiprocessing.get_context("forkserver")
        module = target.partition(":")[0]
        # Preloading makes every fork start with the renderer imported (missing modules are skipped).
        self.context.set_forkserver_preload(["deckkit.errors", module])
        self._workers = [_Worker(self) for _ in range(self.size)]
        self._idle = list(self._workers)  # taken and given back on the event loop only

    async def warm_up(self) -> None:
        """Start every worker now, rather than at the first renders (the server's startup does)."""
        async with anyio.create_task_group() as tasks:
            for _ in range(self.size):
                tasks.start_soon(self._with_worker, _Worker.ensure_started)

    async def render(self, zip_bytes: bytes) -> RenderOutcome:
        outcome: RenderOutcome = await self._with_worker(self._render_blocking, zip_bytes)
        return outcome

    async def _with_worker(self, work: Any, *args: Any) -> Any:
        async with self.limiter:
            worker = self._idle.pop()
            try:
                return await anyio.to_thread.run_sync(lambda: work(worker, *args), abandon_on_cancel=False)
            finally:
                self._idle.append(worker)

    def close(self) -> None:
        """Stop every worker (a render under way ends with the renderer-stopped message)."""
        for worker in self._workers:
            worker.stop()

    def _render_blocking(self, worker: _Worker, zip_bytes: bytes) -> RenderOutcome:
        try:
            conn = worker.ensure_started()
            conn.send_bytes(zip_bytes)
            if not conn.poll(self.timeout):
                worker.stop()
                return RenderOutcome(
                    False,
                    message=f"the render took longer than {self.timeout:g} seconds and "
                    "was stopped; split the deck or simplify the data",
                )
            kind, payload = conn.recv()
        except (EOFError, OSError):
            process = worker.process
            if process is not None:
                process.join(5)
            exitcode = process.exitcode if process is not None else None
            worker.stop()
            return RenderOutcome(
                False,
                message=f"the renderer stopped unexpectedly (exit code "
                f"{exitcode}); the input may be too large or malformed",
            )
        worker.renders += 1
        if kind == "memory" or worker.renders >= RECYCLE_AFTER:
            worker.stop()
        return self._outcome(kind, payload)

    def _outcome(self, kind: str, payload: Any) -> RenderOutcome:
        if kind == "ok":
            pptx, count, warnings = payload
            return RenderOutcome(True, pptx=pptx, slide_count=count, warnings=warnings)
        if kind == "memory":
            return RenderOutcome(
                False,
                message=f"the render needed more than {self.memory_bytes // 2**20} MB of "
                "memory and was stopped; reduce the size of the images or the data",
            )
        if kind == "input":
            return RenderOutcome(False, message=str(payload))
        log.error("renderer failed: %s", payload)
        first_line = str(payload).splitlines()[0]
        return RenderOutcome(False, message=f"internal renderer error ({first_line}); please report it")
