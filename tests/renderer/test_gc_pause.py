"""The cyclic garbage collector is paused during a render and put back as it was, whatever happens."""

from __future__ import annotations

import gc
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from deckkit.errors import RenderError
from deckkit.gc_pause import collector_paused
from deckkit.renderer import render
from tests.renderer.core_kit import add_textbox, blank_slide, new_presentation


@pytest.fixture(autouse=True)
def _collector_back_on() -> Iterator[None]:
    yield
    gc.enable()


@pytest.fixture
def template(save_template: Callable[[Any, str], Path]) -> Path:
    prs = new_presentation()
    add_textbox(blank_slide(prs), "{title}")
    return save_template(prs, "t.pptx")


def test_render_leaves_the_collector_running(template: Path) -> None:
    render(template, {"slides": [{"template": 1, "title": "x"}]})
    assert gc.isenabled()


def test_render_leaves_a_stopped_collector_stopped(template: Path) -> None:
    gc.disable()
    render(template, {"slides": [{"template": 1, "title": "x"}]})
    assert not gc.isenabled()


def test_a_failed_render_puts_the_collector_back(template: Path) -> None:
    with pytest.raises(RenderError):
        render(template, {"slides": [{"template": 9, "title": "x"}]})
    assert gc.isenabled()


def _fail_while_paused() -> None:
    with collector_paused():
        assert not gc.isenabled()
        raise ZeroDivisionError


def test_paused_inside_and_back_after_an_error() -> None:
    with pytest.raises(ZeroDivisionError):
        _fail_while_paused()
    assert gc.isenabled()


def test_nested_pauses_restore_once_at_the_outermost() -> None:
    with collector_paused():
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()


def test_overlapping_pauses_in_threads_restore_when_the_last_ends() -> None:
    first_in, second_in, first_out = threading.Event(), threading.Event(), threading.Event()
    states: dict[str, bool] = {}

    def first() -> None:
        with collector_paused():
            first_in.set()
            second_in.wait(5)
        first_out.set()

    def second() -> None:
        first_in.wait(5)
        with collector_paused():
            second_in.set()
            first_out.wait(5)
            states["after the first left"] = gc.isenabled()
        states["after both left"] = gc.isenabled()

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert states == {"after the first left": False, "after both left": True}


def _cyclic_occurrences(template: Path, slides: int) -> int:
    from deckkit.ooxml.locate import Occurrence

    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        render(template, {"slides": [{"template": 1, "title": "x"}] * slides})
        gc.collect()
        return sum(isinstance(o, Occurrence) for o in gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()


def test_filled_slides_leave_no_occurrence_cycles(template: Path) -> None:
    """With the collector paused, a cycle per output slide would keep each filled slide's tree
    alive until the render ends (the template's own, located once for planning, live as long)."""
    assert _cyclic_occurrences(template, 6) == _cyclic_occurrences(template, 1)
