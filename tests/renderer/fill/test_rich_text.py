"""Rich text: a value given as runs, in text, list items, table cells and notes; Text.markdown."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from deckkit.model import Text, TextRun, parse_data
from deckkit.model.markdown import CODE_TYPEFACE, markdown_runs

_A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
_R = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"


def _template(tmp_path: Path) -> Path:
    from pptx import Presentation
    from pptx.util import Inches, Pt

    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    box = slide.shapes.add_textbox(Inches(1), Inches(0.5), Inches(8), Inches(1)).text_frame
    box.text = "Result: {headline}."
    box.paragraphs[0].runs[0].font.size = Pt(24)
    slide.shapes.add_textbox(Inches(1), Inches(2), Inches(8), Inches(2)).text_frame.text = "{points}"
    table = slide.shapes.add_table(2, 2, Inches(1), Inches(4.5), Inches(8), Inches(1))
    table._element.nvGraphicFramePr.cNvPr.set("descr", "sales")
    slide.notes_slide.notes_text_frame.text = "Say: {script}"
    path = tmp_path / "template.pptx"
    prs.save(path)
    return path


RICH: list[Any] = [
    {"text": "Revenue", "font": {"bold": True}},
    " up 5% (",
    {"text": "details", "hyperlink": "https://example.com/q3"},
    ")",
]


def _runs(paragraph: etree._Element) -> list[tuple[str, dict[str, str], bool]]:
    out = []
    for run in paragraph.iter(f"{_A}r"):
        r_pr = run.find(f"{_A}rPr")
        attrs = dict(r_pr.attrib) if r_pr is not None else {}
        linked = r_pr is not None and r_pr.find(f"{_A}hlinkClick") is not None
        out.append((run.findtext(f"{_A}t") or "", attrs, linked))
    return out


def test_runs_in_text_lists_table_cells_and_notes(tmp_path: Path) -> None:
    from deckkit.renderer import render
    from tests.readers import assert_readable

    template = _template(tmp_path)
    data = {
        "slides": [
            {
                "template": 1,
                "headline": {"value": RICH, "styles": {"font": {"italic": True}}},
                "points": {
                    "type": "list",
                    "values": ["plain", {"value": [{"text": "bold", "font": {"bold": True}}, " item"]}],
                },
                "sales": {
                    "type": "table",
                    "rows": [["Region", {"value": ["up ", {"text": "12%", "font": {"color": "green"}}]}]],
                },
                "script": {"value": ["open the ", {"text": "report", "hyperlink": "https://example.com/r"}]},
            }
        ]
    }
    out = tmp_path / "out.pptx"
    out.write_bytes(render(template, data).pptx)
    assert_readable(out, template, pages=1, libreoffice=False)
    with zipfile.ZipFile(io.BytesIO(out.read_bytes())) as pptx:
        slide = etree.fromstring(pptx.read("ppt/slides/slide1.xml"))
        notes = etree.fromstring(pptx.read("ppt/notesSlides/notesSlide1.xml"))
        rels = pptx.read("ppt/slides/_rels/slide1.xml.rels").decode()
        notes_rels = pptx.read("ppt/notesSlides/_rels/notesSlide1.xml.rels").decode()
    paragraphs = list(slide.iter(f"{_A}p"))
    headline = _runs(paragraphs[0])
    # Around the key the template's text stays; each run starts from the template run (24 pt)
    # and the value's italic, then adds its own.
    assert [t for t, _, _ in headline] == ["Result: ", "Revenue", " up 5% (", "details", ")", "."]
    assert (headline[1][1]["sz"], headline[1][1]["i"], headline[1][1]["b"]) == ("2400", "1", "1")
    assert "b" not in headline[2][1]
    assert headline[3][2]  # the link
    assert "https://example.com/q3" in rels
    texts = ["".join(t for t, _, _ in _runs(p)) for p in paragraphs]
    assert "bold item" in texts
    assert "up 12%" in texts
    cell = next(p for p in paragraphs if "".join(t for t, _, _ in _runs(p)) == "up 12%")
    assert cell.find(f".//{_A}srgbClr") is not None or cell.find(f".//{_A}prstClr") is not None
    note = next(p for p in notes.iter(f"{_A}p") if "report" in "".join(t for t, _, _ in _runs(p)))
    assert [t for t, _, linked in _runs(note) if linked] == ["report"]
    assert "https://example.com/r" in notes_rels


def test_markdown_makes_runs() -> None:
    text = Text.markdown("**Revenue** up 5% ([details](https://example.com/q3))", level=1)
    assert text.level == 1
    assert text.plain_text == "Revenue up 5% (details)"
    assert text.value == [
        TextRun(text="Revenue", font={"bold": True}),  # type: ignore[arg-type]
        " up 5% (",
        TextRun(text="details", hyperlink="https://example.com/q3"),
        ")",
    ]
    styled = markdown_runs("*i* __u__ ~~s~~ `c` ***bi*** **b _bi_**\nnext")
    fonts = [
        (r.text, r.font.model_dump(exclude_none=True)) for r in styled if isinstance(r, TextRun) and r.font
    ]
    assert fonts == [
        ("i", {"italic": True}),
        ("u", {"underline": True}),
        ("s", {"strike": True}),
        ("c", {"typeface": CODE_TYPEFACE}),
        ("bi", {"bold": True, "italic": True}),
        ("b ", {"bold": True}),
        ("bi", {"bold": True, "italic": True}),
    ]
    assert styled[-1] == "\nnext"  # a newline is a line break when rendered


@pytest.mark.parametrize(
    "source",
    [
        "**unclosed",
        "2 * 3 * 4",
        "snake_case_name",
        "[text](not a url)",
        "a ~~ b",
        "`",
        "[x](",
        "\\*stars\\*",
        "** spaced **",
    ],
)
def test_bad_markup_is_literal_text(source: str) -> None:
    runs = markdown_runs(source)
    assert all(isinstance(r, str) for r in runs)
    assert "".join(runs) == source.replace("\\*", "*")  # type: ignore[arg-type]


def test_rich_text_round_trips_through_data_json() -> None:
    deck = parse_data({"slides": [{"template": 1, "t": {"value": RICH}}]})
    written = deck.to_json_dict()
    assert written["slides"][0]["t"]["value"][0] == {"text": "Revenue", "font": {"bold": True}}
    assert parse_data(written) == deck
