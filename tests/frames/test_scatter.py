"""Scatter.from_dataframe on pandas and polars: points, groups, dropped rows, axes, errors."""

from __future__ import annotations

import datetime as dt

import pytest

from deckkit.errors import DataError
from deckkit.frames import DroppedRowsWarning, scatter_from_dataframe
from deckkit.model.chart import Scatter, ScatterChart
from tests.frames.conftest import MakeFrame
from tests.frames.snapshots import dump, validates

SHOPS = {
    "price": [1.0, 2.0, 3.0, 4.0, 5.0],
    "sold": [9, 7, 4, 2, 1],
    "shop": ["B", "A", "B", "A", "C"],
}


def test_scatter_alias_is_the_model_class() -> None:
    assert Scatter is ScatterChart


def test_one_series_named_after_y(make: MakeFrame) -> None:
    chart = Scatter.from_dataframe(make(SHOPS), x="price", y="sold")
    assert dump(chart) == {
        "type": "scatter-chart",
        "axis1": {
            "series": {
                "sold": {
                    "name": "sold",
                    "values": [[1.0, 9.0], [2.0, 7.0], [3.0, 4.0], [4.0, 2.0], [5.0, 1.0]],
                }
            }
        },
    }
    validates(chart)


def test_by_makes_one_series_per_group_in_order_of_appearance(make: MakeFrame) -> None:
    chart = scatter_from_dataframe(
        make(SHOPS), x="price", y="sold", by="shop", names={"C": "Shop C"}, styles={"A": "accent2"}
    )
    assert dump(chart)["axis1"]["series"] == {
        "B": {"name": "B", "values": [[1.0, 9.0], [3.0, 4.0]]},
        "A": {
            "name": "A",
            "values": [[2.0, 7.0], [4.0, 2.0]],
            "styles": {"shape": {"fill": "accent2", "outline": "accent2"}},
        },
        "Shop C": {"name": "Shop C", "values": [[5.0, 1.0]]},
    }


def test_categorical_by_follows_category_order() -> None:
    import pandas as pd

    df = pd.DataFrame(SHOPS)
    df["shop"] = pd.Categorical(df["shop"], categories=["C", "B", "A", "unused"], ordered=True)
    chart = scatter_from_dataframe(df, x="price", y="sold", by="shop")
    assert list(chart.axis1.series) == ["C", "B", "A"]


def test_polars_enum_by_follows_enum_order() -> None:
    import polars as pl

    df = pl.DataFrame(SHOPS).with_columns(pl.col("shop").cast(pl.Enum(["C", "A", "B"])))
    assert list(scatter_from_dataframe(df, x="price", y="sold", by="shop").axis1.series) == ["C", "A", "B"]


def test_polars_categorical_by(make: MakeFrame) -> None:
    chart = scatter_from_dataframe(make(SHOPS, categorical=["shop"]), x="price", y="sold", by="shop")
    assert set(chart.axis1.series) == {"A", "B", "C"}


def test_numeric_groups_are_named_as_text(make: MakeFrame) -> None:
    chart = scatter_from_dataframe(make({"x": [1, 2], "y": [3, 4], "g": [2023, 2024]}), x="x", y="y", by="g")
    assert list(chart.axis1.series) == ["2023", "2024"]


def test_rows_with_missing_values_are_dropped_with_a_warning(make: MakeFrame) -> None:
    df = make({"x": [1.0, None, 3.0, 4.0], "y": [1.0, 2.0, None, 4.0], "g": ["a", "a", "a", None]})
    with pytest.warns(
        DroppedRowsWarning,
        match=r'dropped 1 of 2 rows with a missing value in df\["x"\], df\["y"\] \(rows 1\)',
    ) as record:
        chart = scatter_from_dataframe(make({"x": [1.0, None], "y": [1.0, 2.0]}), x="x", y="y")
    assert len(record) == 1
    assert chart.axis1.series["y"].values == [(1.0, 1.0)]
    with pytest.warns(DroppedRowsWarning, match=r'dropped 3 of 4 rows .* df\["g"\] \(rows 1, 2, 3\)'):
        grouped = scatter_from_dataframe(df, x="x", y="y", by="g")
    assert dump(grouped)["axis1"]["series"] == {"a": {"name": "a", "values": [[1.0, 1.0]]}}


