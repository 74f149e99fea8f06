"""Text: keys replaced in place, formatting kept, styles applied, line breaks, theme colours."""

from __future__ import annotations

from pathlib import Path

from tests.gallery.cases import GalleryInput
from tests.gallery.cases._kit import EMU, new_deck, text_box


def case_keys_keep_formatting(workdir: Path) -> GalleryInput:
    """The title is bold 32 pt dark red, "Q3 2024" sits mid-sentence in italic grey, nothing shows braces."""
    prs, slide = new_deck()
    text_box(slide, "{title}", EMU, EMU, 8 * EMU, EMU, size=32, bold=True, color="8B0000")
    text_box(
        slide,
        "Results for {period}, as agreed.",
        EMU,
        2 * EMU,
        8 * EMU,
        EMU,
        size=20,
        italic=True,
        color="595959",
    )
    path = workdir / "template.pptx"
    prs.save(str(path))
    return path, [{"template": 1, "title": "Quarterly review", "period": "Q3 2024"}], {}


def case_styles_and_line_breaks(workdir: Path) -> GalleryInput:
    """Line one is blue and bold; "second line" is on its own line below; the box is light yellow with a red outline."""
    prs, slide = new_deck()
    text_box(slide, "{note}", EMU, EMU, 6 * EMU, 2 * EMU, size=24)
    path = workdir / "template.pptx"
    prs.save(str(path))
    value = {
        "type": "text",
        "value": "Line one\nsecond line",
        "styles": {
            "font": {"bold": True, "color": "#1F4E79"},
            "shape": {"fill": "#FFF2CC", "outline": "#C00000"},
        },
    }
    return path, [{"template": 1, "note": value}], {}


def case_list_levels_and_styles(workdir: Path) -> GalleryInput:
    """Four bullets: "North leads" and "South steady" indented one level, "Costs flat" in italic; no {items} left."""
    from pptx import Presentation

    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[1])  # title and content: a bulleted body
    slide.shapes.title.text = "{title}"
    slide.placeholders[1].text_frame.text = "{items}"
    path = workdir / "template.pptx"
    prs.save(str(path))
    items = [
        "Revenue up 12%",
        {"value": "North leads", "level": 1},
        {"type": "text", "value": "South steady", "level": 1},
        {"value": "Costs flat", "styles": {"font": {"italic": True}}},
    ]
    return path, [{"template": 1, "title": "Highlights", "items": {"type": "list", "values": items}}], {}


def case_rich_text_runs(workdir: Path) -> GalleryInput:
    """Rich text: "Revenue" bold, "details" a link in the grey title; bold "12%", italic "ahead of plan", struck "old target", underlined "new target"; a bold green "12%" in the table."""
    from pptx import Presentation
    from pptx.util import Inches

    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[1])
    slide.shapes.title.text = "{headline}"
    slide.placeholders[1].text_frame.text = "{items}"
    frame = slide.shapes.add_table(2, 2, Inches(1), Inches(5.6), Inches(6), Inches(0.8))
    frame._element.xpath("./p:nvGraphicFramePr/p:cNvPr")[0].set("descr", "sales")
    path = workdir / "template.pptx"
    prs.save(str(path))
    headline = {
        "value": [
            {"text": "Revenue", "font": {"bold": True}},
            " up 5% (",
            {"text": "details", "hyperlink": "https://example.com/q3"},
            ")",
        ],
        "styles": {"font": {"size": 28, "color": "595959"}},
    }
    items = [
        "Plain first bullet",
        {
            "value": [
                "North up ",
                {"text": "12%", "font": {"bold": True}},
                ", ",
                {"text": "ahead of plan", "font": {"italic": True}},
            ]
        },
        {
            "value": [
                {"text": "old target", "font": {"strike": True}},
                " ",
                {"text": "new target", "font": {"underline": True}},
            ]
        },
    ]
    table = {
        "type": "table",
        "rows": [
            ["Region", "Change"],
            ["North", {"value": ["up ", {"text": "12%", "font": {"bold": True, "color": "00B050"}}]}],
        ],
    }
    return (
        path,
        [{"template": 1, "headline": headline, "items": {"type": "list", "values": items}, "sales": table}],
        {},
    )
