"""The package-graph check of tests.readers finds unlisted slides and parts nothing reaches."""

from __future__ import annotations

import io
import zipfile

import pytest

from tests.package_graph import package_graph, package_graph_problems
from tests.renderer.core_kit import add_textbox, blank_slide, new_presentation

_SLIDE_TYPE = "application/vnd.openxmlformats-officedocument.presentationml.slide+xml"
_SLIDE_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/slide"


@pytest.fixture
def two_slides() -> bytes:
    prs = new_presentation()
    first, second = blank_slide(prs), blank_slide(prs)
    add_textbox(first, "go on").click_action.target_slide = second
    out = io.BytesIO()
    prs.save(out)
    return out.getvalue()


def _edited(pptx: bytes, edit: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(pptx)) as src, zipfile.ZipFile(out, "w") as dst:
        for name in src.namelist():
            dst.writestr(name, edit.pop(name, None) or src.read(name))
        for name, data in edit.items():
            dst.writestr(name, data)
    return out.getvalue()


def test_a_saved_deck_is_clean(two_slides: bytes) -> None:
    graph = package_graph(two_slides)
    assert graph.listed_slides == graph.slide_parts == ["ppt/slides/slide1.xml", "ppt/slides/slide2.xml"]
    assert package_graph_problems(two_slides) == []


def test_an_unlisted_slide_reached_by_a_link_is_found(two_slides: bytes) -> None:
    with zipfile.ZipFile(io.BytesIO(two_slides)) as zf:
        presentation = zf.read("ppt/presentation.xml").decode()
        types = zf.read("[Content_Types].xml").decode()
    # The slide list names the first slide only; the second is still reached through the link.
    start = presentation.index("<p:sldId ", presentation.index("<p:sldId ") + 1)
    unlisted = presentation[:start] + presentation[presentation.index("/>", start) + 2 :]
    pptx = _edited(two_slides, {"ppt/presentation.xml": unlisted.encode()})
    assert _SLIDE_TYPE in types
    assert package_graph(pptx).unlisted_slides == ["ppt/slides/slide2.xml"]
    assert package_graph_problems(pptx) == [
        "slide part ppt/slides/slide2.xml is not in p:sldIdLst",
        "relationship ppt/presentation.xml -> ppt/slides/slide2.xml leads into an unlisted slide",
        "relationship ppt/slides/slide1.xml -> ppt/slides/slide2.xml leads into an unlisted slide",
    ]


def test_parts_nothing_reaches_are_found(two_slides: bytes) -> None:
    pptx = _edited(
        two_slides,
        {
            "ppt/media/orphan.png": b"\x89PNG",
            "ppt/slides/_rels/slide9.xml.rels": (
                '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
                f'<Relationship Id="rId1" Type="{_SLIDE_REL}" Target="slide1.xml"/></Relationships>'
            ).encode(),
        },
    )
    assert package_graph(pptx).unreachable == ["ppt/media/orphan.png", "ppt/slides/_rels/slide9.xml.rels"]
    assert package_graph_problems(pptx) == [
        "part ppt/media/orphan.png is reached by no relationship",
        "part ppt/slides/_rels/slide9.xml.rels is reached by no relationship",
    ]


def test_a_relationship_to_no_part_and_a_name_stored_twice_are_found(two_slides: bytes) -> None:
    with zipfile.ZipFile(io.BytesIO(two_slides)) as zf:
        rels = zf.read("ppt/slides/_rels/slide1.xml.rels").decode()
    broken = rels.replace('Target="slide2.xml"', 'Target="slide7.xml"')
    pptx = _edited(two_slides, {"ppt/slides/_rels/slide1.xml.rels": broken.encode()})
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(pptx)) as src, zipfile.ZipFile(out, "w") as dst:
        for name in src.namelist():
            dst.writestr(name, src.read(name))
        with pytest.warns(UserWarning, match="Duplicate name"):
            dst.writestr("ppt/slides/slide2.xml", src.read("ppt/slides/slide2.xml"))
    assert package_graph(out.getvalue()).missing_targets == ["ppt/slides/slide1.xml -> ppt/slides/slide7.xml"]
    assert package_graph_problems(out.getvalue()) == [
        "relationship ppt/slides/slide1.xml -> ppt/slides/slide7.xml leads to no part",
        "the zip holds ppt/slides/slide2.xml more than once",
    ]


def _with_picture(pptx: bytes, target: str, parts: dict[str, bytes] | None = None) -> bytes:
    """``pptx`` with slide 2 related to a picture at ``target`` (and ``parts`` added)."""
    with zipfile.ZipFile(io.BytesIO(pptx)) as zf:
        rels = zf.read("ppt/slides/_rels/slide2.xml.rels").decode()
    linked = rels.replace(
        "</Relationships>",
        '<Relationship Id="rId99" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
        f'relationships/image" Target="{target}"/></Relationships>',
    )
    return _edited(pptx, {**(parts or {}), "ppt/slides/_rels/slide2.xml.rels": linked.encode()})


def test_a_part_without_a_content_type_is_found(two_slides: bytes) -> None:
    pptx = _with_picture(two_slides, "../media/extra.qqq", {"ppt/media/extra.qqq": b"bytes"})
    assert package_graph(pptx).untyped == ["ppt/media/extra.qqq"]
    assert package_graph_problems(pptx) == ["part ppt/media/extra.qqq has no content type"]


def test_a_lost_picture_the_template_holds_already_is_not_new(two_slides: bytes) -> None:
    # PowerPoint writes Target="NULL" for a picture it lost (Open XML SDK's typical.pptx): the
    # template's own dangling relationship is not the render's; a new one still is.
    template = _with_picture(two_slides, "NULL")
    assert package_graph_problems(template) == [
        "relationship ppt/slides/slide2.xml -> ppt/slides/NULL leads to no part"
    ]
    assert package_graph_problems(template, [template]) == []
    assert package_graph_problems(_with_picture(two_slides, "../media/gone.png"), [template]) == [
        "relationship ppt/slides/slide2.xml -> ppt/media/gone.png leads to no part"
    ]
