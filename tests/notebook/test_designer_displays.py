"""Notebook displays show what the slide will (issue 26, point 10): chart tick labels in the
data's formats, a List as its bullets."""

from __future__ import annotations

import datetime as dt

import pytest

import deckkit
from deckkit.display.chart import chart_figure
from deckkit.display.elements import list_html
from deckkit.display.number_format import date_formatter, number_formatter


@pytest.mark.parametrize(
    ("code", "value", "shown"),
    [
        ("#,##0", 12345.6, "12,346"),
        ("0.0%", 0.256, "25.6%"),
        ('"$"#,##0.00', 1234.5, "$1,234.50"),
        ("0.00 \\k", 3.14159, "3.14 k"),
        ("#,##0;[Red]-#,##0", 1500, "1,500"),
        ("General", 2.5, "2.5"),
    ],
)
def test_number_formats(code: str, value: float, shown: str) -> None:
    assert number_formatter(code)(value) == shown


@pytest.mark.parametrize(
    ("code", "shown"),
    [("mmm yy", "Jan 24"), ("d mmm yyyy", "5 Jan 2024"), ("yyyy-mm-dd", "2024-01-05"), (None, "2024-01-05")],
)
def test_date_formats(code: str | None, shown: str) -> None:
    assert date_formatter(code)(dt.date(2024, 1, 5)) == shown


def test_a_chart_preview_shows_its_date_and_axis_formats() -> None:
    serials = [(dt.date(2024, m, 1) - dt.date(1899, 12, 30)).days for m in (1, 2, 3)]
    chart = deckkit.Chart.model_validate(
        {
            "type": "chart",
            "date_labels": serials,
            "date_labels_format": "mmm yy",
            "axis1": {"series": {"Share": {"values": [0.2, 0.3, 0.25]}}, "format": "0%"},
            "axis2": {"series": {"Revenue": {"values": [1500, 2500, 1800]}}, "format": "#,##0"},
        }
    )
    fig = chart_figure(chart)
    left, right = fig.axes
    assert [t.get_text() for t in left.get_xticklabels()] == ["Jan 24", "Feb 24", "Mar 24"]
    assert left.yaxis.get_major_formatter()(0.25, 0) == "25%"
    assert right.yaxis.get_major_formatter()(2500, 0) == "2,500"


def test_a_list_shows_its_bullets_with_levels_and_styles() -> None:
    items = deckkit.List.model_validate(
        {
            "type": "list",
            "values": [
                "Plain",
                {"value": "Bold child", "level": 1, "styles": {"font": {"bold": True, "color": "C00000"}}},
                {"value": "Link", "hyperlink": "https://example.com/a?b=1&c=2"},
            ],
        }
    )
    html = list_html(items)
    assert "List of 3 items" in html
    assert "<li>Plain</li>" in html
    assert 'style="margin-left:1.5em;font-weight:bold;color:' in html
    assert '<a href="https://example.com/a?b=1&amp;c=2">Link</a>' in html
    assert items._repr_html_() == html


def test_a_list_shows_rich_text_runs_in_their_styles_and_links() -> None:
    items = deckkit.List(
        values=[
            deckkit.Text.markdown("**Revenue** up *5%*, see [the report](https://example.com/r)", level=1),
            deckkit.Text(value=["plain ", {"text": "red", "font": {"color": "FF0000", "underline": True}}]),
        ]
    )
    html = list_html(items)
    assert (
        '<span style="font-weight:bold">Revenue</span> up <span style="font-style:italic">5%</span>' in html
    )
    assert '<a href="https://example.com/r">the report</a>' in html
    assert '<li style="margin-left:1.5em">' in html
    assert 'plain <span style="text-decoration:underline;color:#FF0000">red</span>' in html
    assert "TextRun" not in html
