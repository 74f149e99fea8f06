"""Table.from_dataframe on pandas and polars: the JSON that comes out, parameter by parameter."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from deckkit.errors import DataError
from deckkit.frames import DataBar, currency, percent, table_from_dataframe
from deckkit.model import Styles, Table
from tests.frames.conftest import MakeFrame
from tests.frames.snapshots import dump, validates


def right(text: str, **extra: Any) -> dict[str, Any]:
    return {"value": text, "styles": {"shape": {"align": "right"}}, **extra}


SALES = {"region": ["North", "South", "East"], "units": [1200, 85, 3], "revenue": [15234.5, -80.25, None]}


def test_defaults_header_formats_and_alignment(make: MakeFrame) -> None:
    table = Table.from_dataframe(make(SALES))
    assert dump(table) == {
        "type": "table",
        "rows": [
            ["region", right("units"), right("revenue")],
            ["North", right("1,200"), right("15,234.50")],
            ["South", right("85"), right("-80.25")],
            ["East", right("3"), right("")],
        ],
        "horizontal_sizing": "fixed",
        "vertical_sizing": "anchor_top",
    }
    validates(table)


def test_columns_choose_and_order(make: MakeFrame) -> None:
    table = table_from_dataframe(make(SALES), columns=["revenue", "region"], align_numbers=False)
    assert dump(table)["rows"][:2] == [["revenue", "region"], ["15,234.50", "North"]]


def test_labels_rename_headers(make: MakeFrame) -> None:
    table = table_from_dataframe(make(SALES), labels={"units": "Units sold"}, align_numbers=False)
    assert dump(table)["rows"][0] == ["region", "Units sold", "revenue"]


def test_header_false_starts_with_data(make: MakeFrame) -> None:
    table = table_from_dataframe(make(SALES), header=False, align_numbers=False)
    assert dump(table)["rows"][0] == ["North", "1,200", "15,234.50"]
    assert table.shape == (3, 3)


def test_formats_strings_specs_callables_and_factories(make: MakeFrame) -> None:
    df = make({"share": [0.256, 0.5], "price": [1234.5, 2.0], "units": [1200, 85], "code": [7, 42]})
    table = table_from_dataframe(
        df,
        formats={
            "share": percent(1),
            "price": currency("€", 0),
            "units": "{:,} pcs",
            "code": lambda v: f"#{v:03d}",
        },
        align_numbers=False,
    )
    assert dump(table)["rows"][1:] == [
        ["25.6%", "€1,234", "1,200 pcs", "#007"],
        ["50.0%", "€2", "85 pcs", "#042"],
    ]


def test_format_spec_without_braces(make: MakeFrame) -> None:
    table = table_from_dataframe(make({"x": [0.5, 1.25]}), formats={"x": ".1%"}, align_numbers=False)
    assert dump(table)["rows"][1:] == [["50.0%"], ["125.0%"]]


def test_na_rep_for_every_missing_kind(make: MakeFrame) -> None:
    df = make(
        {
            "text": ["a", None],
            "number": [1.5, None],
            "when": [dt.datetime(2024, 1, 31), None],
            "flag": [True, None],
        }
    )
    table = table_from_dataframe(df, na_rep="–", align_numbers=False)
    assert dump(table)["rows"][1:] == [["a", "1.50", "2024-01-31", "True"], ["–", "–", "–", "–"]]


def test_integer_column_with_gaps_reads_like_integers(make: MakeFrame) -> None:
    # pandas stores it as float64 (NaN), polars as Int64 (null): both must read "1,200".
    table = table_from_dataframe(make({"units": [1200, None, 3]}), align_numbers=False)
    assert dump(table)["rows"][1:] == [["1,200"], [""], ["3"]]


def test_dates_and_datetimes_default_formats(make: MakeFrame) -> None:
    df = make(
        {
            "day": [dt.date(2024, 1, 31), dt.date(2024, 2, 29)],
            "midnight": [dt.datetime(2024, 1, 31), dt.datetime(2024, 2, 1)],
            "stamp": [dt.datetime(2024, 1, 31, 13, 45), dt.datetime(2024, 2, 1)],
        }
    )
    rows = dump(table_from_dataframe(df))["rows"]
    assert rows[1:] == [
        ["2024-01-31", "2024-01-31", "2024-01-31 13:45"],
        ["2024-02-29", "2024-02-01", "2024-02-01 00:00"],
    ]


def test_strftime_format_for_dates(make: MakeFrame) -> None:
    df = make({"month": [dt.datetime(2024, 1, 1), dt.datetime(2024, 2, 1)]})
    assert dump(table_from_dataframe(df, formats={"month": "%b %Y"}))["rows"][1:] == [
        ["Jan 2024"],
        ["Feb 2024"],
    ]


def test_timezone_aware_datetimes_show_their_own_wall_clock(make: MakeFrame) -> None:
    df = make({"at": [dt.datetime(2024, 7, 1, 9, 30), None]}, tz="Europe/Paris")
    rows = dump(table_from_dataframe(df, formats={"at": "%Y-%m-%d %H:%M %Z"}))["rows"]
    assert rows[1:] == [["2024-07-01 09:30 CEST"], [""]]


def test_categorical_columns_show_their_values(make: MakeFrame) -> None:
    df = make({"size": ["S", "L", None, "S"]}, categorical=["size"])
    assert dump(table_from_dataframe(df))["rows"] == [["size"], ["S"], ["L"], [""], ["S"]]


def test_align_per_column_overrides_number_alignment(make: MakeFrame) -> None:
    table = table_from_dataframe(
        make(SALES), align={"region": "center", "units": "left"}, columns=["region", "units"]
    )
    centre = {"styles": {"shape": {"align": "center"}}}
    left = {"styles": {"shape": {"align": "left"}}}
    assert dump(table)["rows"][:2] == [
        [{"value": "region", **centre}, {"value": "units", **left}],
        [{"value": "North", **centre}, {"value": "1,200", **left}],
    ]


def test_align_numbers_false_emits_no_styles(make: MakeFrame) -> None:
    table = table_from_dataframe(make(SALES), align_numbers=False)
    assert all(isinstance(cell, str) for row in dump(table)["rows"] for cell in row)


def test_header_styles_merge_with_alignment(make: MakeFrame) -> None:
    table = table_from_dataframe(
        make(SALES),
        columns=["region", "units"],
        header_styles={"font": {"bold": True, "color": "white"}, "shape": {"fill": "accent1"}},
    )
    header = {"font": {"bold": True, "color": "white"}, "shape": {"fill": "accent1"}}
    assert dump(table)["rows"][0] == [
        {"value": "region", "styles": header},
        {
            "value": "units",
            "styles": {"font": header["font"], "shape": {"fill": "accent1", "align": "right"}},
        },
    ]


def test_header_styles_colour_shorthand(make: MakeFrame) -> None:
    table = table_from_dataframe(make({"a": ["x"]}), header_styles="dk2")
    assert dump(table)["rows"][0] == [{"value": "a", "styles": {"shape": {"fill": "dk2", "outline": "dk2"}}}]


def test_column_styles_apply_to_body_cells(make: MakeFrame) -> None:
    table = table_from_dataframe(
        make(SALES), columns=["region"], column_styles={"region": Styles(font={"italic": True})}
    )
    assert dump(table)["rows"] == [
        ["region"],
        *([{"value": v, "styles": {"font": {"italic": True}}}] for v in SALES["region"]),
    ]


def test_cell_styles_function_gets_value_row_and_column(make: MakeFrame) -> None:
    seen: list[tuple[Any, int, str]] = []

    def red_if_negative(value: Any, row: int, column: str) -> dict[str, Any] | None:
        seen.append((value, row, column))
        return {"font": {"color": "red"}} if isinstance(value, float) and value < 0 else None

    table = table_from_dataframe(make(SALES), columns=["revenue"], cell_styles=red_if_negative)
    assert seen == [(15234.5, 0, "revenue"), (-80.25, 1, "revenue"), (None, 2, "revenue")]
    assert dump(table)["rows"][2] == [
        {"value": "-80.25", "styles": {"font": {"color": "red"}, "shape": {"align": "right"}}}
    ]


def test_cell_styles_boolean_mask_frame_and_row_mask(make: MakeFrame) -> None:
    df = make({"a": [1, 2, 3], "b": [4, 5, 6]})
    mask = make({"b": [False, True, False]})
    bold = {"font": {"bold": True}}
    table = table_from_dataframe(
        df,
        align_numbers=False,
        cell_styles=[(mask, bold), ([True, False, False], {"shape": {"fill": "ltGray"}})],
    )
    assert dump(table)["rows"][1:] == [
        [
            {"value": "1", "styles": {"shape": {"fill": "ltGray"}}},
            {"value": "4", "styles": {"shape": {"fill": "ltGray"}}},
        ],
        ["2", {"value": "5", "styles": bold}],
        ["3", "6"],
    ]


def test_cell_styles_frame_of_styles_later_rules_win(make: MakeFrame) -> None:
    df = make({"a": [1, 2]})
    styles = make({"a": [{"font": {"color": "#FF0000", "bold": True}}, None]})
    table = table_from_dataframe(
        df,
        align_numbers=False,
        cell_styles=[styles, lambda v, r, c: {"font": {"color": "blue"}} if r == 0 else None],
    )
    assert dump(table)["rows"][1:] == [
        [{"value": "1", "styles": {"font": {"color": "blue", "bold": True}}}],
        ["2"],
    ]


def test_cell_styles_mask_of_wrong_length_is_an_error(make: MakeFrame) -> None:
    with pytest.raises(DataError, match=r"cell_styles\[0\]: has 2 rows; the table's frame has 3"):
        table_from_dataframe(make(SALES), cell_styles=([True, False], "red"))


def test_databars_scale_to_the_column_range_with_colour_per_sign(make: MakeFrame) -> None:
    df = make({"delta": [50.0, -25.0, 100.0, None]})
    table = table_from_dataframe(df, databars={"delta": DataBar(color="green", negative_color="red")})
    assert [row[0].get("databar") for row in dump(table)["rows"][1:]] == [
        {"ratio": 0.5, "color": "green"},
        {"ratio": 0.25, "color": "red"},
        {"ratio": 1.0, "color": "green"},
        None,
    ]
    validates(table)


def test_databars_list_form_and_all_positive_range_starts_at_zero(make: MakeFrame) -> None:
    table = table_from_dataframe(make({"units": [10, 40]}), databars=["units"])
    assert [row[0]["databar"] for row in dump(table)["rows"][1:]] == [
        {"ratio": 0.25, "color": "accent1"},
        {"ratio": 1.0, "color": "accent1"},
    ]


def test_databars_all_negative_measure_from_zero(make: MakeFrame) -> None:
    table = table_from_dataframe(make({"loss": [-10.0, -40.0]}), databars={"loss": "#C00000"})
    assert [row[0]["databar"] for row in dump(table)["rows"][1:]] == [
        {"ratio": 0.25, "color": "#D9534F"},
        {"ratio": 1.0, "color": "#D9534F"},
    ]


def test_databars_given_bounds_clip(make: MakeFrame) -> None:
    df = make({"score": [50, 75, 120, 10]})
    table = table_from_dataframe(df, databars={"score": DataBar(bounds=(50, 100))})
    assert [row[0]["databar"]["ratio"] for row in dump(table)["rows"][1:]] == [0.0, 0.5, 1.0, 0.0]


def test_databar_on_text_column_names_column_and_row(make: MakeFrame) -> None:
    with pytest.raises(DataError, match=r'df\["region"\]\[0\]: \'North\' is not a number'):
        table_from_dataframe(make(SALES), databars=["region"])


def test_missing_column_lists_the_columns_that_exist(make: MakeFrame) -> None:
    with pytest.raises(DataError) as info:
        table_from_dataframe(make(SALES), columns=["region", "profit"])
    assert (
        str(info.value)
        == "df[\"profit\"]: no column named 'profit'; the frame's columns are 'region', 'units', 'revenue'"
    )


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"align": {"units": "middle"}}, r"align\['units'\]: must be one of left, center, right"),
        ({"header_styles": {"font": {"colour": "red"}}}, r"header_styles.font.colour"),
        ({"header_styles": 3}, r"header_styles: expected Styles, a dict or a colour string, got int"),
        ({"formats": {"units": "{:%Y}"}}, r"formats\['units'\]: cannot format 1200"),
        ({"formats": {"units": lambda v: v}}, r"the format returned int for 1200; it must return a str"),
        (
            {"databars": {"units": DataBar(bounds=(5, 5))}},
            r"databars.bounds: low \(5.0\) must be less than high",
        ),
        ({"labels": {"nope": "x"}}, r"no column named 'nope'"),
    ],
)
def test_bad_options_are_data_errors(make: MakeFrame, options: dict[str, Any], message: str) -> None:
    with pytest.raises(DataError, match=message):
        table_from_dataframe(make(SALES), **options)


def test_empty_frame_gives_the_header_row(make: MakeFrame) -> None:
    df = make({"a": [], "b": []})
    table = table_from_dataframe(df, align_numbers=False)
    assert dump(table)["rows"] == [["a", "b"]]
    validates(table)


def test_frame_without_columns_is_an_error(make: MakeFrame) -> None:
    with pytest.raises(DataError, match="the frame has no columns to show"):
        table_from_dataframe(make({}))


def test_sizing_options_pass_through(make: MakeFrame) -> None:
    table = table_from_dataframe(
        make(SALES), horizontal_sizing="anchor_left", vertical_sizing="anchor_bottom"
    )
    assert (table.horizontal_sizing, table.vertical_sizing) == ("anchor_left", "anchor_bottom")


def test_very_wide_frame(make: MakeFrame) -> None:
    df = make({f"c{i}": [i, i + 1] for i in range(300)})
    table = table_from_dataframe(df, align_numbers=False)
    assert table.shape == (3, 300)
    assert dump(table)["rows"][2][299] == "300"
    validates(table)


def test_very_long_frame(make: MakeFrame) -> None:
    n = 10_000
    df = make({"i": list(range(n)), "x": [i / 2 for i in range(n)]})
    table = table_from_dataframe(df, databars=["x"])
    assert table.shape == (n + 1, 2)
    assert dump(table)["rows"][-1] == [
        right("9,999"),
        right("4,999.50", databar={"ratio": 1.0, "color": "accent1"}),
    ]


# --- pandas only: the index and multi-level columns (polars has neither) ---------------------------


def test_index_as_first_column_with_name() -> None:
    import pandas as pd

    df = pd.DataFrame({"units": [5, 7]}, index=pd.Index(["north", "south"], name="region"))
    assert dump(table_from_dataframe(df, index=True, align_numbers=False))["rows"] == [
        ["region", "units"],
        ["north", "5"],
        ["south", "7"],
    ]
    assert dump(table_from_dataframe(df, index="Region", align_numbers=False))["rows"][0] == [
        "Region",
        "units",
    ]


def test_multiindex_rows_become_several_columns() -> None:
    import pandas as pd

    index = pd.MultiIndex.from_tuples([("EU", 2023), ("EU", 2024)], names=["area", "year"])
    df = pd.DataFrame({"units": [5, 7]}, index=index)
    assert dump(table_from_dataframe(df, index=True, align_numbers=False))["rows"] == [
        ["area", "year", "units"],
        ["EU", "2023", "5"],
        ["EU", "2024", "7"],
    ]
    with pytest.raises(DataError, match="a string names a single-level index; this index has 2 levels"):
        table_from_dataframe(df, index="x")


def test_multilevel_columns_as_header_rows_or_joined() -> None:
    import pandas as pd

    columns = pd.MultiIndex.from_tuples([("2024", "Q1"), ("2024", "Q2"), ("2025", "Q1")])
    df = pd.DataFrame([[1, 2, 3]], columns=columns, index=pd.Index(["EU"], name="area"))
    rows = dump(table_from_dataframe(df, index=True, align_numbers=False))["rows"]
    assert rows == [["", "2024", "", "2025"], ["area", "Q1", "Q2", "Q1"], ["EU", "1", "2", "3"]]
    joined = dump(table_from_dataframe(df, multi_header="join", align_numbers=False))["rows"]
    assert joined == [["2024 / Q1", "2024 / Q2", "2025 / Q1"], ["1", "2", "3"]]
    by_joined_name = table_from_dataframe(df, columns=["2025 / Q1"], formats={("2025", "Q1"): "{}!"})
    assert dump(by_joined_name)["rows"] == [[right("2025")], [right("Q1")], [right("3!")]]


def test_index_on_polars_is_a_clear_error() -> None:
    import polars as pl

    with pytest.raises(DataError, match="a polars frame has no index"):
        table_from_dataframe(pl.DataFrame({"a": [1]}), index=True)


def test_nullable_pandas_dtypes() -> None:
    import pandas as pd

    df = pd.DataFrame({"n": pd.array([1, None], dtype="Int64"), "s": pd.array(["x", None], dtype="string")})
    assert dump(table_from_dataframe(df, align_numbers=False))["rows"][1:] == [["1", "x"], ["", ""]]


def test_duplicate_pandas_columns_are_an_error() -> None:
    import pandas as pd

    with pytest.raises(DataError, match="column names must be unique; repeated: 'a'"):
        table_from_dataframe(pd.DataFrame([[1, 2]], columns=["a", "a"]))


def test_polars_lazyframe_is_collected() -> None:
    import polars as pl

    table = table_from_dataframe(pl.LazyFrame({"a": ["x"]}))
    assert dump(table)["rows"] == [["a"], ["x"]]


def test_not_a_frame() -> None:
    with pytest.raises(DataError, match=r"df: expected a pandas or polars DataFrame, got builtins\.dict"):
        table_from_dataframe({"a": [1]})
