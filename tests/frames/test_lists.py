"""List.from_values / from_series / from_dataframe: items, levels from nesting or a column."""

from __future__ import annotations

import datetime as dt

import pytest

from deckkit.errors import DataError
from deckkit.frames import DroppedRowsWarning, list_from_values
from deckkit.model import List, Text
from tests.frames.conftest import MakeFrame
from tests.frames.snapshots import dump, validates


def test_flat_sequence_of_strings_stays_plain() -> None:
    items = List.from_values(["Revenue up", "Costs flat"])
    assert dump(items) == {"type": "list", "values": ["Revenue up", "Costs flat"]}


def test_nesting_gives_levels() -> None:
    items = List.from_values(["Results", ["Europe", ["Germany"], "Asia"], "Outlook"])
    assert dump(items) == {
        "type": "list",
        "values": [
            "Results",
            {"type": "text", "value": "Europe", "level": 1},
            {"type": "text", "value": "Germany", "level": 2},
            {"type": "text", "value": "Asia", "level": 1},
            "Outlook",
        ],
    }
    validates(items)


def test_levels_sequence_styles_and_format() -> None:
    items = List.from_values(
        [1234, 0.5, dt.date(2024, 1, 31)], levels=[0, 1, 2], styles={"font": {"bold": True}}
    )
    assert dump(items)["values"] == [
        {"type": "text", "value": "1,234", "styles": {"font": {"bold": True}}},
        {"type": "text", "value": "0.50", "level": 1, "styles": {"font": {"bold": True}}},
        {"type": "text", "value": "2024-01-31", "level": 2, "styles": {"font": {"bold": True}}},
    ]
    assert dump(List.from_values([0.25, 0.5], format="{:.0%}"))["values"] == ["25%", "50%"]


def test_text_items_and_dicts_keep_their_own_fields() -> None:
    items = List.from_values(
        [Text(value="Docs", hyperlink="https://example.com"), ["sub"], {"value": "raw", "level": 3}]
    )
    assert dump(items)["values"] == [
        {"type": "text", "value": "Docs", "hyperlink": "https://example.com"},
        {"type": "text", "value": "sub", "level": 1},
        {"type": "text", "value": "raw", "level": 3},
    ]


def test_series_on_both_backends(make: MakeFrame) -> None:
    df = make({"item": ["Plan", "Build", None, "Ship"], "level": [0, 1, 1, 0]})
    series = df["item"]
    with pytest.warns(DroppedRowsWarning, match=r"dropped 1 missing list items \(items 2\)"):
        items = List.from_series(series, levels=df["level"])
    assert dump(items)["values"] == ["Plan", {"type": "text", "value": "Build", "level": 1}, "Ship"]


def test_from_dataframe_with_a_level_column(make: MakeFrame) -> None:
    df = make({"item": ["Plan", "Build"], "depth": [0, 1]})
    items = List.from_dataframe(df, text="item", level="depth")
    assert dump(items)["values"] == ["Plan", {"type": "text", "value": "Build", "level": 1}]
    assert dump(List.from_dataframe(df, text="item"))["values"] == ["Plan", "Build"]


def test_categorical_series(make: MakeFrame) -> None:
    df = make({"size": ["S", "L"]}, categorical=["size"])
    assert dump(List.from_series(df["size"]))["values"] == ["S", "L"]


def test_bad_level_in_a_column_names_column_and_row(make: MakeFrame) -> None:
    df = make({"item": ["a", "b"], "depth": [0, 9]})
    with pytest.raises(DataError, match=r'df\["depth"\]\[1\]: a level must be an integer from 0 to 8, got 9'):
        List.from_dataframe(df, text="item", level="depth")


@pytest.mark.parametrize(
    ("values", "options", "message"),
    [
        (["a", "b"], {"levels": [0]}, "levels: has 1 levels for 2 items"),
        (["a", "b"], {"levels": [0, 1.5]}, r"levels\[1\]: a level must be an integer from 0 to 8, got 1.5"),
        (["a", ["b"]], {"levels": [0, 0]}, "give levels either by nesting or with levels=, not both"),
        ("abc", {}, "values: expected a list, a tuple or a Series, got str"),
        (["a", [[[[[[[[["too deep"]]]]]]]]]], {}, "nesting is deeper than 9 levels"),
    ],
)
def test_errors(values: object, options: dict[str, object], message: str) -> None:
    with pytest.raises(DataError, match=message):
        list_from_values(values, **options)


def test_from_series_rejects_a_list() -> None:
    with pytest.raises(DataError, match="series: expected a pandas or polars Series, got list"):
        List.from_series(["a"])


def test_empty_list() -> None:
    assert dump(List.from_values([])) == {"type": "list", "values": []}
