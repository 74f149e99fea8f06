"""Date serial numbers (1900 system) and the format helpers."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from deckkit.errors import DataError
from deckkit.frames import currency, date_serial, datetime_serial, number, percent
from deckkit.frames._backend import to_column
from deckkit.frames.formats import default_formatter, formatter_for


@pytest.mark.parametrize(
    ("day", "serial"),
    [
        (dt.date(1900, 1, 1), 1),
        (dt.date(1900, 2, 28), 59),
        (dt.date(1900, 3, 1), 61),  # 60 is the fictitious 29 February 1900
        (dt.date(1970, 1, 1), 25569),
        (dt.date(2000, 1, 1), 36526),
        (dt.date(2024, 2, 29), 45351),
        (dt.datetime(2024, 2, 29, 23, 59), 45351),
    ],
)
def test_date_serial(day: dt.date, serial: int) -> None:
    assert date_serial(day) == serial


def test_timezone_aware_values_count_in_their_zone() -> None:
    late = dt.datetime(2024, 1, 31, 23, 30, tzinfo=ZoneInfo("America/New_York"))
    assert date_serial(late) == 45322
    assert datetime_serial(late) == pytest.approx(45322 + 23.5 / 24)


def test_before_1900_is_refused() -> None:
    with pytest.raises(ValueError, match="1899-12-31 is before 1900-01-01"):
        date_serial(dt.date(1899, 12, 31))


def test_factories() -> None:
    assert number()(1234.567) == "1,234.57"
    assert number(0, thousands=False, prefix="~", suffix=" kg")(1234.5) == "~1234 kg"
    assert percent(2)(0.12345) == "12.35%"
    assert currency("$")(-0.001) == "$0.00"
    assert currency("CHF ", 1)(-5) == "-CHF 5.0"


def test_default_formatters_by_kind() -> None:
    assert default_formatter(to_column([1234567]))(1234567) == "1,234,567"
    assert default_formatter(to_column([1.0, 2.5]))(1.0) == "1.00"
    assert default_formatter(to_column([1.0, 2.0]))(1.0) == "1"
    assert default_formatter(to_column(["x"]))("x") == "x"


def test_format_errors_name_the_option_and_the_cell() -> None:
    column = to_column([1, "x"], "units")
    with pytest.raises(DataError, match=r"formats\['units'\]: cannot format 'x' at df\[\"units\"\]\[1\]"):
        formatter_for(",d", column, "formats['units']")("x")
    with pytest.raises(DataError, match="a format must be a string or a callable, got int"):
        formatter_for(3, column, "formats['units']")  # type: ignore[arg-type]
