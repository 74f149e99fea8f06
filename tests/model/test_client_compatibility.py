"""data.json as real clients of the hosted service write it is read, and renders.

tests/model/clients/ holds one file per client style, following every spelling the interface
(docs/api.md) allows:
- javascript.data.json: JSON.stringify output: compact, integer-valued numbers as ``1``, optional
  fields sent as ``null``, ``type: "text"`` on Text objects and table cells, series keyed by ids
  (``s0``) with the name inside, ``scatter_chart`` spelled with an underscore, hex colours with
  and without ``#`` in either case, named and theme colours, an empty theme colour;
- python.data.json: ``json.dumps(data, indent=2, sort_keys=True)``: ``type`` after the other keys,
  integer-valued floats (``15.0``, ``level: 1.0``, ``template: 2.0``), ``NaN`` for a gap, non-ASCII
  escaped (``\\u00e9``);
- legacy-array.data.json: the older bare array of slides, Text objects without ``type``, a series
  keyed by its template name without ``name``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from deckkit.errors import DataError
from deckkit.model import parse_data
from deckkit.model._problems import _all_field_names
from deckkit.model.table import TableCell
from tests.readers import assert_readable
from tests.renderer.core_kit import RenderedPptx

CLIENTS = Path(__file__).parent / "clients"
FILES = sorted(CLIENTS.glob("*.data.json"))


def _template(path: Path) -> Path:
    """Slide 1: title, subtitle, table "sales", list {items}, chart "trend", {logo}; slide 2: scatter "points"."""
    from pptx import Presentation
    from pptx.chart.data import CategoryChartData, XyChartData
    from pptx.enum.chart import XL_CHART_TYPE
    from pptx.util import Inches

    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    for i, key in enumerate(["title", "subtitle", "items", "logo"]):
        slide.shapes.add_textbox(
            Inches(0.5), Inches(0.3 + 0.6 * i), Inches(4), Inches(0.5)
        ).text_frame.text = "{" + key + "}"
    table = slide.shapes.add_table(2, 2, Inches(5), Inches(0.3), Inches(4), Inches(1))
    table._element.xpath("./p:nvGraphicFramePr/p:cNvPr")[0].set("descr", "sales")
    data = CategoryChartData()
    data.categories = ["A", "B", "C"]
    data.add_series("S1", (1, 2, 3))
    data.add_series("S2", (3, 2, 1))
    chart = slide.shapes.add_chart(
        XL_CHART_TYPE.COLUMN_CLUSTERED, Inches(1), Inches(3), Inches(6), Inches(4), data
    )
    chart._element.xpath("./p:nvGraphicFramePr/p:cNvPr")[0].set("descr", "trend")
    slide2 = prs.slides.add_slide(prs.slide_layouts[6])
    xy = XyChartData()
    series = xy.add_series("Stores")
    for x, y in [(1, 1), (2, 2)]:
        series.add_data_point(x, y)
    scatter = slide2.shapes.add_chart(
        XL_CHART_TYPE.XY_SCATTER, Inches(1), Inches(1), Inches(6), Inches(4), xy
    )
    scatter._element.xpath("./p:nvGraphicFramePr/p:cNvPr")[0].set("descr", "points")
    prs.save(str(path))
    return path


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_client_files_are_read(path: Path) -> None:
    deck = parse_data(path.read_bytes())
    first = deck.slides[0]
    assert first.template == 1
    assert first["title"] == "Q3 review"
    cell = first["sales"].rows[1][1]
    assert isinstance(cell, TableCell)
    assert cell.value == "15.37"


@pytest.mark.parametrize("path", [p for p in FILES if not p.name.startswith("legacy")], ids=lambda p: p.name)
def test_both_clients_mean_the_same(path: Path) -> None:
    deck = parse_data(path.read_bytes())
    first, second = deck.slides
    assert first["subtitle"].value == "Région Nord"
    assert first["subtitle"].styles.font.bold is True
    cell = first["sales"].rows[1][1]
    assert cell.type == "text"
    assert cell.styles.font.size == 12
    assert cell.styles.shape.outline == ""
    assert first["sales"].rows[2][1].databar.ratio == 1
    assert [getattr(v, "level", None) for v in first["items"].values] == [None, 1, None]
    series = first["trend"].axis1.series
    assert list(series) == ["s0", "s1"]
    assert series["s0"].name == "Revenue"
    assert series["s0"].values == [1.5, 2, None]  # null and NaN are both a gap
    assert series["s0"].data_point_styles[0] is None
    assert first["trend"].axis2 is None
    assert first["logo"].delete is True
    assert second.template == 2
    assert second["points"].type == "scatter-chart"
    assert second["points"].axis1.series["s0"].values[1] == (2.5, 3.0)
    assert deck.theme.colors.accent1.lower() in ("#f6ad5c", "f6ad5c")


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_client_files_render(path: Path, tmp_path: Path) -> None:
    import deckkit

    template = _template(tmp_path / "template.pptx")
    result = deckkit.render(template, path.read_bytes())
    out = tmp_path / "out.pptx"
    out.write_bytes(result.pptx)
    assert_readable(out, template, pages=result.slide_count, libreoffice=False)
    deck = RenderedPptx(result.pptx)
    texts = " ".join(deck.texts(0))
    assert "Région Nord" in texts
    assert "15.37" in texts
    assert "{" not in texts
    assert not [w for w in result.warnings if "not filled" in w.message]


def _unknown_field_messages(field: str) -> list[str]:
    """The message for ``field`` given where it is not a field: in a cell, a databar, a slide value, a series."""
    places: list[dict[str, Any]] = [
        {"type": "table", "rows": [[{"value": "x", field: 1}]]},
        {"type": "table", "rows": [[{"value": "x", "databar": {"ratio": 0.5, "color": "red", field: 1}}]]},
        {"type": "image", "src": "a.png", field: 1},
        {"type": "chart", "labels": ["a"], "axis1": {"series": {"s0": {"values": [1], field: 1}}}},
    ]
    messages = []
    for value in places:
        try:
            parse_data({"slides": [{"template": 1, "k": value}]})
        except DataError as e:
            messages += [p.message for p in e.problems if p.path.endswith("." + field)]
    return messages


@pytest.mark.parametrize("field", [*_all_field_names(), "hyperlnk", "colour", "typ"])
def test_a_suggestion_never_names_the_field_it_refuses(field: str) -> None:
    for message in _unknown_field_messages(field):
        assert f'did you mean "{field}"' not in message, message


def test_the_issue_cell_is_accepted_and_a_misspelt_field_still_gets_a_hint() -> None:
    cell = {"type": "text", "value": "15.37", "styles": {"font": {"bold": True}}}
    parse_data({"slides": [{"template": 1, "t": {"type": "table", "rows": [["a", "b"], ["c", cell]]}}]})
    with pytest.raises(DataError) as caught:
        parse_data(
            {"slides": [{"template": 1, "t": {"type": "table", "rows": [[{"value": "x", "stiles": {}}]]}}]}
        )
    assert [str(p) for p in caught.value.problems] == [
        'slides[0].t.rows[0][0].stiles: unknown field, did you mean "styles"?'
    ]
    with pytest.raises(DataError) as caught:
        parse_data(
            {"slides": [{"template": 1, "t": {"type": "table", "rows": [[{"type": "table", "value": "x"}]]}}]}
        )
    assert "rows[0][0].type" in str(caught.value.problems[0])
