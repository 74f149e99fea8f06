"""Text: {key} across runs, formatting kept, font and shape styles, hyperlinks, line breaks."""

from __future__ import annotations

from pathlib import Path

import pytest
from lxml import etree

from deckkit.renderer import render
from tests.renderer.core_kit import NS, add_table, add_textbox, blank_slide, new_presentation, set_runs


def _runs(paragraph: etree._Element) -> list[tuple[str, dict[str, str]]]:
    out = []
    for r in paragraph.xpath("a:r", namespaces=NS):
        r_pr = r.find("a:rPr", NS)
        out.append(("".join(r.itertext()), dict(r_pr.attrib) if r_pr is not None else {}))
    return out


@pytest.fixture
def split_runs(save_template) -> Path:
    prs = new_presentation()
    slide = blank_slide(prs)
    box = add_textbox(slide, "")
    set_runs(
        box,
        [
            ("Dear ", {"italic": True}),
            ("Mr {na", {"bold": True, "size": 24}),
            ("me} and", {"size": 12}),
            (" more", {}),
        ],
    )
    return save_template(prs)


def test_key_split_over_runs_takes_the_formatting_of_its_first_run(split_runs: Path, check_render):
    result = render(split_runs, [{"template": 1, "name": "Smith"}])
    deck = check_render(result.pptx, split_runs, pages=1)
    (paragraph,) = deck.slide(0).xpath("//p:sp//a:p", namespaces=NS)
    runs = _runs(paragraph)
    assert "".join(t for t, _ in runs) == "Dear Mr Smith and more"
    assert runs[0] == ("Dear ", {"lang": "en-US", "i": "1", "dirty": "0"}) or runs[0][0] == "Dear "
    inserted = next(attrs for text, attrs in runs if text == "Smith")
    assert inserted.get("b") == "1"
    assert inserted.get("sz") == "2400"
    # text outside the braces stays in its own runs with their own formatting
    assert ("Mr ", runs[1][1]) == runs[1]
    assert runs[1][1].get("b") == "1"
    tail = next(attrs for text, attrs in runs if text == " and")
    assert tail.get("sz") == "1200"
    assert result.warnings == []


def test_font_styles_apply_to_inserted_runs_only(split_runs: Path, check_render):
    value = {
        "value": "Smith",
        "styles": {
            "font": {
                "color": "#FF0000",
                "size": 30,
                "italic": True,
                "typeface": "Arial",
                "underline": True,
                "strike": True,
                "bold": False,
            }
        },
    }
    deck = check_render(render(split_runs, [{"template": 1, "name": value}]).pptx, split_runs, pages=1)
    runs = {"".join(r.itertext()): r for r in deck.slide(0).iterfind(".//a:r", NS)}
    smith = runs["Smith"].find("a:rPr", NS)
    assert smith.get("sz") == "3000"
    assert smith.get("i") == "1"
    assert smith.get("b") == "0"
    assert smith.get("u") == "sng"
    assert smith.get("strike") == "sngStrike"
    assert smith.xpath("a:solidFill/a:srgbClr/@val", namespaces=NS) == ["FF0000"]
    assert smith.xpath("a:latin/@typeface", namespaces=NS) == ["Arial"]
    mr = runs["Mr "].find("a:rPr", NS)
    assert mr.get("sz") == "2400"
    assert mr.find("a:solidFill", NS) is None


@pytest.mark.parametrize(
    ("color", "xpath", "expected"),
    [
        ("accent2", "a:solidFill/a:schemeClr/@val", "accent2"),
        ("dkBlue", "a:solidFill/a:prstClr/@val", "dkBlue"),
        ("#0a0", "a:solidFill/a:srgbClr/@val", "00AA00"),
    ],
)
def test_colours_become_drawingml(split_runs: Path, check_render, color: str, xpath: str, expected: str):
    value = {"value": "X", "styles": {"font": {"color": color}}}
    deck = check_render(render(split_runs, [{"template": 1, "name": value}]).pptx, split_runs)
    run = next(r for r in deck.slide(0).iterfind(".//a:r", NS) if "".join(r.itertext()) == "X")
    assert run.find("a:rPr", NS).xpath(xpath, namespaces=NS) == [expected]


def test_newline_is_a_line_break_with_the_run_formatting(split_runs: Path, check_render):
    deck = check_render(
        render(split_runs, [{"template": 1, "name": "Smith\nJones"}]).pptx, split_runs, pages=1
    )
    (paragraph,) = deck.slide(0).xpath("//p:sp//a:p", namespaces=NS)
    assert len(deck.slide(0).xpath("//p:sp//a:p", namespaces=NS)) == 1, "still one paragraph"
    br = paragraph.find("a:br", NS)
    assert br is not None
    assert br.find("a:rPr", NS).get("b") == "1"
    assert deck.texts(0) == ["Dear Mr Smith\nJones and more"]


