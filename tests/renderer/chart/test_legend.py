"""A legend the designer sized by hand lists every series it is filled with (renderer/chart/legend.py).

PowerPoint-saved charts often keep a moved legend's box (``c:manualLayout``); the readers draw
only the entries that fit in it. Found by the foreign-template matrix (tests/foreign): the
stacked bars of pptx-automizer's ChartBarsStackedLabels.pptx, filled with two more series,
showed three legend entries of five.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lxml import etree

from deckkit.renderer import render
from deckkit.template.inspect import Template
from tests.readers import CORPUS, assert_readable
from tests.renderer.chart.designer_kit import edit_chart
from tests.renderer.chart.kit import NS, chart_part_names, read_chart

DECK = CORPUS / "pptx-automizer" / "__tests___pptx-templates_ChartBarsStackedLabels.pptx"
NAMES = ["Datenreihe 1", "Datenreihe 2", "Datenreihe 3"]


def _box(root: etree._Element) -> dict[str, float]:
    manual = root.find("c:chart/c:legend/c:layout/c:manualLayout", NS)
    return {tag: float(manual.find(f"c:{tag}", NS).get("val")) for tag in ("x", "y", "w", "h")}


def _filled(
    template: Path, names: list[str], tmp_path: Path, labels: list[str] | None = None
) -> etree._Element:
    labels = labels or ["A", "B", "C", "D"]
    series: dict[str, Any] = {name: {"values": [float(i + 1) for i in range(len(labels))]} for name in names}
    data = {"template": 1, "barsstacked": {"type": "chart", "labels": labels, "axis1": {"series": series}}}
    out = tmp_path / "out.pptx"
    out.write_bytes(render(template, [data]).pptx)
    assert_readable(out, template, pages=1, libreoffice=False)
    return read_chart(out, chart_part_names(out)[0]).root


def _template(tmp_path: Path, position: str | None = None) -> Path:
    path = tmp_path / "template.pptx"
    template = Template.open(DECK)
    template.tag(1, "BarsStacked", "barsstacked")
    template.save(path)
    if position is not None:

        def move(root: etree._Element) -> None:
            root.find("c:chart/c:legend/c:legendPos", NS).set("val", position)

        edit_chart(path, move)
    return path


def test_a_bottom_legend_grows_wider_for_more_series(tmp_path: Path) -> None:
    template = _template(tmp_path)
    before = _box(read_chart(template, "ppt/charts/chart1.xml").root)
    after = _box(_filled(template, [*NAMES, "Added one", "Added two"], tmp_path))
    assert after["w"] > before["w"] * 1.5
    assert after["x"] + after["w"] <= 1.0
    assert (after["x"], after["y"], after["h"]) == (before["x"], before["y"], before["h"])


def test_a_bottom_legend_at_the_charts_edge_takes_more_rows_and_moves_up(tmp_path: Path) -> None:
    template = _template(tmp_path)
    before = _box(read_chart(template, "ppt/charts/chart1.xml").root)
    names = [f"A much longer series name than the designer's, number {i}" for i in range(4)]
    after = _box(_filled(template, names, tmp_path))
    assert after["x"] + after["w"] == 1.0
    assert after["h"] >= 3 * before["h"]
    assert after["y"] + after["h"] <= 1.0
    assert after["y"] < before["y"]


def test_a_legend_listing_what_it_listed_keeps_its_box(tmp_path: Path) -> None:
    template = _template(tmp_path)
    before = _box(read_chart(template, "ppt/charts/chart1.xml").root)
    assert _box(_filled(template, NAMES, tmp_path)) == before
    assert _box(_filled(template, NAMES[:1], tmp_path)) == before


def test_a_side_legend_grows_taller_for_more_series(tmp_path: Path) -> None:
    template = _template(tmp_path, "r")
    before = _box(read_chart(template, "ppt/charts/chart1.xml").root)
    after = _box(_filled(template, [*NAMES, "Added one", "Added two", "Added three"], tmp_path))
    assert after["h"] == before["h"] * 2
    assert after["w"] == before["w"]
