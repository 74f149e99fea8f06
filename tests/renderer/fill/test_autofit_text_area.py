"""A text box is off the slide when its text is: the box less its insets, not its outline.

Real decks set a label flush with the slide's edge, its box a little past it and its text inside
(typical.pptx of the Open XML SDK's tests: "Text Box 121" at x = -0.03 in, with 0.1 in insets). A
render of that slide with its own text must say nothing (a false alarm teaches users to ignore
warnings); text pushed past the edge is told. A tilted box (a sticker at 10 degrees) is measured as
upright: it was not measured at all.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from pathlib import Path

import deckkit
from deckkit.renderer.fill.fontmetrics import text_width
from deckkit.renderer.result import RenderResult
from tests.renderer.core_kit import (
    RenderedPptx,
    autofit_box,
    blank_slide,
    new_presentation,
)

EMU = 914400
INSETS = 2 * 91440
LABEL = "Demographics"


def _render(template: Path, values: dict[str, object]) -> RenderResult:
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        return deckkit.render(template, [{"template": 1, **values}])


def _label_template(save_template: Callable[..., Path]) -> Path:
    prs = new_presentation()
    # A centred "resize shape" label as wide as its text, its box 0.08 in past the left edge: its
    # text starts 0.02 in inside the slide.
    width = (text_width(LABEL, "Calibri", 18) + INSETS) / EMU
    autofit_box(
        blank_slide(prs), "{label}", left=-0.08, top=6, width=width, height=0.4, wrap=False, align="ctr"
    )
    return save_template(prs)


def test_a_label_flush_with_the_edge_that_keeps_its_text_is_not_warned(
    save_template: Callable[..., Path], check_render: Callable[..., RenderedPptx]
) -> None:
    template = _label_template(save_template)
    result = _render(template, {"label": LABEL})
    assert result.warnings == []
    check_render(result.pptx, template, pages=1)


def test_a_label_flush_with_the_edge_pushed_past_it_is_warned(save_template: Callable[..., Path]) -> None:
    template = _label_template(save_template)
    result = _render(template, {"label": LABEL + " and households in every region"})
    assert [w.kind for w in result.warnings] == ["text overflow"]
    assert "past the slide's left edge" in result.warnings[0].message


def _rotated(save_template: Callable[..., Path], degrees: int) -> Path:
    prs = new_presentation()
    box = autofit_box(
        blank_slide(prs), "{items}", left=2, top=1, width=3, height=2, wrap=True, autofit="none"
    )
    box.rotation = degrees
    return save_template(prs)


def test_a_tilted_box_whose_text_runs_out_of_it_is_warned(save_template: Callable[..., Path]) -> None:
    # A sticker tilted by 10 degrees holds its text as it would upright: 14 items do not fit 2 in.
    template = _rotated(save_template, 10)
    items = {"type": "list", "values": [f"Item {i}" for i in range(1, 15)]}
    result = _render(template, {"items": items})
    assert [w.kind for w in result.warnings] == ["text overflow"]
    assert "runs" not in result.warnings[0].message  # where a tilted box's text runs is not guessed


def test_a_tilted_box_that_holds_its_text_is_not_warned(
    save_template: Callable[..., Path], check_render: Callable[..., RenderedPptx]
) -> None:
    template = _rotated(save_template, 10)
    result = _render(template, {"items": {"type": "list", "values": ["One", "Two", "Three"]}})
    assert result.warnings == []
    check_render(result.pptx, template, pages=1)
