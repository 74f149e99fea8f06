"""The planning of a template chart, reused for its copies (chart.plancache).

A copy filled with the template's cached plan must come out byte for byte as one planned on its
own, whatever the templates and data shapes that came before it, in any thread.
"""

from __future__ import annotations

import copy
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from deckkit.model.elements import Chart, ScatterChart
from deckkit.renderer.chart import plancache
from deckkit.renderer.chart.datatext import DataChildren
from deckkit.renderer.chart.filler import _fill
from tests.renderer.chart.kit import ChartPart, read_chart
from tests.renderer.chart.templates import build_category, build_scatter

CHART = "ppt/charts/chart1.xml"

# What the stencils replay is held against the general path: on, whichever way the suite runs.
pytestmark = pytest.mark.usefixtures("stencils_on")


def _category(keys: dict[str, str | None], labels: int) -> Chart:
    series = {
        key: {"values": [float(i * 3 + k) for i in range(labels)], **({"name": name} if name else {})}
        for k, (key, name) in enumerate(keys.items())
    }
    data: dict[str, Any] = {
        "type": "chart",
        "labels": [f"L{i}" for i in range(labels)],
        "axis1": {"series": series},
    }
    return Chart.model_validate(data)


def _scatter(keys: list[str], rows: int) -> ScatterChart:
    series = {
        key: {"name": key.upper(), "values": [[float(i), float(i * k + 1)] for i in range(rows)]}
        for k, key in enumerate(keys)
    }
    return ScatterChart.model_validate({"type": "scatter-chart", "axis1": {"series": series}})


def _filled(part: ChartPart, data: Chart | ScatterChart, cached: bool) -> tuple[bytes, bytes | None]:
    """A copy of the template filled (with the template's cached plan, or planned on its own)."""
    root = copy.deepcopy(part.root)
    out = DataChildren()
    workbook = _fill(root, part.root if cached else None, data, part.workbook, out)
    return out.serialize(root), workbook


@pytest.fixture
def templates(tmp_path: Path) -> dict[str, ChartPart]:
    plancache.clear_plans()
    return {
        "column": read_chart(build_category("column_clustered", tmp_path / "c.pptx"), CHART),
        "combo": read_chart(build_category("bar_line_secondary", tmp_path / "b.pptx"), CHART),
        "bubble": read_chart(build_scatter("bubble", tmp_path / "s.pptx"), CHART),
    }


CATEGORY_SHAPES = [
    _category({"Revenue": None, "Costs": None, "Margin": None}, 3),  # the template's own series
    _category({"Revenue": None, "Costs": None, "Margin": None}, 5),  # more labels
    _category({"Costs": "Cost", "Revenue": None}, 3),  # fewer, in another order
    _category({"a": "A", "b": "B", "c": "C", "d": "D", "e": "E"}, 2),  # more series, new keys
    _category({"Revenue": "Other name", "x": None}, 4),
]


def test_copies_of_two_templates_in_any_order_match_their_own_planning(
    templates: dict[str, ChartPart],
) -> None:
    order = [(name, shape) for shape in CATEGORY_SHAPES for name in ("column", "combo")]
    order += [(name, shape) for name, shape in reversed(order)]  # every entry again, from the cache
    for name, shape in order:
        assert _filled(templates[name], shape, cached=True) == _filled(templates[name], shape, cached=False)


def test_scatter_copies_of_different_shapes_match_their_own_planning(templates: dict[str, ChartPart]) -> None:
    shapes = [_scatter(["Alpha", "Beta"], 3), _scatter(["g0", "g1", "g2"], 6), _scatter(["Beta"], 1)] * 2
    for shape in shapes:
        assert _filled(templates["bubble"], shape, cached=True) == _filled(
            templates["bubble"], shape, cached=False
        )


def test_a_copy_that_is_not_the_templates_is_planned_on_its_own(templates: dict[str, ChartPart]) -> None:
    part = templates["column"]
    first = _category({"Revenue": "Renamed", "New": None}, 3)
    _filled(part, first, cached=True)  # the template's plan is cached
    once = copy.deepcopy(part.root)
    filled_once = DataChildren()
    _fill(once, part.root, first, part.workbook, filled_once)
    filled_once.parse_into_tree()
    # A second fill of the same (already filled) chart: its series are not the template's any more.
    again, fresh = copy.deepcopy(once), copy.deepcopy(once)
    second = _category({"Renamed": None, "Revenue": None}, 3)
    out_cached, out_fresh = DataChildren(), DataChildren()
    _fill(again, part.root, second, None, out_cached)
    _fill(fresh, None, second, None, out_fresh)
    assert out_cached.serialize(again) == out_fresh.serialize(fresh)


def test_the_cache_holds_a_bounded_number_of_plans(templates: dict[str, ChartPart]) -> None:
    for labels in range(1, 2 * 32 + 2):
        _filled(templates["column"], _category({"Revenue": None}, labels), cached=True)
    assert len(plancache._plans) <= 32


def test_threads_filling_copies_of_different_templates_get_their_own_plans(
    templates: dict[str, ChartPart],
) -> None:
    jobs = [(name, shape) for shape in CATEGORY_SHAPES for name in ("column", "combo")] * 4
    expected = [_filled(templates[name], shape, cached=False) for name, shape in jobs]
    plancache.clear_plans()
    with ThreadPoolExecutor(4) as pool:
        got = list(pool.map(lambda job: _filled(templates[job[0]], job[1], cached=True), jobs))
    assert got == expected


def test_template_groups_are_made_once_per_template_tree(templates: dict[str, ChartPart]) -> None:
    root = templates["combo"].root
    assert plancache.template_groups(root) is plancache.template_groups(root)
    other = copy.deepcopy(root)  # equal, but another tree: never served another tree's elements
    groups = plancache.template_groups(other)
    assert groups
    assert all(g.element.getroottree().getroot() is other for g in groups)
