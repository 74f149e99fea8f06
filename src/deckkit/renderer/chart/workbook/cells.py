"""The cells of a chart's data block as SpreadsheetML text: numbers, dates and inline strings.

Values arrive formatted once (:func:`format_number`, shared with the chart's caches): a
:class:`NumberText` is written as a number, a :class:`DateNumber` as a number in the block's date
format, any other text inline (``t="inlineStr"``), so that the shared string table never changes.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = [
    "CellValue",
    "DateNumber",
    "NumberText",
    "cell_xml",
    "escape_text",
    "format_number",
    "number_row_template",
    "plain_row_cells",
    "xml_safe",
]

from deckkit.ooxml.xml_escape import escape_text, xml_safe

CellValue = str | int | float | None


def format_number(value: float) -> str:
    """Shortest text that reads back as the same number (``3`` for 3.0, as spreadsheets write it)."""
    text = repr(value)
    return text[:-2] if text.endswith(".0") else text


class NumberText(str):
    """A number already formatted with :func:`format_number` (written as a number, not text)."""

    __slots__ = ()


class DateNumber(NumberText):
    """A day serial, written with the block's date format so that "Edit Data" shows a date."""

    __slots__ = ()


def cell_xml(ref: str, value: CellValue, style: str | None) -> str:
    s = f' s="{style}"' if style else ""
    if value is None:
        return f'<c r="{ref}"{s}/>' if style else ""
    if isinstance(value, NumberText):
        return f'<c r="{ref}"{s}><v>{value}</v></c>'
    if isinstance(value, str):
        space = ' xml:space="preserve"' if value != value.strip() else ""
        return f'<c r="{ref}"{s} t="inlineStr"><is><t{space}>{escape_text(xml_safe(value))}</t></is></c>'
    return f'<c r="{ref}"{s}><v>{format_number(value)}</v></c>'


def number_row_template(letters: Sequence[str], plain: Sequence[str]) -> str:
    """The format of a row of numbers: ``{0}`` the row number, ``{1}``... the values' texts."""
    # A style attribute is read from the sheet: its braces (never in a valid one) are escaped.
    return "".join(
        [
            f'<c r="{letter}{{0}}"{s.replace("{", "{{").replace("}", "}}")}><v>{{{j + 1}}}</v></c>'
            for j, (letter, s) in enumerate(zip(letters, plain, strict=True))
        ]
    )


def plain_row_cells(
    row_no: int,
    values: Sequence[CellValue],
    letters: list[str],
    plain: list[str],
    column_styles: dict[int, str],
    left: int,
    date_style: str | None,
    number_row: str,
) -> str:
    """The cells of a row past the template's block, as text (the fast path of large charts).

    number_row is :func:`number_row_template` of letters and plain, made once per block.
    """
    if len(values) == len(letters) and set(map(type, values)) == {NumberText}:
        # A row of numbers only (the bulk of a large chart): one str.format call in C.
        return number_row.format(row_no, *values)
    cells = []
    for j, value in enumerate(values):
        kind = type(value)
        if kind is NumberText:
            cells.append(f'<c r="{letters[j]}{row_no}"{plain[j]}><v>{value}</v></c>')
        elif kind is DateNumber and date_style is not None:
            cells.append(f'<c r="{letters[j]}{row_no}" s="{date_style}"><v>{value}</v></c>')
        elif value is not None:
            cells.append(cell_xml(f"{letters[j]}{row_no}", value, column_styles.get(left + j)))
    return "".join(cells)
