"""Links of the template to things outside the deck: listed by inspection, a warning at render.

A linked picture (``r:link`` to ``file:///etc/passwd``) and a ``file:`` hyperlink are what
PowerPoint may fetch or open where the deck is opened; an https hyperlink is an ordinary link.
A template with the custom document property ``deckkit-external-links`` = ``allow`` renders
quietly.
"""

from __future__ import annotations

import io
import warnings
import zipfile
from pathlib import Path
from typing import Any

import pytest

import deckkit
from deckkit.cli import main
from deckkit.renderer import render
from deckkit.template.inspect import Template
from tests.readers import assert_readable
from tests.renderer.core_kit import add_picture, add_textbox, blank_slide, new_presentation, png_bytes

_IMAGE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/image"
_R = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"


def _linked_template() -> bytes:
    """One slide: {title}, a picture linked to file:///etc/passwd, a file: link and an https link."""
    prs = new_presentation()
    slide = blank_slide(prs)
    add_textbox(slide, "{title}")
    picture = add_picture(slide, png_bytes(), left=5)
    rid = slide.part.relate_to("file:///etc/passwd", _IMAGE, is_external=True)
    blip = picture._element.xpath(".//a:blip")[0]
    blip.set(f"{_R}link", rid)
    local = add_textbox(slide, "local file", top=3).text_frame.paragraphs[0].runs[0]
    local.hyperlink.address = "file:///C:/Users/victim/secret.xlsx"
    web = add_textbox(slide, "our site", top=4).text_frame.paragraphs[0].runs[0]
    web.hyperlink.address = "https://example.com/"
    out = io.BytesIO()
    prs.save(out)
    return out.getvalue()


def _allowing(template: bytes) -> bytes:
    """The template with the custom document property deckkit-external-links = allow."""
    custom = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/custom-properties" '
        'xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">'
        '<property fmtid="{D5CDD505-2E9C-101B-9397-08002B2CF9AE}" pid="2" name="deckkit-external-links">'
        "<vt:lpwstr>allow</vt:lpwstr></property></Properties>"
    )
    source = zipfile.ZipFile(io.BytesIO(template))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            data = source.read(info.filename)
            if info.filename == "[Content_Types].xml":
                data = data.replace(
                    b"</Types>",
                    b'<Override PartName="/docProps/custom.xml" ContentType="application/'
                    b'vnd.openxmlformats-officedocument.custom-properties+xml"/></Types>',
                )
            elif info.filename == "_rels/.rels":
                data = data.replace(
                    b"</Relationships>",
                    b'<Relationship Id="rIdCustom" Type="http://schemas.openxmlformats.org/officeDocument/'
                    b'2006/relationships/custom-properties" Target="docProps/custom.xml"/></Relationships>',
                )
            target.writestr(info, data)
        target.writestr("docProps/custom.xml", custom)
    return out.getvalue()


DATA: dict[str, Any] = {"slides": [{"template": 1, "title": "Q3"}]}


def test_inspection_lists_the_templates_external_links_not_its_web_links() -> None:
    template = Template(_linked_template())
    assert [(link.what, link.target) for link in template.external_links] == [
        ("a linked picture", "file:///etc/passwd"),
        ("a link", "file:///C:/Users/victim/secret.xlsx"),
    ]
    assert {link.part for link in template.external_links} == {"ppt/slides/slide1.xml"}
    assert not template.external_links_allowed
    assert Template(_allowing(_linked_template())).external_links_allowed


