"""The designer's intent survives filling (issue 16, points 1-5): lists, links, data, breaks, link colours."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckkit.errors import DataError
from deckkit.renderer import render
from tests.renderer.core_kit import NS
from tests.renderer.fill.intent_kit import (
    coloured_link_list,
    designer_list,
    linked_sentence,
    set_bullet,
    two_keys,
)

AHYP = "http://schemas.microsoft.com/office/drawing/2018/hyperlinkcolor"
NS_LINK = {**NS, "ahyp": AHYP}


def _rows(deck, xpath: str = "//p:sp/p:txBody/a:p") -> list[tuple[str, str, str, str, str]]:
    """(text, lvl, bullet char or 'none', size, bold) per paragraph."""
    rows = []
    for p in deck.slide(0).xpath(xpath, namespaces=NS):
        text = "".join(p.xpath("a:r/a:t/text()", namespaces=NS))
        bullet = p.xpath("string(a:pPr/a:buChar/@char)", namespaces=NS) or (
            "none" if p.find("a:pPr/a:buNone", NS) is not None else ""
        )
        rows.append(
            (
                text,
                p.xpath("string(a:pPr/@lvl)", namespaces=NS),
                bullet,
                p.xpath("string(a:r[1]/a:rPr/@sz)", namespaces=NS),
                p.xpath("string(a:r[1]/a:rPr/@b)", namespaces=NS),
            )
        )
    return rows


# 1. a List keeps the paragraphs around it ------------------------------------------------------


def test_list_keeps_the_heading_and_footer_and_styles_items_like_the_key_paragraph(
    tmp_path: Path, check_render
):
    template = designer_list(tmp_path / "t.pptx")
    items = ["First", {"value": "Detail", "level": 1}, "Second"]
    result = render(template, [{"template": 1, "kp": {"type": "list", "values": items}}])
    deck = check_render(result.pptx, template, pages=1)
    assert _rows(deck) == [
        ("Key points:", "", "none", "2000", "1"),
        ("First", "", "●", "2400", ""),
        ("Detail", "1", "–", "1600", ""),
        ("Second", "", "●", "2400", ""),
        ("Source: internal data", "", "none", "1200", ""),
    ]
    footer = deck.slide(0).xpath("//a:r[a:t='Source: internal data']/a:rPr", namespaces=NS)[0]
    assert footer.get("i") == "1"


def test_a_same_level_bulleted_paragraph_after_the_key_is_part_of_the_dummy_list(
    tmp_path: Path, check_render
):
    from pptx import Presentation

    template = designer_list(tmp_path / "t.pptx")
    prs = Presentation(str(template))
    frame = next(s for s in prs.slides[0].shapes if s.has_text_frame).text_frame
    # A second level-0 bullet under {kp} is an example item, replaced with the rest.
    import copy

    frame.paragraphs[1]._p.addnext(copy.deepcopy(frame.paragraphs[1]._p))
    frame.paragraphs[2].runs[0].text = "example item"
    prs.save(str(template))
    result = render(template, [{"template": 1, "kp": {"type": "list", "values": ["Only"]}}])
    deck = check_render(result.pptx, template, pages=1)
    assert [r[0] for r in _rows(deck)] == ["Key points:", "Only", "Source: internal data"]


def test_in_a_content_placeholder_inherited_bullets_make_list_items(save_template, check_render):
    from tests.renderer.core_kit import new_presentation

    prs = new_presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[1])
    slide.shapes.title.text = "Title"
    frame = slide.placeholders[1].text_frame
    frame.text = "{points}"
    sub = frame.add_paragraph()
    sub.text = "dummy level 1"  # bulleted by the master's body style
    sub.level = 1
    after = frame.add_paragraph()
    after.text = "Not a bullet"
    set_bullet(after, None)
    template = save_template(prs)
    deck = check_render(
        render(template, [{"template": 1, "points": {"type": "list", "values": ["A"]}}]).pptx,
        template,
        pages=1,
    )
    body = "//p:sp[p:nvSpPr/p:nvPr/p:ph/@idx='1']/p:txBody/a:p"
    assert [r[0] for r in _rows(deck, body)] == ["A", "Not a bullet"]


# 2. a link on the template run carries onto the value ------------------------------------------


def test_the_template_runs_link_carries_onto_the_inserted_value(tmp_path: Path, check_render):
    template = linked_sentence(tmp_path / "t.pptx")
    deck = check_render(render(template, [{"template": 1, "site": "example.com"}]).pptx, template, pages=1)
    rels = deck.rels(deck.slide_names()[0])
    targets = {
        text: rels[rid][1]
        for text in ("Visit ", "example.com", " now")
        for rid in deck.slide(0).xpath(f"//a:r[a:t='{text}']/a:rPr/a:hlinkClick/@r:id", namespaces=NS)
    }
    assert targets == {t: "https://example.com/home" for t in ("Visit ", "example.com", " now")}


def test_the_datas_own_link_wins_over_the_template_runs(tmp_path: Path, check_render):
    template = linked_sentence(tmp_path / "t.pptx")
    value = {"value": "docs", "hyperlink": "https://example.com/docs"}
    deck = check_render(render(template, [{"template": 1, "site": value}]).pptx, template, pages=1)
    rels = deck.rels(deck.slide_names()[0])
    rids = deck.slide(0).xpath("//a:r[a:t='docs']/a:rPr/a:hlinkClick/@r:id", namespaces=NS)
    assert [rels[r][1] for r in rids] == ["https://example.com/docs"]


# 3. inserted text is data ----------------------------------------------------------------------


@pytest.mark.parametrize("order", [("a", "b"), ("b", "a")])
def test_inserted_values_are_never_scanned_for_keys(tmp_path: Path, check_render, order: tuple[str, str]):
    template = two_keys(tmp_path / "t.pptx", "{a} | {b} | {a}")
    values = {"a": "{b}", "b": "X"}
    slide = {"template": 1, **{k: values[k] for k in order}}
    deck = check_render(render(template, [slide]).pptx, template, pages=1)
    assert deck.texts(0) == ["{b} | X | {b}"]


def test_a_value_holding_its_own_key_is_inserted_once(tmp_path: Path, check_render):
    template = two_keys(tmp_path / "t.pptx", "{a}{a}")
    deck = check_render(render(template, [{"template": 1, "a": "<{a}>"}]).pptx, template, pages=1)
    assert deck.texts(0) == ["<{a}><{a}>"]


# 4. vertical tab and characters XML cannot hold ------------------------------------------------


def test_vertical_tab_is_a_line_break(tmp_path: Path, check_render):
    template = two_keys(tmp_path / "t.pptx", "{a}")
    deck = check_render(
        render(template, [{"template": 1, "a": "Revenue\u000bup 5%"}]).pptx, template, pages=1
    )
    assert deck.texts(0) == ["Revenue\nup 5%"]
    assert len(deck.slide(0).xpath("//a:p/a:br", namespaces=NS)) == 1


def test_vertical_tab_in_a_list_item_is_a_line_break(tmp_path: Path, check_render):
    template = designer_list(tmp_path / "t.pptx")
    deck = check_render(
        render(template, [{"template": 1, "kp": {"type": "list", "values": ["a\u000bb"]}}]).pptx,
        template,
        pages=1,
    )
    assert "a\nb" in deck.texts(0)


@pytest.mark.parametrize(
    ("value", "code"), [("bell\u0007", "U+0007"), ("nul\u0000", "U+0000"), ("\ufffe", "U+FFFE")]
)
def test_characters_xml_cannot_hold_are_refused_with_path_and_code_point(
    tmp_path: Path, value: str, code: str
):
    from deckkit.model import parse_data

    with pytest.raises(DataError) as caught:
        parse_data([{"template": 1, "a": {"value": value}}])
    (problem,) = caught.value.problems
    assert problem.path == "slides[0].a.value"
    assert code in problem.message
    with pytest.raises(DataError) as caught:
        parse_data([{"template": 1, "a": value, "l": {"type": "list", "values": ["ok", value]}}])
    assert {p.path for p in caught.value.problems} == {"slides[0].a", "slides[0].l.values[1]"}


def test_the_schema_refuses_what_validation_refuses() -> None:
    import jsonschema

    from deckkit.model.schema import data_json_schema

    validator = jsonschema.Draft202012Validator(data_json_schema())
    assert not validator.is_valid({"slides": [{"template": 1, "a": "bell\u0007"}]})
    assert not validator.is_valid({"slides": [{"template": 1, "a": {"value": "\u001f"}}]})
    assert validator.is_valid({"slides": [{"template": 1, "a": "tab\tnew\nline\rvt\u000bok"}]})


# 5. a coloured link keeps its colour -----------------------------------------------------------


def test_a_coloured_link_gets_the_hyperlink_colour_extension(tmp_path: Path, check_render):
    template = two_keys(tmp_path / "t.pptx", "{a} and {b}")
    value = {
        "value": "green link",
        "hyperlink": "https://example.com",
        "styles": {"font": {"color": "#00803C"}},
    }
    plain = {"value": "plain link", "hyperlink": "https://example.com"}
    deck = check_render(render(template, [{"template": 1, "a": value, "b": plain}]).pptx, template, pages=1)
    link = deck.slide(0).xpath("//a:r[a:t='green link']/a:rPr/a:hlinkClick", namespaces=NS)[0]
    assert link.xpath("a:extLst/a:ext/@uri", namespaces=NS) == ["{A12FA001-AC4F-418D-AE19-62706E023703}"]
    assert link.xpath("a:extLst/a:ext/ahyp:hlinkClr/@val", namespaces=NS_LINK) == ["tx"]
    # a link without a colour of its own keeps the theme's link colour
    other = deck.slide(0).xpath("//a:r[a:t='plain link']/a:rPr/a:hlinkClick", namespaces=NS)[0]
    assert other.find("a:extLst", NS) is None


def test_a_coloured_link_prototype_keeps_its_colour_on_list_items(tmp_path: Path, check_render):
    template = coloured_link_list(tmp_path / "t.pptx")
    data = [{"template": 1, "link": "x", "refs": {"type": "list", "values": ["Annual report", "Method"]}}]
    deck = check_render(render(template, data).pptx, template, pages=1)
    for text in ("Annual report", "Method"):
        (link,) = deck.slide(0).xpath(f"//a:r[a:t='{text}']/a:rPr/a:hlinkClick", namespaces=NS)
        assert link.xpath("a:extLst/a:ext/ahyp:hlinkClr/@val", namespaces=NS_LINK) == ["tx"]
        assert deck.rels(deck.slide_names()[0])[link.get(f"{{{NS['r']}}}id")][1] == "https://example.com/refs"
