"""The chart part as the renderer writes it (its data children spliced in as text, never parsed) is,
byte for byte, the part that ``fill_chart``'s filled tree writes; where the splice cannot hold (a
chart that binds its namespace to another prefix) the data children are parsed instead."""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from deckkit.ooxml.opc.part import serialize_xml
from deckkit.renderer import render
from deckkit.renderer.chart.datatext import DataChildren
from deckkit.renderer.chart.series import numbers_xml
from tests.renderer.chart.kit import C, cache, fill_pptx, output_series
from tests.renderer.chart.templates import build_category, build_scatter

# What the stencils replay is held against the general path: on, whichever way the suite runs.
pytestmark = pytest.mark.usefixtures("stencils_on")

LOOK_ALIKE = "\ue000deckkit:0\ue001"  # a marker's form, without this process's tag

CHART = "ppt/charts/chart1.xml"
# Escaped characters, line ends a parser changes, tabs, empty texts.
AWKWARD = ["a & <b> \"q\" 'x'", "two\r\nlines\rand\nmore", "tab\there", "", "é 漢 😀", "]]>"]


def _outputs(pptx: bytes) -> tuple[bytes, dict[str, bytes]]:
    """The one chart part and the parts of its workbook."""
    with zipfile.ZipFile(io.BytesIO(pptx)) as z:
        charts = [n for n in z.namelist() if re.fullmatch(r"ppt/charts/chart\d+\.xml", n)]
        books = [n for n in z.namelist() if n.startswith("ppt/embeddings/")]
        assert len(charts) == 1
        assert len(books) <= 1
        book = z.read(books[0]) if books else None
        chart = z.read(charts[0])
    if book is None:
        return chart, {}
    with zipfile.ZipFile(io.BytesIO(book)) as z:
        return chart, {n: z.read(n) for n in z.namelist()}


def _assert_written_as_filled(template: Path, data: dict[str, Any], tmp_path: Path) -> bytes:
    rendered = render(template, {"slides": [{"template": 1, "chart": data}]}).pptx
    filled = fill_pptx(template, tmp_path / "filled.pptx", {CHART: data})[CHART]
    chart, book = _outputs(rendered)
    assert chart == serialize_xml(filled.root)
    if filled.workbook is not None:
        assert book == _outputs(_with_book(filled.workbook))[1]
    return chart


def _with_book(workbook: bytes) -> bytes:
    """A stand-in package holding one chart and the workbook, for _outputs."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        z.writestr(CHART, b"")
        z.writestr("ppt/embeddings/book.xlsx", workbook)
    return out.getvalue()


@pytest.mark.parametrize("kind", ["column_clustered", "line_markers", "bar_line_secondary", "pie"])
def test_category_chart_written_as_the_filled_tree(kind: str, tmp_path: Path) -> None:
    template = build_category(kind, tmp_path / "t.pptx")
    series = {"Revenue": {"values": [1.5, None, 3.0, 4.25, 5, 6, 7]}}
    series |= {
        key or "blank": {"name": name, "values": [float(i) for i in range(7)]}
        for key, name in zip(["amp", "lines", "tab", "", "wide", "cdata"], AWKWARD, strict=True)
    }
    data: dict[str, Any] = {"type": "chart", "labels": ["x", *AWKWARD], "axis1": {"series": series}}
    if kind.endswith("secondary"):
        data["axis2"] = {"series": {"Margin": {"values": [0.1] * 7}, "": {"values": [0.2] * 7}}}
    chart = _assert_written_as_filled(template, data, tmp_path)
    root = etree.fromstring(chart)
    assert cache(output_series(root)[0].find(f"{{{C}}}cat")) == ["x", *_parsed(AWKWARD)]


def _parsed(texts: list[str]) -> list[str | None]:
    """The texts as a reader finds them: line ends \\n."""
    return [t.replace("\r\n", "\n").replace("\r", "\n") for t in texts]


def test_date_labels_written_as_the_filled_tree(tmp_path: Path) -> None:
    template = build_category("line", tmp_path / "t.pptx")
    data = {
        "type": "chart",
        "date_labels": [45292, 45323, 45352],
        "date_labels_format": "mmm yy",
        "axis1": {"series": {"Revenue": {"values": [1, 2, 3]}, "New": {"values": [3, 2, 1]}}},
    }
    chart = _assert_written_as_filled(template, data, tmp_path)
    assert b"<c:formatCode>mmm yy</c:formatCode>" in chart


@pytest.mark.parametrize("kind", ["scatter", "bubble"])
def test_scatter_chart_written_as_the_filled_tree(kind: str, tmp_path: Path) -> None:
    template = build_scatter(kind, tmp_path / "t.pptx")
    data = {
        "type": "scatter-chart",
        "axis1": {
            "series": {
                "Alpha": {"name": "Alpha", "values": [[1, 2], [3.5, 4], [5, 6e-7]]},
                "b": {"name": AWKWARD[0], "values": [[1, 1]]},  # shorter: gaps in its cache
                "c": {"name": "", "values": [[2, 2], [3, 3]]},
            }
        },
    }
    _assert_written_as_filled(template, data, tmp_path)


def _with_chart_prefix(template: Path, prefix: str, out: Path) -> Path:
    """The template with its chart part's namespace bound to another prefix."""
    with zipfile.ZipFile(template) as zin, zipfile.ZipFile(out, "w") as zout:
        for info in zin.infolist():
            data = zin.read(info.filename)
            if info.filename == CHART:
                data = re.sub(rb"(</?)c:", rb"\1" + prefix.encode() + b":", data)
                data = data.replace(b"xmlns:c=", b"xmlns:" + prefix.encode() + b"=")
            zout.writestr(info, data)
    return out


