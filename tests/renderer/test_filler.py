"""The filler registry (one filler per element kind) and the dry run that plans without writing."""

from __future__ import annotations

import typing
from pathlib import Path

import pytest

from deckkit.errors import DataError
from deckkit.model.elements import AnyElement
from deckkit.renderer import plan_render, render
from deckkit.renderer.filler import filler_for
from tests.renderer.core_kit import add_table, add_textbox, blank_slide, new_presentation, set_alt_text


@pytest.fixture
def template(save_template) -> Path:
    prs = new_presentation()
    slide = blank_slide(prs)
    add_textbox(slide, "{title} {subtitle}")
    set_alt_text(add_table(slide, 2, 2, {(0, 0): "h"}), "sales")
    return save_template(prs)


@pytest.mark.parametrize("element_type", typing.get_args(AnyElement), ids=lambda t: t.__name__)
def test_every_element_type_has_a_filler(element_type: type) -> None:
    value = element_type.model_construct()
    filler = filler_for(value)
    assert callable(filler.plan)
    assert callable(filler.fill)


def test_an_unknown_value_has_no_filler() -> None:
    with pytest.raises(AssertionError, match="unknown element int"):
        filler_for(3)


def test_plan_render_reports_what_render_would_refuse_without_raising(template: Path) -> None:
    data = [{"template": 1, "title": "T", "sales": "not a table", "nowhere": "x"}, {"template": 9}]
    plan = plan_render(template, data)
    assert [str(p) for p in plan.problems] == [
        'slides[0].sales: "sales" is the alt text of a table on template slide 1, which cannot take text '
        '(give it {"type": "table", "rows": [...]})',
        "slides[1].template: template slide 9 does not exist; the template has 1 slide (numbered from 1)",
    ]
    assert [p.path for p in plan.warnings] == ["slides[0].nowhere", "slides[0].subtitle"]
    assert plan.blocking(strict=True) == plan.problems + plan.warnings
    assert plan.slide_count == 2


def test_plan_render_of_good_data_has_the_operations_render_carries_out(template: Path, check_render) -> None:
    data = [{"template": 1, "title": "T", "subtitle": "S", "sales": {"type": "table", "rows": [["a", "b"]]}}]
    plan = plan_render(template, data)
    assert plan.problems == []
    assert plan.warnings == []
    assert [[op.key for op in s.operations] for s in plan.slides] == [["title", "subtitle", "sales"]]
    check_render(render(template, data).pptx, template, 1)


def test_plan_render_raises_data_errors_like_render(template: Path) -> None:
    with pytest.raises(DataError):
        plan_render(template, {"slides": "no"})
