"""What the designer made survives new data (issue 26): point labels and slices, colours as drawn, titles."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from deckkit.renderer import render
from tests.readers import assert_readable
from tests.renderer.chart.designer_kit import edit_chart, label_every_point
from tests.renderer.chart.intent_kit import pie_chart
from tests.renderer.chart.kit import NS, output_series, read_chart

CHART = "ppt/charts/chart1.xml"
C, A = NS["c"], NS["a"]


def filled(template: Path, data: dict[str, Any], tmp_path: Path) -> etree._Element:
    out = tmp_path / "out.pptx"
    out.write_bytes(render(template, [{"template": 1, "chart": data}]).pptx)
    assert_readable(out, template, pages=1, libreoffice=False)
    return read_chart(out, CHART).root


def data(labels: list[str], series: dict[str, list[float]]) -> dict[str, Any]:
    return {
        "type": "chart",
        "labels": labels,
        "axis1": {"series": {k: {"values": v} for k, v in series.items()}},
    }


def point_labels(ser: etree._Element) -> dict[int, etree._Element]:
    return {int(d.find("c:idx", NS).get("val")): d for d in ser.findall("c:dLbls/c:dLbl", NS)}


def slice_colours(ser: etree._Element) -> list[tuple[str, str]]:
    found = []
    for dpt in ser.findall("c:dPt", NS):
        el = dpt.xpath("c:spPr/a:solidFill/*", namespaces=NS)[0]
        found.append((etree.QName(el).localname, el.get("val")))
    return found


# 3. a renamed pie keeps its slices ---------------------------------------------------------------


@pytest.mark.parametrize("kind", ["PIE", "DOUGHNUT"])
def test_a_renamed_pie_series_keeps_its_slices(tmp_path: Path, kind: str) -> None:
    template = edit_chart(
        pie_chart(tmp_path / "t.pptx", kind), lambda r: label_every_point(r, 3, percent=True)
    )
    root = filled(template, data(["North", "South", "East"], {"Revenue share": [0.5, 0.3, 0.2]}), tmp_path)
    (ser,) = output_series(root)
    assert ser.findtext("c:tx//c:v", namespaces=NS) == "Revenue share"
    assert slice_colours(ser) == [("schemeClr", f"accent{i}") for i in (1, 2, 3)]
    assert sorted(point_labels(ser)) == [0, 1, 2]
