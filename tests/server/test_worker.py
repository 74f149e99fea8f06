"""Renders run in separate, warm processes; crashes, hangs and memory overruns become failed renders."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from deckkit_server.worker import RECYCLE_AFTER, RenderPool
from tests.server.conftest import FAKES, BytesPool, input_zip

pytestmark = pytest.mark.anyio


@pytest.fixture
def pool(tmp_path: Path) -> Iterator[Callable[..., BytesPool]]:
    """Pools of the fake renderers; their worker processes are stopped after the test."""
    made: list[BytesPool] = []

    def make(name: str, *, timeout: float = 30, memory_mb: int = 1024, workers: int = 2) -> BytesPool:
        made.append(
            BytesPool(
                RenderPool(target=f"{FAKES}:{name}", workers=workers, timeout=timeout, memory_mb=memory_mb),
                tmp_path / f"pool-{len(made)}",
            )
        )
        return made[-1]

    yield make
    for each in made:
        each.close()


async def test_success_returns_the_deck(pool: Callable[..., BytesPool]) -> None:
    outcome = await pool("title_deck").render(input_zip())
    assert outcome.succeeded
    assert outcome.slide_count == 1
    assert outcome.pptx is not None
    assert outcome.pptx[:2] == b"PK"


async def test_input_error_message_is_the_users_message(pool: Callable[..., BytesPool]) -> None:
    outcome = await pool("refuse").render(input_zip())
    assert not outcome.succeeded
    assert outcome.message == 'slides[2].sales: no table with alt text "sales" on template slide 3'


@pytest.mark.parametrize(
    ("name", "death"), [("crash", "was ended by SIGSEGV"), ("exit_hard", "exited unexpectedly (exit code 3)")]
)
async def test_a_worker_that_dies_is_an_interrupted_render(
    name: str, death: str, pool: Callable[..., BytesPool]
) -> None:
    outcome = await pool(name).render(input_zip())
    assert not outcome.succeeded
    assert outcome.interrupted  # the server's failure: the caller may render again
    assert outcome.message == f"the render worker {death} before it finished"
    assert (await pool("title_deck").render(input_zip())).succeeded  # and the next render works


@pytest.mark.parametrize("name", ["refuse", "hang", "bug"])
async def test_only_a_dead_worker_is_an_interrupted_render(name: str, pool: Callable[..., BytesPool]) -> None:
    outcome = await pool(name, timeout=1).render(input_zip())
    assert not outcome.succeeded
    assert not outcome.interrupted


async def test_a_hang_is_stopped_at_the_time_limit(pool: Callable[..., BytesPool]) -> None:
    outcome = await pool("hang", timeout=1).render(input_zip())
    assert not outcome.succeeded
    assert outcome.message is not None
    assert "longer than 1 seconds" in outcome.message


async def test_a_memory_overrun_is_stopped(pool: Callable[..., BytesPool]) -> None:
    outcome = await pool("hog_memory", memory_mb=1024).render(input_zip())
    assert not outcome.succeeded
    assert outcome.message is not None
    assert "more than 1024 MB" in outcome.message


async def test_a_renderer_bug_is_a_message_not_a_stack_trace(pool: Callable[..., BytesPool]) -> None:
    outcome = await pool("bug").render(input_zip())
    assert not outcome.succeeded
    assert outcome.message == "internal renderer error (KeyError: 'missing'); please report it"


async def test_a_worker_stays_warm_and_is_replaced_when_it_dies(pool: Callable[..., BytesPool]) -> None:
    renders = pool("pid_deck", workers=1)
    first, second = await renders.render(b"next"), await renders.render(b"next")
    assert first.succeeded
    assert second.succeeded
    assert first.pptx == second.pptx  # the same process rendered both: no process started per render
    assert not (await renders.render(b"exit")).succeeded
    third = await renders.render(b"next")
    assert third.succeeded
    assert third.pptx != first.pptx


async def test_a_memory_overrun_replaces_the_worker(pool: Callable[..., BytesPool]) -> None:
    renders = pool("hog_memory", workers=1)
    assert not (await renders.render(input_zip())).succeeded
    renders.pool.target = f"{FAKES}:title_deck"  # the next worker starts with another renderer
    assert (await renders.render(input_zip())).succeeded


async def test_a_worker_is_recycled_after_many_renders(pool: Callable[..., BytesPool]) -> None:
    renders = pool("pid_deck", workers=1)
    pids = {(await renders.render(b"next")).pptx for _ in range(RECYCLE_AFTER + 1)}
    assert len(pids) == 2


async def test_a_render_worker_loads_no_display_notebook_client_or_template_code(
    pool: Callable[..., BytesPool], tmp_path: Path
) -> None:
    # The real renderer in a real worker: the renderer imports nothing above its layer.
    made = BytesPool(
        RenderPool(
            target="tests.server.layer_probe:render_and_check_layers", workers=1, timeout=60, memory_mb=1024
        ),
        tmp_path,
    )
    try:
        outcome = await made.render(input_zip())
    finally:
        made.close()
    assert outcome.message is None
    assert outcome.succeeded
