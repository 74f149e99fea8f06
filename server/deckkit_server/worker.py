"""Renders in separate, warm processes, with a time and a memory limit.

Each render worker is a process forked from a forkserver that has the renderer preloaded (no
interpreter starts per render, nor per worker). A worker stays alive and renders one deck after
another, so the renderer's imports and caches stay warm; it is replaced after a crash, a
timeout, a memory overrun or ``RECYCLE_AFTER`` renders. A hang or a memory overrun ends only
that worker: the server turns it into ``render_succeeded: false`` with a message and keeps
serving. A worker that dies without a word (killed by an operator or the kernel's OOM killer, or
crashed) is an *interrupted* render: the server's failure, which the caller may retry
(``RenderOutcome.interrupted``). The event loop never renders; it waits for the worker in a thread.

A render that asks for a PDF has it made by the same worker right after, by LibreOffice
(:mod:`deckkit.office`, in the worker's own profile) with a time and a memory limit of its own,
and written to a file of its own beside the deck's. The deck has succeeded by then: a PDF that
fails (no LibreOffice, too slow, out of memory, no space left) is ``pdf_message`` beside a good
deck, never a failed render.
"""

from __future__ import annotations

import importlib
import logging
import multiprocessing
import os
import resource
import signal
import traceback
from dataclasses import dataclass, replace
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Any

import anyio

from deckkit import office
from deckkit.errors import ConversionError, DeckkitError
from deckkit.warn import warning_code
from deckkit_server.disk import is_disk_full

__all__ = ["RECYCLE_AFTER", "RenderOutcome", "RenderPool"]

log = logging.getLogger("deckkit_server.worker")

RECYCLE_AFTER = 200
"""Renders a worker serves before it is replaced (bounds what a slow leak can hold)."""


# How long past its own limit a conversion may take to answer before its worker is stopped
# (LibreOffice's process group is killed at the limit; this covers a worker that is stuck).
_CONVERSION_GRACE_SECONDS = 10.0


@dataclass(frozen=True, slots=True)
class RenderOutcome:
    """How a render ended; a successful one left its deck in the target file it was given."""

    succeeded: bool
    slide_count: int | None = None
    message: str | None = None
    interrupted: bool = False
    """The worker died before it answered: the server's failure, not a verdict on the input."""
    disk_full: bool = False
    """The deck was made but could not be written for want of space (nothing of it was kept)."""
    pdf_made: bool = False
    """The PDF asked for is in the PDF target file the render was given."""
    pdf_message: str | None = None
    """Why the PDF asked for was not made (None when it was, or when none was asked)."""
    warnings: tuple[tuple[str, str, str], ...] = ()  # (code, path, message), as the render gave them


def death_of(exitcode: int | None) -> str:
    """What ended a render worker, for a person: its signal or exit code."""
    if exitcode is not None and exitcode < 0:
        try:
            name = signal.Signals(-exitcode).name
        except ValueError:
            name = f"signal {-exitcode}"
        if -exitcode == signal.SIGKILL:
            return f"was killed ({name}: an operator's kill or the system's out-of-memory killer)"
        return f"was ended by {name}"
    return f"exited unexpectedly (exit code {exitcode})"


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


def _render_one(render: Any, source: str, target: str) -> tuple[str, Any]:
    """One render as a (kind, payload) message: the zip read from ``source``, the deck written to ``target``."""
    try:
        result = render(Path(source).read_bytes())
        pptx, count = result.pptx, int(result.slide_count)
        warnings = tuple((warning_code(w), w.path, w.message) for w in result.warnings)
    except MemoryError:
        return "memory", None
    except DeckkitError as error:
        return "input", str(error)
    except BaseException as error:  # a renderer bug must not become a stack trace for the user
        return "bug", f"{type(error).__name__}: {error}\n{traceback.format_exc()}"
    try:
        Path(target).write_bytes(pptx)
    except OSError as error:
        Path(target).unlink(missing_ok=True)
        if is_disk_full(error):
            return "full", str(error)
        return "bug", f"{type(error).__name__}: {error}\n{traceback.format_exc()}"
    return "ok", (count, warnings)


_NO_PDF = "the deck was rendered, but its PDF was not made: "


def _pdf_of(source: str, target: str, limits: _Limits) -> tuple[str, Any]:
    """The PDF of the deck in the file ``source``, written to the file ``target``, as a (kind, payload)
    message: ("pdf", None) once it is written, or ("no-pdf", why) with nothing left at ``target``."""
    try:
        pdf = office.pptx_to_pdf(
            Path(source).read_bytes(), timeout=limits.pdf_timeout, memory_mb=limits.pdf_memory_mb
        )
        Path(target).write_bytes(pdf)
    except ConversionError as error:
        return "no-pdf", _NO_PDF + str(error)
    except BaseException as error:  # the deck stands; the PDF's failure is said, not raised
        Path(target).unlink(missing_ok=True)
        if isinstance(error, OSError) and is_disk_full(error):
            return "no-pdf", _NO_PDF + f"no space left for it ({error})"
        log.error("PDF conversion failed: %s\n%s", error, traceback.format_exc())
        return "no-pdf", _NO_PDF + f"an internal error ({type(error).__name__}); please report it"
    return "pdf", None