def test_several_y_columns(make: MakeFrame) -> None:
    df = make({"x": [1, 2], "a": [3, 4], "b": [5, 6]})
    chart = scatter_from_dataframe(df, x="x", y=["a", "b"], names={"b": "Bee"})
    assert {k: s.values for k, s in chart.axis1.series.items()} == {
        "a": [(1.0, 3.0), (2.0, 4.0)],
        "Bee": [(1.0, 5.0), (2.0, 6.0)],
    }


def test_axis_settings(make: MakeFrame) -> None:
    chart = scatter_from_dataframe(
        make(SHOPS),
        x="price",
        y="sold",
        x_format="0.0",
        y_format="#,##0",
        x_bounds=(0, 6),
        y_bounds=(None, 10),
        x_major_unit=1,
        y_major_unit=2.5,
    )
    axis = dump(chart)["axis1"]
    del axis["series"]
    assert axis == {
        "x_bounds": {"minimum": 0, "maximum": 6},
        "y_bounds": {"maximum": 10},
        "x_format": "0.0",
        "y_format": "#,##0",
        "x_major_unit": 1,
        "y_major_unit": 2.5,
    }


def test_dates_on_x_become_serial_numbers(make: MakeFrame) -> None:
    df = make(
        {"at": [dt.datetime(2024, 1, 31, 18, 0), dt.datetime(2024, 2, 1)], "v": [1, 2]}, tz="Asia/Tokyo"
    )
    chart = scatter_from_dataframe(df, x="at", y="v")
    assert chart.axis1.series["v"].values == [(45322.75, 1.0), (45323.0, 2.0)]
    assert chart.axis1.x_format == "yyyy-mm-dd"


def test_non_numeric_y_names_column_and_row(make: MakeFrame) -> None:
    with pytest.raises(DataError, match=r'df\["shop"\]\[0\]: \'B\' is not a number'):
        scatter_from_dataframe(make(SHOPS), x="price", y="shop")


def test_missing_column_lists_columns(make: MakeFrame) -> None:
    with pytest.raises(
        DataError, match=r"no by column named 'store'; the frame's columns are 'price', 'sold', 'shop'"
    ):
        scatter_from_dataframe(make(SHOPS), x="price", y="sold", by="store")


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"y": ["sold", "price"], "by": "shop"}, "with by=..., give one y column"),
        ({"y": []}, "name at least one column of y values"),
        ({"y": "sold", "x_bounds": (1, 2, 3)}, r"x_bounds: must be a pair"),
        ({"y": "sold", "x_bounds": (5, 1)}, r"x_bounds: minimum \(5\) must be less than maximum \(1\)"),
        ({"y": ["sold", "price"], "names": {"price": "sold"}}, "two series are named 'sold'"),
    ],
)
def test_bad_options(make: MakeFrame, options: dict[str, object], message: str) -> None:
    with pytest.raises(DataError, match=message):
        scatter_from_dataframe(make(SHOPS), x="price", **options)  # type: ignore[arg-type]


def test_empty_frame(make: MakeFrame) -> None:
    chart = scatter_from_dataframe(make({"x": [], "y": []}), x="x", y="y")
    assert dump(chart)["axis1"] == {"series": {"y": {"name": "y", "values": []}}}
    with pytest.raises(DataError, match="no points to plot"):
        scatter_from_dataframe(make({"x": [], "y": [], "g": []}), x="x", y="y", by="g")


def test_long_frame(make: MakeFrame) -> None:
    n = 40_000
    df = make(
        {
            "x": [i * 0.5 for i in range(n)],
            "y": [float(i % 97) for i in range(n)],
            "g": [f"g{i % 4}" for i in range(n)],
        }
    )
    chart = scatter_from_dataframe(df, x="x", y="y", by="g")
    assert [len(s.values) for s in chart.axis1.series.values()] == [10_000] * 4
    assert chart.axis1.series["g3"].values[-1] == ((n - 1) * 0.5, float((n - 1) % 97))
