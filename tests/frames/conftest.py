"""Fixtures of the frames tests: one frame builder that every from_dataframe test runs on twice,
once with pandas and once with polars."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import matplotlib
import pytest

matplotlib.use("Agg")

import matplotlib.pyplot as plt

MakeFrame = Callable[..., Any]


@pytest.fixture(params=["pandas", "polars"])
def backend(request: pytest.FixtureRequest) -> str:
    # polars is an optional extra: without it, only its half of the tests is skipped.
    pytest.importorskip(str(request.param))
    return str(request.param)


def _pandas(columns: dict[str, list[Any]], categorical: Sequence[str], tz: str | None) -> Any:
    import pandas as pd

    df = pd.DataFrame(columns)
    for name in categorical:
        df[name] = df[name].astype("category")
    if tz is not None:
        for name, values in columns.items():
            if any(isinstance(v, dt.datetime) for v in values):
                df[name] = df[name].dt.tz_localize(tz)
    return df


def _polars(columns: dict[str, list[Any]], categorical: Sequence[str], tz: str | None) -> Any:
    import polars as pl

    df = pl.DataFrame(columns, strict=False)
    for name in categorical:
        df = df.with_columns(pl.col(name).cast(pl.Categorical))
    if tz is not None:
        for name, values in columns.items():
            if any(isinstance(v, dt.datetime) for v in values):
                df = df.with_columns(pl.col(name).dt.replace_time_zone(tz))
    return df


@pytest.fixture
def make(backend: str) -> MakeFrame:
    """make({"col": [values]}, categorical=["col"], tz="Europe/Paris") -> a pandas or polars frame.

    None stands for a missing value: pandas turns it into NaN or NaT as its dtype wants, polars
    into null, so the same test checks every kind of missing value.
    """

    def build(
        columns: dict[str, list[Any]], *, categorical: Sequence[str] = (), tz: str | None = None
    ) -> Any:
        return (_pandas if backend == "pandas" else _polars)(columns, categorical, tz)

    return build


@pytest.fixture(autouse=True)
def _close_figures() -> Iterator[None]:
    yield
    plt.close("all")
