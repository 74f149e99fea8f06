"""Lists: one paragraph per item, level prototypes from a dummy list, font styles only."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckkit.renderer import render
from tests.renderer.core_kit import NS, add_textbox, blank_slide, new_presentation
from tests.renderer.fill.intent_kit import set_bullet


@pytest.fixture
def plain(save_template) -> Path:
    prs = new_presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[1])
    slide.shapes.title.text = "{title}"
    body = slide.placeholders[1].text_frame
    body.text = "Intro"
    p = body.add_paragraph()
    p.text = "{points}"
    p.runs[0].font.bold = True
    return save_template(prs)


def test_one_paragraph_per_item_with_levels(plain: Path, check_render):
    items = [
        "Item A",
        {"value": "Item B", "level": 1},
        {
            "type": "text",
            "value": "Item C",
            "level": 2,
            "styles": {"font": {"color": "accent2", "italic": True}, "shape": {"fill": "red"}},
        },
    ]
    result = render(plain, [{"template": 1, "title": "T", "points": {"type": "list", "values": items}}])
    deck = check_render(result.pptx, plain, pages=1)
    body = deck.slide(0).xpath("//p:sp[p:nvSpPr/p:nvPr/p:ph/@idx='1']/p:txBody", namespaces=NS)[0]
    paragraphs = body.findall("a:p", NS)
    assert ["".join(p.xpath("a:r/a:t/text()", namespaces=NS)) for p in paragraphs] == [
        "Intro",
        "Item A",
        "Item B",
        "Item C",
    ]
    assert [p.xpath("string(a:pPr/@lvl)", namespaces=NS) for p in paragraphs[1:]] == ["", "1", "2"]
    # the {points} paragraph is the prototype: its run formatting carries over
    assert all(p.xpath("a:r/a:rPr/@b", namespaces=NS) == ["1"] for p in paragraphs[1:])
    c = paragraphs[3].find("a:r/a:rPr", NS)
    assert c.get("i") == "1"
    assert c.xpath("a:solidFill/a:schemeClr/@val", namespaces=NS) == ["accent2"]
    # shape styles do not count for list items
    sp_pr = deck.slide(0).xpath("//p:sp[p:nvSpPr/p:nvPr/p:ph/@idx='1']/p:spPr", namespaces=NS)[0]
    assert sp_pr.find("a:solidFill", NS) is None


@pytest.fixture
def dummy(save_template) -> Path:
    from pptx.util import Pt

    prs = new_presentation()
    slide = blank_slide(prs)
    add_textbox(slide, "{heading}")
    box = add_textbox(slide, "{points}", top=2, height=4)
    frame = box.text_frame
    frame.paragraphs[0].runs[0].font.size = Pt(28)
    set_bullet(frame.paragraphs[0], "●")
    for level, size in ((1, 20), (2, 14)):
        p = frame.add_paragraph()
        p.text = f"dummy level {level}"
        p.level = level
        p.runs[0].font.size = Pt(size)
        set_bullet(p, "–")  # a dummy list is a bulleted list under {key}
    return save_template(prs)


def test_dummy_list_gives_prototypes_per_level(dummy: Path, check_render):
    items = [
        {"value": "Item 0", "level": 0},
        {"value": "Item 1", "level": 1},
        {"value": "Item 2", "level": 2},
        {"value": "Item 3", "level": 3},
        "Item again",
    ]
    result = render(dummy, [{"template": 1, "heading": "H", "points": {"type": "list", "values": items}}])
    deck = check_render(result.pptx, dummy, pages=1)
    body = deck.slide(0).xpath("//p:sp[.//a:t='Item 0']/p:txBody", namespaces=NS)[0]
    rows = [
        (
            "".join(p.xpath("a:r/a:t/text()", namespaces=NS)),
            p.xpath("string(a:pPr/@lvl)", namespaces=NS),
            p.xpath("string(a:r[1]/a:rPr/@sz)", namespaces=NS),
        )
        for p in body.findall("a:p", NS)
    ]
    assert rows == [
        ("Item 0", "", "2800"),
        ("Item 1", "1", "2000"),
        ("Item 2", "2", "1400"),
        ("Item 3", "3", "1400"),  # no level-3 prototype: the nearest level below
        ("Item again", "", "2800"),
    ]
    assert "dummy level 1" not in "".join(deck.texts(0)), "dummy paragraphs are removed"
    assert "H" in deck.texts(0)


def test_empty_list_leaves_an_empty_paragraph(dummy: Path, check_render):
    result = render(dummy, [{"template": 1, "heading": "H", "points": {"type": "list", "values": []}}])
    deck = check_render(result.pptx, dummy, pages=1)
    bodies = deck.slide(0).xpath("//p:sp/p:txBody", namespaces=NS)
    assert len(bodies) == 2
    assert all(b.findall("a:p", NS) for b in bodies)
    assert "".join(deck.texts(0)) == "H"


def test_list_items_with_line_breaks_and_links(plain: Path, check_render):
    items = [{"value": "two\nlines", "hyperlink": "https://example.com"}]
    result = render(plain, [{"template": 1, "title": "T", "points": {"type": "list", "values": items}}])
    deck = check_render(result.pptx, plain, pages=1)
    assert "two\nlines" in deck.texts(0)
    rid = deck.slide(0).xpath("//a:r[a:t='two']/a:rPr/a:hlinkClick/@r:id", namespaces=NS)[0]
    assert deck.rels(deck.slide_names()[0])[rid][1] == "https://example.com"