def test_deckkit_inspect_prints_them(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "template.pptx"
    path.write_bytes(_linked_template())
    assert main(["inspect", str(path)]) == 0
    out = capsys.readouterr().out
    assert "external links: PowerPoint may fetch or open them where a deck is opened" in out
    assert "  ppt/slides/slide1.xml: a linked picture to file:///etc/passwd" in out
    assert "example.com" not in out


def test_a_render_warns_of_each_through_the_one_warnings_list(tmp_path: Path) -> None:
    result = deckkit.render(_linked_template(), DATA)
    messages = [str(w) for w in result.warnings if w.kind == "external link"]
    assert messages == [
        "the template's ppt/slides/slide1.xml holds a linked picture to file:///etc/passwd: whoever "
        "opens the deck may have it fetched or opened; remove it from the template, or set the "
        'template\'s custom document property deckkit-external-links to "allow" if it is meant',
        "the template's ppt/slides/slide1.xml holds a link to file:///C:/Users/victim/secret.xlsx: "
        "whoever opens the deck may have it fetched or opened; remove it from the template, or set "
        'the template\'s custom document property deckkit-external-links to "allow" if it is meant',
    ]
    out = tmp_path / "out.pptx"
    out.write_bytes(result.pptx)
    template = tmp_path / "template.pptx"
    template.write_bytes(_linked_template())
    assert_readable(out, template, pages=1)
    deck = deckkit.Deck(template)
    deck.add_slide(1, title="Q3")
    with pytest.warns(deckkit.ExternalLinkWarning) as caught:
        deck.render()
    assert [str(w.message) for w in caught if issubclass(w.category, deckkit.ExternalLinkWarning)] == messages


def test_strict_makes_them_errors() -> None:
    with pytest.raises(deckkit.RenderError, match="a linked picture to file:///etc/passwd"):
        render(_linked_template(), DATA, strict=True)


def test_a_template_that_allows_them_renders_quietly() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        result = deckkit.render(_allowing(_linked_template()), DATA)
    assert [w for w in result.warnings if w.kind == "external link"] == []


def test_a_template_without_external_links_gives_no_such_warning() -> None:
    prs = new_presentation()
    add_textbox(blank_slide(prs), "{title}")
    out = io.BytesIO()
    prs.save(out)
    assert [w for w in render(out.getvalue(), DATA).warnings if w.kind == "external link"] == []


def _plain_template() -> bytes:
    prs = new_presentation()
    add_textbox(blank_slide(prs), "{title}")
    out = io.BytesIO()
    prs.save(out)
    return out.getvalue()


def _external_warnings(base: bytes, other: bytes) -> list[tuple[str, str]]:
    slides = [{"template": 1, "title": "Q3"}, {"template": "templates/linked.pptx#1", "title": "Appendix"}]
    result = render(base, {"slides": slides}, {"templates/linked.pptx": other})
    return [(w.path, w.message) for w in result.warnings if w.kind == "external link"]


def test_another_template_s_links_are_told_naming_it(tmp_path: Path) -> None:
    slides = [{"template": 1, "title": "Q3"}, {"template": "templates/linked.pptx#1", "title": "Appendix"}]
    result = render(_plain_template(), {"slides": slides}, {"templates/linked.pptx": _linked_template()})
    assert [(w.path, w.message) for w in result.warnings if w.kind == "external link"] == [
        (
            "slides[1].template",
            "templates/linked.pptx's ppt/slides/slide1.xml holds a linked picture to file:///etc/passwd: "
            "whoever opens the deck may have it fetched or opened; remove it from templates/linked.pptx, "
            "or set templates/linked.pptx's custom document property deckkit-external-links to "
            '"allow" if it is meant',
        ),
        (
            "slides[1].template",
            "templates/linked.pptx's ppt/slides/slide1.xml holds a link to "
            "file:///C:/Users/victim/secret.xlsx: whoever opens the deck may have it fetched or opened; "
            "remove it from templates/linked.pptx, or set templates/linked.pptx's custom document "
            'property deckkit-external-links to "allow" if it is meant',
        ),
    ]
    out, base, other = tmp_path / "out.pptx", tmp_path / "template.pptx", tmp_path / "linked.pptx"
    out.write_bytes(result.pptx)
    base.write_bytes(_plain_template())
    other.write_bytes(_linked_template())
    assert_readable(out, [base, other], pages=2)


def test_each_template_answers_for_its_own_links() -> None:
    # The base's "allow" is not the other template's: its links are still told.
    told = _external_warnings(_allowing(_plain_template()), _linked_template())
    assert [path for path, _ in told] == ["slides[1].template"] * 2
    # The advice followed: the other template allows them, and the render is quiet.
    assert _external_warnings(_plain_template(), _allowing(_linked_template())) == []
    # ... while the base's own links are still the base's to allow.
    told = _external_warnings(_linked_template(), _allowing(_linked_template()))
    assert [(path, message.split(" holds ")[0]) for path, message in told] == [
        ("", "the template's ppt/slides/slide1.xml")
    ] * 2