def _serve(limits: _Limits, conn: Connection) -> None:
    """The worker process: limit memory, then do every job that arrives until the pipe closes.

    A job is ``("render", source, target, pdf_target)``: the zip in the file ``source`` rendered
    into the file ``target``, answered by the render's message, then, when ``pdf_target`` is a path
    and the deck was rendered, its PDF written there, answered by the PDF's message; or
    ``("pdf", source, pdf_target)``: the PDF of a deck rendered before, answered by the PDF's message.
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
                job, *paths = conn.recv()
            except (EOFError, OSError):
                return
            if job == "pdf":
                conn.send(_pdf_of(paths[0], paths[1], limits))
                continue
            source, output, pdf_output = paths
            kind, payload = ("bug", failure) if render is None else _render_one(render, source, output)
            conn.send((kind, payload))
            if kind == "memory":  # the heap may be in any state: let the pool start a fresh worker
                return
            if kind == "ok" and pdf_output is not None:
                conn.send(_pdf_of(output, pdf_output, limits))
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

    async def render(self, source: Path, target: Path, pdf_target: Path | None = None) -> RenderOutcome:
        """Render the zip in the file ``source`` (the worker reads it) into the file ``target``; with
        ``pdf_target``, the deck's PDF is written there too (or the outcome says why not)."""
        outcome: RenderOutcome = await self._with_worker(
            self._render_blocking, str(source), str(target), None if pdf_target is None else str(pdf_target)
        )
        return outcome

    async def _with_worker(self, work: Any, *args: Any) -> Any:
        async with self.limiter:
            worker = self._idle.pop()
            try:
                return await anyio.to_thread.run_sync(lambda: work(worker, *args), abandon_on_cancel=False)
            finally:
                self._idle.append(worker)

    def close(self) -> None:
        """Stop every worker (a render under way ends as an interrupted render, to be tried again)."""
        for worker in self._workers:
            worker.stop()

    def _render_blocking(
        self, worker: _Worker, source: str, target: str, pdf_target: str | None
    ) -> RenderOutcome:
        try:
            conn = worker.ensure_started()
            conn.send(("render", source, target, pdf_target))
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
            log.warning("render worker %s before it answered", death_of(exitcode))
            return RenderOutcome(
                False,
                message=f"the render worker {death_of(exitcode)} before it finished",
                interrupted=True,
            )
        worker.renders += 1
        outcome = self._outcome(kind, payload)
        if kind == "ok" and pdf_target is not None:
            why = self._pdf_answer(worker)
            outcome = replace(outcome, pdf_made=why is None, pdf_message=why)
        if kind == "memory" or worker.renders >= RECYCLE_AFTER:
            worker.stop()
        return outcome

    async def pdf(self, source: Path, target: Path) -> str | None:
        """Write the PDF of the deck in the file ``source`` (rendered before: a session whose PDF is
        asked for again) to the file ``target``: None once it is there, else why not."""
        why: str | None = await self._with_worker(self._pdf_blocking, str(source), str(target))
        return why

    def _pdf_blocking(self, worker: _Worker, source: str, target: str) -> str | None:
        try:
            conn = worker.ensure_started()
            conn.send(("pdf", source, target))
        except (EOFError, OSError):
            worker.stop()
            return _NO_PDF + "the converter stopped"
        return self._pdf_answer(worker)

    def _pdf_answer(self, worker: _Worker) -> str | None:
        """Wait for the PDF the worker is writing: None once written, else why there is none; a
        worker stuck past the limit is stopped."""
        limit = self.limits.pdf_timeout
        conn = worker.conn
        try:
            if conn is None or not conn.poll(limit + _CONVERSION_GRACE_SECONDS):
                worker.stop()
                return _NO_PDF + f"LibreOffice took longer than {limit:g} seconds and was stopped"
            kind, payload = conn.recv()
        except (EOFError, OSError):
            worker.stop()
            return _NO_PDF + "the converter stopped"
        if kind == "pdf":
            return None
        return str(payload)

    def _outcome(self, kind: str, payload: Any) -> RenderOutcome:
        if kind == "ok":
            count, warnings = payload
            return RenderOutcome(True, slide_count=count, warnings=warnings)
        if kind == "full":
            return RenderOutcome(
                False, message=f"no space left for the rendered deck: {payload}", disk_full=True
            )
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
