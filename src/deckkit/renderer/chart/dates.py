"""The base unit of a date axis (``c:baseTimeUnit``), chosen from the labels as Excel chooses it.

A date axis puts every point on a scale of its base unit: with ``days``, monthly data gets one
slot per day and its columns are a day wide (hairlines); with ``months`` every column fills its
month. Excel takes the smallest gap between two consecutive dates: a year or more (and no two
dates in one year) gives ``years``, 28 days or more (no two dates in one month) ``months``,
anything smaller ``days``.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from itertools import pairwise

TIME_UNITS = ("days", "months", "years")  # finest first
DAYS_PER = {"days": 1.0, "months": 365.25 / 12, "years": 365.25}  # a unit's mean length in days

_EPOCH_1900 = dt.date(1899, 12, 30)  # serial 61 is 1900-03-01: Lotus's phantom 1900-02-29 is serial 60
_EPOCH_1904 = dt.date(1904, 1, 1)


def serial_date(serial: int, date1904: bool = False) -> dt.date:
    """The calendar date of a spreadsheet day serial (1900 system unless the chart says 1904)."""
    if date1904:
        return _EPOCH_1904 + dt.timedelta(days=serial)
    if serial < 61:
        # Before the phantom 1900-02-29 the serials are one day ahead (serial 1 is 1900-01-01).
        return _EPOCH_1900 + dt.timedelta(days=max(serial, 1) + 1)
    return _EPOCH_1900 + dt.timedelta(days=serial)


def base_time_unit(serials: Sequence[int], date1904: bool = False) -> str | None:
    """``days``, ``months`` or ``years`` for these labels; None with fewer than two distinct dates.

    >>> base_time_unit([45292, 45323, 45352])  # 2024-01-01, 02-01, 03-01
    'months'
    >>> base_time_unit([45292, 45658])  # 2024-01-01, 2025-01-01
    'years'
    >>> base_time_unit([45292, 45293, 45300])
    'days'
    """
    days = sorted({serial_date(s, date1904) for s in serials})
    if len(days) < 2:
        return None
    gap = min((b - a).days for a, b in pairwise(days))
    if gap >= 365 and len({d.year for d in days}) == len(days):
        return "years"
    if gap >= 28 and len({(d.year, d.month) for d in days}) == len(days):
        return "months"
    return "days"


def finer(unit: str, than: str) -> bool:
    """True when unit is a finer time unit than ``than`` (days is finer than months)."""
    return TIME_UNITS.index(unit) < TIME_UNITS.index(than)
