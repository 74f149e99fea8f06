"""The switch, verify-or-fall-back and the memo of the stencil layer."""

from __future__ import annotations

import gc
import os
import subprocess
import sys

import pytest

from deckkit.renderer.stencil.markers import (
    cut_numbered,
    cut_once,
    holds_markers,
    marker,
    number_of,
    numbered,
)
from deckkit.renderer.stencil.memo import RenderMemo, SharedMemo, WeakMemo
from deckkit.renderer.stencil.replay import UnfitError, through_stencil
from deckkit.renderer.stencil.switch import SWITCH, switched_on


def _run(stencil: object) -> tuple[str, list[str]]:
    calls: list[str] = []

    def replay(made: object) -> str:
        calls.append("replay")
        if made == "unfit":
            raise UnfitError
        return "stencil"

    def general() -> str:
        calls.append("general")
        return "general"

    return through_stencil(lambda: stencil, replay, general), calls


@pytest.mark.parametrize(
    ("value", "on"), [("off", False), (" OFF ", False), ("on", True), ("", True), (None, True)]
)
def test_the_switch_reads_off_and_nothing_else(value: str | None, on: bool):
    assert switched_on(value) is on


def test_the_process_reads_the_switch_from_its_environment():
    code = "from deckkit.renderer.stencil.switch import stencils_on; print(stencils_on())"
    for value, printed in (("off", "False"), ("on", "True")):
        env = {**os.environ, SWITCH: value}
        out = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
        )
        assert out.stdout.strip() == printed


def test_a_fitting_stencil_is_replayed(stencils_on: None):
    assert _run("made") == ("stencil", ["replay"])


def test_no_stencil_or_a_misfit_takes_the_general_path(stencils_on: None):
    assert _run(None) == ("general", ["general"])
    assert _run("unfit") == ("general", ["replay", "general"])


def test_with_the_switch_off_no_stencil_is_asked_for(stencils_off: None):
    asked: list[int] = []
    result = through_stencil(lambda: asked.append(1), lambda _: "stencil", lambda: "general")
    assert (result, asked) == ("general", [])


@pytest.mark.parametrize("kind", [SharedMemo, RenderMemo])
def test_the_memo_finds_by_identity_and_keeps_none(kind: type):
    memo = kind(2) if kind is SharedMemo else kind()
    one, other = [1], [1]  # equal, never the same
    made: list[str] = []

    def make(name: str) -> str | None:
        made.append(name)
        return None if name == "none" else name

    assert memo.get(one, "k", lambda: make("one")) == "one"
    assert memo.get(one, "k", lambda: make("again")) == "one"
    assert memo.get(other, "k", lambda: make("other")) == "other"
    assert memo.get(one, "n", lambda: make("none")) is None
    assert memo.get(one, "n", lambda: make("none again")) is None
    assert made == ["one", "other", "none"]
    assert len(memo) == (2 if kind is SharedMemo else 3)  # a shared memo is bounded: the oldest went


def test_a_weak_memo_lives_as_long_as_its_source():
    class Source:
        pass

    memo: WeakMemo[int] = WeakMemo(2)
    source = Source()
    for key in range(3):
        memo.get(source, key, lambda key=key: key)
    assert len(memo) == 2  # at most size per source
    assert memo.get(source, 2, lambda: -1) == 2
    del source
    gc.collect()
    assert len(memo) == 0


def test_a_numbered_marker_is_told_from_any_other_text():
    assert [number_of(numbered(n)) for n in (0, 7, 1234)] == [0, 7, 1234]
    prefix, close = numbered(0)[:-2], numbered(0)[-1]  # the marker around a number
    others = [
        None,
        "",
        "7",
        prefix + "7",
        prefix + "7" + close + " ",
        prefix + "x" + close,
        "\ue000x:7\ue001",
    ]
    assert [number_of(text) for text in others] == [None] * len(others)
    assert number_of(prefix + "\u0663" + close) is None  # a digit, but not 0-9


def test_cutting_finds_each_marker_once_where_it_was_put():
    mark = marker("cell")
    assert cut_once(f"<a>{mark}</a>", mark) == ("<a>", "</a>")
    assert cut_once(f"{mark}{mark}", mark) is None
    assert cut_once("<a/>", mark) is None
    text = f"<r>{numbered(1)}<x>{numbered(0)} </x></r>".encode()
    cut = cut_numbered(text, {0: True, 1: False})
    assert cut is not None
    assert cut.splice(["zero ", "one"]) == "<r>one<x>zero </x></r>"
    assert cut_numbered(text, {0: False, 1: False}) is None  # the space is not where it was put
    assert cut_numbered(text, {0: True, 1: False, 2: False}) is None  # one marker missing
    assert holds_markers(text)
    assert not holds_markers(b"<r>\xee\x80\x80</r>")
