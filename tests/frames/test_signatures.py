"""The model's from_* methods spell out every keyword (help(), IDEs, mypy), as the frames functions do."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import pytest

from deckkit import Chart, List, Scatter, Table
from deckkit.frames import (
    chart_from_dataframe,
    list_from_dataframe,
    list_from_series,
    list_from_values,
    scatter_from_dataframe,
    table_from_dataframe,
)

PAIRS = [
    (Table.from_dataframe, table_from_dataframe),
    (Chart.from_dataframe, chart_from_dataframe),
    (Scatter.from_dataframe, scatter_from_dataframe),
    (List.from_values, list_from_values),
    (List.from_series, list_from_series),
    (List.from_dataframe, list_from_dataframe),
]


@pytest.mark.parametrize(("method", "function"), PAIRS, ids=lambda f: getattr(f, "__qualname__", ""))
def test_same_keywords_and_defaults_no_var_keyword(
    method: Callable[..., Any], function: Callable[..., Any]
) -> None:
    ours = inspect.signature(method).parameters
    theirs = inspect.signature(function).parameters
    assert not any(p.kind is inspect.Parameter.VAR_KEYWORD for p in ours.values())
    keywords = {n: p.default for n, p in ours.items() if p.kind is inspect.Parameter.KEYWORD_ONLY}
    assert keywords == {n: p.default for n, p in theirs.items() if p.kind is inspect.Parameter.KEYWORD_ONLY}


def test_an_unknown_keyword_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="unexpected keyword argument 'colums'"):
        Table.from_dataframe(None, colums=["a"])  # type: ignore[call-arg]
