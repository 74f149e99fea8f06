"""Cell text from values: default formats per kind of column, format strings, callables.

A format is one of:

- an Excel number or date format code, the one data.json takes (:mod:`deckkit.model.number_format`):
  ``"0.0%"``, ``"#,##0"``, ``"$#,##0.00;($#,##0.00)"``, ``"mmm yyyy"``;
- a ``str.format`` template with a ``{}`` field: ``"{:,.1f} kg"``;
- a format spec for :func:`format`: ``",.2f"``, ``".1%"``, ``"+,d"``;
- a ``strftime`` pattern for date and datetime columns: ``"%d %b %Y"``;
- a callable taking the value and returning the text;
- one of the factories below: :func:`number`, :func:`percent`, :func:`currency`.

A string that Python's :func:`format` reads as a spec is one (``".1%"``, ``",.2f"``), except those
starting with a lone ``0`` (``0``, ``0.0``, ``0%``, ``0.00%``: a zero flag without a width, which
no one means in Python), which are Excel codes, as is everything Python cannot read (``#,##0``).

Missing values (NaN, None, NaT, null) never reach a format; they become the table's ``na_rep``.

>>> number(1)(1234.56), percent(0)(0.256), currency("€")(-1234.5)
('1,234.6', '26%', '-€1,234.50')
"""

from __future__ import annotations

import datetime as dt
import math
import re
from collections.abc import Callable
from typing import Any

from deckkit.errors import DataError, Problem
from deckkit.frames._backend import Column, kind_of_values
from deckkit.model.number_format import FormatCodeError, parse_format

__all__ = ["Format", "currency", "number", "percent"]

Format = str | Callable[[Any], str]
Formatter = Callable[[Any], str]


def number(decimals: int = 2, *, thousands: bool = True, prefix: str = "", suffix: str = "") -> Formatter:
    """Fixed decimals, with a thousands separator unless ``thousands=False``.

    >>> number(0, suffix=" units")(1500)
    '1,500 units'
    """
    spec = f"{',' if thousands else ''}.{decimals}f"

    def fmt(value: Any) -> str:
        return f"{prefix}{format(value, spec)}{suffix}"

    return fmt


def percent(decimals: int = 1) -> Formatter:
    """A fraction shown as a percentage: 0.256 -> ``25.6%``.

    >>> percent()(0.256)
    '25.6%'
    """
    spec = f".{decimals}%"
    return lambda value: format(value, spec)


def currency(symbol: str = "$", decimals: int = 2, *, thousands: bool = True) -> Formatter:
    """An amount with its currency symbol in front and the minus sign before the symbol.

    >>> currency()(1234.5), currency("£", 0)(-99.6)
    ('$1,234.50', '-£100')
    """
    spec = f"{',' if thousands else ''}.{decimals}f"

    def fmt(value: Any) -> str:
        text = format(abs(value), spec)
        # Rounding may turn a tiny negative into zero; then it carries no sign.
        negative = value < 0 and any(c not in "0.," for c in text)
        return f"{'-' if negative else ''}{symbol}{text}"

    return fmt


def _all_integral(values: list[Any]) -> bool:
    return all(v is None or (isinstance(v, float) and math.isfinite(v) and v.is_integer()) for v in values)


def _datetime_default(values: list[Any]) -> Formatter:
    with_time = any(
        isinstance(v, dt.datetime) and (v.hour, v.minute, v.second, v.microsecond) != (0, 0, 0, 0)
        for v in values
    )
    pattern = "%Y-%m-%d %H:%M" if with_time else "%Y-%m-%d"
    return lambda value: value.strftime(pattern)


def default_formatter(column: Column) -> Formatter:
    """How a column reads when no format is given.

    Integers get a thousands separator (``1,234``); floats two decimals (``1,234.57``), or none
    when every value is a whole number (an integer column with gaps is a float column in
    pandas, and must read the same as in polars); dates ``2024-01-31``; datetimes add ``13:45``
    when some value has a time of day; everything else ``str(value)``.
    """
    if column.kind == "int":
        return lambda value: f"{value:,}"
    if column.kind == "float":
        spec = ",.0f" if _all_integral(column.values) else ",.2f"
        return lambda value: format(value, spec)
    if column.kind == "datetime":
        return _datetime_default(column.values)
    if column.kind == "date":
        return lambda value: value.strftime("%Y-%m-%d")
    return str


def format_value(value: Any) -> str:
    """One value of no particular column, read as its kind's default (``1,234``, ``2024-01-31``)."""
    single = Column("value", "value", kind_of_values([value]), [value], type(value).__name__)
    return default_formatter(single)(value)


def label_formatter(column: Column) -> Formatter:
    """How a value reads as a label (an index level, a chart category): numbers as written.

    A year or an id is not a quantity: ``2024`` stays ``2024``, ``2.5`` stays ``2.5``.
    """
    if column.kind == "int":
        return str
    if column.kind == "float":
        return lambda value: f"{value:g}"
    return default_formatter(column)


def formatter_for(spec: Format | None, column: Column, where: str) -> Formatter:
    """The function that turns one value of ``column`` into text; ``where`` names the option for errors."""
    if spec is None:
        return default_formatter(column)
    if callable(spec):
        return _checked(spec, column, where)
    if not isinstance(spec, str):
        raise DataError(
            [Problem(where, f"a format must be a string or a callable, got {type(spec).__qualname__}")]
        )
    text = spec
    if "{" in text:
        return _checked(lambda value: text.format(value), column, where)
    if column.kind in ("date", "datetime") and "%" in text:
        return _checked(lambda value: value.strftime(text), column, where)
    if is_python_spec(text):
        return _checked(lambda value: format(value, text), column, where)
    try:
        code = parse_format(text)
    except FormatCodeError as error:
        raise DataError([Problem(where, str(error))]) from None
    return _checked(code.format, column, where)


# Python's format-spec grammar: [[fill]align][sign][z][#][0][width][grouping][.precision][type].
_PYTHON_SPEC = re.compile(r"(?:.?[<>=^])?[+\- ]?z?#?0?\d*[,_]?(?:\.\d+)?[bcdeEfFgGnosxX%]?")
_EXCEL_LEADING_ZERO = re.compile(r"0(?:[.,%]|$)")


def is_python_spec(text: str) -> bool:
    """Whether a format string is a Python format spec (else it is an Excel code)."""
    return text != "" and _PYTHON_SPEC.fullmatch(text) is not None and _EXCEL_LEADING_ZERO.match(text) is None


def _checked(fn: Callable[[Any], Any], column: Column, where: str) -> Formatter:
    def apply(value: Any) -> str:
        try:
            out = fn(value)
        except (ValueError, TypeError, KeyError, IndexError, AttributeError) as e:
            row = column.values.index(value) if value in column.values else None
            cell = f" at {column.path}[{row}]" if row is not None else ""
            raise DataError([Problem(where, f"cannot format {value!r}{cell}: {e}")]) from None
        if not isinstance(out, str):
            raise DataError(
                [
                    Problem(
                        where,
                        f"the format returned {type(out).__qualname__} for {value!r}; it must return a str",
                    )
                ]
            )
        return out

    return apply
