"""A long table split over copies of one template slide (``Deck.add_table_slides``).

The template is checked first, in the words of Python: the slide exists and the key names a
table on it (an unknown key cannot be paginated, so here it is an error, not the warning
``Deck.add_slide`` gives). The split itself is the renderer's
(:func:`deckkit.renderer.table_pages.table_pages`): each page filled and measured as a render
draws it, so that no page leaves its slide and the render warns about none.
"""

from __future__ import annotations

import json

from deckkit.errors import DataError, Problem
from deckkit.model.elements import Table
from deckkit.places import place_kind
from deckkit.renderer.filler import unused_key_message
from deckkit.renderer.table_pages import table_pages
from deckkit.template.inspect import Template
from deckkit.words import counted

__all__ = ["split_table"]


def split_table(
    template: Template,
    data: bytes,
    position: int,
    number: int,
    key: str,
    table: Table,
    *,
    header_rows: int,
    max_rows: int | None,
    label: str,
) -> list[Table]:
    """The pages of ``table`` for slide ``number`` of ``template`` (whose bytes are ``data``),
    its table ``key``, the first of them to be output slide ``position`` (from 0: for the data
    paths of messages). ``label``: how messages name the slide (``3``, ``3 of templates/x.pptx``)."""
    where = f"slides[{position}]"
    problems = []
    # Counts from a caller's variables ("3" read from a form) are said at the key, not as a TypeError.
    for name, count in (("max_rows", max_rows), ("header_rows", header_rows)):
        if count is not None and (not isinstance(count, int) or isinstance(count, bool)):
            problems.append(Problem(f"{where}.{key}", f"{name} is {count!r}: give a whole number of rows"))
    if problems:
        raise DataError(problems)
    if max_rows is not None and max_rows < 1:
        problems.append(
            Problem(f"{where}.{key}", f"max_rows is {max_rows}: give 1 or more rows per page, or None")
        )
    # A table of header rows alone (an empty DataFrame) is one page, as add_slide would show it.
    if not 0 <= header_rows <= len(table.rows):
        problems.append(
            Problem(
                f"{where}.{key}",
                f"header_rows is {header_rows}, but the table has {counted(len(table.rows), 'row')}: "
                f"give 0 to {len(table.rows)} (the rows repeated on every page)",
            )
        )
    count = len(template.slides)
    if not 1 <= number <= count:
        problems.append(
            Problem(
                f"{where}.template",
                f"template slide {number} does not exist; {template.name} has slides 1 to {count}",
            )
        )
    else:
        problems += _key_problems(template, where, number, key, label)
    if problems:
        raise DataError(problems)
    pages = table_pages(
        data,
        number,
        key,
        table,
        header_rows=header_rows,
        max_rows=max_rows,
        path=f"{where}.{key}",
        label=label,
    )
    return pages.tables(table)


def _key_problems(template: Template, where: str, number: int, key: str, label: str) -> list[Problem]:
    slide = template.slide(number)
    kinds = [p.kind for p in slide.placeholders if p.key == key]
    if not kinds:
        keys = [p.key for p in slide.placeholders]
        message = unused_key_message(key, label, keys).replace("; the value is not used", "")
        message += ": add_table_slides needs the key of a table"
        untagged = [u for u in slide.untagged if u.kind == "table"]
        if untagged:
            # A table made by a tool that writes no alt text (PptxGenJS): say it is there and how
            # to give it the key, as the render says it for add_slide.
            file = template.name if template.name.lower().endswith(".pptx") else "template.pptx"
            message += (
                f"; the slide has {counted(len(untagged), 'table')} without alt text "
                f"({', '.join(json.dumps(u.name) for u in untagged)}): give the one to fill the alt text "
                f'"{key}" (Format Shape > Alt Text > Description, or {untagged[0].command(file, number, key)})'
            )
        return [Problem(f"{where}.{key}", message)]
    if "table" not in kinds:
        noun = place_kind(kinds[0]).noun
        return [
            Problem(
                f"{where}.{key}",
                f"`{key}` is {noun} on template slide {label}: add_table_slides fills a table "
                "(give a table the alt text, or use add_slide)",
            )
        ]
    return []