def test_hyperlink_adds_an_external_relationship(split_runs: Path, check_render):
    value = {"value": "Smith", "hyperlink": "https://example.com/smith"}
    deck = check_render(render(split_runs, [{"template": 1, "name": value}]).pptx, split_runs, pages=1)
    links = deck.slide(0).xpath("//a:r[a:t='Smith']/a:rPr/a:hlinkClick/@r:id", namespaces=NS)
    assert len(links) == 1
    kind, target, mode = deck.rels(deck.slide_names()[0])[links[0]]
    assert (kind, target, mode) == ("hyperlink", "https://example.com/smith", "External")
    assert deck.slide(0).xpath("//a:r[a:t='Mr ']/a:rPr/a:hlinkClick", namespaces=NS) == []


@pytest.fixture
def shapes(save_template) -> Path:
    from pptx.enum.shapes import MSO_SHAPE
    from pptx.util import Inches

    prs = new_presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[1])
    slide.shapes.title.text = "{heading}"
    slide.placeholders[1].text_frame.text = "Body {body} and {body} again"
    auto = slide.shapes.add_shape(MSO_SHAPE.ROUNDED_RECTANGLE, Inches(5), Inches(5), Inches(3), Inches(1))
    auto.text_frame.text = "{badge}"
    group = slide.shapes.add_group_shape()
    inner = group.shapes.add_group_shape()
    inner.shapes.add_textbox(Inches(1), Inches(6), Inches(2), Inches(0.5)).text_frame.text = "deep {deep}"
    add_table(slide, 2, 2, {(0, 0): "{cell}", (1, 1): "n = {count}"})
    # braces inside attributes are never placeholders
    auto._element.xpath("./p:nvSpPr/p:cNvPr")[0].set("name", "{not_a_key}")
    return save_template(prs)


def test_every_shape_kind_is_filled(shapes: Path, check_render):
    data = {"heading": "Title", "body": "B", "badge": "New", "deep": "inside", "cell": "C", "count": "42"}
    result = render(shapes, [{"template": 1, **data}])
    deck = check_render(result.pptx, shapes, pages=1)
    texts = deck.texts(0)
    for expected in ["Title", "Body B and B again", "New", "deep inside", "C", "n = 42"]:
        assert expected in texts
    assert not any("{" in t for t in texts)
    assert result.warnings == []


def test_an_unfilled_page_counter_is_named_by_its_key(save_template, check_render) -> None:
    """``{page}`` and ``{pages}`` left unfilled are warned at ``slides[0].page``, as every other
    key's warning names its key (they were ``slides[0]``, the one path that did not)."""
    prs = new_presentation()
    slide = blank_slide(prs)
    add_textbox(slide, "{title}")
    add_textbox(slide, "Page {page} of {pages}")
    template = save_template(prs)
    result = render(template, [{"template": 1, "title": "Q3"}, {"template": 1, "title": "Q4", "page": "2"}])
    check_render(result.pptx, template, pages=2)
    assert [(w.path, w.kind) for w in result.warnings] == [
        ("slides[0].page", "unfilled placeholder"),
        ("slides[0].pages", "unfilled placeholder"),
        ("slides[1].pages", "unfilled placeholder"),
    ]


def test_unfilled_placeholders_and_unused_keys_are_warnings(shapes: Path, check_render):
    result = render(shapes, [{"template": 1, "heading": "T", "nothere": "x", "not_a_key": "y"}])
    deck = check_render(result.pptx, shapes, pages=1)
    messages = [str(w) for w in result.warnings]
    assert any(m.startswith("slides[0].nothere: template slide 1 has no key `nothere`") for m in messages)
    assert any(m.startswith("slides[0].not_a_key: template slide 1 has no key `not_a_key`") for m in messages)
    assert "slides[0].badge: {badge} on template slide 1 is not filled; it is left as it is" in messages
    assert "{badge}" in deck.texts(0), "an unfilled placeholder is left as it is"
    assert deck.slide(0).xpath("//p:cNvPr[@name='{not_a_key}']", namespaces=NS)


