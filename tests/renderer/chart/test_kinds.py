"""Every chart kind and combination: caches, formulas and workbook agree with the data.

For each template kind the data overwrites one template series, adds new ones, drops the others,
has more categories than the template and a gap (null). The checks: the series in data order,
caches equal to the data, every c:f pointing at workbook cells (read with openpyxl) that hold the
same data, overwritten series formatted byte for byte as in the template, and a sound structure.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.readers import assert_readable
from tests.renderer.chart.kit import (
    NS,
    assert_structure,
    cache,
    fill_pptx,
    formatting,
    formula,
    number_text,
    output_series,
    range_values,
    read_chart,
    series_by_name,
)
from tests.renderer.chart.templates import CATEGORY_KINDS, SCATTER_KINDS, build_category, build_scatter

CHART = "ppt/charts/chart1.xml"
LABELS = ["Q1", "Q2", "Q3", "Q4", "Q5"]


def category_data(kind: str) -> dict[str, Any]:
    secondary = CATEGORY_KINDS[kind][2]
    axis1: dict[str, Any] = {
        "series": {
            "Costs": {"values": [1, 2, None, 4, 5]},
            "Fresh": {"values": [2.5, 3, 3.5, 4, 4.5]},
        }
    }
    if not secondary and CATEGORY_KINDS[kind][1] is not None:
        axis1["series"]["Margin"] = {"values": [0.1, 0.2, 0.3, 0.4, 0.5]}
    axis1["series"]["Extra"] = {"values": [9, 8, 7, 6, 5]}
    data: dict[str, Any] = {"type": "chart", "labels": LABELS, "axis1": axis1}
    if secondary:
        data["axis2"] = {
            "series": {"Margin": {"values": [0.1, 0.2, 0.3, 0.4, 0.5]}, "Ratio": {"values": [1, 1, 2, 3, 5]}}
        }
    return data


def expected_series(kind: str, data: dict[str, Any]) -> list[tuple[str, list[Any]]]:
    out = [(k, v["values"]) for k, v in data["axis1"]["series"].items()]
    if "axis2" in data:
        out += [(k, v["values"]) for k, v in data["axis2"]["series"].items()]
    return out[:1] if kind in ("pie", "doughnut") else out


@pytest.mark.parametrize("kind", list(CATEGORY_KINDS))
def test_category_chart_caches_formulas_and_workbook_agree(kind: str, tmp_path: Path) -> None:
    template = build_category(kind, tmp_path / "template.pptx")
    before = read_chart(template, CHART)
    data = category_data(kind)
    part = fill_pptx(template, tmp_path / "out.pptx", {CHART: data})[CHART]
    assert_structure(part.root)

    expected = expected_series(kind, data)
    series = output_series(part.root)
    assert [s.find("c:tx", NS).findtext(".//c:v", namespaces=NS) for s in series] == [
        name for name, _ in expected
    ]
    assert part.workbook is not None
    for ser, (name, values) in zip(series, expected, strict=True):
        assert cache(ser.find("c:cat", NS)) == LABELS
        assert cache(ser.find("c:val", NS)) == [number_text(v) for v in values]
        assert range_values(part.workbook, formula(ser.find("c:tx", NS))) == [name]
        assert range_values(part.workbook, formula(ser.find("c:cat", NS))) == LABELS
        assert range_values(part.workbook, formula(ser.find("c:val", NS))) == values
    # The template's number format of the values stays (python-pptx's replace_data resets it).
    assert {s.findtext("c:val//c:formatCode", namespaces=NS) for s in series} == {"0.0"}

    template_series = series_by_name(before.root)
    for name, ser in series_by_name(part.root).items():
        if name in template_series:
            assert formatting(ser) == formatting(template_series[name]), name


@pytest.mark.parametrize("kind", list(CATEGORY_KINDS))
def test_category_chart_passes_the_readers(kind: str, tmp_path: Path) -> None:
    template = build_category(kind, tmp_path / "template.pptx")
    fill_pptx(template, tmp_path / "out.pptx", {CHART: category_data(kind)})
    assert_readable(tmp_path / "out.pptx", template, pages=1, libreoffice=False)


def scatter_data() -> dict[str, Any]:
    return {
        "type": "scatter-chart",
        "axis1": {
            "series": {
                "Beta": {"name": "Beta", "values": [[1, 2], [2, 4], [3, 6], [4, 8]]},
                "Gamma": {"name": "Gamma", "values": [[0.5, 1], [1.5, 2.5]]},
                "Delta": {"name": "Delta", "values": [[2, 1], [3, 1], [4, 2], [5, 3], [6, 5]]},
            },
            "x_bounds": {"minimum": 0, "maximum": 7},
            "y_format": "0.0",
        },
    }


@pytest.mark.parametrize("kind", list(SCATTER_KINDS))
def test_scatter_chart_caches_formulas_and_workbook_agree(kind: str, tmp_path: Path) -> None:
    template = build_scatter(kind, tmp_path / "template.pptx")
    before = read_chart(template, CHART)
    data = scatter_data()
    part = fill_pptx(template, tmp_path / "out.pptx", {CHART: data})[CHART]
    assert_structure(part.root)
    series = output_series(part.root)
    expected = list(data["axis1"]["series"].values())
    assert [s.find("c:tx", NS).findtext(".//c:v", namespaces=NS) for s in series] == [
        e["name"] for e in expected
    ]
    assert part.workbook is not None
    rows = max(len(e["values"]) for e in expected)
    for ser, exp in zip(series, expected, strict=True):
        # Shorter series are padded with gaps to the longest one's length (see _fill_scatter).
        pad = [None] * (rows - len(exp["values"]))
        xs = [float(x) for x, _ in exp["values"]] + pad
        ys = [float(y) for _, y in exp["values"]] + pad
        assert cache(ser.find("c:xVal", NS)) == [number_text(x) for x in xs]
        assert cache(ser.find("c:yVal", NS)) == [number_text(y) for y in ys]
        assert range_values(part.workbook, formula(ser.find("c:xVal", NS))) == xs
        assert range_values(part.workbook, formula(ser.find("c:yVal", NS))) == ys
        assert range_values(part.workbook, formula(ser.find("c:tx", NS))) == [exp["name"]]
        if kind == "bubble":
            assert len(cache(ser.find("c:bubbleSize", NS))) == len(xs)
    beta_before = series_by_name(before.root)["Beta"]
    assert formatting(series_by_name(part.root)["Beta"]) == formatting(beta_before)
    x_axis = part.root.xpath(".//c:valAx[c:axPos/@val='b']", namespaces=NS)[0]
    assert x_axis.find("c:scaling/c:max", NS).get("val") == "7"
    assert x_axis.find("c:scaling/c:min", NS).get("val") == "0"
    y_axis = part.root.xpath(".//c:valAx[c:axPos/@val='l']", namespaces=NS)[0]
    assert y_axis.find("c:numFmt", NS).get("formatCode") == "0.0"
    assert_readable(tmp_path / "out.pptx", template, pages=1, libreoffice=False)


@pytest.mark.slow
@pytest.mark.parametrize("kind", [*CATEGORY_KINDS, *SCATTER_KINDS])
def test_every_kind_opens_in_libreoffice(kind: str, tmp_path: Path) -> None:
    if kind in SCATTER_KINDS:
        template = build_scatter(kind, tmp_path / "template.pptx")
        data = scatter_data()
    else:
        template = build_category(kind, tmp_path / "template.pptx")
        data = category_data(kind)
    fill_pptx(template, tmp_path / "out.pptx", {CHART: data})
    assert_readable(tmp_path / "out.pptx", template, pages=1)
