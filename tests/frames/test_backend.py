"""The dispatch layer: frames recognised without importing their library, every missing value is None."""

from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys

import pytest

from deckkit.errors import DataError
from deckkit.frames._backend import is_frame, is_series, to_column, to_frame
from tests.frames.conftest import MakeFrame


def test_import_deckkit_and_frames_load_no_heavy_library() -> None:
    code = (
        "import sys, json, deckkit, deckkit.frames, deckkit.model;"
        "from deckkit.model import Table, Chart, List, Image;"
        "print(json.dumps([m for m in ('pandas', 'polars', 'numpy', 'matplotlib', 'pyarrow') if m in sys.modules]))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert json.loads(out) == []


def test_recognises_frames_and_series(make: MakeFrame) -> None:
    df = make({"a": [1, 2]})
    assert is_frame(df)
    assert not is_series(df)
    assert is_series(df["a"])
    assert not is_frame(df["a"])
    assert not is_frame({"a": [1]})
    assert not is_series([1, 2])


def test_every_missing_value_is_none(make: MakeFrame) -> None:
    frame = to_frame(
        make(
            {
                "f": [1.5, None],
                "i": [1, None],
                "s": ["x", None],
                "t": [dt.datetime(2024, 1, 1), None],
                "d": [dt.date(2024, 1, 1), None],
                "b": [True, None],
            }
        )
    )
    assert [frame.column(name).values[1] for name in "fisdtb" if name != "s"] + [
        frame.column("s").values[1]
    ] == [None] * 6


def test_polars_nan_is_missing_too() -> None:
    import polars as pl

    assert to_column(pl.Series("x", [1.0, float("nan"), None])).values == [1.0, None, None]


def test_pandas_na_and_nat_are_missing() -> None:
    import pandas as pd

    column = to_column(pd.Series([1, pd.NA, 3], dtype="Int64"))
    assert (column.kind, column.values) == ("int", [1, None, 3])
    stamps = to_column(pd.Series([pd.Timestamp("2024-01-01"), pd.NaT]))
    assert stamps.kind == "datetime"
    assert stamps.values == [dt.datetime(2024, 1, 1), None]


@pytest.mark.parametrize(
    ("values", "kind"),
    [
        ([1, 2], "int"),
        ([1.0, None], "float"),
        ([True, False], "bool"),
        (["a", None], "string"),
        ([dt.date(2024, 1, 1)], "date"),
        ([dt.datetime(2024, 1, 1)], "datetime"),
    ],
)
def test_kinds(make: MakeFrame, values: list[object], kind: str) -> None:
    assert to_frame(make({"c": values})).column("c").kind == kind


def test_categorical_and_timezone_columns(make: MakeFrame) -> None:
    frame = to_frame(
        make({"c": ["b", "a"], "t": [dt.datetime(2024, 1, 1, 12)] * 2}, categorical=["c"], tz="UTC")
    )
    assert (frame.column("c").kind, frame.column("c").values) == ("category", ["b", "a"])
    when = frame.column("t").values[0]
    assert when.utcoffset() == dt.timedelta(0)
    assert when.hour == 12


def test_plain_sequences_become_columns() -> None:
    column = to_column([1, float("nan"), 3])
    assert (column.kind, column.values) == ("int", [1, None, 3])
    with pytest.raises(DataError, match="expected a Series or a sequence, got int"):
        to_column(5)


def test_numbers_of_a_text_column_name_the_first_value(make: MakeFrame) -> None:
    column = to_frame(make({"name": [None, "x"]})).column("name")
    with pytest.raises(DataError, match=r'df\["name"\]\[1\]: \'x\' is not a number: the column holds'):
        column.numbers()


def test_public_names() -> None:
    import deckkit.frames

    assert sorted(deckkit.frames.__all__) == [
        "DataBar",
        "DroppedRowsWarning",
        "chart_from_dataframe",
        "currency",
        "date_serial",
        "datetime_serial",
        "image_from_figure",
        "list_from_dataframe",
        "list_from_series",
        "list_from_values",
        "number",
        "percent",
        "scatter_from_dataframe",
        "table_from_dataframe",
        "to_element",
    ]
    assert all(hasattr(deckkit.frames, name) for name in deckkit.frames.__all__)
    assert issubclass(deckkit.frames.DroppedRowsWarning, UserWarning)


def test_decimals_in_an_object_column_are_numbers() -> None:
    from decimal import Decimal

    assert to_column([Decimal("1.5"), None, 2]).numbers() == [1.5, None, 2]
