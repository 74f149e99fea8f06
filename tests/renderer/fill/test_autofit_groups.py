"""Text boxes inside a group are measured at the size they are drawn: the group scales them.

A group maps its children's units (``a:chOff``/``a:chExt``) onto its frame. Decks converted from
PowerPoint 97 keep their children in master units (576 an inch), so a box that ``a:ext`` says is
384 tall is drawn 2/3 in tall. Read as EMU it would hold no text at all.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import deckkit
from tests.renderer.core_kit import NS, RenderedPptx, autofit_box, blank_slide, new_presentation

EMU = 914400
UNITS_PER_INCH = 576  # PowerPoint 97's master units


def _in_master_units(group: Any) -> None:
    """Rewrite the group's child space (and its children's boxes) in master units: drawn the same."""
    factor = UNITS_PER_INCH / EMU
    xfrm = group._element.find("p:grpSpPr/a:xfrm", NS)
    for tag in ("a:chOff", "a:chExt"):
        element = xfrm.find(tag, NS)
        for name, value in element.attrib.items():
            element.set(name, str(round(int(value) * factor)))
    for child in group._element.iterfind("p:sp/p:spPr/a:xfrm", NS):
        for element in child:
            for name, value in element.attrib.items():
                element.set(name, str(round(int(value) * factor)))


def _grouped(save_template: Callable[..., Path], autofit: str, text: str, height: float) -> Path:
    prs = new_presentation()
    slide = blank_slide(prs)
    group = slide.shapes.add_group_shape()
    autofit_box(group, text, left=1.5, top=3, width=3, height=height, wrap=True, autofit=autofit).name = "box"
    autofit_box(group, "corner", left=5, top=5, width=1, height=0.5, wrap=True, autofit="none")
    _in_master_units(group)
    return save_template(prs)


def _box(deck: RenderedPptx) -> tuple[int, int]:
    ext = deck.xpath(deck.slide_names()[0], "//p:sp[p:nvSpPr/p:cNvPr/@name='box']/p:spPr/a:xfrm/a:ext")[0]
    return int(ext.get("cx")), int(ext.get("cy"))


@pytest.mark.parametrize("autofit", ["none", "norm"])
def test_text_that_fits_a_grouped_box_as_drawn_gets_no_warning(
    autofit: str, save_template: Callable[..., Path], check_render: Callable[..., RenderedPptx]
) -> None:
    template = _grouped(save_template, autofit, "{v}", height=2 / 3)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = deckkit.render(template, [{"template": 1, "v": "Connector"}])
    assert result.warnings == []
    assert caught == []
    deck = check_render(result.pptx, template, pages=1)
    assert deck.xpath(deck.slide_names()[0], "//a:normAutofit[@fontScale]") == []


def test_text_too_long_for_a_grouped_box_is_still_told(save_template: Callable[..., Path]) -> None:
    template = _grouped(save_template, "none", "{v}", height=2 / 3)
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        result = deckkit.render(template, [{"template": 1, "v": "Connector " * 40}])
    assert [w.kind for w in result.warnings] == ["text overflow"]
    assert "its box holds 0.57 in" in result.warnings[0].message  # 2/3 in less the insets


def test_a_grouped_box_that_resizes_takes_its_text_height_in_the_group_units(
    save_template: Callable[..., Path], check_render: Callable[..., RenderedPptx]
) -> None:
    template = _grouped(save_template, "sp", "{v}", height=2)
    result = deckkit.render(template, [{"template": 1, "v": "One line"}])
    deck = check_render(result.pptx, template, pages=1)
    cx, cy = _box(deck)
    assert cx == 3 * UNITS_PER_INCH
    line = 1.2 * 18 * 12700  # a single line: 1.2 em, in Calibri as in any typeface
    drawn = (line + 2 * 45720) * UNITS_PER_INCH / EMU
    assert abs(cy - drawn) <= 2, (cy, drawn)
