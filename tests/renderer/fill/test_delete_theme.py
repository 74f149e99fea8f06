"""Delete (shapes, cells, frames) and theme colours."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckkit.renderer import render
from tests.renderer.core_kit import (
    NS,
    add_chart,
    add_picture,
    add_table,
    add_textbox,
    blank_slide,
    new_presentation,
    png_bytes,
    set_alt_text,
)


@pytest.fixture
def elements(save_template) -> Path:
    from pptx.util import Inches

    prs = new_presentation()
    slide = blank_slide(prs)
    add_textbox(slide, "keep {keep}")
    add_textbox(slide, "drop {drop}", top=2)
    group = slide.shapes.add_group_shape()
    group.shapes.add_textbox(Inches(1), Inches(5), Inches(2), Inches(1)).text_frame.text = "{grouped}"
    table = add_table(slide, 2, 2, {(0, 0): "{cell}", (0, 1): "stay"})
    set_alt_text(table, "numbers")
    set_alt_text(add_chart(slide), "{sales}")
    set_alt_text(add_picture(slide, png_bytes(), left=8), "logo")
    return save_template(prs)


def test_delete_each_kind_of_element(elements: Path, check_render):
    data = {
        "template": 1,
        "keep": "k",
        "drop": {"delete": True},
        "grouped": {"delete": True},
        "cell": {"delete": True},
        "sales": {"delete": True},
        "logo": {"delete": True},
    }
    result = render(elements, [data])
    deck = check_render(result.pptx, elements, pages=1)
    slide = deck.slide(0)
    texts = deck.texts(0)
    assert "keep k" in texts
    assert not any("drop" in t for t in texts)
    assert slide.xpath("//p:grpSp", namespaces=NS) == [], "a group left empty goes too"
    (tc,) = slide.xpath("//a:tc[1]", namespaces=NS)[:1]
    assert tc.xpath("string(.)", namespaces=NS) == ""
    assert tc.xpath("a:txBody/a:p", namespaces=NS)
    assert "stay" in texts, "the table stays; only the cell is emptied"
    assert slide.xpath("//p:graphicFrame[.//c:chart]", namespaces=NS) == []
    assert slide.xpath("//p:pic", namespaces=NS) == []
    kinds = {kind for kind, _, _ in deck.rels(deck.slide_names()[0]).values()}
    assert {"chart", "image"}.isdisjoint(kinds), "relationships of removed frames are dropped"
    assert not any(n.startswith(("ppt/charts/", "ppt/media/", "ppt/embeddings/")) for n in deck.names)
    assert result.warnings == []


def test_delete_of_a_missing_key_is_a_warning(elements: Path, check_render):
    result = render(elements, [{"template": 1, "nothing": {"delete": True}}])
    check_render(result.pptx, elements, pages=1)
    assert any(w.path == "slides[0].nothing" for w in result.warnings)


def test_theme_colours_edit_the_masters_theme(elements: Path, check_render):
    theme = {"colors": {"accent1": "#123456", "dk2": "dkBlue", "lt2": "", "hlink": None}}
    result = render(elements, {"slides": [{"template": 1}], "theme": theme})
    deck = check_render(result.pptx, elements, pages=1)
    themes = [n for n in deck.names if n.startswith("ppt/theme/") and n.endswith(".xml")]
    master_rels = deck.rels("ppt/slideMasters/slideMaster1.xml")
    (theme_name,) = [t for kind, t, _ in master_rels.values() if kind == "theme"]
    assert theme_name in themes
    scheme = deck.xml(theme_name).find("a:themeElements/a:clrScheme", NS)
    assert scheme.xpath("a:accent1/a:srgbClr/@val", namespaces=NS) == ["123456"]
    assert scheme.xpath("a:dk2/a:prstClr/@val", namespaces=NS) == ["dkBlue"]
    assert len(scheme.find("a:lt2", NS)) == 1
    assert scheme.find("a:lt2/a:prstClr", NS) is None
