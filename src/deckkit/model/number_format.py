"""Excel number and date format codes (``0.0%``, ``#,##0``, ``$#,##0.00;($#,##0.00)``, ``mmm yyyy``):
the one format language of data.json, applied when the data is read, so that every client gets
the same text.

No maintained Python library formats Excel codes: openpyxl and XlsxWriter only store them,
Babel formats Unicode LDML patterns (``MM`` is a month there, a minute in Excel; no sections or
colours), and ``ssf`` (a port of SheetJS's formatter) has had no release since 2020. This module
formats the subset docs/data-format.md lists, as Excel shows it (English month and day names,
``.`` and ``,`` as the decimal and thousands separators), and refuses the rest naming the part:

- up to four sections ``positive;negative;zero;text``; a negative value shown by the second
  section loses its minus sign (the section writes its own, or parentheses);
- digit placeholders ``0`` ``#`` ``?``, the decimal point, ``,`` between digits (thousands) or
  after them (each one divides by 1,000), ``%`` (times 100), ``E+00`` / ``E-00`` (scientific);
- literal text: ``"quoted"``, ``\\x``, ``$ - + ( ) : / space`` and the like, ``[$€-407]``
  (a currency symbol), ``_x`` (a space as wide as x), ``*x`` (a fill, shown as nothing), ``@``
  (the text itself, in a text section); ``[Red]`` and other colours are accepted and not applied;
- dates and times: ``yy yyyy m mm mmm mmmm mmmmm d dd ddd dddd h hh m mm s ss AM/PM A/P``
  (``m`` after ``h`` or before ``s`` is minutes), of a date, an ISO date string
  (``2026-03-31``, ``2026-03-31T14:05``) or a serial number (days since 1899-12-30);
- ``General``.

Text is shown as it is unless the code has a text section; a number under a date code is a
serial date. Rounding is half away from zero on the decimal digits the number is written with
(``2.675`` to ``2.68``), as Excel does.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from functools import lru_cache
from typing import Final

__all__ = ["FormatCodeError", "FormatValue", "NumberFormat", "format_value", "parse_format"]

FormatValue = int | float | str | dt.date | dt.datetime

_MONTHS: Final = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]
_DAYS: Final = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
_EPOCH: Final = dt.datetime(1899, 12, 30)
_LITERAL_CHARS: Final = frozenset("$-+/():!^&'~{}<>= €£¥")
_COLOURS: Final = frozenset(["black", "blue", "cyan", "green", "magenta", "red", "white", "yellow"])
_DATE_LETTERS: Final = frozenset("ymdhsYMDHS")
_ISO_DATE: Final = re.compile(r"\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?")


class FormatCodeError(ValueError):
    """A format code outside the supported subset, or malformed; the message names the part."""


@dataclass
class _Section:
    tokens: list[tuple[str, str]] = field(default_factory=list)  # (kind, text)
    is_date: bool = False
    is_text: bool = False
    is_general: bool = False
    percent: int = 0
    scale: int = 0  # commas right after the last digit placeholder: divide by 1000 each
    grouping: bool = False
    decimals: int = 0
    exponent: bool = False


@dataclass(frozen=True)
class NumberFormat:
    """A parsed format code: ``format(value)`` is the text Excel shows."""

    code: str
    sections: tuple[_Section, ...]

    @property
    def is_date(self) -> bool:
        return self.sections[0].is_date

    def format(self, value: FormatValue) -> str:
        return format_value(self, value)


@lru_cache(maxsize=512)
def parse_format(code: str) -> NumberFormat:
    """The format code parsed; FormatCodeError saying which part is not supported."""
    parts = _split_sections(code)
    if len(parts) > 4:
        raise FormatCodeError(f"{code!r} has {len(parts)} sections; at most 4 (positive;negative;zero;text)")
    sections = tuple(_parse_section(part, code) for part in parts)
    return NumberFormat(code, sections)


def _split_sections(code: str) -> list[str]:
    parts, current, i = [], [], 0
    while i < len(code):
        c = code[i]
        if c == '"':
            end = code.find('"', i + 1)
            if end < 0:
                raise FormatCodeError(f"{code!r} opens a quote it does not close")
            current.append(code[i : end + 1])
            i = end + 1
            continue
        if c == "\\" and i + 1 < len(code):
            current.append(code[i : i + 2])
            i += 2
            continue
        if c == ";":
            parts.append("".join(current))
            current = []
        else:
            current.append(c)
        i += 1
    parts.append("".join(current))
    return parts


def _parse_section(text: str, code: str) -> _Section:
    section = _Section()
    tokens = section.tokens
    i = 0
    lowered = text.lower()
    if lowered.strip() == "general":
        section.is_general = True
        section.tokens.append(("general", ""))
        return section
    while i < len(text):
        c = text[i]
        if c == '"':
            end = text.find('"', i + 1)
            tokens.append(("literal", text[i + 1 : end]))
            i = end + 1
        elif c == "\\":
            tokens.append(("literal", text[i + 1 : i + 2]))
            i += 2
        elif c == "_":
            tokens.append(("literal", " "))
            i += 2
        elif c == "*":
            i += 2
        elif c == "[":
            end = text.find("]", i)
            if end < 0:
                raise FormatCodeError(f"{code!r}: a [ without its ]")
            tokens.extend(_bracket(text[i + 1 : end], code))
            i = end + 1
        elif lowered.startswith("general", i):
            tokens.append(("general", ""))
            section.is_general = True
            i += 7
        elif lowered.startswith("am/pm", i):
            tokens.append(("ampm", text[i : i + 5]))
            section.is_date = True
            i += 5
        elif lowered.startswith("a/p", i):
            tokens.append(("ap", text[i : i + 3]))
            section.is_date = True
            i += 3
        elif c in _DATE_LETTERS:
            run = len(text[i:]) - len(text[i:].lstrip(c + c.swapcase()))
            tokens.append(("date", c.lower() * run))
            section.is_date = True
            i += run
        elif c in "0#?":
            tokens.append(("digit", c))
            i += 1
        elif c == ".":
            tokens.append(("point", "."))
            i += 1
        elif c == ",":
            tokens.append(("comma", ","))
            i += 1
        elif c == "%":
            tokens.append(("literal", "%"))
            section.percent += 1
            i += 1
        elif c in "Ee" and i + 1 < len(text) and text[i + 1] in "+-":
            tokens.append(("exp", text[i + 1]))
            section.exponent = True
            i += 2
        elif c == "@":
            tokens.append(("text", "@"))
            section.is_text = True
            i += 1
        elif c in _LITERAL_CHARS or c.isspace():
            tokens.append(("literal", c))
            i += 1
        else:
            raise FormatCodeError(
                f'{code!r}: "{c}" is not part of a number or date format; put literal text in quotes ("{c}")'
            )
    if section.is_date:
        # In a date, "." and "," are plain text (dd.mm.yyyy, dddd, mmmm d).
        section.tokens = [
            ("literal", t) if k in ("point", "comma") and not _after_seconds(section.tokens, i) else (k, t)
            for i, (k, t) in enumerate(section.tokens)
        ]
        _check_date_section(section, code)
    else:
        _measure_number_section(section, code)
    return section


def _bracket(inner: str, code: str) -> list[tuple[str, str]]:
    if inner.startswith("$"):
        symbol = inner[1:].split("-", 1)[0]
        return [("literal", symbol)] if symbol else []
    if inner.lower() in _COLOURS or re.fullmatch(r"(?i)color\s*\d{1,2}", inner):
        return []  # a colour: the text is styled by the cell or run instead
    if inner[:1] in "<>=":
        raise FormatCodeError(f"{code!r}: conditions such as [{inner}] are not supported; use sections")
    raise FormatCodeError(f"{code!r}: [{inner}] is not supported (elapsed times, locales)")


def _after_seconds(tokens: list[tuple[str, str]], index: int) -> bool:
    return index > 0 and tokens[index - 1] in (("date", "s"), ("date", "ss"))


def _check_date_section(section: _Section, code: str) -> None:
    for kind, text in section.tokens:
        if kind in ("digit", "point", "exp", "text", "general", "comma"):
            if kind == "point":
                raise FormatCodeError(f"{code!r}: fractions of a second (ss.00) are not supported")
            raise FormatCodeError(
                f"{code!r} mixes a date with a number part ({text!r}); use one or the other"
            )
        if kind == "date" and text[0] in "ds" and len(text) > 4:
            raise FormatCodeError(f'{code!r}: "{text}" is not a date part')
        if section.percent:
            raise FormatCodeError(f"{code!r} mixes a date with a percent sign")


def _measure_number_section(section: _Section, code: str) -> None:
    tokens = section.tokens
    digits = [i for i, (kind, _) in enumerate(tokens) if kind == "digit"]
    point = next((i for i, (kind, _) in enumerate(tokens) if kind == "point"), None)
    exp = next((i for i, (kind, _) in enumerate(tokens) if kind == "exp"), None)
    if "/" in "".join(t for k, t in tokens if k == "literal") and digits:
        slash = next(i for i, (k, t) in enumerate(tokens) if t == "/")
        if digits[0] < slash < digits[-1]:
            raise FormatCodeError(f"{code!r}: fractions (# ?/?) are not supported")
    if not digits:
        return
    end = exp if exp is not None else len(tokens)
    integer_end = point if point is not None else end
    for i, (kind, _) in enumerate(tokens[:end]):
        if kind != "comma":
            continue
        if not any(k == "digit" for k, _ in tokens[i + 1 : end]):
            section.scale += 1  # after the last digit placeholder: thousands
        elif digits[0] < i < integer_end:
            section.grouping = True
    if point is not None:
        section.decimals = sum(1 for i in digits if i > point and (exp is None or i < exp))


def format_value(fmt: NumberFormat, value: FormatValue) -> str:
    """``value`` as Excel shows it under ``fmt``."""
    if isinstance(value, str):
        when = _iso_datetime(value) if fmt.is_date else None
        if when is None:
            return _text(fmt, value)
        return _date(fmt.sections[0], when)
    if isinstance(value, dt.datetime | dt.date):
        when = value if isinstance(value, dt.datetime) else dt.datetime(value.year, value.month, value.day)
        section = fmt.sections[0]
        if not section.is_date:
            return _number(section, _serial(when), negative_section=False)
        return _date(section, when)
    number = float(value) if not isinstance(value, int) else value
    sections = fmt.sections
    numeric = [s for s in sections if not s.is_text]
    if not numeric:
        return str(value)
    if number < 0 and len(numeric) >= 2:
        section, negative_section = numeric[1], True
    elif number == 0 and len(numeric) >= 3:
        section, negative_section = numeric[2], True
    else:
        section, negative_section = numeric[0], False
    if section.is_date:
        if number < 0:
            raise FormatCodeError(f"{fmt.code!r}: a negative number is no date")
        return _date(section, _EPOCH + dt.timedelta(days=float(number)))
    return _number(section, number, negative_section=negative_section)


def _text(fmt: NumberFormat, value: str) -> str:
    text_section = next((s for s in fmt.sections if s.is_text), None)
    if text_section is None:
        return value
    return "".join(
        value if kind == "text" else text for kind, text in text_section.tokens if kind in ("text", "literal")
    )


def _iso_datetime(value: str) -> dt.datetime | None:
    if _ISO_DATE.fullmatch(value) is None:
        return None
    try:
        return dt.datetime.fromisoformat(value)
    except ValueError:
        return None


def _serial(when: dt.datetime) -> float:
    return (when - _EPOCH) / dt.timedelta(days=1)


def _general(number: int | float) -> str:
    magnitude = abs(number)
    if magnitude < 1e11 and (isinstance(number, int) or number.is_integer()):
        return str(int(number))
    if magnitude >= 1e11 or magnitude < 1e-9:
        mantissa, exponent = f"{number:.5E}".split("E")
        mantissa = mantissa.rstrip("0").rstrip(".")
        return f"{mantissa}E{exponent[0]}{exponent[1:].lstrip('0').rjust(2, '0')}"
    integer_digits = len(str(int(magnitude))) if magnitude >= 1 else 1
    text = f"{number:.{max(0, 10 - integer_digits)}f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def _number(section: _Section, number: int | float, *, negative_section: bool) -> str:
    if section.is_general and not any(kind == "digit" for kind, _ in section.tokens):
        shown = _general(abs(number) if negative_section else number)
        return "".join(
            shown if kind == "general" else text for kind, text in section.tokens if kind != "text"
        )
    tokens = section.tokens
    if not any(kind == "digit" for kind, _ in tokens):
        text = "".join(t for k, t in tokens if k == "literal")
        return ("-" if number < 0 and not negative_section else "") + text
    value = Decimal(repr(number)) if isinstance(number, float) else Decimal(number)
    value = value * (100**section.percent) / (1000**section.scale)
    sign = "-" if value < 0 and not negative_section else ""
    value = abs(value)
    return sign + (_scientific(section, value) if section.exponent else _fixed(section, value))


def _fixed(section: _Section, value: Decimal) -> str:
    rounded = value.quantize(Decimal(1).scaleb(-section.decimals), rounding=ROUND_HALF_UP)
    integer_text, _, fraction_text = f"{rounded:f}".partition(".")
    tokens = section.tokens
    point = next((i for i, (kind, _) in enumerate(tokens) if kind == "point"), len(tokens))
    integer_slots = [i for i in range(point) if tokens[i][0] == "digit"]
    fraction_slots = [i for i in range(point, len(tokens)) if tokens[i][0] == "digit"]
    out: dict[int, str] = {}
    # Integer digits from the right; the leftmost slot takes whatever digits are left over.
    digits = integer_text.lstrip("0")
    if section.grouping:
        minimum = sum(1 for i in integer_slots if tokens[i][1] == "0")
        digits = digits.rjust(minimum, "0")
        if integer_slots:
            out[integer_slots[0]] = _group(digits) if digits else ""
            for i in integer_slots[1:]:
                out[i] = ""
    else:
        remaining = digits
        for position, i in enumerate(reversed(integer_slots)):
            is_first = position == len(integer_slots) - 1
            if is_first:
                take, remaining = remaining, ""
            else:
                take, remaining = remaining[-1:], remaining[:-1]
            if take:
                out[i] = take
            else:
                out[i] = {"0": "0", "?": " ", "#": ""}[tokens[i][1]]
    fraction = fraction_text.ljust(len(fraction_slots), "0")
    # Trailing zeros under # are dropped, under ? become spaces.
    shown_fraction = list(fraction)
    for j in range(len(fraction_slots) - 1, -1, -1):
        kind = tokens[fraction_slots[j]][1]
        if shown_fraction[j] != "0" or kind == "0":
            break
        shown_fraction[j] = "" if kind == "#" else " "
    for j, i in enumerate(fraction_slots):
        out[i] = shown_fraction[j]
    pieces = []
    for i, (kind, text) in enumerate(tokens):
        if kind == "digit":
            pieces.append(out.get(i, ""))
        elif kind == "point":
            pieces.append(".")
        elif kind == "literal":
            pieces.append(text)
    return "".join(pieces)


def _group(digits: str) -> str:
    head = len(digits) % 3 or 3
    return ",".join([digits[:head], *(digits[i : i + 3] for i in range(head, len(digits), 3))])


def _scientific(section: _Section, value: Decimal) -> str:
    tokens = section.tokens
    exp_at = next(i for i, (kind, _) in enumerate(tokens) if kind == "exp")
    mantissa_tokens = tokens[:exp_at]
    exponent_digits = sum(1 for kind, _ in tokens[exp_at + 1 :] if kind == "digit")
    exponent = 0 if value == 0 else value.adjusted()
    mantissa = value.scaleb(-exponent)
    mantissa = mantissa.quantize(Decimal(1).scaleb(-section.decimals), rounding=ROUND_HALF_UP)
    if mantissa >= 10:
        mantissa, exponent = mantissa / 10, exponent + 1
    body = _fixed(_Section(tokens=mantissa_tokens, decimals=section.decimals), mantissa)
    sign = "-" if exponent < 0 else ("+" if tokens[exp_at][1] == "+" else "")
    tail = "".join(t for k, t in tokens[exp_at + 1 :] if k == "literal")
    return f"{body}E{sign}{str(abs(exponent)).rjust(exponent_digits, '0')}{tail}"


def _date(section: _Section, when: dt.datetime) -> str:
    tokens = section.tokens
    twelve_hour = any(kind in ("ampm", "ap") for kind, _ in tokens)
    pieces = []
    for i, (kind, text) in enumerate(tokens):
        if kind == "literal":
            pieces.append(text)
        elif kind == "ampm":
            pieces.append("AM" if when.hour < 12 else "PM")
        elif kind == "ap":
            pieces.append(
                ("A" if when.hour < 12 else "P") if text[0].isupper() else ("a" if when.hour < 12 else "p")
            )
        elif kind == "date":
            pieces.append(_date_part(text, when, _is_minutes(tokens, i), twelve_hour))
    return "".join(pieces)


def _is_minutes(tokens: list[tuple[str, str]], index: int) -> bool:
    """``m``/``mm`` is minutes right after an hour or right before seconds (literals between)."""
    if tokens[index][1] not in ("m", "mm"):
        return False
    before = [t for k, t in tokens[:index] if k == "date"]
    after = [t for k, t in tokens[index + 1 :] if k == "date"]
    return bool(before and before[-1][0] == "h") or bool(after and after[0][0] == "s")


def _date_part(text: str, when: dt.datetime, minutes: bool, twelve_hour: bool) -> str:
    letter, width = text[0], len(text)
    if letter == "y":
        return f"{when.year % 100:02d}" if width <= 2 else f"{when.year:04d}"
    if letter == "m" and minutes:
        return f"{when.minute:0{width}d}"
    if letter == "m":
        if width <= 2:
            return f"{when.month:0{width}d}"
        name = _MONTHS[when.month - 1]
        return name[:3] if width == 3 else (name if width == 4 else name[0])
    if letter == "d":
        if width <= 2:
            return f"{when.day:0{width}d}"
        name = _DAYS[when.weekday()]
        return name[:3] if width == 3 else name
    if letter == "h":
        hour = (when.hour % 12 or 12) if twelve_hour else when.hour
        return f"{hour:0{min(width, 2)}d}"
    # seconds, rounded as Excel shows them
    second = when.second + (1 if when.microsecond >= 500_000 else 0)
    return f"{min(second, 59):0{min(width, 2)}d}"
