"""Chart.from_dataframe on pandas and polars: labels, date labels, series, axes, errors."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from deckkit.errors import DataError
from deckkit.frames import chart_from_dataframe
from deckkit.model import Chart
from tests.frames.conftest import MakeFrame
from tests.frames.snapshots import dump, validates

MONTHLY = {
    "month": [dt.datetime(2024, 1, 1), dt.datetime(2024, 2, 1), dt.datetime(2024, 3, 1)],
    "revenue": [120.5, None, 130.0],
    "units": [10, 12, 9],
    "region": ["N", "S", "E"],
}


def test_date_labels_series_and_gaps(make: MakeFrame) -> None:
    chart = Chart.from_dataframe(make(MONTHLY), labels="month")
    assert dump(chart) == {
        "type": "chart",
        "date_labels": [45292, 45323, 45352],
        "date_labels_format": "mmm yyyy",
        "date_labels_major_time_unit": "months",
        "date_labels_major_unit": 1,
        "axis1": {
            "series": {
                "revenue": {"name": "revenue", "values": [120.5, None, 130.0]},
                "units": {"name": "units", "values": [10.0, 12.0, 9.0]},
            }
        },
    }
    validates(chart)


def test_first_column_is_the_default_labels(make: MakeFrame) -> None:
    chart = chart_from_dataframe(make({"region": ["N", "S"], "units": [1, 2]}))
    assert dump(chart) == {
        "type": "chart",
        "labels": ["N", "S"],
        "axis1": {"series": {"units": {"name": "units", "values": [1.0, 2.0]}}},
    }


def test_series_axis2_names_and_styles(make: MakeFrame) -> None:
    chart = chart_from_dataframe(
        make(MONTHLY),
        labels="region",
        series=["units"],
        axis2=["revenue"],
        names={"units": "Units", "revenue": "Revenue (k€)"},
        styles={"units": "accent2", "revenue": {"shape": {"outline": "#00AA00"}}},
    )
    assert dump(chart) == {
        "type": "chart",
        "labels": ["N", "S", "E"],
        "axis1": {
            "series": {
                "Units": {
                    "name": "Units",
                    "values": [10.0, 12.0, 9.0],
                    "styles": {"shape": {"fill": "accent2", "outline": "accent2"}},
                }
            }
        },
        "axis2": {
            "series": {
                "Revenue (k€)": {
                    "name": "Revenue (k€)",
                    "values": [120.5, None, 130.0],
                    "styles": {"shape": {"outline": "#00AA00"}},
                }
            }
        },
    }
    validates(chart)


def test_point_styles_colour_single_points(make: MakeFrame) -> None:
    seen: list[tuple[Any, int, str]] = []

    def red_when_low(value: Any, row: int, column: str) -> str | None:
        seen.append((value, row, column))
        return "red" if value is not None and value < 11 else None

    chart = chart_from_dataframe(
        make(MONTHLY), labels="region", series=["revenue", "units"], point_styles=red_when_low
    )
    red = {"shape": {"fill": "red", "outline": "red"}}
    assert dump(chart)["axis1"]["series"] == {
        "revenue": {"name": "revenue", "values": [120.5, None, 130.0]},
        "units": {"name": "units", "values": [10.0, 12.0, 9.0], "data_point_styles": [red, None, red]},
    }
    assert seen[:3] == [(120.5, 0, "revenue"), (None, 1, "revenue"), (130.0, 2, "revenue")]
    validates(chart)
    with pytest.raises(DataError, match=r"point_styles\(120.5, 0, 'revenue'\): expected Styles"):
        chart_from_dataframe(make(MONTHLY), labels="region", point_styles=lambda v, r, c: 5)


def test_axis_settings_and_label_interval(make: MakeFrame) -> None:
    chart = chart_from_dataframe(
        make(MONTHLY),
        labels="region",
        series=["units"],
        axis2=["revenue"],
        format="#,##0",
        bounds=(0, None),
        major_unit=5,
        axis2_format="0.0",
        axis2_bounds=(100, 200),
        axis2_major_unit=25,
        labels_interval=2,
    )
    data = dump(chart)
    assert data["labels_interval"] == 2
    assert {k: v for k, v in data["axis1"].items() if k != "series"} == {
        "format": "#,##0",
        "bounds": {"minimum": 0},
        "major_unit": 5,
    }
    assert {k: v for k, v in data["axis2"].items() if k != "series"} == {
        "format": "0.0",
        "bounds": {"minimum": 100, "maximum": 200},
        "major_unit": 25,
    }


def test_bad_bounds(make: MakeFrame) -> None:
    with pytest.raises(DataError, match=r"axis2_bounds: minimum \(3\) must be less than maximum \(1\)"):
        chart_from_dataframe(
            make(MONTHLY), labels="region", series=["units"], axis2=["revenue"], axis2_bounds=(3, 1)
        )
    with pytest.raises(DataError, match=r"bounds: must be a pair \(minimum, maximum\), got 5"):
        chart_from_dataframe(make(MONTHLY), bounds=5)  # type: ignore[arg-type]


def test_date_format_unit_and_major_unit(make: MakeFrame) -> None:
    chart = chart_from_dataframe(
        make(MONTHLY),
        labels="month",
        series=["units"],
        date_format="mm/yy",
        date_unit="months",
        date_major_unit=3,
    )
    data = dump(chart)
    assert (
        data["date_labels_format"],
        data["date_labels_major_time_unit"],
        data["date_labels_major_unit"],
    ) == ("mm/yy", "months", 3)


@pytest.mark.parametrize(
    ("days", "expected_format"),
    [
        ([dt.date(2022, 1, 1), dt.date(2023, 1, 1)], "yyyy"),
        ([dt.date(2024, 1, 1), dt.date(2024, 4, 1)], "mmm yyyy"),
        ([dt.date(2024, 1, 1), dt.date(2024, 1, 8)], "yyyy-mm-dd"),
    ],
)
def test_date_columns_and_default_formats(make: MakeFrame, days: list[dt.date], expected_format: str) -> None:
    chart = chart_from_dataframe(make({"day": days, "v": [1, 2]}))
    assert chart.date_labels_format == expected_format
    expected_unit = {"yyyy": "years", "mmm yyyy": "months"}.get(expected_format)
    assert chart.date_labels_major_time_unit == expected_unit
    assert chart.date_labels_major_unit == (1 if expected_unit else None)
    assert chart.date_labels == [_serial(d) for d in days]


def _serial(day: dt.date) -> int:
    return (day - dt.date(1899, 12, 30)).days


def test_early_1900_dates_follow_the_leap_year_convention(make: MakeFrame) -> None:
    days = [dt.date(1900, 1, 1), dt.date(1900, 2, 28), dt.date(1900, 3, 1)]
    assert chart_from_dataframe(make({"day": days, "v": [1, 2, 3]})).date_labels == [1, 59, 61]


def test_timezone_aware_labels_count_in_their_own_zone(make: MakeFrame) -> None:
    # 23:30 on 31 Jan in New York is 1 Feb in UTC: the label must say 31 Jan.
    df = make({"at": [dt.datetime(2024, 1, 31), dt.datetime(2024, 2, 1)], "v": [1, 2]}, tz="America/New_York")
    assert chart_from_dataframe(df).date_labels == [45322, 45323]


def test_datetimes_with_times_stay_text_labels(make: MakeFrame) -> None:
    df = make({"at": [dt.datetime(2024, 1, 31, 9, 0), dt.datetime(2024, 1, 31, 13, 45)], "v": [1, 2]})
    chart = chart_from_dataframe(df)
    assert (chart.labels, chart.date_labels) == (["2024-01-31 09:00", "2024-01-31 13:45"], None)


def test_label_format_makes_text_labels(make: MakeFrame) -> None:
    chart = chart_from_dataframe(make(MONTHLY), labels="month", series=["units"], label_format="%b")
    assert chart.labels == ["Jan", "Feb", "Mar"]


def test_numeric_labels_read_as_written(make: MakeFrame) -> None:
    chart = chart_from_dataframe(make({"year": [2023, 2024], "growth": [1.5, 2.25]}), labels="year")
    assert chart.labels == ["2023", "2024"]
    assert chart_from_dataframe(make({"x": [0.5, 1.0], "y": [1, 2]})).labels == ["0.5", "1"]


def test_categorical_labels_and_missing_text_labels(make: MakeFrame) -> None:
    df = make({"size": ["S", None, "L"], "n": [1, 2, 3]}, categorical=["size"])
    assert chart_from_dataframe(df).labels == ["S", "", "L"]


def test_missing_date_label_names_the_row(make: MakeFrame) -> None:
    df = make({"day": [dt.datetime(2024, 1, 1), None], "v": [1, 2]})
    with pytest.raises(DataError, match=r'df\["day"\]\[1\]: a date label is missing'):
        chart_from_dataframe(df)


def test_date_before_1900_is_an_error(make: MakeFrame) -> None:
    df = make({"day": [dt.date(1899, 12, 31)], "v": [1]})
    with pytest.raises(DataError, match=r'df\["day"\]\[0\]: 1899-12-31 is before 1900-01-01'):
        chart_from_dataframe(df)


def test_text_series_names_column_and_row(make: MakeFrame) -> None:
    with pytest.raises(
        DataError, match=r'df\["region"\]\[0\]: \'N\' is not a number: the column holds .* values'
    ):
        chart_from_dataframe(make(MONTHLY), labels="month", series=["region"])


def test_mixed_object_column_names_the_first_bad_row() -> None:
    import pandas as pd

    df = pd.DataFrame(
        {"label": ["a", "b", "c", "d"], "revenue": pd.Series([1, 2.5, None, "n/a"], dtype=object)}
    )
    with pytest.raises(DataError) as info:
        chart_from_dataframe(df, series=["revenue"])
    assert str(info.value) == "df[\"revenue\"][3]: 'n/a' is not a number (the column holds object values)"


def test_missing_column_lists_the_columns(make: MakeFrame) -> None:
    with pytest.raises(
        DataError,
        match=r"no column named 'sales'; the frame's columns are 'month', 'revenue', 'units', 'region'",
    ):
        chart_from_dataframe(make(MONTHLY), series=["sales"])
    with pytest.raises(DataError, match=r"no labels column named 'when'"):
        chart_from_dataframe(make(MONTHLY), labels="when")


def test_no_numeric_series_is_an_error(make: MakeFrame) -> None:
    with pytest.raises(
        DataError, match=r"series: no series to plot on the primary axis \(the frame has no numeric column\)"
    ):
        chart_from_dataframe(make({"a": ["x"], "b": ["y"]}))


def test_duplicate_series_names(make: MakeFrame) -> None:
    with pytest.raises(DataError, match="two series are named 'x'"):
        chart_from_dataframe(make(MONTHLY), names={"revenue": "x", "units": "x"})


def test_empty_frame(make: MakeFrame) -> None:
    chart = chart_from_dataframe(make({"label": [], "v": []}), series=["v"])
    assert dump(chart) == {
        "type": "chart",
        "labels": [],
        "axis1": {"series": {"v": {"name": "v", "values": []}}},
    }
    validates(chart)


def test_boolean_series_count_as_zero_and_one(make: MakeFrame) -> None:
    chart = chart_from_dataframe(make({"l": ["a", "b"], "ok": [True, False]}), series=["ok"])
    assert chart.axis1.series["ok"].values == [1.0, 0.0]


def test_wide_and_long_frames(make: MakeFrame) -> None:
    n = 50_000
    wide = chart_from_dataframe(make({"l": ["a", "b"], **{f"s{i}": [i, None] for i in range(200)}}))
    assert len(wide.axis1.series) == 200
    days = [dt.date(2000, 1, 1) + dt.timedelta(days=i) for i in range(n)]
    long = chart_from_dataframe(make({"day": days, "v": [float(i) for i in range(n)]}))
    assert long.date_labels is not None
    assert long.date_labels[0] == 36526
    assert long.date_labels[-1] == 36526 + n - 1
    validates(long)


# --- pandas only: the index as labels -------------------------------------------------------------


def test_pandas_index_is_the_default_labels() -> None:
    import pandas as pd

    df = pd.DataFrame({"units": [1, 2]}, index=pd.DatetimeIndex(["2024-01-01", "2025-01-01"], name="year"))
    chart = chart_from_dataframe(df)
    assert (chart.date_labels, chart.date_labels_format) == ([45292, 45658], "yyyy")
    text_index = pd.DataFrame({"units": [1, 2]}, index=["N", "S"])
    assert chart_from_dataframe(text_index).labels == ["N", "S"]


def test_pandas_multiindex_labels_are_joined() -> None:
    import pandas as pd

    index = pd.MultiIndex.from_tuples([("EU", 2023), ("EU", 2024)])
    chart = chart_from_dataframe(pd.DataFrame({"units": [1, 2]}, index=index))
    assert chart.labels == ["EU / 2023", "EU / 2024"]


def test_pandas_range_index_falls_back_to_first_column() -> None:
    import pandas as pd

    chart = chart_from_dataframe(pd.DataFrame({"l": ["a", "b"], "v": [1, 2]}))
    data: dict[str, Any] = dump(chart)
    assert data["labels"] == ["a", "b"]
    assert list(data["axis1"]["series"]) == ["v"]
