"""Charts end to end through deckkit.renderer: located by alt text, one chart part per output slide."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from lxml import etree

from deckkit.errors import RenderError
from deckkit.renderer import render
from tests.readers import assert_readable
from tests.renderer.chart.kit import NS, cache, output_series, range_values, read_chart
from tests.renderer.chart.templates import build_category


def slides(labels: list[str], revenue: list[float]) -> dict[str, object]:
    return {"type": "chart", "labels": labels, "axis1": {"series": {"Revenue": {"values": revenue}}}}


@pytest.mark.slow
def test_same_template_slide_twice_gets_two_independent_charts(tmp_path: Path) -> None:
    template = build_category("bar_line_secondary", tmp_path / "t.pptx", alt="sales")
    data = {
        "slides": [
            {"template": 1, "sales": slides(["a", "b"], [1, 2])},
            {
                "template": 1,
                "sales": {
                    **slides(["x", "y", "z"], [7, 8, 9]),
                    "axis2": {"series": {"Margin": {"values": [0.1, 0.2, 0.3]}}},
                },
            },
        ]
    }
    out = tmp_path / "out.pptx"
    out.write_bytes(render(template, data).pptx)
    with zipfile.ZipFile(out) as z:
        charts = sorted(n for n in z.namelist() if n.startswith("ppt/charts/chart") and n.endswith(".xml"))
    assert len(charts) == 2
    parts = [read_chart(out, name) for name in charts]
    by_labels = {tuple(cache(output_series(p.root)[0].find("c:cat", NS))): p for p in parts}
    first, second = by_labels[("a", "b")], by_labels[("x", "y", "z")]
    assert first.workbook_name != second.workbook_name
    assert range_values(first.workbook, "Sheet1!$B$2:$B$3") == [1, 2]
    assert range_values(second.workbook, "Sheet1!$B$2:$B$4") == [7, 8, 9]
    assert first.root.find(".//c:lineChart", NS) is None
    assert second.root.find(".//c:lineChart", NS) is not None
    assert_readable(out, template, pages=2)


def test_problems_come_back_with_their_paths(tmp_path: Path) -> None:
    template = build_category("column_clustered", tmp_path / "t.pptx", alt="sales")
    data = {
        "slides": [
            {
                "template": 1,
                "sales": {**slides(["a", "b"], [1]), "axis2": {"series": {"M": {"values": [1, 2]}}}},
            }
        ]
    }
    with pytest.raises(RenderError) as info:
        render(template, data)
    assert {p.path for p in info.value.problems} == {
        "slides[0].sales.axis2",
        "slides[0].sales.axis1.series.Revenue.values",
    }


def test_chart_found_by_braced_alt_text(tmp_path: Path) -> None:
    template = build_category("pie", tmp_path / "t.pptx", alt="{share}")
    result = render(template, {"slides": [{"template": 1, "share": slides(["p", "q"], [3, 4])}]})
    with zipfile.ZipFile(io.BytesIO(result.pptx)) as z:
        root = etree.fromstring(z.read(next(n for n in z.namelist() if n.startswith("ppt/charts/chart"))))
    assert cache(output_series(root)[0].find("c:val", NS)) == ["3", "4"]
