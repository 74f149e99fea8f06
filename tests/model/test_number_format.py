"""Excel format codes as Excel shows them: (code, value, the text Excel shows), and refusals."""

from __future__ import annotations

import datetime as dt

import pytest

from deckkit.model.number_format import FormatCodeError, parse_format

# The text Excel (Microsoft 365, English (United States)) shows in a cell of that format.
EXCEL_SHOWS: list[tuple[str, object, str]] = [
    ("General", 1234.5678, "1234.5678"),
    ("General", 0.1 + 0.2, "0.3"),
    ("General", 42, "42"),
    ("General", -7.25, "-7.25"),
    ("General", 123456789012, "1.23457E+11"),
    ("0", 2.5, "3"),
    ("0", -2.5, "-3"),
    ("0", 0.4, "0"),
    ("0.00", 2.675, "2.68"),
    ("0.00", 1.005, "1.01"),
    ("0.00", -0.004, "-0.00"),
    ("0.0", 1234.56, "1234.6"),
    ("#,##0", 1234567.891, "1,234,568"),
    ("#,##0", -1234.5, "-1,235"),
    ("#,##0", 0, "0"),
    ("#,##0.00", 1234.5, "1,234.50"),
    ("#,##0.00", 0.5, "0.50"),
    ("#.##", 0.5, ".5"),
    ("0.##", 3, "3."),
    ("0.0#", 3.14159, "3.14"),
    ("#", 0, ""),
    ("000", 7, "007"),
    ("000-00-0000", 123456789, "123-45-6789"),
    ("0%", 0.5, "50%"),
    ("0.0%", 0.256, "25.6%"),
    ("0.0%", -0.0123, "-1.2%"),
    ("0.00%", 1, "100.00%"),
    ("$#,##0.00", 1234.5, "$1,234.50"),
    ("$#,##0.00", -1234.5, "-$1,234.50"),
    ("$#,##0.00;($#,##0.00)", -1234.5, "($1,234.50)"),
    ("$#,##0.00;[Red]($#,##0.00)", -1234.5, "($1,234.50)"),
    ("#,##0;[Red]-#,##0", -5, "-5"),
    ("+0.0%;-0.0%;0.0%", 0.0123, "+1.2%"),
    ("+0.0%;-0.0%;0.0%", -0.0123, "-1.2%"),
    ("+0.0%;-0.0%;0.0%", 0, "0.0%"),
    ('0;-0;"zero"', 0, "zero"),
    ('0.0;(0.0);"-"', -3.14, "(3.1)"),
    ('#,##0.00 "kg"', 1500, "1,500.00 kg"),
    ('0.0" pts"', 12.34, "12.3 pts"),
    ("#,##0,", 1234567, "1,235"),
    ('#,##0.0,,"M"', 1234567, "1.2M"),
    ('$#,##0,"K"', 98765, "$99K"),
    ("[$€-407] #,##0.00", 1234.5, "€ 1,234.50"),
    ("#,##0.00 [$€-1]", 1234.5, "1,234.50 €"),
    ("0_);(0)", 5, "5 "),
    ("\\+0", 5, "+5"),
    ("0.00E+00", 12345, "1.23E+04"),
    ("0.0E+00", 0.000123, "1.2E-04"),
    ("0.00E+00", 0, "0.00E+00"),
    ("yyyy-mm-dd", "2026-03-31", "2026-03-31"),
    ("yyyy-mm-dd", 46112, "2026-03-31"),
    ("mmm yyyy", "2026-03-31", "Mar 2026"),
    ("mmmm yyyy", dt.date(2026, 3, 31), "March 2026"),
    ("mmmmm", dt.date(2026, 3, 31), "M"),
    ("d mmmm yyyy", 46112, "31 March 2026"),
    ("dddd, mmmm d", "2026-03-31", "Tuesday, March 31"),
    ("ddd d mmm yy", "2026-03-01", "Sun 1 Mar 26"),
    ("mm/dd/yy", "2026-03-01", "03/01/26"),
    ("dd.mm.yyyy", "2026-03-01", "01.03.2026"),
    ("h:mm AM/PM", "2026-03-31T14:05", "2:05 PM"),
    ("h:mm a/p", "2026-03-31T09:05", "9:05 a"),
    ("hh:mm:ss", "2026-03-31T09:05:07", "09:05:07"),
    ("yyyy-mm-dd hh:mm", dt.datetime(2026, 3, 31, 14, 5), "2026-03-31 14:05"),
    ("mm:ss", 0.5 + 65 / 86400, "01:05"),
    ("yyyy", 2026.0, "1905"),  # a number under a date code is a serial date, as in Excel
    ("0.0%", "n/a", "n/a"),  # text stays text
    ("mmm yyyy", "Q1 2026", "Q1 2026"),
    ('0.0;-0.0;0.0;"Note: "@', "late", "Note: late"),
]


@pytest.mark.parametrize(
    ("code", "value", "shown"), EXCEL_SHOWS, ids=[f"{c} {v!r}" for c, v, _ in EXCEL_SHOWS]
)
def test_codes_show_what_excel_shows(code: str, value: object, shown: str) -> None:
    assert parse_format(code).format(value) == shown  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("0.0x", '"x" is not part of a number or date format; put literal text in quotes ("x")'),
        ("[>100]0;0", "conditions such as [>100] are not supported; use sections"),
        ("# ?/?", "fractions (# ?/?) are not supported"),
        ("[h]:mm", "[h] is not supported (elapsed times, locales)"),
        ('"abc', "opens a quote it does not close"),
        ("hh:mm:ss.00", "fractions of a second (ss.00) are not supported"),
        ("yyyy 0.0", "mixes a date with a number part ('0')"),
        ("0;0;0;@;0", "has 5 sections; at most 4"),
        ("[Blue", "a [ without its ]"),
    ],
)
def test_unsupported_codes_say_which_part(code: str, message: str) -> None:
    with pytest.raises(FormatCodeError) as caught:
        parse_format(code)
    assert message in str(caught.value)
    assert repr(code) in str(caught.value)