def test_shape_styles_on_a_shape(shapes: Path, check_render):
    styles = {
        "shape": {"fill": "accent1", "outline": "#112233", "align": "right", "vertical_align": "bottom"}
    }
    deck = check_render(
        render(shapes, [{"template": 1, "badge": {"value": "New", "styles": styles}}]).pptx, shapes
    )
    (sp,) = deck.slide(0).xpath("//p:sp[.//a:t='New']", namespaces=NS)
    assert sp.xpath("p:spPr/a:solidFill/a:schemeClr/@val", namespaces=NS) == ["accent1"]
    assert sp.xpath("p:spPr/a:ln/a:solidFill/a:srgbClr/@val", namespaces=NS) == ["112233"]
    assert sp.xpath("p:txBody/a:bodyPr/@anchor", namespaces=NS) == ["b"]
    assert sp.xpath("p:txBody/a:p/a:pPr/@algn", namespaces=NS) == ["r"]
    # schema order in spPr: xfrm, geometry, fill, ln
    tags = [etree.QName(c).localname for c in sp.find("p:spPr", NS)]
    assert tags.index("prstGeom") < tags.index("solidFill") < tags.index("ln")


def test_empty_string_removes_fill_and_outline(shapes: Path, check_render):
    styles = {"shape": {"fill": "", "outline": ""}}
    deck = check_render(
        render(shapes, [{"template": 1, "badge": {"value": "New", "styles": styles}}]).pptx, shapes
    )
    (sp,) = deck.slide(0).xpath("//p:sp[.//a:t='New']", namespaces=NS)
    assert sp.xpath("p:spPr/a:noFill", namespaces=NS)
    assert sp.xpath("p:spPr/a:ln/a:noFill", namespaces=NS)


def test_shape_styles_on_a_table_cell(shapes: Path, check_render):
    styles = {"shape": {"fill": "#00FF00", "outline": "red", "align": "center", "vertical_align": "center"}}
    deck = check_render(
        render(shapes, [{"template": 1, "cell": {"value": "C", "styles": styles}}]).pptx, shapes
    )
    (tc,) = deck.slide(0).xpath("//a:tc[.//a:t='C']", namespaces=NS)
    assert tc.xpath("a:tcPr/a:solidFill/a:srgbClr/@val", namespaces=NS) == ["00FF00"]
    assert tc.xpath("a:tcPr/@anchor", namespaces=NS) == ["ctr"]
    assert tc.xpath("a:txBody/a:p/a:pPr/@algn", namespaces=NS) == ["ctr"]
    borders = [
        etree.QName(c).localname for c in tc.find("a:tcPr", NS) if etree.QName(c).localname.startswith("ln")
    ]
    assert borders == ["lnL", "lnR", "lnT", "lnB"]
    assert tc.xpath("a:tcPr/a:lnT/a:solidFill/a:prstClr/@val", namespaces=NS) == ["red"]
    # The cell's right and bottom edges are shared: the neighbours' copies are drawn in red too,
    # exactly as a Table cell with the same styles (one definition of cell styling).
    right = deck.slide(0).xpath("//a:tr[1]/a:tc[2]", namespaces=NS)[0]
    below = deck.slide(0).xpath("//a:tr[2]/a:tc[1]", namespaces=NS)[0]
    assert right.xpath("a:tcPr/a:lnL/a:solidFill/a:prstClr/@val", namespaces=NS) == ["red"]
    assert below.xpath("a:tcPr/a:lnT/a:solidFill/a:prstClr/@val", namespaces=NS) == ["red"]


def test_empty_value_keeps_paragraph_formatting(split_runs: Path, check_render, save_template):
    prs = new_presentation()
    box = add_textbox(blank_slide(prs), "")
    set_runs(box, [("{gone}", {"size": 40})])
    path = save_template(prs, "empty.pptx")
    deck = check_render(render(path, [{"template": 1, "gone": ""}]).pptx, path, pages=1)
    (p,) = deck.slide(0).xpath("//p:sp//a:p", namespaces=NS)
    assert p.find("a:r", NS) is None
    assert p.xpath("a:endParaRPr/@sz", namespaces=NS) == ["4000"]


def test_two_keys_in_one_run(save_template, check_render):
    prs = new_presentation()
    add_textbox(blank_slide(prs), "{a}-{b}/{a}")
    path = save_template(prs)
    deck = check_render(
        render(
            path, [{"template": 1, "a": "x", "b": {"value": "y", "styles": {"font": {"bold": True}}}}]
        ).pptx,
        path,
    )
    assert deck.texts(0) == ["x-y/x"]
    bold = deck.slide(0).xpath("//a:r[a:rPr/@b='1']/a:t/text()", namespaces=NS)
    assert bold == ["y"]


def test_unicode_keys_and_keys_with_dots_and_hyphens(save_template, check_render):
    prs = new_presentation()
    add_textbox(blank_slide(prs), "{größe} {q3-sales.total} {not a key} {}")
    path = save_template(prs)
    result = render(path, [{"template": 1, "größe": "1", "q3-sales.total": "2"}])
    deck = check_render(result.pptx, path)
    assert deck.texts(0) == ["1 2 {not a key} {}"]
