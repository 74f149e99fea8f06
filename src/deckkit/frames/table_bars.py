"""Data bars of ``table_from_dataframe(databars=...)``: how a column's bars look and scale."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from deckkit.errors import DataError, Problem
from deckkit.frames._backend import Frame
from deckkit.frames._styles import style_dict

__all__ = ["DataBar", "databars"]


@dataclass(frozen=True)
class DataBar:
    """How a column's data bars look and scale.

    ``color`` paints bars of values >= 0, ``negative_color`` bars of values < 0 (colours as in
    data.json: hex, theme name such as ``accent1``, or a named colour). ``bounds`` is the
    ``(low, high)`` range the bars span; by default the column's own range widened to include 0.

    A bar starts at the cell's left edge, so its length measures a distance from the low end:
    for ``low >= 0`` the ratio is ``(value - low) / (high - low)``; for ``high <= 0`` it is
    ``(high - value) / (high - low)``; when the range spans zero, bars measure ``|value|`` against
    the larger of ``|low|`` and ``|high|``, coloured by sign. Ratios are clipped to 0..1 and a
    missing value has no bar.
    """

    color: str = "accent1"
    negative_color: str = "#D9534F"
    bounds: tuple[float, float] | None = None


def databars(
    frame: Frame, databars: Sequence[Hashable] | Mapping[Hashable, DataBar | str] | None
) -> dict[Hashable, Callable[[int], dict[str, Any] | None]]:
    if databars is None:
        return {}
    specs: Mapping[Hashable, DataBar | str] = (
        databars if isinstance(databars, Mapping) else {name: DataBar() for name in databars}
    )
    out: dict[Hashable, Callable[[int], dict[str, Any] | None]] = {}
    for name, spec in specs.items():
        bar = DataBar(color=spec) if isinstance(spec, str) else spec
        column = frame.column(name)
        for where, colour in (("color", bar.color), ("negative_color", bar.negative_color)):
            style_dict({"shape": {"fill": colour}}, f"databars[{name!r}].{where}")
        out[column.key] = _bar_function(column.numbers(), bar)
    return out


def _bar_function(values: list[float | int | None], bar: DataBar) -> Callable[[int], dict[str, Any] | None]:
    present = [v for v in values if v is not None]
    if bar.bounds is not None:
        low, high = float(bar.bounds[0]), float(bar.bounds[1])
        if low >= high:
            raise DataError([Problem("databars.bounds", f"low ({low}) must be less than high ({high})")])
    else:
        low, high = min([0.0, *present]), max([0.0, *present])

    def ratio(v: float) -> float:
        if high == low:
            return 0.0
        if low >= 0:
            r = (v - low) / (high - low)
        elif high <= 0:
            r = (high - v) / (high - low)
        else:
            r = abs(v) / max(-low, high)
        return min(max(r, 0.0), 1.0)

    def at(row: int) -> dict[str, Any] | None:
        v = values[row]
        if v is None:
            return None
        return {"ratio": round(ratio(float(v)), 4), "color": bar.negative_color if v < 0 else bar.color}

    return at
