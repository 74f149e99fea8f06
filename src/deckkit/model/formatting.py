"""Formats in data.json: an Excel format code on a Text, a table cell or a table column turns a
number (or a date) into the text the slide shows, when the data is read.

So the renderer, the SDK and every JSON or HTTP client show the same text: the models hold it,
and everything after reading sees strings. A value without a format that is a number reads as
Excel's ``General`` does. A malformed code is left for the model's own field check to report
(``slides[0].total.format: ...``); a code on a string that is no ISO date leaves it as it is.
"""

from __future__ import annotations

import datetime as dt
import math
from typing import Annotated, Any

from pydantic import AfterValidator, Strict
from pydantic_core import PydanticCustomError

from deckkit.model.number_format import FormatCodeError, NumberFormat, parse_format

__all__ = ["FormatCode", "formatted_cell", "formatted_column_cells", "general_text", "number_cell"]

_GENERAL = parse_format("General")


def _format_code(code: str) -> str:
    try:
        parse_format(code)
    except FormatCodeError as error:
        raise PydanticCustomError("format_code", "{reason}", {"reason": str(error)}) from None
    return code


FormatCode = Annotated[str, Strict(), AfterValidator(_format_code)]
"""An Excel number or date format code of the supported subset (deckkit.model.number_format)."""


def _parsed(code: Any) -> NumberFormat | None:
    if type(code) is not str:
        return None
    try:
        return parse_format(code)
    except FormatCodeError:
        return None  # reported by the field's own check, with its path


def _formattable(value: Any) -> bool:
    return isinstance(value, int | float | str | dt.date) and not isinstance(value, bool)


def _shown(fmt: NumberFormat, value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return value  # not finite: the value's own check says so
    try:
        return fmt.format(value)
    except (FormatCodeError, OverflowError, ValueError):
        return value  # a negative date: left for the value's check ("expected a string")


def general_text(value: int | float) -> str:
    """A number as Excel's General format shows it (``1234.5``, ``0.3``, ``1.23457E+11``)."""
    shown: str = _shown(_GENERAL, value)
    return shown


def number_cell(value: Any) -> str:
    """A number given as a table cell, as text (General); the union routes only numbers here."""
    if isinstance(value, float) and not math.isfinite(value):
        raise PydanticCustomError("finite_number", "must be a finite number")
    return general_text(value)


def formatted_cell(data: Any) -> Any:
    """A Text or table cell object (a dict of data.json) with its value shown under its format."""
    if type(data) is not dict:
        return data
    value = data.get("value")
    code = data.get("format")
    if code is None and type(value) is str:
        return data  # the common case: text as it is
    if not _formattable(value) or (code is None and isinstance(value, str | dt.date)):
        return data
    # A code that will not do is reported at the format alone: the value reads as General meanwhile.
    fmt = (_parsed(code) if code is not None else None) or _GENERAL
    if isinstance(value, str | dt.date) and fmt is _GENERAL:
        return data
    return {**data, "value": _shown(fmt, value)}


def formatted_column_cells(data: Any) -> Any:
    """A Table (a dict of data.json) whose ``column_formats`` are given to the cells of their
    column that have no format of their own (numbers, dates; text stays text)."""
    if type(data) is not dict or type(data.get("column_formats")) is not list:
        return data
    rows = data.get("rows")
    if type(rows) is not list:
        return data
    formats = [_parsed(code) for code in data["column_formats"]]
    new_rows = []
    for row in rows:
        if type(row) is not list:
            new_rows.append(row)
            continue
        cells = list(row)
        for j, fmt in enumerate(formats[: len(cells)]):
            cell = cells[j]
            if fmt is None:
                continue
            if type(cell) is dict and "format" not in cell and _formattable(cell.get("value")):
                cells[j] = {**cell, "format": fmt.code}
            elif _formattable(cell):
                cells[j] = _shown(fmt, cell)
        new_rows.append(cells)
    return {**data, "rows": new_rows}
