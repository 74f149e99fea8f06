"""MaybeNumbers (NaN made None once per list) against the per-number MaybeNumber it stands for."""

from __future__ import annotations

import math
from collections import deque
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict, ValidationError

from deckkit.model._types import MaybeNumber, MaybeNumbers

NAN = float("nan")


class _PerNumber(BaseModel):
    model_config = ConfigDict(extra="forbid")
    values: list[MaybeNumber]


class _PerList(BaseModel):
    model_config = ConfigDict(extra="forbid")
    values: MaybeNumbers


def _outcome(model: type[BaseModel], values: Any) -> Any:
    try:
        return ("ok", model.model_validate({"values": values}).model_dump())
    except ValidationError as e:
        return ("error", [(err["type"], err["loc"], err["msg"]) for err in e.errors()])


class _Float(float):
    """A float subclass (numpy's float64 is one): its NaN is a gap too."""


@pytest.mark.parametrize(
    "values",
    [
        [1.0, NAN, None, 3, -2.5],
        [NAN, NAN],
        [],
        (1.0, NAN),
        {NAN},
        deque([NAN, 2.0]),
        [_Float("nan"), _Float(1.5)],
        [1.0, float("inf"), "x", True, NAN],
        [[1.0], {"a": 1}],
        "1,2",
        None,
        3.0,
        NAN,
        {"a": 1.0},
        # The fast path's own inputs and their near misses: plain finite floats only.
        [1.5, -0.0, 2e300, 5e-324],
        [1.5, float("inf")],
        [float("-inf")],
        [1.5, 2],
        [1.5, None],
        [1.5, True],
        [_Float(1.5), 2.5],
        [1.5, "2.5"],
    ],
    ids=repr,
)
def test_the_same_values_and_errors_as_one_validator_per_number(values: Any) -> None:
    assert _outcome(_PerList, values) == _outcome(_PerNumber, values)


def test_a_generator_of_numbers_is_read_like_a_list() -> None:
    per_list = _outcome(_PerList, (v for v in [1.0, NAN]))
    assert per_list == _outcome(_PerNumber, (v for v in [1.0, NAN]))
    assert per_list == ("ok", {"values": [1.0, None]})


def test_nan_is_a_gap_in_a_chart_series() -> None:
    from deckkit.model.chart import ChartSeries

    series = ChartSeries.model_validate({"values": [1.0, NAN, 2.0]})
    assert series.values[1] is None
    assert not any(isinstance(v, float) and math.isnan(v) for v in series.values)


def test_the_fast_path_copies_the_list() -> None:
    given = [1.0, 2.0]
    validated = _PerList.model_validate({"values": given}).values
    assert validated == given
    assert validated is not given
