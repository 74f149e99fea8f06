"""The engine: plan first (every problem, with its path), dispatch to every filler, API shapes."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from deckkit.errors import DataError, RenderError
from deckkit.renderer import RenderResult, render, render_bundle
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
def kinds(save_template) -> Path:
    """Slide 1: text, table "sales", chart "trend", picture slot {photo}; slide 2: text only; slide 3: picture."""
    prs = new_presentation()
    s1 = blank_slide(prs)
    add_textbox(s1, "{title}")
    set_alt_text(add_table(s1, 2, 2, {(0, 0): "h1", (0, 1): "h2"}), "sales")
    set_alt_text(add_chart(s1), "trend")
    add_textbox(s1, "{photo}", left=7, top=5, width=2, height=2)
    add_table(s1, 1, 1, {(0, 0): "{cellkey}"})
    s2 = blank_slide(prs)
    add_textbox(s2, "{title} two")
    s3 = blank_slide(prs)
    set_alt_text(add_picture(s3, png_bytes(), left=2, width=3), "{hero}")
    return save_template(prs)


def _problems(excinfo: pytest.ExceptionInfo[RenderError]) -> list[str]:
    return [str(p) for p in excinfo.value.problems]


def test_every_element_kind_through_the_engine(kinds: Path, check_render):
    media = {"images/a.png": png_bytes(80, 40, (0, 0, 255)), "images/b.png": png_bytes(30, 30, (0, 255, 0))}
    data = {
        "slides": [
            {
                "template": 1,
                "title": "Kinds",
                "cellkey": "in a cell",
                "sales": {
                    "type": "table",
                    "rows": [["Region", "Q1", "Q2"], ["North", "1", "2"], ["South", "3", "4"]],
                },
                "trend": {
                    "type": "chart",
                    "labels": ["x", "y"],
                    "axis1": {"series": {"S1": {"values": [5, 6]}}},
                },
                "photo": {"type": "image", "src": "images/a.png", "scaling": "contain"},
            },
            {"template": 3, "hero": {"type": "image", "src": "images/b.png"}},
            {"template": 2, "title": "Second"},
        ],
        "theme": {"colors": {"accent1": "#FF00FF"}},
    }
    result = render(kinds, data, media)
    assert isinstance(result, RenderResult)
    assert result.slide_count == 3
    assert result.warnings == []
    deck = check_render(result.pptx, kinds, pages=3)
    s1 = deck.slide(0)
    assert (
        s1.xpath("count(//p:graphicFrame[p:nvGraphicFramePr/p:cNvPr/@descr='sales']//a:tr)", namespaces=NS)
        == 3
    )
    assert "North" in deck.texts(0)
    assert "in a cell" in deck.texts(0)
    (chart_rid,) = s1.xpath("//c:chart/@r:id", namespaces=NS)
    chart = deck.rels(deck.slide_names()[0])[chart_rid][1]
    assert deck.xpath(chart, "//c:ser/c:val//c:pt/c:v/text()") == ["5", "6"]
    assert s1.xpath("//p:pic", namespaces=NS), "the {photo} shape became a picture"
    assert not any("{photo}" in t for t in deck.texts(0))
    s2 = deck.slide(1)
    (embed,) = s2.xpath("//p:pic//a:blip/@r:embed", namespaces=NS)
    image = deck.rels(deck.slide_names()[1])[embed][1]
    assert deck.zip.read(image) == media["images/b.png"]
    assert deck.texts(2) == ["Second two"]


def test_problems_are_collected_with_paths_and_nothing_is_written(kinds: Path):
    data = [
        {"template": 9},
        {"template": 1, "sales": "text for a table", "title": {"type": "table", "rows": [["x"]]}},
        {"template": 2, "nosuch": {"type": "table", "rows": [["x"]]}},
        {
            "template": 1,
            "photo": {"type": "image", "src": "missing.png"},
            "cellkey": {"type": "image", "src": "a.png"},
        },
        {
            "template": 1,
            "trend": {"type": "table", "rows": [["x"]]},
            "sales": {"type": "image", "src": "a.png"},
        },
    ]
    with pytest.raises(RenderError) as excinfo:
        render(kinds, data, {"a.png": png_bytes()})
    problems = _problems(excinfo)
    text = "\n".join(problems)
    assert "slides[0].template: template slide 9 does not exist; the template has 3 slides" in text
    assert any(
        p.startswith(
            'slides[1].sales: "sales" is the alt text of a table on template slide 1, which cannot take text'
        )
        for p in problems
    )
    assert any(
        p.startswith(
            'slides[1].title: no table with alt text "title" on template slide 1; {title} is text there'
        )
        for p in problems
    )
    assert (
        'slides[2].nosuch: no table with alt text "nosuch" on template slide 2; the slide has no tables'
        in problems
    )
    assert any(p.startswith("slides[3].photo.src") and "missing.png" in p for p in problems)
    assert any(p.startswith("slides[3].cellkey: {cellkey} is in a table cell") for p in problems)
    assert any(
        p.startswith('slides[4].trend: "trend" on template slide 1 is a chart, which cannot take a table')
        for p in problems
    )
    assert any(
        p.startswith('slides[4].sales: "sales" on template slide 1 is a table, which cannot take an image')
        for p in problems
    )
    assert str(excinfo.value).startswith("the data does not fit the template (")


def test_missing_table_lists_the_tables_of_the_slide(kinds: Path):
    with pytest.raises(RenderError) as excinfo:
        render(kinds, [{"template": 1, "Sales": {"type": "table", "rows": [["x"]]}}])
    assert _problems(excinfo) == [
        'slides[0].Sales: no table with alt text "Sales" on template slide 1; the slide has tables "sales"'
    ]


def test_strict_turns_warnings_into_errors(kinds: Path):
    data = [{"template": 2, "title": "t", "unused": "u"}]
    assert [w.path for w in render(kinds, data).warnings] == ["slides[0].unused"]
    with pytest.raises(RenderError) as excinfo:
        render(kinds, data, strict=True)
    assert [p.path for p in excinfo.value.problems] == ["slides[0].unused"]


def test_data_errors_come_before_rendering(kinds: Path):
    with pytest.raises(DataError):
        render(kinds, {"slides": [{"template": 0}]})
    with pytest.raises(DataError):
        render(kinds, "{not json")


def test_data_as_json_text_bytes_and_legacy_array(kinds: Path, check_render):
    for data in (
        json.dumps([{"template": 2, "title": "A"}]),
        json.dumps({"slides": [{"template": 2, "title": "A"}]}).encode(),
    ):
        result = render(kinds.read_bytes(), data)
        assert check_render(result.pptx, kinds, pages=1).texts(0) == ["A two"]


def test_empty_slide_list_gives_an_empty_deck(kinds: Path, check_render):
    result = render(kinds, {"slides": []})
    deck = check_render(result.pptx, kinds, pages=0)
    assert result.slide_count == 0
    assert deck.slide_names() == []


def test_render_bundle_reads_media_beside_data(kinds: Path, tmp_path: Path, check_render):
    bundle = tmp_path / "input.zip"
    with zipfile.ZipFile(bundle, "w") as z:
        z.write(kinds, "template.pptx")
        z.writestr("data.json", json.dumps([{"template": 3, "hero": {"type": "image", "src": "pics/x.png"}}]))
        z.writestr("pics/x.png", png_bytes())
    for source in (bundle, str(bundle), bundle.read_bytes()):
        result = render_bundle(source)
        assert check_render(result.pptx, kinds, pages=1).slide(0).xpath("//p:pic", namespaces=NS)


@pytest.mark.slow
def test_every_element_kind_opens_in_libreoffice(kinds: Path, check_render):
    data = [
        {
            "template": 1,
            "title": "LibreOffice",
            "cellkey": "c",
            "sales": {"type": "table", "rows": [["a", "b"], ["1", "2"]]},
            "trend": {"type": "chart", "labels": ["x", "y"], "axis1": {"series": {"S1": {"values": [1, 2]}}}},
            "photo": {"type": "image", "src": "p.png", "scaling": "cover", "overflow": "hidden"},
        },
        {
            "template": 2,
            "title": {"value": "styled", "styles": {"font": {"bold": True}, "shape": {"fill": "accent2"}}},
        },
        {"template": 1, "title": {"delete": True}, "sales": {"delete": True}, "trend": {"delete": True}},
        {
            "template": 2,
            "title": {
                "type": "list",
                "values": ["one", {"value": "two\nlines", "level": 1, "hyperlink": "https://example.com"}],
            },
        },
    ]
    theme = {"colors": {"accent2": "#2E8B57", "dk1": "navy"}}
    result = render(kinds, {"slides": data, "theme": theme}, {"p.png": png_bytes(60, 20)})
    check_render(result.pptx, kinds, pages=4, libreoffice=True)


def test_picture_in_a_layout_placeholder_takes_the_layout_position(save_template, check_render):
    prs = new_presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[1])
    slide.shapes.title.text = "Pictures"
    slide.placeholders[1].text_frame.text = "{photo}"
    path = save_template(prs, "placeholder.pptx")
    layout_xfrm = prs.slide_layouts[1].placeholders[1]
    result = render(
        path,
        [{"template": 1, "photo": {"type": "image", "src": "a.png", "scaling": "contain"}}],
        {"a.png": png_bytes(100, 50)},
    )
    deck = check_render(result.pptx, path, pages=1)
    (off,) = deck.slide(0).xpath("//p:pic/p:spPr/a:xfrm/a:off", namespaces=NS)
    (ext,) = deck.slide(0).xpath("//p:pic/p:spPr/a:xfrm/a:ext", namespaces=NS)
    assert int(ext.get("cx")) == layout_xfrm.width, "contain: as wide as the layout placeholder (2:1 picture)"
    assert int(off.get("x")) == layout_xfrm.left
    top, height, cy = layout_xfrm.top, layout_xfrm.height, int(ext.get("cy"))
    assert abs(int(off.get("y")) - (top + (height - cy) / 2)) <= 1, "centred vertically"


def test_a_shape_named_by_alt_text_takes_a_picture_but_not_text(save_template, check_render):
    from pptx.enum.shapes import MSO_SHAPE
    from pptx.util import Inches

    prs = new_presentation()
    slide = blank_slide(prs)
    set_alt_text(
        slide.shapes.add_shape(MSO_SHAPE.RECTANGLE, Inches(1), Inches(1), Inches(4), Inches(2)), "hero"
    )
    set_alt_text(
        slide.shapes.add_shape(MSO_SHAPE.OVAL, Inches(6), Inches(1), Inches(2), Inches(2)), "described"
    )
    path = save_template(prs, "alt.pptx")
    data = [{"template": 1, "hero": {"type": "image", "src": "a.png"}, "described": "text"}]
    result = render(path, data, {"a.png": png_bytes()})
    deck = check_render(result.pptx, path, pages=1)
    assert len(deck.slide(0).xpath("//p:pic", namespaces=NS)) == 1
    assert deck.slide(0).xpath("//p:sp/p:nvSpPr/p:cNvPr/@descr", namespaces=NS) == ["described"]
    assert [w.path for w in result.warnings] == ["slides[0].described"], (
        "a shape's description is no text slot"
    )


def test_deckkit_render_is_the_renderer_function(kinds: Path):
    import deckkit
    import deckkit.renderer

    assert deckkit.render is deckkit.renderer.render
    assert deckkit.render_bundle is deckkit.renderer.render_bundle
    assert deckkit.render(kinds, [{"template": 2, "title": "A"}]).slide_count == 1


def test_videos_through_the_engine(save_template, check_render):
    prs = new_presentation()
    slide = blank_slide(prs)
    add_textbox(slide, "{clip}", left=1, top=1, width=4, height=3)
    add_textbox(slide, "{online}", left=5.5, top=1, width=4, height=3)
    path = save_template(prs, "video.pptx")
    mp4 = b"\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00mp42isom" + b"\x00" * 64
    data = [
        {
            "template": 1,
            "clip": {"type": "video", "src": "v/clip.mp4", "thumbnail": "v/poster.png"},
            "online": {"type": "video", "src": "https://www.youtube.com/watch?v=dQw4w9WgXcQ"},
        }
    ]
    result = render(path, data, {"v/clip.mp4": mp4, "v/poster.png": png_bytes(160, 90)})
    deck = check_render(result.pptx, path, pages=1)
    rels = deck.rels(deck.slide_names()[0])
    video_rids = deck.slide(0).xpath("//p:pic//a:videoFile/@r:link", namespaces=NS)
    assert len(video_rids) == 2
    kinds = sorted((rels[rid][0], rels[rid][2] or "") for rid in video_rids)
    assert kinds == [("video", ""), ("video", "External")]
    local = next(rels[rid][1] for rid in video_rids if rels[rid][2] is None)
    assert deck.zip.read(local) == mp4
    assert ("media", local, None) in rels.values(), "the same part is also the p14:media target"
