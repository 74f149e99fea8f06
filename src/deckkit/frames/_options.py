"""Checks of the small options several builders share, each failing with the option's name."""

from __future__ import annotations

from typing import Any

from deckkit.errors import DataError, Problem

Bounds = tuple[float | None, float | None]
"""``(minimum, maximum)`` of an axis, as the builders take it; ``None`` leaves that end automatic."""


def bounds_dict(pair: Any, where: str) -> dict[str, float]:
    """``(minimum, maximum)`` -> the data.json Bounds object; ``None`` leaves that end automatic."""
    if not isinstance(pair, tuple | list) or len(pair) != 2:
        raise DataError([Problem(where, f"must be a pair (minimum, maximum), got {pair!r}")])
    low, high = pair
    if low is not None and high is not None and low >= high:
        raise DataError([Problem(where, f"minimum ({low}) must be less than maximum ({high})")])
    return {k: v for k, v in (("minimum", low), ("maximum", high)) if v is not None}
