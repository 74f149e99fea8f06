"""Each piece of advice a text overflow warning gives, followed, makes the text fit (no warning)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import deckkit
from deckkit.errors import Problem
from tests.renderer.core_kit import EMU_INCH, RenderedPptx, autofit_box, blank_slide, new_presentation

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


def _grown(
    save_template: Callable[..., Path],
    value: str,
    *,
    left: float,
    top: float,
    width: float,
    wrap: bool,
) -> tuple[list[Problem], tuple[int, int, int, int]]:
    """A "resize shape to fit text" box (18 pt) filled with ``value``: its warnings and its box as drawn."""
    prs = new_presentation()  # 10 x 7.5 in
    box = autofit_box(blank_slide(prs), "{v}", left=left, top=top, width=width, height=0.5, wrap=wrap)
    box.name = "Note"
    result = deckkit.render(save_template(prs), [{"template": 1, "v": value}])
    xfrm = RenderedPptx(result.pptx).xpath("ppt/slides/slide1.xml", "//p:sp/p:spPr/a:xfrm")[0]
    off, ext = xfrm[0], xfrm[1]
    drawn = (int(off.get("x")), int(off.get("y")), int(ext.get("cx")), int(ext.get("cy")))
    return [w for w in result.warnings if w.kind == "text overflow"], drawn


def _on_slide(drawn: tuple[int, int, int, int]) -> bool:
    x, y, cx, cy = drawn
    return x >= 0 and y >= 0 and x + cx <= 10 * EMU_INCH and y + cy <= 7.5 * EMU_INCH


def test_a_box_that_grows_without_wrapping_is_told_to_wrap_when_that_fits(save_template: Any) -> None:
    text = "Revenue grew 12% in the third quarter, led by the North region"
    (warning,) = _grown(save_template, text, left=6, top=1, width=3, wrap=False)[0]
    assert warning.message.endswith("shorten the text, or turn on *Wrap text in shape* in the template"), (
        warning.message
    )
    assert "make the box wider" not in warning.message  # its width follows its text: no use
    for followed in (
        _grown(save_template, text, left=6, top=1, width=3, wrap=True),
        _grown(save_template, "Revenue +12%", left=6, top=1, width=3, wrap=False),
    ):
        assert followed[0] == []
        assert _on_slide(followed[1])


def test_a_wrapped_box_that_grows_off_the_bottom_is_told_the_width_that_fits(save_template: Any) -> None:
    (warning,) = _grown(save_template, LONG, left=1, top=5.5, width=2, wrap=True)[0]
    found = re.search(r"make the box at least (\d+\.\d+) in wide in the template$", warning.message)
    assert found is not None, warning.message
    width = float(found.group(1))
    assert 2 < width <= 9
    warnings, drawn = _grown(save_template, LONG, left=1, top=5.5, width=width, wrap=True)
    assert warnings == []
    assert _on_slide(drawn)
    # a hundredth of an inch narrower than said does not fit: the width is the least that does
    assert _grown(save_template, LONG, left=1, top=5.5, width=width - 0.02, wrap=True)[0] != []


def test_no_width_is_offered_when_even_the_slides_width_is_too_narrow(save_template: Any) -> None:
    endless = " ".join([LONG] * 8)
    (warning,) = _grown(save_template, endless, left=1, top=5.5, width=2, wrap=True)[0]
    assert warning.message.endswith("; shorten the text"), warning.message
