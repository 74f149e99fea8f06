"""result.diff through the declared hook (deckkit.diff_hook): the renderer never imports compare."""

from __future__ import annotations

import subprocess
import sys
import typing

import pytest

import deckkit.compare
from deckkit.diff_hook import DIFF, ChangeProtocol, DeckDiffProtocol, DiffHook, SlideDiffProtocol
from deckkit.examples import template
from deckkit.renderer.result import RenderResult


def test_the_registered_diff_is_deckkit_diff() -> None:
    assert DIFF.registered is deckkit.compare.diff


def test_result_diff_loads_compare_when_first_asked() -> None:
    code = (
        "import sys\n"
        "import deckkit\n"
        "from deckkit.examples import template\n"
        "old = deckkit.render(template(), [{'template': 1, 'title': 'Before'}])\n"
        "new = deckkit.render(template(), [{'template': 1, 'title': 'After'}])\n"
        "assert 'deckkit.compare' not in sys.modules\n"
        "found = new.diff(old)\n"
        "assert 'deckkit.compare' in sys.modules\n"
        "assert type(found) is deckkit.DeckDiff, type(found)\n"
        "assert found == deckkit.diff(old, new)\n"
        "assert [s.status for s in found.slides] == ['changed'], found.slides\n"
        "assert 'Before' in found.summary() and 'After' in found.summary(), found.summary()\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_hook_with_no_diff_says_so() -> None:
    with pytest.raises(LookupError, match=r"deckkit\.compare registered no diff"):
        DiffHook()(b"", b"")


def test_result_diff_is_typed_by_the_hooks_protocol() -> None:
    # mypy and IDEs read this annotation: a user's `result.diff(old).summary()` is typed, not Any.
    assert typing.get_type_hints(RenderResult.diff)["return"] is DeckDiffProtocol
    old = deckkit.render(template(), [{"template": 1, "title": "Before"}])
    found = deckkit.render(template(), [{"template": 1, "title": "After"}]).diff(old)
    assert isinstance(found, DeckDiffProtocol)
    assert isinstance(found.slides[0], SlideDiffProtocol)
    assert isinstance(found.slides[0].changes[0], ChangeProtocol)
