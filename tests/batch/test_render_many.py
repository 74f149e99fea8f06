"""render_many: job order, a failing job in the middle, any Executor, Dask, a worker that dies."""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

import deckkit
from deckkit import batch
from deckkit.deck import Deck
from deckkit.errors import DataError, RenderError
from deckkit.examples import template
from deckkit.renderer import RenderResult
from tests.readers import assert_readable


def _title_jobs(count: int) -> list[Any]:
    return [(template(), [{"template": 1, "title": f"Region {n}", "subtitle": "Q3"}]) for n in range(count)]


def _titles(result: RenderResult) -> list[str]:
    slide = result.presentation().slides[0]
    return [shape.text_frame.text for shape in slide.shapes if shape.has_text_frame]


def test_a_failing_job_in_the_middle_stops_nothing_and_keeps_its_data_path(tmp_path: Path) -> None:
    jobs = _title_jobs(5)
    jobs[2] = (template(), [{"template": 1, "title": "ok"}, {"template": 2, "sales": {"type": "table"}}])
    results = deckkit.render_many(jobs, progress=False)

    assert [type(r) for r in results] == [RenderResult, RenderResult, DataError, RenderResult, RenderResult]
    error = results[2]
    assert isinstance(error, DataError)
    assert [p.path for p in error.problems] == ["slides[1].sales.rows"]
    assert error.__notes__ == ["render_many: jobs[2]"]
    for n in (0, 1, 3, 4):
        result = results[n]
        assert isinstance(result, RenderResult)
        assert f"Region {n}" in _titles(result)  # output in job order
    path = tmp_path / "region4.pptx"
    results[4].save(path)  # type: ignore[union-attr]
    assert_readable(path, None, pages=1)


def test_a_deck_is_a_job_and_a_job_of_another_shape_fails_alone() -> None:
    deck = Deck(template())
    deck.add_slide(2, heading="Sales", sales=deckkit.Table(rows=[["Region", "Sales"], ["North", "12"]]))
    results = deckkit.render_many(
        [deck, "deck.pptx", (template(), [{"template": 1, "title": "x"}])], progress=False
    )
    assert isinstance(results[0], RenderResult)
    assert isinstance(results[2], RenderResult)
    error = results[1]
    assert isinstance(error, DataError)
    assert (
        str(error)
        == "jobs[1]: a job is a Deck or a tuple (template, data) or (template, data, media), not str"
    )


def test_a_template_path_is_read_where_the_job_runs_and_named_when_missing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    deckkit.render_many(_title_jobs(1), progress=False)  # the pool's workers start here
    (tmp_path / "t.pptx").write_bytes(Path(template()).read_bytes())
    monkeypatch.chdir(tmp_path)  # a relative path, from this process's working directory
    results = deckkit.render_many(
        [("t.pptx", [{"template": 1, "title": "x"}]), ("gone.pptx", [{"template": 1, "title": "x"}])],
        progress=False,
    )
    assert isinstance(results[0], RenderResult)
    assert "gone.pptx" in str(results[1])


def test_strict_reaches_the_workers() -> None:
    jobs = [(template(), [{"template": 1, "title": "x", "titel": "typo"}])]
    assert isinstance(deckkit.render_many(jobs, progress=False)[0], RenderResult)
    deckkit.options.strict = True
    try:
        (error,) = deckkit.render_many(jobs, progress=False)
    finally:
        deckkit.options.strict = False
    assert isinstance(error, RenderError)
    assert "slides[0].titel" in str(error)


def test_any_executor_works_and_the_bar_counts_the_decks(capsys: pytest.CaptureFixture[str]) -> None:
    with ThreadPoolExecutor(2) as pool:
        results = deckkit.render_many(_title_jobs(3), executor=pool)
    assert all(isinstance(r, RenderResult) for r in results)
    assert "render_many: 100%" in capsys.readouterr().err
    with pytest.raises(TypeError, match=r"not a concurrent\.futures\.Executor"):
        deckkit.render_many(_title_jobs(1), executor=object())


def test_the_default_pool_is_sized_to_the_cores_and_kept() -> None:
    pool = batch.default_executor()
    assert pool is batch.default_executor()
    assert pool._max_workers == len(os.sched_getaffinity(0))


def test_on_dask_over_a_local_cluster() -> None:
    # The scale extra (./dev installs it); imported here, where a test uses it.
    from distributed import Client, LocalCluster

    jobs = _title_jobs(3)
    jobs[1] = (template(), [{"template": 9}])
    with (
        LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None) as cluster,
        Client(cluster) as client,
    ):
        for executor in (client, client.get_executor()):
            results = deckkit.render_many(jobs, executor=executor, progress=False)
            assert isinstance(results[0], RenderResult)
            assert isinstance(results[2], RenderResult)
            assert isinstance(results[1], RenderError)
            assert [p.path for p in results[1].problems] == ["slides[0].template"]


class _KillsItsWorker(Executor):
    """A process pool whose worker dies on the job whose data is "die" (as one killed for memory)."""

    def __init__(self) -> None:
        self.pool = ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("forkserver"))

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        if args[1] == "die":
            return self.pool.submit(os._exit, 9)
        return self.pool.submit(fn, *args, **kwargs)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.pool.shutdown(wait, cancel_futures=cancel_futures)


def test_a_worker_that_dies_fails_its_own_job_only(monkeypatch: pytest.MonkeyPatch) -> None:
    pools: list[_KillsItsWorker] = []
    monkeypatch.setattr(batch, "default_executor", lambda: pools.append(_KillsItsWorker()) or pools[-1])
    jobs = _title_jobs(6)
    jobs[1] = (template(), "die")
    try:
        results = deckkit.render_many(jobs, progress=False)
    finally:
        for pool in pools:
            pool.shutdown()
    assert [type(r).__name__ for r in results] == ["RenderResult", "RenderError", *["RenderResult"] * 4]
    assert "worker process rendering this deck stopped" in str(results[1])
    assert len(pools) >= 2  # the broken pool was replaced


def test_the_pools_workers_load_the_renderer_alone() -> None:
    # The forkserver is one per process: the server's render pool forks from the one render_many
    # started, and its workers must load nothing above the renderer (tests/server/test_worker.py).
    pool = batch.process_pool(1)
    try:
        assert (
            pool.submit(batch.render_job, template(), [{"template": 1, "title": "x"}], None, False).result(
                timeout=120
            )
            is not None
        )
        loaded = pool.submit(eval, "sorted(__import__('sys').modules)").result(timeout=60)
    finally:
        pool.shutdown()
    above = {".".join(m.split(".")[:2]) for m in loaded} & {
        "deckkit.deck",
        "deckkit.batch",
        "deckkit.template",
        "deckkit.display",
        "deckkit.notebook",
        "deckkit.client",
    }
    assert not above, f"render_many's workers loaded {sorted(above)}"
