"""Format codes in data.json (cells, columns, Text values), from the SDK, and what a render shows."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from typing import Any

import pytest

from deckkit.errors import DataError
from deckkit.model import Table, TableCell, Text, parse_data

TABLE: dict[str, Any] = {
    "type": "table",
    "column_formats": [None, "$#,##0", "0.0%", "mmm yyyy"],
    "rows": [
        ["Region", "Revenue", "Share", "Since"],
        ["North", 1234567.8, 0.256, "2024-01-15"],
        [
            "South",
            {"value": -5120.5, "format": "#,##0;(#,##0)"},
            {"value": 0.1, "styles": {"font": {"bold": True}}},
            45300,
        ],
        ["Total", 1229447.3, 1, "n/a"],
    ],
}


def _values(data: Any) -> dict[str, Any]:
    return parse_data({"slides": [{"template": 2, **data}]}).slides[0].values


def test_cells_columns_and_text_values_show_their_format() -> None:
    values = _values({"sales": TABLE, "caption": {"value": 0.0523, "format": "+0.0%"}})
    rows = [[c if isinstance(c, str) else c.value for c in row] for row in values["sales"].rows]
    assert rows == [
        ["Region", "Revenue", "Share", "Since"],
        ["North", "$1,234,568", "25.6%", "Jan 2024"],
        ["South", "(5,121)", "10.0%", "Jan 2024"],
        ["Total", "$1,229,447", "100.0%", "n/a"],
    ]
    assert values["sales"].rows[2][2].styles.font.bold  # a cell object keeps its styles
    assert values["caption"].value == "+5.2%"


def test_a_number_without_a_format_reads_as_general() -> None:
    values = _values({"caption": {"value": 0.1 + 0.2}, "sales": {"type": "table", "rows": [[1.5, 2, 1e12]]}})
    assert values["caption"].value == "0.3"
    assert values["sales"].rows == [["1.5", "2", "1E+12"]]


def test_written_data_reads_back_the_same() -> None:
    deck = parse_data({"slides": [{"template": 2, "sales": TABLE}]})
    again = parse_data(deck.to_json_dict())
    assert again.slides[0].values["sales"].rows == deck.slides[0].values["sales"].rows


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        (
            {"value": 1, "format": "0.0x"},
            "slides[0].caption.format: '0.0x': \"x\" is not part of a number or date format",
        ),
        (
            {"type": "table", "rows": [[1]], "column_formats": ["[>1]0"]},
            "slides[0].caption.column_formats[0]: '[>1]0': conditions such as [>1] are not supported",
        ),
        (
            {"type": "table", "rows": [[{"value": 2, "format": "# ?/?"}]]},
            "slides[0].caption.rows[0][0].format: '# ?/?': fractions (# ?/?) are not supported",
        ),
        ({"value": 5, "format": 3}, "slides[0].caption.format: must be a string, got number 3"),
    ],
)
def test_a_bad_format_is_an_error_at_its_path(value: Any, problem: str) -> None:
    with pytest.raises(DataError) as caught:
        _values({"caption": value})
    assert any(str(p).startswith(problem) for p in caught.value.problems), caught.value.problems


def test_the_sdk_takes_the_same_codes() -> None:
    pd = pytest.importorskip("pandas")
    assert Text(value=0.256, format="0.0%").value == "25.6%"  # type: ignore[arg-type]
    assert TableCell(value=-3, format="0;(0)").value == "(3)"  # type: ignore[arg-type]
    assert Table(rows=[["a", 0.5]], column_formats=[None, "0%"]).rows == [["a", "50%"]]
    frame = pd.DataFrame(
        {
            "share": [0.256, 0.1],
            "revenue": [1234.5, -99.0],
            "when": pd.to_datetime(["2026-03-31", "2026-04-01"]),
        }
    )
    table = Table.from_dataframe(
        frame,
        index=False,
        formats={"share": "0.0%", "revenue": "$#,##0.00;($#,##0.00)", "when": "mmm d, yyyy"},
    )
    body = [[c if isinstance(c, str) else c.value for c in row] for row in table.rows[1:]]
    assert body == [["25.6%", "$1,234.50", "Mar 31, 2026"], ["10.0%", "($99.00)", "Apr 1, 2026"]]
    # Python format specs stay what they were.
    table = Table.from_dataframe(frame[["share"]], index=False, formats={"share": ".1%"})
    assert [c if isinstance(c, str) else c.value for c in table.rows[1]] == ["25.6%"]
    with pytest.raises(DataError, match=r"formats\['share'\]: '0.0x'"):
        Table.from_dataframe(frame[["share"]], index=False, formats={"share": "0.0x"})


def test_a_render_shows_the_formatted_text(tmp_path: Path) -> None:
    from deckkit import examples
    from deckkit.renderer import render
    from tests.readers import assert_readable

    template = Path(examples.template())
    data = {
        "slides": [
            {"template": 2, "sales": TABLE, "caption": {"value": "2026-03-31", "format": "d mmmm yyyy"}}
        ]
    }
    out = tmp_path / "out.pptx"
    out.write_bytes(render(template, data).pptx)
    assert_readable(out, template, pages=1, libreoffice=False)
    with zipfile.ZipFile(io.BytesIO(out.read_bytes())) as pptx:
        slide = pptx.read("ppt/slides/slide1.xml").decode()
    for text in ("$1,234,568", "(5,121)", "25.6%", "Jan 2024", "31 March 2026"):
        assert f">{text}<" in slide
