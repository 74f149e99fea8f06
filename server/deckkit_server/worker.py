"""Renders in separate, warm processes, with a time and a memory limit.

Each render worker is a process forked from a forkserver that has the renderer preloaded (no
interpreter starts per render, nor per worker). A worker stays alive and renders one deck after
another, so the renderer's imports and caches stay warm; it is replaced after a crash, a
timeout, a memory overrun or ``RECYCLE_AFTER`` renders. A crash, a hang or a memory overrun ends
only that worker: the server turns it into ``render_succeeded: false`` with a message and keeps
serving. The event loop never renders; it waits for the worker in a thread.

A render that asks for a PDF has it made by the same worker right after, by LibreOffice
(:mod:`deckkit.office`, in the worker's own profile) with a time and a memory limit of its own.
The deck has succeeded by then: a PDF that fails (no LibreOffice, too slow, out of memory) is
``pdf_message`` beside a good deck, never a failed render.
"""

from __future__ import annotations

import importlib
import logging
import multiprocessing
import os
import resource
import traceback
from dataclasses import dataclass, replace
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

import anyio

from deckkit import office
from deckkit.errors import ConversionError, DeckkitError

__all__ = ["RECYCLE_AFTER", "RenderOutcome", "RenderPool"]

log = logging.getLogger("deckkit_server.worker")

RECYCLE_AFTER = 200
"""Renders a worker serves before it is replaced (bounds what a slow leak can hold)."""


# How long past its own limit a conversion may take to answer before its worker is stopped
# (LibreOffice's process group is killed at the limit; this covers a worker that is stuck).
_CONVERSION_GRACE_SECONDS = 10.0


@dataclass(frozen=True, slots=True)
class RenderOutcome:
    succeeded: bool
    pptx: bytes | None = None
    slide_count: int | None = None
    message: str | None = None
    pdf: bytes | None = None
    pdf_message: str | None = None
    """Why the PDF asked for was not made (None when it was, or when none was asked)."""


@dataclass(frozen=True, slots=True)
class _Limits:
    """What a worker process needs to know: its renderer and the limits it works within."""

    target: str
    memory_bytes: int
    pdf_timeout: float
    pdf_memory_mb: int


def _load(target: str) -> Any:
    module, _, name = target.partition(":")
    return getattr(importlib.import_module(module), name)


def _render_one(render: Any, zip_bytes: bytes) -> tuple[str, Any]:
    """One render as a (kind, payload) message."""
    try:
        result = render(zip_bytes)
        return "ok", (bytes(result.pptx), int(result.slide_count))
    except MemoryError:
        return "memory", None
    except DeckkitError as error:
        return "input", str(error)
    except BaseException as error:  # a renderer bug must not become a stack trace for the user
        return "bug", f"{type(error).__name__}: {error}\n{traceback.format_exc()}"


_NO_PDF = "the deck was rendered, but its PDF was not made: "


def _pdf_of(pptx: bytes, limits: _Limits) -> tuple[str, Any]:
    """The PDF of a rendered deck as a (kind, payload) message: ("pdf", bytes) or ("no-pdf", why)."""
    try:
        return "pdf", office.pptx_to_pdf(pptx, timeout=limits.pdf_timeout, memory_mb=limits.pdf_memory_mb)
    except ConversionError as error:
        return "no-pdf", _NO_PDF + str(error)
    except BaseException as error:  # the deck stands; the PDF's failure is said, not raised
        log.error("PDF conversion failed: %s\n%s", error, traceback.format_exc())
        return "no-pdf", _NO_PDF + f"an internal error ({type(error).__name__}); please report it"


