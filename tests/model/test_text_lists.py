"""Lists of strings validated at once (chart labels, table rows) against the per-string validation they stand for."""

from __future__ import annotations

from typing import Annotated, Any

import pytest
from pydantic import BaseModel, ConfigDict, ValidationError

from deckkit.model._types import TEXT_LIST, StrictText
from deckkit.model.table import Cell, Row


class _PerText(BaseModel):
    model_config = ConfigDict(extra="forbid")
    labels: list[StrictText]
    rows: list[list[Cell]]


class _PerList(BaseModel):
    model_config = ConfigDict(extra="forbid")
    labels: Annotated[list[StrictText], TEXT_LIST]
    rows: list[Row]


class _Str(str):
    """A str subclass: not the exact type, so it takes the general path."""


def _outcome(model: type[BaseModel], texts: Any) -> Any:
    try:
        validated = model.model_validate({"labels": texts, "rows": [texts, ["a"], texts]})
        return ("ok", validated.model_dump(), [type(t) for t in validated.labels])
    except ValidationError as e:
        return ("error", [(err["type"], err["loc"], err["msg"], err.get("ctx")) for err in e.errors()])


@pytest.mark.parametrize(
    "texts",
    [
        ["Q1", "Q2", ""],
        [],
        ["caf\u00e9", "\u4e2d\u6587", "\U0001f600", "tab\tnew\nline\r"],
        ["ok", "bell\x07"],
        ["a\x00", "b\x1f"],
        ["lone \ud800 half"],
        ["\ufffe"],
        ["a", 1],
        ["a", None],
        ["a", 1.5, True],
        ["a", {"value": "b"}],
        ["a", ["b"]],
        [_Str("a"), "b"],
        ("a", "b"),
        "ab",
        None,
        {"a": "b"},
    ],
    ids=repr,
)
def test_the_same_values_and_errors_as_one_validator_per_string(texts: Any) -> None:
    assert _outcome(_PerList, texts) == _outcome(_PerText, texts)


def test_the_fast_path_copies_the_list() -> None:
    given = ["a", "b"]
    validated = _PerList.model_validate({"labels": given, "rows": [given]})
    assert validated.labels == given
    assert validated.labels is not given
    assert validated.rows[0] == given
    assert validated.rows[0] is not given
