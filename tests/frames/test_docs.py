"""Docs cannot drift: docstring examples run, every parameter is documented (docs/sdk.md's blocks run in tests/docs)."""

from __future__ import annotations

import doctest
import importlib
import inspect
import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[2] / "docs" / "sdk.md"
MODULES = [
    "deckkit.frames._coerce",
    "deckkit.frames.chart",
    "deckkit.frames.dates",
    "deckkit.frames.figure",
    "deckkit.frames.formats",
    "deckkit.frames.lists",
    "deckkit.frames.scatter",
    "deckkit.frames.table",
]
PUBLIC = [
    ("deckkit.frames.table", "table_from_dataframe"),
    ("deckkit.frames.chart", "chart_from_dataframe"),
    ("deckkit.frames.scatter", "scatter_from_dataframe"),
    ("deckkit.frames.lists", "list_from_values"),
    ("deckkit.frames.lists", "list_from_dataframe"),
    ("deckkit.frames.figure", "image_from_figure"),
]


@pytest.mark.parametrize("module", MODULES)
def test_docstring_examples(module: str) -> None:
    result = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.attempted > 0, f"{module} has no example"
    assert result.failed == 0


@pytest.mark.parametrize(("module", "name"), PUBLIC)
def test_every_parameter_is_documented(module: str, name: str) -> None:
    function = getattr(importlib.import_module(module), name)
    doc = inspect.getdoc(function) or ""
    docs = DOCS.read_text(encoding="utf-8")
    for parameter in inspect.signature(function).parameters:
        assert re.search(rf"^\s+{parameter}: ", doc, flags=re.M), (
            f"{name}: parameter {parameter} lacks a docstring entry"
        )
        assert f"`{parameter}" in docs or f"{parameter}=" in docs, (
            f"docs/sdk.md does not document {name}({parameter})"
        )


@pytest.mark.parametrize(
    ("method", "module", "name"),
    [
        ("Table.from_dataframe", "deckkit.frames.table", "table_from_dataframe"),
        ("Chart.from_dataframe", "deckkit.frames.chart", "chart_from_dataframe"),
        ("ScatterChart.from_dataframe", "deckkit.frames.scatter", "scatter_from_dataframe"),
        ("List.from_values", "deckkit.frames.lists", "list_from_values"),
        ("Image.from_figure", "deckkit.frames.figure", "image_from_figure"),
    ],
)
def test_model_class_methods_name_every_option(method: str, module: str, name: str) -> None:
    import deckkit.model

    owner, attribute = method.split(".")
    bound = getattr(getattr(deckkit.model, owner), attribute)
    doc = inspect.getdoc(bound) or ""
    own = inspect.signature(bound).parameters  # an explicit keyword names the option too
    function = getattr(importlib.import_module(module), name)
    first = next(iter(inspect.signature(function).parameters))
    for parameter in list(inspect.signature(function).parameters)[1:]:
        assert parameter in doc or parameter in own or parameter == "dpi", (
            f"{method} does not name the option {parameter}"
        )
    assert name in doc, f"{method} does not point to deckkit.frames.{name} ({first})"