def _serve(limits: _Limits, conn: Connection) -> None:
    """The worker process: limit memory, then render every zip that arrives until the pipe closes.

    Each job is two messages: ``("render", formats)`` and the zip, answered by the render's
    message, then (for a deck rendered with "pdf" asked) the PDF's; or ``("pdf", ())`` and a deck
    rendered before, answered by the PDF's message.
    """
    if limits.memory_bytes > 0:
        # The soft limit only: LibreOffice, started from here, sets a limit of its own.
        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        resource.setrlimit(resource.RLIMIT_AS, (limits.memory_bytes, hard))
    try:
        render = _load(limits.target)
    except BaseException as error:
        render = None
        failure = f"{type(error).__name__}: {error}\n{traceback.format_exc()}"
    try:
        while True:
            try:
                job, formats = conn.recv()
                zip_bytes = conn.recv_bytes()
            except (EOFError, OSError):
                return
            if job == "pdf":
                conn.send(_pdf_of(zip_bytes, limits))
                continue
            payload: Any
            kind, payload = ("bug", failure) if render is None else _render_one(render, zip_bytes)
            conn.send((kind, payload))
            if kind == "memory":  # the heap may be in any state: let the pool start a fresh worker
                return
            if kind == "ok" and "pdf" in formats:
                conn.send(_pdf_of(payload[0], limits))
    finally:
        office.discard_profiles()  # a worker process leaves without running atexit hooks


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
            args=(self.pool.limits, theirs),
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

    def __init__(
        self,
        *,
        target: str,
        workers: int,
        timeout: float,
        memory_mb: int,
        pdf_timeout: float = 120.0,
        pdf_memory_mb: int = 1024,
    ) -> None:
        self.target = target
        self.timeout = timeout
        self.memory_bytes = memory_mb * 1024 * 1024
        self.pdf_timeout = pdf_timeout
        self.pdf_memory_mb = pdf_memory_mb
        self.size = max(1, workers)
        self.limiter = anyio.CapacityLimiter(self.size)
        _without_working_directory()
        self.context = multiprocessing.get_context("forkserver")
        module = target.partition(":")[0]
        # Preloading makes every fork start with the renderer imported (missing modules are skipped).
        self.context.set_forkserver_preload(["deckkit.errors", module])
        self._workers = [_Worker(self) for _ in range(self.size)]
        self._idle = list(self._workers)  # taken and given back on the event loop only

    @property
    def limits(self) -> _Limits:
        """What a worker started now gets (the settings as they are when it starts)."""
        return _Limits(self.target, self.memory_bytes, self.pdf_timeout, self.pdf_memory_mb)

    async def warm_up(self) -> None:
        """Start every worker now, rather than at the first renders (the server's startup does)."""
        async with anyio.create_task_group() as tasks:
            for _ in range(self.size):
                tasks.start_soon(self._with_worker, _Worker.ensure_started)

    async def render(self, zip_bytes: bytes, formats: tuple[str, ...] = ()) -> RenderOutcome:
        """Render the zip; with "pdf" in ``formats`` the outcome carries the PDF too (or why not)."""
        outcome: RenderOutcome = await self._with_worker(self._render_blocking, zip_bytes, formats)
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

    def _render_blocking(self, worker: _Worker, zip_bytes: bytes, formats: tuple[str, ...]) -> RenderOutcome:
        try:
            conn = worker.ensure_started()
            conn.send(("render", formats))
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
        outcome = self._outcome(kind, payload)
        if kind == "ok" and "pdf" in formats:
            pdf, why = self._pdf_answer(worker)
            outcome = replace(outcome, pdf=pdf, pdf_message=why)
        if kind == "memory" or worker.renders >= RECYCLE_AFTER:
            worker.stop()
        return outcome

    async def pdf(self, pptx: bytes) -> tuple[bytes | None, str | None]:
        """The PDF of a deck rendered before (a session whose PDF is asked for again): (PDF, None)
        or (None, why not)."""
        answer: tuple[bytes | None, str | None] = await self._with_worker(self._pdf_blocking, pptx)
        return answer

    def _pdf_blocking(self, worker: _Worker, pptx: bytes) -> tuple[bytes | None, str | None]:
        try:
            conn = worker.ensure_started()
            conn.send(("pdf", ()))
            conn.send_bytes(pptx)
        except (EOFError, OSError):
            worker.stop()
            return None, _NO_PDF + "the converter stopped"
        return self._pdf_answer(worker)

    def _pdf_answer(self, worker: _Worker) -> tuple[bytes | None, str | None]:
        """The PDF the worker is making, or why there is none; a worker stuck past the limit is stopped."""
        limit = self.limits.pdf_timeout
        conn = worker.conn
        try:
            if conn is None or not conn.poll(limit + _CONVERSION_GRACE_SECONDS):
                worker.stop()
                return None, _NO_PDF + f"LibreOffice took longer than {limit:g} seconds and was stopped"
            kind, payload = conn.recv()
        except (EOFError, OSError):
            worker.stop()
            return None, _NO_PDF + "the converter stopped"
        if kind == "pdf":
            return bytes(payload), None
        return None, str(payload)

    def _outcome(self, kind: str, payload: Any) -> RenderOutcome:
        if kind == "ok":
            pptx, count = payload
            return RenderOutcome(True, pptx=pptx, slide_count=count)
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
