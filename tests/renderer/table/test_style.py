"""The built-in table style's fill of a cell, kept beside a data bar."""

from __future__ import annotations

import pytest
from lxml import etree

from deckkit.renderer.table.style import style_fill_color

A = "http://schemas.openxmlformats.org/drawingml/2006/main"


def table(style: str, **flags: str) -> etree._Element:
    attrs = " ".join(f'{k}="{v}"' for k, v in flags.items())
    return etree.fromstring(
        f'<a:tbl xmlns:a="{A}"><a:tblPr {attrs}><a:tableStyleId>{style}</a:tableStyleId></a:tblPr></a:tbl>'
    )


def described(color: etree._Element | None) -> str | None:
    if color is None:
        return None
    tint = color.find(f"{{{A}}}tint")
    return color.get("val") + (f"@{tint.get('val')}" if tint is not None else "")


ACCENT2 = "{21E4AEA4-8DFA-4A89-87EB-49C32662AFE0}"


@pytest.mark.parametrize(
    ("flags", "cell", "expected"),
    [
        ({"firstRow": "1", "bandRow": "1"}, (0, 1), "accent2"),
        ({"firstRow": "1", "bandRow": "1"}, (1, 1), "accent2@40000"),
        ({"firstRow": "1", "bandRow": "1"}, (2, 1), "accent2@20000"),
        ({"bandRow": "1"}, (0, 1), "accent2@40000"),
        ({}, (3, 3), "accent2@20000"),
        ({"lastRow": "1", "lastCol": "1"}, (4, 1), "accent2"),
        ({"lastCol": "1"}, (1, 3), "accent2"),
        ({"firstCol": "1", "bandCol": "1"}, (2, 1), "accent2@40000"),
        ({"firstCol": "1", "bandCol": "1"}, (2, 2), "accent2@20000"),
    ],
)
def test_medium_style_2_regions(flags: dict[str, str], cell: tuple[int, int], expected: str) -> None:
    assert described(style_fill_color(table(ACCENT2, **flags), *cell, 5, 4)) == expected


def test_unknown_styles_and_tables_without_style_give_none() -> None:
    assert style_fill_color(table("{2D5ABB26-0587-4C30-8999-92F81FD0307C}"), 0, 0, 2, 2) is None
    assert style_fill_color(etree.fromstring(f'<a:tbl xmlns:a="{A}"/>'), 0, 0, 2, 2) is None
