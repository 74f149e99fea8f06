"""A chart's notebook preview is drawn in its template chart's kind (issue 26, point 10): columns
as bars, a pie as wedges, a combo's axis2 as a line on a right-hand axis; a chart shown alone
says it is drawn as lines."""

from __future__ import annotations

import sys
from html import escape
from typing import Any

import pytest
from matplotlib.collections import PolyCollection
from matplotlib.patches import Rectangle, Wedge

import deckkit
import deckkit.display.chart
from deckkit import examples
from deckkit.display.chart import STANDALONE_NOTE, chart_figure, chart_html, chart_png
from deckkit.template.chart_kinds import ChartKind, PlotKind
from deckkit.template.inspect import Template

CHARTS = Template.open(examples.charts_template())


def _kind(key: str) -> ChartKind:
    kind = next(p.chart for s in CHARTS.slides for p in s.placeholders if p.key == key)
    assert kind is not None
    return kind


def _chart(axis2: bool = False) -> deckkit.Chart:
    data: dict[str, Any] = {
        "type": "chart",
        "labels": ["North", "South", "East"],
        "axis1": {
            "series": {"Revenue": {"values": [10, 20, 30]}, "Cost": {"values": [5, 8, 9]}},
            "format": '"$"#,##0',
        },
    }
    if axis2:
        data["axis1"]["series"].pop("Cost")
        data["axis2"] = {"series": {"Margin": {"values": [0.2, 0.25, 0.3]}}, "format": "0%"}
    return deckkit.Chart.model_validate(data)


def _bars(ax: Any) -> list[Rectangle]:
    return [p for p in ax.patches if isinstance(p, Rectangle)]


def test_inspection_reads_each_template_chart_kind() -> None:
    column, stacked, combo = _kind("column"), _kind("stacked"), _kind("combo")
    assert [(p.shape, p.grouping, p.secondary) for p in column.plots] == [("column", "standard", False)]
    assert [(p.shape, p.grouping) for p in stacked.plots] == [("bar", "stacked")]
    assert [(p.shape, p.secondary) for p in combo.plots] == [("column", False), ("line", True)]
    assert _kind("pie").plots[0].shape == "pie"
    assert _kind("radar").plots[0].shape == "other"


def test_a_column_chart_is_drawn_as_bars_side_by_side() -> None:
    fig = chart_figure(_chart(), _kind("column"))
    (ax,) = fig.axes
    bars = _bars(ax)
    assert len(bars) == 6  # 2 series x 3 categories
    assert not [line for line in ax.lines if len(line.get_xdata()) > 0]
    # Clustered: the two series' bars stand side by side, each from 0.
    first, second = bars[0], bars[3]
    assert first.get_y() == second.get_y() == 0
    assert first.get_x() < second.get_x()
    assert ax.yaxis.get_major_formatter()(20, 0) == "$20"


def test_a_stacked_bar_chart_is_drawn_across_with_series_on_top_of_each_other() -> None:
    fig = chart_figure(_chart(), _kind("stacked"))
    (ax,) = fig.axes
    bars = _bars(ax)
    assert len(bars) == 6
    cost_north = bars[3]
    assert cost_north.get_x() == 10  # starts where Revenue's North bar ends
    assert cost_north.get_width() == 5
    assert [t.get_text() for t in ax.get_yticklabels()] == ["North", "South", "East"]
    assert ax.xaxis.get_major_formatter()(20, 0) == "$20"  # the value axis runs across


def test_a_combo_chart_draws_axis1_as_columns_and_axis2_as_a_line_on_the_right() -> None:
    fig = chart_figure(_chart(axis2=True), _kind("combo"))
    left, right = fig.axes
    assert len(_bars(left)) == 3
    assert not _bars(right)
    (line,) = right.lines
    assert list(line.get_ydata()) == [0.2, 0.25, 0.3]
    assert right.yaxis.get_major_formatter()(0.25, 0) == "25%"


def test_pie_doughnut_and_area_charts() -> None:
    (pie,) = chart_figure(_chart(), _kind("pie")).axes
    wedges = [p for p in pie.patches if isinstance(p, Wedge)]
    assert len(wedges) == 3  # the first series' three slices
    assert [w.get_label() for w in wedges] == ["North", "South", "East"]
    (doughnut,) = chart_figure(_chart(), _kind("doughnut")).axes
    assert all(w.width is not None for w in doughnut.patches if isinstance(w, Wedge))
    (area,) = chart_figure(_chart(), _kind("area")).axes
    assert sum(isinstance(c, PolyCollection) for c in area.collections) == 2


