"""render_many: many decks at once, in warm worker processes or on any Executor (Dask too).

A job is a :class:`~deckkit.deck.Deck` or ``(template, data)`` / ``(template, data, media)`` as
:func:`deckkit.render` takes them. Each job is one call of :func:`render_job` on the executor,
so a job's failure is that job's alone: its slot in the answer holds the exception (a DataError
keeps every problem with its data path) and the other jobs go on.

The default executor is one process pool per Python process, sized to the cores this process
may use, started from a forkserver with the renderer preloaded and kept for the next call:
workers stay warm (imports, per-template caches) from one deck to the next and from one call to
the next. Any ``concurrent.futures.Executor`` can be given instead; a Dask ``Client`` is taken
as its executor (``client.get_executor()``), see docs/scale.md.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from collections.abc import Iterable, Mapping
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from typing import Any, NamedTuple, TypeAlias

from deckkit.deck import Deck
from deckkit.errors import DataError, DeckkitError, Problem, RenderError
from deckkit.options import options
from deckkit.renderer import RenderResult
from deckkit.renderer.job import render_job

__all__ = ["Job", "default_executor", "process_pool", "render_job", "render_many"]

Template: TypeAlias = bytes | str | os.PathLike[str]
Job: TypeAlias = Deck | tuple[Template, Any] | tuple[Template, Any, Mapping[str, bytes] | None]
"""A Deck, or ``(template, data)``, or ``(template, data, media)`` as :func:`deckkit.render` takes them."""


class _Work(NamedTuple):
    """What one job sends to a worker: plain, picklable values."""

    template: bytes | str
    data: Any
    media: dict[str, bytes] | None


def _work(index: int, job: object) -> _Work:
    """The job as it travels; a job of the wrong shape is a DataError naming it."""
    if isinstance(job, Deck):
        return _Work(job.template, job.to_data(), dict(job.media))
    if isinstance(job, tuple) and len(job) in (2, 3):
        template, data, *rest = job
        media = rest[0] if rest else None
        if isinstance(template, bytes | bytearray):
            template = bytes(template)
        elif isinstance(template, str | os.PathLike):
            # Read where the job runs, whose working directory is the one its worker started in.
            template = os.path.abspath(template)
        else:
            raise DataError(
                [
                    Problem(
                        f"jobs[{index}]", f"the template is {type(template).__name__}; give a path or bytes"
                    )
                ]
            )
        return _Work(template, data, dict(media) if media is not None else None)
    raise DataError(
        [
            Problem(
                f"jobs[{index}]",
                f"a job is a Deck or a tuple (template, data) or (template, data, media), "
                f"not {type(job).__name__}",
            )
        ]
    )


# -- the default executor ------------------------------------------------------------------------

_POOL: ProcessPoolExecutor | None = None
_POOL_LOCK = threading.Lock()


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def process_pool(workers: int | None = None) -> ProcessPoolExecutor:
    """A pool of ``workers`` render processes (default: one per core this process may use).

    Its workers fork from a forkserver that has the renderer imported, so none starts an
    interpreter of its own; the forkserver (not ``fork`` of this process) because this process
    may hold threads (a notebook's, the zip writer's) that a forked copy would find stopped.
    """
    if "forkserver" not in multiprocessing.get_all_start_methods():  # Windows: each worker starts once, cold
        return ProcessPoolExecutor(
            max_workers=workers or _cores(), mp_context=multiprocessing.get_context("spawn")
        )
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([render_job.__module__])  # the renderer alone, see renderer/job.py
    return ProcessPoolExecutor(max_workers=workers or _cores(), mp_context=context)


def default_executor() -> ProcessPoolExecutor:
    """The pool render_many uses when given none: one per process, made on first use and kept."""
    global _POOL
    with _POOL_LOCK:
        if _POOL is None:
            _POOL = process_pool()
        return _POOL


def _new_pool(broken: Executor) -> ProcessPoolExecutor:
    """A pool whose worker died is broken for good: a new one replaces it."""
    global _POOL
    with _POOL_LOCK:
        if _POOL is broken:
            _POOL = None
    broken.shutdown(wait=False, cancel_futures=True)
    return default_executor()


def _as_executor(executor: Any) -> Executor:
    if isinstance(executor, Executor):
        return executor
    get_executor = getattr(executor, "get_executor", None)  # a dask.distributed Client
    if callable(get_executor):
        found = get_executor()
        if isinstance(found, Executor):
            return found
    raise TypeError(
        f"executor: {type(executor).__name__} is not a concurrent.futures.Executor "
        "(give a ProcessPoolExecutor, a ThreadPoolExecutor, a dask.distributed Client or its get_executor())"
    )


# -- progress ----------------------------------------------------------------------------------


class _NoBar:
    def update(self, n: int = 1) -> None:
        pass

    def set_postfix_str(self, text: str) -> None:
        pass

    def close(self) -> None:
        pass


def _bar(total: int, progress: bool) -> Any:
    """A tqdm bar (its notebook widget in a notebook) when asked for and tqdm is installed."""
    if not progress:
        return _NoBar()
    try:
        # tqdm is optional (the scale, notebook and client extras) and loads only for a bar.
        from tqdm.auto import tqdm
    except ImportError:
        return _NoBar()
    return tqdm(total=total, unit="deck", desc="render_many")


# -- render_many ---------------------------------------------------------------------------------


def render_many(
    jobs: Iterable[Job], *, executor: Any = None, progress: bool = True, strict: bool = False
) -> list[RenderResult | Exception]:
    """Render every job; the answer holds, in job order, each job's RenderResult or its exception.

    ``executor``: any ``concurrent.futures.Executor`` (or a ``dask.distributed.Client``); by
    default a pool of warm worker processes, one per core, kept for later calls. One failing job
    never stops the others: its slot holds the error (a DataError or RenderError keeps every
    problem with its data path; a note names the job, ``jobs[3]``). ``progress``: a tqdm bar in
    the terminal or notebook (when tqdm is installed). ``strict`` (or ``deckkit.options.strict``)
    makes the renderer's warnings errors, as for :func:`deckkit.render`; otherwise they are in
    each result's ``warnings``.
    """
    jobs = list(jobs)
    strict = strict or options.strict
    answers: list[RenderResult | Exception | None] = [None] * len(jobs)
    pending: dict[int, _Work] = {}
    for index, job in enumerate(jobs):
        try:
            pending[index] = _work(index, job)
        except DeckkitError as error:
            answers[index] = error
    bar = _bar(len(jobs), progress)
    bar.update(len(jobs) - len(pending))
    try:
        if executor is not None:
            _run(_as_executor(executor), pending, strict, answers, bar)
        else:
            _run_on_own_pool(pending, strict, answers, bar)
    finally:
        bar.close()
    return [_noted(index, answer) for index, answer in enumerate(answers)]


_Answers: TypeAlias = list[RenderResult | Exception | None]


def _run_on_own_pool(work: dict[int, _Work], strict: bool, answers: _Answers, bar: Any) -> None:
    """Run on the default pool. A worker that dies (killed, out of memory) breaks a process pool
    and every job it still held: those run again on a new pool, and the ones lost again one at a
    time, so that only the job that kills its worker fails."""
    pool = default_executor()
    lost = _run(pool, work, strict, answers, bar)
    if lost:  # again, together, on a new pool
        pool = _new_pool(pool)
        lost = _run(pool, {i: work[i] for i in lost}, strict, answers, bar)
    if lost:  # then one at a time
        pool = _new_pool(pool)
    for index in lost:
        if _run(pool, {index: work[index]}, strict, answers, bar):
            answers[index] = RenderError(
                [Problem("", "the worker process rendering this deck stopped (out of memory, or killed)")]
            )
            bar.update(1)
            pool = _new_pool(pool)


def _run(pool: Executor, work: dict[int, _Work], strict: bool, answers: _Answers, bar: Any) -> list[int]:
    """Run ``work`` on ``pool``, filling ``answers``; the jobs lost to a broken process pool."""
    futures: dict[Future[RenderResult | DeckkitError], int] = {}
    lost: list[int] = []
    for index, item in work.items():
        try:
            futures[pool.submit(render_job, item.template, item.data, item.media, strict)] = index
        except BrokenProcessPool:
            lost.append(index)
    for future in as_completed(futures):
        index = futures[future]
        error = future.exception()
        if isinstance(error, BrokenProcessPool):
            lost.append(index)
            continue
        if error is not None and not isinstance(error, Exception):
            raise error  # KeyboardInterrupt, SystemExit: not a job's failure
        answer = error if error is not None else future.result()
        if not isinstance(answer, Exception | RenderResult):
            raise TypeError(f"jobs[{index}]: the executor answered {type(answer).__name__}")
        answers[index] = answer
        if isinstance(answer, Exception):
            bar.set_postfix_str(f"{sum(isinstance(a, Exception) for a in answers)} failed")
        bar.update(1)
    return sorted(lost)


def _noted(index: int, answer: RenderResult | Exception | None) -> RenderResult | Exception:
    assert answer is not None  # every job has its answer by now
    if isinstance(answer, Exception):
        note = f"render_many: jobs[{index}]"
        if note not in getattr(answer, "__notes__", ()):
            answer.add_note(note)
    return answer
