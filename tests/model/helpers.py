"""Shared helpers of the model tests: validate one slide value and read the problems back."""

from __future__ import annotations

from typing import Any

import pytest

from deckkit.errors import DataError
from deckkit.model import DeckData, parse_data


def one_slide(value: Any, key: str = "k") -> dict[str, Any]:
    return {"slides": [{"template": 1, key: value}]}


def accepts(value: Any) -> DeckData:
    """Parse a deck whose only slide holds ``value`` under key ``k``; fail the test on problems."""
    return parse_data(one_slide(value))


def problems(data: Any) -> list[str]:
    """The problems (``path: message``) a document has; fails the test when it has none."""
    with pytest.raises(DataError) as caught:
        parse_data(data)
    return [str(p) for p in caught.value.problems]


def value_problems(value: Any) -> list[str]:
    return problems(one_slide(value))
