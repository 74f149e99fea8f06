"""Helpers to show the JSON an element becomes, and to check that data.json accepts it."""

from __future__ import annotations

from typing import Any

from deckkit.model import parse_data


def dump(element: Any) -> Any:
    """The element as it appears in data.json."""
    return element.model_dump(mode="json", exclude_none=True)


def validates(element: Any) -> None:
    """The element's JSON is accepted by the model as a slide value of data.json."""
    parse_data({"slides": [{"template": 1, "key": dump(element)}]})
