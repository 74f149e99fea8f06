"""Spreadsheet number formats as the notebook's chart previews show them (a common subset).

A chart's axis ``format`` (``#,##0``, ``0.0%``, ``"$"#,##0.00``) and its ``date_labels_format``
(``mmm yy``, ``d mmm yyyy``) are PowerPoint's number-format codes; the preview shows its tick
labels with them, as the rendered chart will. Only the first section of a code counts (the one
for positive numbers); ``General`` and codes outside this subset show the number plainly.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable

__all__ = ["date_formatter", "number_formatter"]

_PLACES = re.compile(r"[0#?][0#?,]*(\.[0#?]*)?")
_DATE_TOKENS = re.compile(r"yyyy|yy|mmmm|mmm|mm|m|dddd|ddd|dd|d|\"[^\"]*\"|\\.|.", re.IGNORECASE)


def _literal(text: str) -> str:
    """A code's literal text: quotes and escapes taken off, [colour]/[$-409] markers dropped."""
    text = re.sub(r"\[[^\]]*\]", "", text)
    return re.sub(r'"([^"]*)"|\\(.)|[_*].', lambda m: m.group(1) or m.group(2) or "", text)


def number_formatter(code: str | None) -> Callable[[float], str]:
    """A function writing a number as the code shows it."""
    section = (code or "").split(";")[0]
    found = _PLACES.search(section)
    if found is None or section.strip().lower() == "general":
        return lambda v: f"{v:g}"
    places = found.group(0)
    decimals = len(found.group(1) or ".") - 1
    grouped = "," in places.split(".")[0]
    percent = "%" in section
    before, after = _literal(section[: found.start()]), _literal(section[found.end() :])

    def show(value: float) -> str:
        number = value * 100 if percent else value
        text = f"{number:,.{decimals}f}" if grouped else f"{number:.{decimals}f}"
        return f"{before}{text}{after}"

    return show


def date_formatter(code: str | None) -> Callable[[dt.date], str]:
    """A function writing a date as the code shows it (ISO dates without a code)."""
    if not code:
        return lambda d: d.isoformat()
    tokens = _DATE_TOKENS.findall(code.split(";")[0])

    def show(day: dt.date) -> str:
        out = []
        for token in tokens:
            t = token.lower()
            out.append(
                {
                    "yyyy": f"{day.year:04d}",
                    "yy": f"{day.year % 100:02d}",
                    "mmmm": day.strftime("%B"),
                    "mmm": day.strftime("%b"),
                    "mm": f"{day.month:02d}",
                    "m": str(day.month),
                    "dddd": day.strftime("%A"),
                    "ddd": day.strftime("%a"),
                    "dd": f"{day.day:02d}",
                    "d": str(day.day),
                }.get(t, _literal(token))
            )
        return "".join(out)

    return show
