"""Dates as spreadsheet serial numbers, the numbers a chart's date axis and its workbook hold.

Serial numbers count days in the 1900 date system of spreadsheets: 1900-01-01 is day 1. That
system believes 1900 was a leap year (a bug kept for compatibility since Lotus 1-2-3), so day 60
is the fictitious 1900-02-29 and every date from 1900-03-01 on is one more than a plain count.

>>> import datetime as dt
>>> date_serial(dt.date(1900, 1, 1)), date_serial(dt.date(1900, 2, 28)), date_serial(dt.date(1900, 3, 1))
(1, 59, 61)
>>> date_serial(dt.date(2024, 1, 31))
45322
>>> datetime_serial(dt.datetime(2024, 1, 31, 18, 0))
45322.75
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

__all__ = ["date_serial", "datetime_serial", "default_date_format", "default_date_unit"]

_EPOCH = dt.date(1899, 12, 30)  # day 0 of the system, as seen from 1900-03-01 onwards
_FIRST = dt.date(1900, 1, 1)
_LEAP_BUG = dt.date(1900, 3, 1)


def _wall_clock(value: dt.date) -> dt.date:
    # A timezone-aware datetime counts in its own zone: the date the analyst sees printed.
    return value.replace(tzinfo=None) if isinstance(value, dt.datetime) else value


def date_serial(value: dt.date) -> int:
    """The spreadsheet day number of a date (a datetime counts by its date, in its own time zone).

    Raises ValueError for dates before 1900-01-01, which the 1900 system cannot hold.
    """
    day = _wall_clock(value)
    day = day.date() if isinstance(day, dt.datetime) else day
    if day < _FIRST:
        raise ValueError(f"{day.isoformat()} is before 1900-01-01, the first day a spreadsheet date can hold")
    offset = (day - _EPOCH).days
    return offset if day >= _LEAP_BUG else offset - 1


def datetime_serial(value: dt.date) -> float:
    """The serial number with the time of day as a fraction (18:00 is .75)."""
    whole = date_serial(value)
    if not isinstance(value, dt.datetime):
        return float(whole)
    clock = _wall_clock(value)
    assert isinstance(clock, dt.datetime)
    seconds = clock.hour * 3600 + clock.minute * 60 + clock.second + clock.microsecond / 1e6
    return whole + seconds / 86400


def has_time_of_day(values: Sequence[dt.date | None]) -> bool:
    """True when some datetime is not at midnight (its time would be lost on a date axis)."""
    return any(isinstance(v, dt.datetime) and v.time() != dt.time(0) for v in values)


def default_date_format(values: Sequence[dt.date | None]) -> str:
    """A number-format code that fits the spacing of the dates.

    Every date on 1 January: ``yyyy``; every date on the first of a month: ``mmm yyyy``;
    otherwise ``yyyy-mm-dd`` (unambiguous in every locale).

    >>> default_date_format([dt.date(2023, 1, 1), dt.date(2024, 1, 1)])
    'yyyy'
    >>> default_date_format([dt.date(2024, 1, 1), dt.date(2024, 2, 1)])
    'mmm yyyy'
    >>> default_date_format([dt.date(2024, 1, 1), dt.date(2024, 1, 2)])
    'yyyy-mm-dd'
    """
    days = [_wall_clock(v) for v in values if v is not None]
    if len(days) > 1 and all(d.month == 1 and d.day == 1 for d in days):
        return "yyyy"
    if len(days) > 1 and all(d.day == 1 for d in days):
        return "mmm yyyy"
    return "yyyy-mm-dd"


def default_date_unit(values: Sequence[dt.date | None]) -> tuple[str | None, int | None]:
    """The label interval that fits monthly or yearly dates: at most 12 labels, one per period or more.

    A date axis otherwise counts in days, and a chart of three months shows a label per day.

    >>> default_date_unit([dt.date(2024, m, 1) for m in range(1, 4)])
    ('months', 1)
    >>> default_date_unit([dt.date(2000 + y, 1, 1) for y in range(30)])
    ('years', 3)
    >>> default_date_unit([dt.date(2024, 1, 1), dt.date(2024, 1, 2)])
    (None, None)
    """
    days = sorted({_wall_clock(v) for v in values if v is not None})
    pattern = default_date_format(days)
    if pattern == "yyyy":
        unit, span = "years", days[-1].year - days[0].year + 1
    elif pattern == "mmm yyyy":
        unit, span = "months", (days[-1].year - days[0].year) * 12 + days[-1].month - days[0].month + 1
    else:
        return None, None
    return unit, max(1, -(-span // 12))
