"""Date axes: the base unit (c:baseTimeUnit) follows the labels, as Excel chooses it.

With a base unit of days, monthly columns are one day wide (hairlines); the base unit is the
smallest gap between consecutive labels in days, months or years. The major unit and time unit
the data gives are written as given.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from deckkit.renderer.chart.dates import base_time_unit, serial_date
from tests.readers import assert_readable
from tests.renderer.chart.kit import NS, fill_pptx, read_chart
from tests.renderer.chart.templates import build_category

CHART = "ppt/charts/chart1.xml"


def serial(day: dt.date) -> int:
    return (day - dt.date(1899, 12, 30)).days


DAILY = [serial(dt.date(2024, 3, 1) + dt.timedelta(days=i)) for i in range(6)]
MONTHLY = [serial(dt.date(2024, m, 1)) for m in range(1, 7)]
MONTH_ENDS = [serial(dt.date(2024, m + 1, 1) - dt.timedelta(days=1)) for m in range(1, 7)]
QUARTERLY = [serial(dt.date(2023, m, 1)) for m in (1, 4, 7, 10)]
YEARLY = [serial(dt.date(y, 1, 1)) for y in range(2019, 2025)]
YEAR_ENDS = [serial(dt.date(y, 12, 31)) for y in range(2019, 2025)]
WEEKLY = [serial(dt.date(2024, 1, 1) + dt.timedelta(weeks=i)) for i in range(6)]
FOUR_WEEKLY = [serial(dt.date(2024, 1, 1) + dt.timedelta(weeks=4 * i)) for i in range(6)]


@pytest.mark.parametrize(
    ("labels", "unit"),
    [
        (DAILY, "days"),
        (WEEKLY, "days"),
        (FOUR_WEEKLY, "days"),  # 28 days apart, but Jan 1 and Jan 29 share a month
        (MONTHLY, "months"),
        (MONTH_ENDS, "months"),  # 29 to 31 days apart
        (QUARTERLY, "months"),
        (YEARLY, "years"),
        (YEAR_ENDS, "years"),  # 365 and 366 days apart
        (list(reversed(MONTHLY)), "months"),  # the order of the labels does not matter
        ([MONTHLY[0], MONTHLY[0] + 1, *MONTHLY[1:]], "days"),  # one gap of a day decides
        (MONTHLY[:1], None),
    ],
)
def test_base_unit_is_the_smallest_gap(labels: list[int], unit: str | None) -> None:
    assert base_time_unit(labels) == unit


def test_serials_read_as_excel_reads_them() -> None:
    assert serial_date(1) == dt.date(1900, 1, 1)
    assert serial_date(59) == dt.date(1900, 2, 28)
    assert serial_date(61) == dt.date(1900, 3, 1)
    assert serial_date(45292) == dt.date(2024, 1, 1)
    assert serial_date(0, date1904=True) == dt.date(1904, 1, 1)


def date_chart(labels: list[int], **extra: Any) -> dict[str, Any]:
    return {
        "type": "chart",
        "date_labels": labels,
        "axis1": {"series": {"Revenue": {"values": [float(i + 1) for i in range(len(labels))]}}},
        **extra,
    }


def date_axis(root: etree._Element) -> etree._Element:
    axis = root.find(".//c:dateAx", NS)
    assert axis is not None
    return axis


@pytest.mark.parametrize(("labels", "unit"), [(DAILY, "days"), (MONTHLY, "months"), (YEARLY, "years")])
def test_column_chart_date_axis_gets_the_labels_base_unit(
    labels: list[int], unit: str, tmp_path: Path
) -> None:
    template = build_category("column_clustered", tmp_path / "t.pptx")
    part = fill_pptx(
        template, tmp_path / "o.pptx", {CHART: date_chart(labels, date_labels_format="mmm yyyy")}
    )[CHART]
    assert date_axis(part.root).find("c:baseTimeUnit", NS).get("val") == unit
    assert_readable(tmp_path / "o.pptx", template, pages=1, libreoffice=False)


def test_given_major_unit_and_time_unit_are_kept(tmp_path: Path) -> None:
    template = build_category("column_clustered", tmp_path / "t.pptx")
    data = date_chart(MONTHLY, date_labels_major_unit=2, date_labels_major_time_unit="days")
    part = fill_pptx(template, tmp_path / "o.pptx", {CHART: data})[CHART]
    axis = date_axis(part.root)
    assert axis.find("c:baseTimeUnit", NS).get("val") == "months"
    assert axis.find("c:majorUnit", NS).get("val") == "2"
    assert axis.find("c:majorTimeUnit", NS).get("val") == "days"
    assert_readable(tmp_path / "o.pptx", template, pages=1, libreoffice=False)


def _monthly_date_template(tmp_path: Path) -> Path:
    """A template whose date axis counts in months, with a tick every month."""
    template = build_category("column_clustered", tmp_path / "monthly.pptx")
    fill_pptx(
        template,
        tmp_path / "t.pptx",
        {CHART: date_chart(MONTHLY, date_labels_major_unit=1, date_labels_major_time_unit="months")},
    )
    axis = date_axis(read_chart(tmp_path / "t.pptx", CHART).root)
    assert axis.find("c:baseTimeUnit", NS).get("val") == "months"
    return tmp_path / "t.pptx"


def test_a_template_date_axis_follows_new_daily_labels(tmp_path: Path) -> None:
    template = _monthly_date_template(tmp_path)
    part = fill_pptx(template, tmp_path / "o.pptx", {CHART: date_chart(DAILY)})[CHART]
    axis = date_axis(part.root)
    assert axis.find("c:baseTimeUnit", NS).get("val") == "days"
    # The template's own tick unit (months) is not set by the data: it stays.
    assert axis.find("c:majorTimeUnit", NS).get("val") == "months"
    assert_readable(tmp_path / "o.pptx", template, pages=1, libreoffice=False)


def test_a_template_tick_unit_finer_than_the_base_unit_is_raised(tmp_path: Path) -> None:
    template = _monthly_date_template(tmp_path)
    days = fill_pptx(
        template, tmp_path / "d.pptx", {CHART: date_chart(DAILY, date_labels_major_time_unit="days")}
    )
    assert date_axis(days[CHART].root).find("c:majorTimeUnit", NS).get("val") == "days"
    part = fill_pptx(tmp_path / "d.pptx", tmp_path / "o.pptx", {CHART: date_chart(YEARLY)})[CHART]
    axis = date_axis(part.root)
    assert axis.find("c:baseTimeUnit", NS).get("val") == "years"
    assert axis.find("c:majorTimeUnit", NS).get("val") == "years"
    assert_readable(tmp_path / "o.pptx", template, pages=1, libreoffice=False)


def test_a_single_date_keeps_the_template_base_unit(tmp_path: Path) -> None:
    template = _monthly_date_template(tmp_path)
    part = fill_pptx(template, tmp_path / "o.pptx", {CHART: date_chart(MONTHLY[:1])})[CHART]
    assert date_axis(part.root).find("c:baseTimeUnit", NS).get("val") == "months"


MONTHS_24 = [serial(dt.date(2024 + (m // 12), m % 12 + 1, 1)) for m in range(24)]


@pytest.mark.parametrize(("days", "months"), [(30, "1"), (91, "3"), (7, "1"), (365, "12")])
def test_a_template_tick_count_is_converted_with_its_unit(days: int, months: str, tmp_path: Path) -> None:
    # The template ticks every `days` days on a daily axis; 24 monthly labels make the slots months:
    # the tick spans the same time in months (not `days` months: one label on the axis).
    template = build_category("column_clustered", tmp_path / "daily.pptx")
    daily = date_chart(DAILY, date_labels_major_unit=days, date_labels_major_time_unit="days")
    fill_pptx(template, tmp_path / "t.pptx", {CHART: daily})
    part = fill_pptx(tmp_path / "t.pptx", tmp_path / "o.pptx", {CHART: date_chart(MONTHS_24)})[CHART]
    axis = date_axis(part.root)
    assert axis.find("c:baseTimeUnit", NS).get("val") == "months"
    assert axis.find("c:majorTimeUnit", NS).get("val") == "months"
    assert axis.find("c:majorUnit", NS).get("val") == months
    assert_readable(tmp_path / "o.pptx", template, pages=1, libreoffice=False)


def test_a_count_the_data_gives_is_not_converted(tmp_path: Path) -> None:
    template = build_category("column_clustered", tmp_path / "daily.pptx")
    daily = date_chart(DAILY, date_labels_major_unit=30, date_labels_major_time_unit="days")
    fill_pptx(template, tmp_path / "t.pptx", {CHART: daily})
    data = date_chart(MONTHS_24, date_labels_major_unit=6)
    axis = date_axis(fill_pptx(tmp_path / "t.pptx", tmp_path / "o.pptx", {CHART: data})[CHART].root)
    assert (axis.find("c:majorUnit", NS).get("val"), axis.find("c:majorTimeUnit", NS).get("val")) == (
        "6",
        "months",
    )