def test_another_prefix_is_parsed_not_spliced(tmp_path: Path) -> None:
    template = _with_chart_prefix(
        build_category("column_clustered", tmp_path / "t.pptx"), "ch", tmp_path / "p.pptx"
    )
    data = {"type": "chart", "labels": ["x", "y"], "axis1": {"series": {"Revenue": {"values": [1, 2]}}}}
    chart = _assert_written_as_filled(template, data, tmp_path)
    assert b"<c:" not in chart
    assert b"<ch:val><ch:numRef>" in chart
    assert b"<?" not in chart.split(b"?>", 1)[1]  # no placeholder left


def test_placeholders_are_parsed_into_the_tree_in_place() -> None:
    ser = etree.fromstring(
        f'<c:ser xmlns:c="{C}"><c:idx val="0"/><c:order val="0"/><c:smooth val="0"/></c:ser>'
    )
    children = DataChildren()
    children.put(ser, "val", numbers_xml(["1", None, "3"], "Sheet1!$B$2:$B$4", "0.0"), "0.0")
    children.put(ser, "tx", "<c:v>name</c:v>")
    val = ser[3]
    assert children.holds(val)
    assert children.cached_format(val) == "0.0"
    assert not children.holds(ser[0])
    spliced = children.serialize(ser)
    children.parse_into_tree()
    assert [etree.QName(el).localname for el in ser] == ["idx", "order", "tx", "val", "smooth"]
    assert cache(ser.find(f"{{{C}}}val")) == ["1", None, "3"]
    assert spliced == serialize_xml(ser)


def test_a_template_text_like_a_marker_is_left_alone() -> None:
    root = etree.fromstring(
        f'<c:plotArea xmlns:c="{C}"><c:ser><c:idx val="0"/><c:tx>{LOOK_ALIKE}</c:tx></c:ser></c:plotArea>'
    )
    other = etree.fromstring(f'<c:ser xmlns:c="{C}"><c:idx val="0"/></c:ser>')
    DataChildren().put(other, "tx", "<c:v>elsewhere</c:v>")  # another chart's placeholder
    children = DataChildren()
    children.put(root[0], "val", "<c:v>1</c:v>")
    assert children.serialize(root).endswith(
        f"<c:tx>{LOOK_ALIKE}</c:tx><c:val><c:v>1</c:v></c:val></c:ser></c:plotArea>".encode()
    )


def test_a_placeholder_with_a_declaration_of_its_own_is_parsed() -> None:
    ser = etree.fromstring(f'<c:ser xmlns:c="{C}"><c:idx val="0"/><c:tx xmlns:x="urn:x" x:a="1"/></c:ser>')
    children = DataChildren()
    children.put(ser, "tx", "<c:v>name</c:v>")
    written = children.serialize(ser)
    assert written.endswith(b'<c:idx val="0"/><c:tx><c:v>name</c:v></c:tx></c:ser>')
    assert ser[1][0].text == "name"  # parsed into the tree


def test_long_series_past_the_kept_point_indexes() -> None:
    texts = [str(i) for i in range(20_005)]
    inner = numbers_xml(texts, None, "General")
    root = etree.fromstring(f'<c:val xmlns:c="{C}">{inner}</c:val>')
    assert cache(root) == texts
    assert numbers_xml(texts[:2], None, "General").endswith('<c:pt idx="1"><c:v>1</c:v></c:pt></c:numLit>')
