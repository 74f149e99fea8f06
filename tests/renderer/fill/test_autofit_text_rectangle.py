"""An ellipse or a rounded rectangle holds its text in its text rectangle, not in its whole box.

PowerPoint and LibreOffice wrap an ellipse's text in the inscribed rectangle (70.7 % of each
side): 14 items that fit a 4.5 in square box run out of a 4.5 in circle. The corpus sweep filled
such shapes (30 rounded rectangles, 7 ellipses among 535 keyed text shapes) with no word of it.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pptx.enum.shapes import MSO_SHAPE
from pptx.util import Inches

import deckkit
from tests.renderer.core_kit import RenderedPptx, blank_slide, new_presentation

ITEMS = {"type": "list", "values": [f"Item {i}" for i in range(1, 13)]}


def _shape(save_template: Callable[..., Path], kind: Any, autofit: str) -> Path:
    prs = new_presentation()
    shape = blank_slide(prs).shapes.add_shape(kind, Inches(2), Inches(1), Inches(4.5), Inches(4.5))
    shape.text_frame.text = "{items}"
    body_pr = shape.text_frame._txBody.bodyPr
    for child in list(body_pr):
        body_pr.remove(child)
    body_pr.append(body_pr.makeelement(f"{{{body_pr.nsmap['a']}}}{autofit}", {}))
    return save_template(prs)


def _render(template: Path) -> Any:
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        return deckkit.render(template, [{"template": 1, "items": ITEMS}])


def test_a_list_that_fits_the_box_but_not_the_circle_is_warned(save_template: Callable[..., Path]) -> None:
    result = _render(_shape(save_template, MSO_SHAPE.OVAL, "noAutofit"))
    assert [w.kind for w in result.warnings] == ["text overflow"]
    assert "make the box at least" not in result.warnings[0].message  # a circle's is not its text's height


def test_a_circle_that_shrinks_text_shrinks_it_into_its_text_rectangle(
    save_template: Callable[..., Path], check_render: Callable[..., RenderedPptx]
) -> None:
    template = _shape(save_template, MSO_SHAPE.OVAL, "normAutofit")
    result = _render(template)
    assert result.warnings == []
    deck = check_render(result.pptx, template, pages=1)
    (scale,) = deck.xpath(deck.slide_names()[0], "//a:normAutofit/@fontScale")
    assert int(scale) < 100000


@pytest.mark.parametrize("kind", [MSO_SHAPE.RECTANGLE, MSO_SHAPE.ROUNDED_RECTANGLE])
def test_the_same_list_fits_a_rectangle(kind: Any, save_template: Callable[..., Path]) -> None:
    assert _render(_shape(save_template, kind, "noAutofit")).warnings == []
