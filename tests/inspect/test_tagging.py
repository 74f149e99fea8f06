"""Tagging a template: ``Template.tag``, ``deckkit tag`` and the untagged shapes ``deckkit inspect`` lists."""

from __future__ import annotations

import io
import json
import re
import shlex
from pathlib import Path

import pytest

from deckkit.errors import TemplateError
from deckkit.template.inspect import Template


def build_untagged() -> bytes:
    """Slide 1: a table, a chart and a picture without alt text (as PptxGenJS writes them), and a
    text box; slide 2: a table tagged ``sales`` and {title} in text."""
    from PIL import Image
    from pptx import Presentation
    from pptx.chart.data import CategoryChartData
    from pptx.enum.chart import XL_CHART_TYPE
    from pptx.util import Inches

    prs = Presentation()
    s = prs.slides.add_slide(prs.slide_layouts[6])
    s.shapes.add_table(2, 2, Inches(1), Inches(1), Inches(4), Inches(1)).name = "Revenue Table"
    cd = CategoryChartData()
    cd.categories = ["A", "B"]
    cd.add_series("S", (1, 2))
    s.shapes.add_chart(XL_CHART_TYPE.COLUMN_CLUSTERED, Inches(1), Inches(3), Inches(4), Inches(3), cd)
    png = io.BytesIO()
    Image.new("RGB", (20, 10), "teal").save(png, "PNG")
    s.shapes.add_picture(png, Inches(6), Inches(1))._element.nvPicPr.cNvPr.set("descr", "")
    s.shapes.add_textbox(Inches(6), Inches(5), Inches(2), Inches(1)).text_frame.text = "plain"
    s = prs.slides.add_slide(prs.slide_layouts[6])
    table = s.shapes.add_table(2, 2, Inches(1), Inches(1), Inches(4), Inches(1))
    table._element.nvGraphicFramePr.cNvPr.set("descr", "sales")
    s.shapes.add_textbox(Inches(1), Inches(4), Inches(4), Inches(1)).text_frame.text = "{title}"
    out = io.BytesIO()
    prs.save(out)
    return out.getvalue()


@pytest.fixture(scope="module")
def untagged_bytes() -> bytes:
    return build_untagged()


def test_inspection_lists_the_shapes_without_alt_text(untagged_bytes: bytes) -> None:
    template = Template.open(untagged_bytes)
    first = template.slide(1)
    assert first.placeholders == ()
    assert [(u.kind, u.name) for u in first.untagged] == [
        ("table", "Revenue Table"),
        ("chart", "Chart 2"),
        ("picture", "Picture 3"),
    ]
    assert first.untagged[0].suggested_key == "revenue_table"
    assert template.slide(2).untagged == ()  # its table is tagged; a text box is never listed


def test_tag_by_name_and_by_id_then_render(untagged_bytes: bytes, tmp_path: Path) -> None:
    from tests.readers import assert_readable

    from deckkit.renderer import render

    template = Template.open(untagged_bytes)
    chart_id = template.slide(1).untagged[1].shape_id
    template.tag(1, "Revenue Table", "revenue")
    template.tag(1, int(chart_id), "trend")
    assert [(p.key, p.kind) for p in template.slide(1).placeholders] == [
        ("revenue", "table"),
        ("trend", "chart"),
    ]
    assert [u.kind for u in template.slide(1).untagged] == ["picture"]
    path = tmp_path / "tagged.pptx"
    template.save(path)
    assert Template.open(path).slide(1).keys == ["revenue", "trend"]
    data = {"slides": [{"template": 1, "revenue": {"type": "table", "rows": [["a", "b"], ["1", "2"]]}}]}
    out = tmp_path / "out.pptx"
    out.write_bytes(render(path.read_bytes(), data).pptx)
    assert_readable(out, path, pages=1, libreoffice=False)
    assert_readable(path, path, pages=2, libreoffice=False)  # the tagged template itself


@pytest.mark.parametrize(
    ("slide", "shape", "key", "message"),
    [
        (3, "Revenue Table", "k", "has slides 1 to 2, not 3"),
        (
            1,
            "Revenue Tabel",
            "k",
            'no shape named or numbered "Revenue Tabel". Did you mean "Revenue Table"?',
        ),
        (1, "Revenue Table", "a key", "'a key' cannot be a key: use letters, digits"),
        (1, "Revenue Table", "", "'' cannot be a key"),
        (2, "TextBox 2", "title", "already has {title} in its text"),
        (1, "Revenue Table", "{x}", "cannot be a key"),
    ],
)
def test_bad_tags_say_what_to_do(
    untagged_bytes: bytes, slide: int, shape: str, key: str, message: str
) -> None:
    template = Template.open(untagged_bytes)
    with pytest.raises(TemplateError, match=re.escape(message)):
        template.tag(slide, shape, key)
    assert template.data == untagged_bytes  # nothing changed


def test_a_key_already_on_another_shape_is_refused(untagged_bytes: bytes) -> None:
    template = Template.open(untagged_bytes)
    template.tag(2, "TextBox 2", "note")
    with pytest.raises(TemplateError, match=r'already has a shape tagged note: .* "TextBox 2"'):
        template.tag(2, "Table 1", "note")


def test_cli_inspect_prints_the_command_that_tags_each(
    untagged_bytes: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from deckkit.cli import main

    path = tmp_path / "t.pptx"
    path.write_bytes(untagged_bytes)
    assert main(["inspect", str(path)]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if "untagged table" in line]
    assert len(lines) == 1
    assert '"Revenue Table"' in lines[0]
    command = shlex.split(lines[0].split(": ", 1)[1])
    assert command[:2] == ["deckkit", "tag"]
    assert command[-2:] == ["--key", "revenue_table"]
    assert main(command[1:]) == 0  # the command as printed works
    assert "revenue_table" in Template.open(path).slide(1).keys
    capsys.readouterr()
    assert main(["inspect", str(path), "--json"]) == 0
    untagged = json.loads(capsys.readouterr().out)["slides"][0]["untagged"]
    assert untagged[0]["kind"] == "chart"
    assert untagged[0]["command"].startswith("deckkit tag ")


def test_cli_tag_writes_another_file_and_errors_in_one_line(
    untagged_bytes: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from deckkit.cli import main

    path = tmp_path / "t.pptx"
    path.write_bytes(untagged_bytes)
    out = tmp_path / "tagged.pptx"
    assert (
        main(["tag", str(path), "--slide", "1", "--shape", "Revenue Table", "--key", "sales", "-o", str(out)])
        == 0
    )
    assert path.read_bytes() == untagged_bytes
    assert Template.open(out).slide(1).keys == ["sales"]
    capsys.readouterr()
    assert main(["tag", str(path), "--slide", "1", "--shape", "Nope", "--key", "sales"]) == 1
    err = capsys.readouterr().err
    assert err.startswith('deckkit: slide 1 has no shape named or numbered "Nope"')
    assert err.count("\n") == 1
