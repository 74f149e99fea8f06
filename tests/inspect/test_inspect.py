from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest
from tests.readers import assert_readable
from tests.renderer.core_kit import add_chart, blank_slide, new_presentation, set_alt_text

from deckkit.errors import TemplateError
from deckkit.model import parse_data
from deckkit.ooxml.namespaces import C
from deckkit.renderer import render
from deckkit.template.inspect import Template


def test_lists_every_key_with_its_kind(template_bytes: bytes) -> None:
    template = Template.open(template_bytes)
    assert [s.number for s in template.slides] == [1, 2, 3, 4]
    kinds = {s.number: [(p.key, p.kind) for p in s.placeholders] for s in template.slides}
    assert kinds[1] == [("title", "text"), ("subtitle", "text"), ("date", "text")]
    assert kinds[2] == [("note", "text"), ("sales", "table")]
    assert kinds[3] == [("trend", "chart"), ("spread", "scatter-chart")]
    assert kinds[4] == [("photo", "text")]  # inside a group


def test_details_describe_tables_and_charts(template_bytes: bytes) -> None:
    template = Template.open(template_bytes)
    details = {p.key: p.detail for s in template.slides for p in s.placeholders}
    assert details["sales"] == "table 2x3"
    assert details["trend"] == 'clustered column chart with series "Revenue", "Cost"'
    assert details["note"] == "text in a table cell"
    assert template.slide(1).layout == "Title Slide"


def test_skeleton_is_valid_data_and_carries_the_template_content(template_bytes: bytes) -> None:
    skeleton = Template.open(template_bytes).skeleton()
    parse_data(skeleton)
    slides = skeleton["slides"]
    assert [s["template"] for s in slides] == [1, 2, 3, 4]
    assert slides[1]["sales"]["rows"] == [["r0c0", "r0c1", "r0c2"], ["r1c0", "r1c1", "{note}"]]
    trend = slides[2]["trend"]
    assert trend["labels"] == ["A", "B", "C"]
    assert trend["axis1"]["series"]["Cost"]["values"] == [2.0, None, 4.0]
    assert slides[2]["spread"]["axis1"]["series"]["Points"]["values"] == [[1.0, 2.0], [3.0, 4.0]]


def test_skeleton_renders(template_bytes: bytes, tmp_path: Path) -> None:
    from tests.readers import assert_readable

    from deckkit.renderer import render

    result = render(template_bytes, Template.open(template_bytes).skeleton())
    out = tmp_path / "out.pptx"
    out.write_bytes(result.pptx)
    (tmp_path / "template.pptx").write_bytes(template_bytes)
    assert_readable(out, tmp_path / "template.pptx", pages=4, libreoffice=False)


def test_slide_out_of_range_says_the_range(template_bytes: bytes) -> None:
    with pytest.raises(IndexError, match="slides 1 to 4, not 9"):
        Template.open(template_bytes).slide(9)


def test_refuses_what_is_not_a_template() -> None:
    with pytest.raises(TemplateError):
        Template.open(b"not a zip")


def test_html_repr_lists_keys(template_bytes: bytes) -> None:
    page = Template.open(template_bytes)._repr_html_()
    assert "<code>sales</code>" in page
    assert "table 2x3" in page


def test_cli_inspect(template_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from deckkit.cli import main

    assert main(["inspect", str(template_path)]) == 0
    out = capsys.readouterr().out
    assert "slide 2" in out
    assert "sales" in out
    assert "table 2x3" in out
    assert main(["inspect", str(template_path), "--skeleton"]) == 0
    parse_data(json.loads(capsys.readouterr().out))
    assert main(["inspect", str(template_path), "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert listed["slides"][1]["placeholders"][1] == {
        "key": "sales",
        "kind": "table",
        "where": "table 2x3",
        "accepts": ["table", "delete"],
    }


def test_the_skeleton_of_a_chart_without_series_renders(tmp_path: Path) -> None:
    """A chart the designer left without series (python-pptx's cht-category-access.pptx has one):
    its skeleton gave it ``"series": {}``, which the data format refuses."""
    prs = new_presentation()
    frame = add_chart(blank_slide(prs))
    set_alt_text(frame, "trend")
    chart = frame.chart.part._element
    for ser in list(chart.iter(f"{{{C}}}ser")):
        ser.getparent().remove(ser)
    path = tmp_path / "template.pptx"
    prs.save(str(path))
    template = path.read_bytes()
    skeleton = Template.open(template).skeleton()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the sample data is dummy data: said, not checked here
        result = render(template, skeleton)
    out = tmp_path / "out.pptx"
    out.write_bytes(result.pptx)
    assert_readable(out, path, pages=1, libreoffice=False)