def test_the_html_says_what_it_draws() -> None:
    alone = chart_html(_chart())
    assert escape(STANDALONE_NOTE) in alone
    assert f'alt="{escape(STANDALONE_NOTE)}"' in alone
    with_kind = chart_html(_chart(), _kind("stacked"))
    assert "drawn as the template&#x27;s stacked bar chart" in with_kind
    radar = chart_html(_chart(), _kind("radar"))
    assert "drawn as lines: the preview does not draw the template&#x27;s radar chart" in radar
    points = deckkit.Scatter.model_validate(
        {"type": "scatter-chart", "axis1": {"series": {"s": {"name": "s", "values": [[1, 2], [2, 3]]}}}}
    )
    assert "drawn as a scatter chart" in chart_html(points)


def _charts_deck() -> deckkit.Deck:
    deck = deckkit.Deck(examples.charts_template())
    deck.add_slide(1, heading="Columns", column=_chart())
    deck.add_slide(5, heading="Pie", pie=_chart())
    return deck


def test_a_deck_draws_its_charts_in_their_template_kinds() -> None:
    page = _charts_deck()._repr_html_()
    assert "slide 1, column" in page
    assert "drawn as the template&#x27;s clustered column chart" in page
    assert "drawn as the template&#x27;s pie chart" in page
    assert escape(STANDALONE_NOTE) not in page


def test_a_slide_in_a_deck_draws_its_chart_in_the_template_kind() -> None:
    deck = _charts_deck()
    assert "clustered column chart" in deck.slides[0]._repr_html_()
    alone = deckkit.Slide(1, heading="Columns", column=_chart())
    assert escape(STANDALONE_NOTE) in alone._repr_html_()


@pytest.mark.parametrize("count", [5, 6])
def test_a_deck_draws_at_most_four_charts(count: int) -> None:
    deck = deckkit.Deck(examples.charts_template())
    for _ in range(count):
        deck.add_slide(1, heading="Columns", column=_chart())
    page = deck._repr_html_()
    assert page.count("data:image/png") == 4
    assert f"… and {count - 4} more chart" in page


def test_date_labels_under_columns_in_their_date_format() -> None:
    chart = deckkit.Chart.model_validate(
        {
            "type": "chart",
            "date_labels": [45292, 45323, 45352],  # 2024-01-01, 2024-02-01, 2024-03-01
            "date_labels_format": "mmm yyyy",
            "axis1": {"series": {"Revenue": {"values": [1500, 2500, 1800]}}, "format": "#,##0"},
        }
    )
    (ax,) = chart_figure(chart, _kind("monthly")).axes
    assert len(_bars(ax)) == 3
    assert [t.get_text() for t in ax.get_xticklabels()] == ["Jan 2024", "Feb 2024", "Mar 2024"]
    assert ax.yaxis.get_major_formatter()(2500, 0) == "2,500"


def test_a_100_percent_stacked_column_chart_shows_shares_on_a_percent_axis() -> None:
    percent = ChartKind(
        (PlotKind("column", "percent", False, "100% stacked column", ("Revenue", "Cost")),),
        "100% stacked column",
    )
    (ax,) = chart_figure(_chart(), percent).axes
    bars = _bars(ax)
    revenue_north, cost_north = bars[0], bars[3]
    assert revenue_north.get_height() == pytest.approx(10 / 15)
    assert cost_north.get_y() == pytest.approx(10 / 15)
    assert revenue_north.get_height() + cost_north.get_height() == pytest.approx(1)
    assert ax.yaxis.get_major_formatter()(0.5, 0) == "50%"


def test_the_template_browser_draws_each_chart_keys_sample_data_in_its_kind() -> None:
    from deckkit.notebook import TemplateBrowser

    browser = TemplateBrowser(examples.charts_template(), previews=False)
    browser.show(8)
    shown = escape("drawn as the template's clustered column + line with markers chart")
    assert shown in browser.charts.value
    assert "combo: the template&#x27;s sample data" in browser.charts.value
    browser.show(5)
    assert escape("drawn as the template's pie chart") in browser.charts.value
    browser.show(1)
    assert browser.charts.value.count("data:image/png") == 1
    title = next(p for p in CHARTS.slide(1).placeholders if p.key == "heading")
    assert "data:image/png" not in title._repr_html_()  # a text key: what it takes, no plot


def test_without_matplotlib_a_deck_still_shows_and_says_why_it_has_no_plot(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)  # import matplotlib.figure fails
    monkeypatch.setattr(deckkit.display.chart, "_PNGS", {})  # nothing drawn before counts
    page = _charts_deck()._repr_html_()
    assert "Deck: 2 slides" in page
    assert "data:image/png" not in page
    assert page.count("no plot: matplotlib is not installed") == 2


def test_a_preview_is_drawn_again_only_when_the_chart_or_its_kind_changes() -> None:
    chart = _chart()
    first = chart_png(chart, _kind("column"))
    assert chart_png(chart, _kind("column")) is first  # shown again: not drawn again
    assert chart_png(chart, _kind("pie")) != first
    chart.axis1.series["Revenue"].values[0] = 99
    assert chart_png(chart, _kind("column")) != first
