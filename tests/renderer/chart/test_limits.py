"""No data makes a chart the schema refuses: each kind is filled or the data is refused, with its path.

Every template kind gets 1, 3, 4 or 5 series (with series styles, point styles and gaps), and date labels;
either check_chart names what is wrong or the output passes tests/ooxml/check.py (nothing new against
the template). Stock charts take 3 or 4 series (high-low-close, open-high-low-close).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from deckkit.model.elements import Chart, ScatterChart
from deckkit.renderer.chart.checks import check_chart
from tests.readers import assert_readable, schema_problems
from tests.renderer.chart.kit import (
    NS,
    assert_structure,
    fill_pptx,
    output_series,
    read_chart,
    series_by_name,
)
from tests.renderer.chart.more_kinds import (
    OHLC,
    STOCK_LABELS,
    build_bar_3d,
    build_radar,
    build_stock,
    build_surface,
)
from tests.renderer.chart.templates import CATEGORY_KINDS, SCATTER_KINDS, build_category, build_scatter

CHART = "ppt/charts/chart1.xml"

BUILDERS: dict[str, Callable[[Path], Path]] = {
    **{kind: (lambda p, k=kind: build_category(k, p)) for kind in CATEGORY_KINDS},  # type: ignore[misc]
    "stock_ohlc": lambda p: build_stock(p, ohlc=True),
    "stock_hlc": lambda p: build_stock(p, ohlc=False),
    "bar_3d": build_bar_3d,
    "surface_3d": build_surface,
    "radar": build_radar,
    "radar_filled": lambda p: build_radar(p, filled=True),
}
LABELS = ["a", "b", "c", "d", "e"]


def category_data(count: int, dates: bool, point_styles: bool) -> dict[str, Any]:
    series: dict[str, Any] = {}
    for k in range(count):
        entry: dict[str, Any] = {
            "values": [float(k + i + 1) if i != 2 else None for i in range(len(LABELS))],
            "styles": {"shape": {"fill": "accent2", "outline": "404040"}},
        }
        if point_styles:
            entry["data_point_styles"] = [None, {"shape": {"fill": "FF0000"}}]
        series[f"S{k + 1}"] = entry
    data: dict[str, Any] = {"type": "chart", "axis1": {"series": series}}
    if dates:
        data["date_labels"] = [45292 + 31 * i for i in range(len(LABELS))]
    else:
        data["labels"] = LABELS
    return data


def _fill_or_refuse(template: Path, out: Path, data: dict[str, Any]) -> list[str]:
    """The problems check_chart reports, or [] after checking the filled file with the validator."""
    root = read_chart(template, CHART).root
    model = (
        ScatterChart.model_validate(data) if data["type"] == "scatter-chart" else Chart.model_validate(data)
    )
    problems = check_chart(root, model, "slides[0].chart")
    if problems:
        return [str(p) for p in problems]
    part = fill_pptx(template, out, {CHART: data})[CHART]
    assert_structure(part.root)
    assert schema_problems(out, template) == []
    return []


@pytest.mark.parametrize("kind", list(BUILDERS))
def test_every_category_kind_is_filled_or_refused(kind: str, tmp_path: Path) -> None:
    template = BUILDERS[kind](tmp_path / "t.pptx")
    for count in (1, 3, 4, 5):
        for dates, point_styles in ((False, True), (True, False)):
            data = category_data(count, dates, point_styles)
            problems = _fill_or_refuse(template, tmp_path / "o.pptx", data)
            expected = []
            if kind.startswith("stock") and count not in (3, 4):
                expected.append("slides[0].chart.axis1.series: the template's stock chart takes 3 series")
            if kind.startswith("surface") and point_styles:
                expected += [
                    f"slides[0].chart.axis1.series.S{k + 1}.data_point_styles: a surface chart"
                    for k in range(count)
                ]
            # Point styles on a series drawn as an area are refused (docs/charts.md); the runs
            # without point styles fill those kinds and validate them.
            area_problems = [p for p in problems if "is drawn as an area" in p]
            if kind.startswith("area") and point_styles:
                assert area_problems, (kind, count, problems)
            elif not ("area" in kind and point_styles):  # a combo's area group may get no series
                assert not area_problems, (kind, count, problems)
            problems = [p for p in problems if p not in area_problems]
            assert len(problems) == len(expected), (count, dates, point_styles, problems)
            for got, start in zip(problems, expected, strict=True):
                assert got.startswith(start), got


@pytest.mark.parametrize("kind", list(SCATTER_KINDS))
def test_every_scatter_kind_takes_any_series_count(kind: str, tmp_path: Path) -> None:
    template = build_scatter(kind, tmp_path / "t.pptx")
    for count in (1, 2, 5):
        series = {
            f"P{k}": {
                "name": f"P{k}",
                "values": [[i, k * i] for i in range(4)],
                "data_point_styles": [{"shape": {"fill": "FF0000"}}],
            }
            for k in range(count)
        }
        assert (
            _fill_or_refuse(
                template, tmp_path / "o.pptx", {"type": "scatter-chart", "axis1": {"series": series}}
            )
            == []
        )


def test_a_fifth_stock_series_is_refused_with_its_path(tmp_path: Path) -> None:
    template = build_stock(tmp_path / "t.pptx")
    data = Chart.model_validate(
        {
            "type": "chart",
            "labels": STOCK_LABELS,
            "axis1": {
                "series": {
                    **{k: {"values": v} for k, v in OHLC.items()},
                    "Volume": {"values": [1, 2, 3, 4, 5]},
                }
            },
        }
    )
    problems = check_chart(read_chart(template, CHART).root, data, "slides[2].prices")
    assert [str(p) for p in problems] == [
        "slides[2].prices.axis1.series: the template's stock chart takes 3 series (high, low, close) or 4 "
        '(open, high, low, close), in that order; the data gives it 5: "Open", "High", "Low", "Close", "Volume"'
    ]


def _stock_data(names: list[str]) -> dict[str, Any]:
    return {
        "type": "chart",
        "labels": STOCK_LABELS,
        "axis1": {"series": {n: {"values": OHLC[n]} for n in names}},
    }


def test_ohlc_template_given_hlc_drops_its_up_down_bars(tmp_path: Path) -> None:
    template = build_stock(tmp_path / "t.pptx", ohlc=True)
    part = fill_pptx(template, tmp_path / "o.pptx", {CHART: _stock_data(["High", "Low", "Close"])})[CHART]
    stock = part.root.find(".//c:stockChart", NS)
    assert [s.findtext("c:tx//c:v", namespaces=NS) for s in stock.findall("c:ser", NS)] == [
        "High",
        "Low",
        "Close",
    ]
    assert stock.find("c:upDownBars", NS) is None
    assert stock.find("c:hiLowLines", NS) is not None
    assert_readable(tmp_path / "o.pptx", template, pages=1, libreoffice=False)


def test_hlc_template_given_ohlc_gets_up_down_bars(tmp_path: Path) -> None:
    template = build_stock(tmp_path / "t.pptx", ohlc=False)
    part = fill_pptx(template, tmp_path / "o.pptx", {CHART: _stock_data(["Open", "High", "Low", "Close"])})[
        CHART
    ]
    stock = part.root.find(".//c:stockChart", NS)
    assert list(series_by_name(part.root)) == ["Open", "High", "Low", "Close"]
    children = [etree.QName(ch).localname for ch in stock]
    assert children[-4:] == ["hiLowLines", "upDownBars", "axId", "axId"]
    # Overwritten series keep their template formatting: Close keeps its dash marker.
    close = series_by_name(part.root)["Close"]
    assert close.find("c:marker/c:symbol", NS).get("val") == "dash"
    assert len(output_series(part.root)) == 4
    assert_readable(tmp_path / "o.pptx", template, pages=1, libreoffice=False)


def test_radar_keeps_a_category_axis_for_dates(tmp_path: Path) -> None:
    template = build_radar(tmp_path / "t.pptx")
    data = {
        "type": "chart",
        "date_labels": [45292, 45323, 45352],
        "axis1": {"series": {"Revenue": {"values": [1, 2, 3]}}},
    }
    part = fill_pptx(template, tmp_path / "o.pptx", {CHART: data})[CHART]
    assert part.root.find(".//c:dateAx", NS) is None
    assert part.root.find(".//c:catAx", NS) is not None
    assert_readable(tmp_path / "o.pptx", template, pages=1, libreoffice=False)


def test_volume_stock_volume_on_axis1_prices_on_axis2(tmp_path: Path) -> None:
    from tests.renderer.chart.more_kinds import VOLUME, build_volume_stock

    template = build_volume_stock(tmp_path / "t.pptx")
    data = {
        "type": "chart",
        "labels": STOCK_LABELS,
        "axis1": {"series": {"Volume": {"values": VOLUME}}},
        "axis2": {"series": {k: {"values": v} for k, v in OHLC.items()}},
    }
    part = fill_pptx(template, tmp_path / "o.pptx", {CHART: data})[CHART]
    groups = {n: etree.QName(s.getparent()).localname for n, s in series_by_name(part.root).items()}
    assert groups == {
        "Volume": "barChart",
        "Open": "stockChart",
        "High": "stockChart",
        "Low": "stockChart",
        "Close": "stockChart",
    }
    assert part.root.find(".//c:stockChart/c:upDownBars", NS) is not None
    too_many = {**data, "axis2": {"series": {**data["axis2"]["series"], "Adj close": {"values": VOLUME}}}}
    problems = check_chart(read_chart(template, CHART).root, Chart.model_validate(too_many), "s")
    assert [p.path for p in problems] == ["s.axis2.series"]
    assert_readable(tmp_path / "o.pptx", template, pages=1, libreoffice=False)
