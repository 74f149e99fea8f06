"""Renders run in separate processes; crashes, hangs and memory overruns become failed renders."""

from __future__ import annotations

import pytest

from deckkit_server.worker import RenderPool
from tests.server.conftest import FAKES, input_zip

pytestmark = pytest.mark.anyio


def pool(name: str, *, timeout: float = 30, memory_mb: int = 1024) -> RenderPool:
    return RenderPool(target=f"{FAKES}:{name}", workers=2, timeout=timeout, memory_mb=memory_mb)


async def test_success_returns_the_deck() -> None:
    outcome = await pool("title_deck").render(input_zip())
    assert outcome.succeeded
    assert outcome.slide_count == 1
    assert outcome.pptx is not None
    assert outcome.pptx[:2] == b"PK"


async def test_input_error_message_is_the_users_message() -> None:
    outcome = await pool("refuse").render(input_zip())
    assert not outcome.succeeded
    assert outcome.message == 'slides[2].sales: no table with alt text "sales" on template slide 3'


@pytest.mark.parametrize("name", ["crash", "exit_hard"])
async def test_a_crash_becomes_a_failed_render(name: str) -> None:
    outcome = await pool(name).render(input_zip())
    assert not outcome.succeeded
    assert outcome.message is not None
    assert "stopped unexpectedly" in outcome.message
    assert (await pool("title_deck").render(input_zip())).succeeded  # and the next render works


async def test_a_hang_is_stopped_at_the_time_limit() -> None:
    outcome = await pool("hang", timeout=1).render(input_zip())
    assert not outcome.succeeded
    assert outcome.message is not None
    assert "longer than 1 seconds" in outcome.message


async def test_a_memory_overrun_is_stopped() -> None:
    outcome = await pool("hog_memory", memory_mb=1024).render(input_zip())
    assert not outcome.succeeded
    assert outcome.message is not None
    assert "more than 1024 MB" in outcome.message


async def test_a_renderer_bug_is_a_message_not_a_stack_trace() -> None:
    outcome = await pool("bug").render(input_zip())
    assert not outcome.succeeded
    assert outcome.message == "internal renderer error (KeyError: 'missing'); please report it"
