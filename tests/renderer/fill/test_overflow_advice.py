"""Each piece of advice a text overflow warning gives, followed, makes the text fit (no warning)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import deckkit
from deckkit.errors import Problem
from tests.renderer.core_kit import autofit_box, blank_slide, new_presentation

LONG = " ".join(["Revenue grew 12% in the third quarter, led by the North region."] * 3)


def _overflow(
    save_template: Callable[..., Path], value: str, *, autofit: str, height: float = 1.0
) -> list[Problem]:
    """The text overflow warnings of a 4 in wide box at (1, 1) in, 18 pt, filled with ``value``."""
    prs = new_presentation()
    box = autofit_box(
        blank_slide(prs), "{v}", left=1, top=1, width=4, height=height, wrap=True, autofit=autofit
    )
    box.name = "Body"
    result = deckkit.render(save_template(prs), [{"template": 1, "v": value}])
    return [w for w in result.warnings if w.kind == "text overflow"]


def _taller(warning: Problem) -> float:
    found = re.search(r"make the box at least (\d+\.\d+) in tall in the template", warning.message)
    assert found is not None, warning.message
    return float(found.group(1))


def test_a_box_without_autofit_is_told_each_way_that_fits(save_template: Any) -> None:
    (warning,) = _overflow(save_template, LONG, autofit="none")
    assert (
        "the box does not fit its text (no autofit); shorten the text, or let the box shrink text on "
        "overflow in the template, or make the box at least" in warning.message
    ), warning.message
    # followed, each one fits
    assert _overflow(save_template, "Revenue grew 12%", autofit="none") == []
    assert _overflow(save_template, LONG, autofit="norm") == []
    assert _overflow(save_template, LONG, autofit="none", height=_taller(warning)) == []


def test_shrinking_is_not_offered_when_even_its_smallest_step_overflows(save_template: Any) -> None:
    huge = " ".join([LONG] * 3)
    (warning,) = _overflow(save_template, huge, autofit="none", height=0.15)
    assert "shrink text on overflow" not in warning.message
    assert _overflow(save_template, huge, autofit="norm", height=0.15) != [], "shrinking would not fit"
    assert _overflow(save_template, huge, autofit="none", height=_taller(warning)) == []


def test_a_box_that_shrinks_already_is_not_told_to_shrink(save_template: Any) -> None:
    huge = " ".join([LONG] * 12)
    (warning,) = _overflow(save_template, huge, autofit="norm", height=0.5)
    assert (
        "it is shrunk as far as PowerPoint shrinks text and still overflows; shorten the text, or make "
        "the box at least" in warning.message
    ), warning.message
    assert "let the box shrink" not in warning.message
    assert _overflow(save_template, huge, autofit="norm", height=_taller(warning)) == []
    assert _overflow(save_template, LONG, autofit="norm", height=0.5) == []


def test_a_taller_box_is_not_offered_when_it_would_leave_the_slide(save_template: Any) -> None:
    endless = " ".join([LONG] * 60)
    (warning,) = _overflow(save_template, endless, autofit="none")
    assert "make the box at least" not in warning.message
    assert "below the slide's bottom edge" in warning.message
