"""Auto-fit text boxes follow their new text (issue 11, point 4), measured with real font metrics."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import deckkit
from deckkit.renderer.fill.fontmetrics import face, text_width
from tests.renderer.core_kit import NS, RenderedPptx, autofit_box, blank_slide, new_presentation

EMU = 914400
INSETS = 2 * 91440


def _frame(deck: RenderedPptx, name: str) -> tuple[int, int, int, int]:
    off = deck.xpath(deck.slide_names()[0], f"//p:sp[p:nvSpPr/p:cNvPr/@name='{name}']/p:spPr/a:xfrm/a:off")[0]
    ext = deck.xpath(deck.slide_names()[0], f"//p:sp[p:nvSpPr/p:cNvPr/@name='{name}']/p:spPr/a:xfrm/a:ext")[0]
    return int(off.get("x")), int(off.get("y")), int(ext.get("cx")), int(ext.get("cy"))


def _render(
    save_template: Callable[..., Path],
    check_render: Callable[..., RenderedPptx],
    build: Callable[[Any], None],
    values: dict[str, Any],
) -> RenderedPptx:
    prs = new_presentation()
    build(blank_slide(prs))
    template = save_template(prs)
    return check_render(deckkit.render(template, [{"template": 1, **values}]).pptx, template, pages=1)


LONG = "A much longer value than the template's placeholder text"


@pytest.mark.parametrize(("align", "keep"), [("l", "left"), ("r", "right"), ("ctr", "centre")])
def test_unwrapped_box_takes_the_width_of_its_text_away_from_its_alignment_edge(
    align: str, keep: str, save_template, check_render
) -> None:
    def build(slide: Any) -> None:
        autofit_box(slide, "{v}", left=4, top=1, width=1, height=0.4, wrap=False, align=align).name = "box"

    deck = _render(save_template, check_render, build, {"v": LONG})
    x, y, cx, _ = _frame(deck, "box")
    expected = text_width(LONG, "Calibri", 18) + INSETS
    assert abs(cx - expected) < 0.01 * EMU
    edge = {"left": x, "right": x + cx, "centre": x + cx // 2}[keep]
    assert abs(edge - {"left": 4 * EMU, "right": 5 * EMU, "centre": int(4.5 * EMU)}[keep]) <= 1
    assert y == EMU


def test_unwrapped_box_shrinks_for_a_short_value(save_template, check_render) -> None:
    def build(slide: Any) -> None:
        autofit_box(
            slide, "{placeholder_for_the_quarter}", left=1, top=1, width=5, height=0.4, wrap=False
        ).name = "box"

    deck = _render(save_template, check_render, build, {"placeholder_for_the_quarter": "Q3"})
    x, _, cx, _ = _frame(deck, "box")
    assert x == EMU
    assert cx == text_width("Q3", "Calibri", 18) + INSETS


def test_wrapped_box_keeps_its_width_and_its_height_follows(save_template, check_render) -> None:
    def build(slide: Any) -> None:
        autofit_box(slide, "{v}", left=1, top=1, width=3, height=0.4, wrap=True).name = "top"
        autofit_box(slide, "{v}", left=5, top=5, width=3, height=0.4, wrap=True, anchor="b").name = "bottom"

    deck = _render(save_template, check_render, build, {"v": LONG + " " + LONG})
    x, y, cx, cy = _frame(deck, "top")
    assert (x, y, cx) == (EMU, EMU, 3 * EMU)
    line = 1.2 * 18 * 12700  # a single line: 1.2 em, in Calibri as in any typeface
    lines = round((cy - 2 * 45720) / line)
    assert lines >= 4  # two long sentences on a 3-inch line
    assert abs(cy - (lines * line + 2 * 45720)) < 0.01 * EMU
    bx, by, bcx, bcy = _frame(deck, "bottom")
    assert (bx, bcx, bcy) == (5 * EMU, 3 * EMU, cy)
    assert by + bcy == int(5.4 * EMU)  # anchored at the bottom: the bottom edge stays


def test_shrink_on_overflow_is_recomputed(save_template, check_render) -> None:
    def build(slide: Any) -> None:
        for name, left in (("short", 1), ("long", 5)):
            box = autofit_box(
                slide, "{" + name + "}", left=left, top=1, width=3, height=1, wrap=True, autofit="norm"
            )
            box.name = name
            box.text_frame._bodyPr.find(f"{{{NS['a']}}}normAutofit").set("fontScale", "62500")

    deck = _render(save_template, check_render, build, {"short": "Q3", "long": " ".join([LONG] * 4)})
    slide = deck.slide_names()[0]
    short = deck.xpath(slide, "//p:sp[p:nvSpPr/p:cNvPr/@name='short']//a:normAutofit")[0]
    long = deck.xpath(slide, "//p:sp[p:nvSpPr/p:cNvPr/@name='long']//a:normAutofit")[0]
    assert short.attrib == {}  # fits at full size: no stale scale from the placeholder
    assert 25000 <= int(long.get("fontScale")) < 100000
    assert long.get("lnSpcReduction") in ("10000", "20000")


def test_boxes_without_auto_fit_keep_their_frame(save_template, check_render) -> None:
    def build(slide: Any) -> None:
        autofit_box(slide, "{v}", left=1, top=1, width=1, height=0.4, wrap=False, autofit="none").name = "box"

    deck = _render(save_template, check_render, build, {"v": LONG})
    assert _frame(deck, "box") == (EMU, EMU, EMU, int(0.4 * EMU))


def test_fonts_resolve_to_metric_compatible_stand_ins() -> None:
    calibri, arial = face("Calibri"), face("Arial")
    if calibri is None or "Carlito" not in calibri.family:
        pytest.skip("Carlito is not installed (./dev installs fonts-crosextra-carlito)")
    assert arial is not None
    assert arial.family == "Liberation Sans"
    assert face("No Such Font") is not None  # a fallback, never None while any font is installed
    assert text_width("WWW", "Calibri", 18) > text_width("iii", "Calibri", 18) * 2
    assert text_width("Bold", "Calibri", 18, bold=True) > text_width("Bold", "Calibri", 18)


def test_a_placeholder_gets_its_inherited_frame_then_fits(save_template, check_render) -> None:
    prs = new_presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[1])
    body = slide.placeholders[1]
    body.text_frame.text = "{items}"
    body_pr = body.text_frame._bodyPr
    for child in list(body_pr):
        body_pr.remove(child)
    body_pr.append(body_pr.makeelement(f"{{{NS['a']}}}spAutoFit", {}))
    layout_xfrm = prs.slide_layouts[1].placeholders[1]
    template = save_template(prs)
    result = deckkit.render(template, [{"template": 1, "items": {"type": "list", "values": ["one", "two"]}}])
    deck = check_render(result.pptx, template, pages=1)
    off = deck.xpath(deck.slide_names()[0], "//p:sp[.//p:ph/@idx='1']/p:spPr/a:xfrm/a:off")[0]
    ext = deck.xpath(deck.slide_names()[0], "//p:sp[.//p:ph/@idx='1']/p:spPr/a:xfrm/a:ext")[0]
    assert (int(off.get("x")), int(off.get("y"))) == (layout_xfrm.left, layout_xfrm.top)
    assert int(ext.get("cx")) == layout_xfrm.width
    # Two 32 pt lines of the master's body style (with its 20 % space before), not the layout's 4.5 in.
    line = 1.2 * 32 * 12700
    assert 2 * line < int(ext.get("cy")) < 2 * line + 0.5 * EMU
