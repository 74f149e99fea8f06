"""A single-spaced line is 1.2 times the size of its text in every typeface, as PowerPoint and
LibreOffice draw it, not the line height of the face's own metrics (Carlito, Calibri's stand-in,
1.22 em; Liberation Sans for Arial and Caladea for Cambria 1.15 em; Noto Sans CJK 1.45 em): a box
that its lines fill exactly is not warned about or shrunk, and one a little shorter is."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

import deckkit
from deckkit.errors import Problem
from tests.renderer.core_kit import RenderedPptx, autofit_box, blank_slide, new_presentation

LINES, SIZE = 10, 18
FILLED = LINES * 1.2 * SIZE / 72 + 0.1  # inches: ten 21.6 pt lines and the top and bottom insets
SHORT = FILLED - 0.05  # 3.6 pt less: past the 1 pt tolerance of an overflow
# A box without auto-fit is warned about when its text runs more than half a line past it: one
# that holds nine and a half lines (and 0.005 in) is not, one 0.05 in shorter is.
HALF_LINE_SHORT = (LINES - 0.5) * 1.2 * SIZE / 72 + 0.1 + 0.005
CASES = {
    "Calibri": ("Calibri", "Quarterly review"),
    "Arial": ("Arial", "Quarterly review"),
    "Cambria": ("Cambria", "Quarterly review"),
    "Japanese": ("Calibri", "売上高は前年同期比"),  # drawn and measured with Noto Sans CJK
}


def _render(
    save_template: Callable[..., Path],
    check_render: Callable[..., RenderedPptx],
    case: tuple[str, str],
    *,
    height: float,
    autofit: str,
) -> tuple[list[Problem], dict[str, str]]:
    """The text overflow warnings of a 6 in wide box of ten lines, and its normAutofit's attributes."""
    font, text = case
    prs = new_presentation()
    box = autofit_box(
        blank_slide(prs), "{v}", left=1, top=1, width=6, height=height, wrap=True, autofit=autofit, font=font
    )
    box.name = "Body"
    template = save_template(prs)
    result = deckkit.render(template, [{"template": 1, "v": "\n".join([text] * LINES)}])
    deck = check_render(result.pptx, template, pages=1)
    fits = deck.xpath(deck.slide_names()[0], "//a:normAutofit")
    return [w for w in result.warnings if w.kind == "text overflow"], dict(fits[0].attrib) if fits else {}


@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
def test_a_fixed_box_is_warned_about_only_when_its_lines_run_half_a_line_past_it(
    case: tuple[str, str], save_template: Callable[..., Path], check_render: Callable[..., RenderedPptx]
) -> None:
    assert _render(save_template, check_render, case, height=HALF_LINE_SHORT, autofit="none")[0] == []
    (warning,), _ = _render(save_template, check_render, case, height=HALF_LINE_SHORT - 0.05, autofit="none")
    assert warning.path == "slides[0].v"


@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
def test_shrink_on_overflow_writes_no_scale_for_lines_that_fill_the_box(
    case: tuple[str, str], save_template: Callable[..., Path], check_render: Callable[..., RenderedPptx]
) -> None:
    # Fits at full size: PowerPoint writes no scale; 3.6 pt less, its first step.
    assert _render(save_template, check_render, case, height=FILLED, autofit="norm") == ([], {})
    _, scale = _render(save_template, check_render, case, height=SHORT, autofit="norm")
    assert scale == {"fontScale": "92500", "lnSpcReduction": "10000"}
