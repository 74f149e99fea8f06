"""Text outside placeholders is measured in the deck's default text style (presentation.xml).

Google Slides writes 14 pt Arial into ``p:defaultTextStyle`` and gives its text boxes no size of
their own; PowerPoint and LibreOffice draw them at 14 pt. Measured at Office's 18 pt Calibri, a
"resize shape" box grew a third too tall and a fixed box that holds its text was told it overflows.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import deckkit
from tests.renderer.core_kit import NS, RenderedPptx, blank_slide, new_presentation

EMU = 914400
VERTICAL_INSETS = 2 * 45720


def _google_like(save_template: Callable[..., Path], autofit: str, height: float) -> Path:
    from pptx.util import Inches

    prs = new_presentation()
    default = prs.part._element.find("p:defaultTextStyle/a:lvl1pPr/a:defRPr", NS)
    default.set("sz", "1400")
    for font in default.findall("a:latin", NS):
        font.set("typeface", "Arial")
    box = blank_slide(prs).shapes.add_textbox(Inches(1), Inches(1), Inches(4), Inches(height))
    box.name = "box"
    box.text_frame.word_wrap = True
    box.text_frame.text = "{v}"  # a run with no size of its own
    body_pr = box._element.find("p:txBody/a:bodyPr", NS)
    for child in list(body_pr):
        body_pr.remove(child)
    body_pr.append(body_pr.makeelement(f"{{{NS['a']}}}{autofit}", {}))
    return save_template(prs)


def _render(template: Path, value: str = "Quarterly review") -> Any:
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        return deckkit.render(template, [{"template": 1, "v": value}])


def test_a_resized_box_takes_the_height_of_its_text_in_the_default_style(
    save_template: Callable[..., Path], check_render: Callable[..., RenderedPptx]
) -> None:
    template = _google_like(save_template, "spAutoFit", height=2)
    result = _render(template)
    deck = check_render(result.pptx, template, pages=1)
    ext = deck.xpath(deck.slide_names()[0], "//p:sp[p:nvSpPr/p:cNvPr/@name='box']/p:spPr/a:xfrm/a:ext")[0]
    expected = 1.2 * 14 * 12700 + VERTICAL_INSETS  # a single line is 1.2 em, in Arial as in any typeface
    assert int(ext.get("cy")) == pytest.approx(expected, abs=0.01 * EMU)


def test_a_fixed_box_that_holds_its_text_in_the_default_style_is_not_warned(
    save_template: Callable[..., Path],
) -> None:
    # 0.8 in: three lines of 14 pt Arial and the insets fit; of 18 pt Calibri they would not.
    template = _google_like(save_template, "noAutofit", height=0.8)
    assert _render(template, "Quarterly review\nNorth and South\nPlan for next year").warnings == []
