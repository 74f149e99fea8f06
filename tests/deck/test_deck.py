"""Deck: building slides from Python, media collection, data.json, the zip, and rendering."""

from __future__ import annotations

import json
import zipfile
from io import BytesIO
from pathlib import Path
from typing import Any

import pytest

from deckkit.bundle import read_bundle
from deckkit.deck import Deck
from deckkit.errors import BundleError, DataError, TemplateError
from deckkit.model import Chart, Delete, Image, Table, Text, Theme, Video
from deckkit.options import options
from tests.bundle.conftest import GIF, JPEG, MP4, PNG, TEMPLATE


@pytest.fixture
def deck() -> Deck:
    return Deck(TEMPLATE)


def test_add_slide_with_keywords_and_a_mapping(deck: Deck) -> None:
    deck.add_slide(1, title="Q3 review", subtitle=Text(value="draft", styles={"font": {"italic": True}}))
    deck.add_slide(
        2, {"q3-sales": Table(rows=[["Region", "Sales"], ["North", "12"]]), "values": "a key named values"}
    )
    assert len(deck) == 2
    assert deck.to_dict() == {
        "slides": [
            {
                "template": 1,
                "title": "Q3 review",
                "subtitle": {"type": "text", "value": "draft", "styles": {"font": {"italic": True}}},
            },
            {
                "template": 2,
                "q3-sales": {
                    "type": "table",
                    "rows": [["Region", "Sales"], ["North", "12"]],
                    "horizontal_sizing": "fixed",
                    "vertical_sizing": "anchor_top",
                },
                "values": "a key named values",
            },
        ]
    }


def test_values_may_be_plain_dicts(deck: Deck) -> None:
    slide = deck.add_slide(
        1, {"chart": {"type": "chart", "labels": ["a"], "axis1": {"series": {"s": {"values": [1]}}}}}
    )
    assert isinstance(slide["chart"], Chart)


def test_add_slide_errors_carry_the_slide_path(deck: Deck) -> None:
    deck.add_slide(1, title="ok")
    with pytest.raises(DataError) as caught:
        deck.add_slide(
            0,
            {
                "q3-sales": {
                    "type": "table",
                    "rows": [[{"value": "x", "databar": {"ratio": 1.4, "color": "red"}}]],
                }
            },
            n=5,
        )
    assert [str(p) for p in caught.value.problems] == [
        "slides[1].template: must be at least 1, got 0",
        'slides[1]["q3-sales"].rows[0][0].databar.ratio: must be between 0.0 and 1.0, got 1.4',
        "slides[1].n: must be a string or an element object (text, table, list, chart, scatter-chart, image, video, or delete), got number 5",
    ]
    assert len(deck) == 1


def test_template_is_not_a_key(deck: Deck) -> None:
    with pytest.raises(DataError, match="template"):
        deck.add_slide(1, {"template": "x"})


def test_media_from_paths_and_bytes_is_collected_under_unique_names(deck: Deck, tmp_path: Path) -> None:
    (tmp_path / "logo.png").write_bytes(PNG)
    (tmp_path / "clip.mp4").write_bytes(MP4)
    logo = Image.from_path(tmp_path / "logo.png", scaling="contain")
    same = Image.from_bytes(PNG)
    other = Image.from_bytes(JPEG, format="jpg")
    clip = Video.from_path(tmp_path / "clip.mp4", thumbnail=GIF)
    deck.add_slide(1, logo=logo, again=same, photo=other, clip=clip)
    assert logo.src == same.src  # the same bytes are one file
    assert logo.src.startswith("media/")
    assert logo.src.endswith(".png")
    assert other.src.endswith(".jpg")
    assert other.src != logo.src
    assert clip.thumbnail is not None
    assert clip.thumbnail.endswith(".gif")
    assert deck.media == {logo.src: PNG, other.src: JPEG, clip.src: MP4, clip.thumbnail: GIF}


def test_zip_holds_template_data_and_media(deck: Deck, tmp_path: Path) -> None:
    logo = Image.from_bytes(PNG)
    deck.add_slide(1, logo=logo, gone=Delete())
    deck.set_theme_colors(accent1="#123")
    raw = deck.to_zip_bytes()
    with zipfile.ZipFile(BytesIO(raw)) as archive:
        assert sorted(archive.namelist()) == sorted(["template.pptx", "data.json", logo.src])
        data = json.loads(archive.read("data.json"))
    assert data == {
        "slides": [
            {
                "template": 1,
                "logo": {"type": "image", "src": logo.src, "scaling": "none", "overflow": "visible"},
                "gone": {"delete": True},
            }
        ],
        "theme": {"colors": {"accent1": "#112233"}},
    }
    path = deck.save_zip(tmp_path / "deck.zip")
    assert read_bundle(path).media == {logo.src: PNG}


def test_from_zip_gives_back_the_deck(deck: Deck, tmp_path: Path) -> None:
    deck.add_slide(3, {"q-1": "x"}, logo=Image.from_bytes(GIF))
    deck.theme = {"colors": {"dk1": "black"}}
    again = Deck.from_zip(deck.save_zip(tmp_path / "d.zip"))
    assert again.to_dict() == deck.to_dict()
    assert again.media == deck.media
    assert again.template == TEMPLATE
    assert Deck.from_zip(deck.to_zip_bytes()).to_json() == deck.to_json()


def test_an_image_naming_a_file_needs_its_bytes(deck: Deck) -> None:
    deck.add_slide(1, logo=Image(src="logo.png"))
    with pytest.raises(BundleError, match=r'slides\[0\].logo.src: "logo.png" has no bytes'):
        deck.to_zip_bytes()
    assert deck.add_media("./logo.png", PNG) == "logo.png"
    assert read_bundle(deck.to_zip_bytes()).media == {"logo.png": PNG}


@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        ("logo.png", JPEG, "is not a PNG image"),
        ("../logo.png", PNG, 'must not contain ".."'),
        ("logo.bmp", PNG, "must be a png, jpg, jpeg, gif, mp4, m4v or mov file"),
    ],
)
def test_add_media_checks_name_and_bytes(deck: Deck, name: str, data: bytes, message: str) -> None:
    with pytest.raises(DataError, match=message):
        deck.add_media(name, data)


def test_media_constructors_check_the_bytes(tmp_path: Path) -> None:
    (tmp_path / "fake.png").write_bytes(JPEG)
    with pytest.raises(
        DataError, match=r"is not a PNG image as its .png extension says: its bytes are a JPEG image"
    ):
        Image.from_path(tmp_path / "fake.png")
    with pytest.raises(DataError, match="cannot tell the format"):
        Image.from_bytes(b"plain text")
    with pytest.raises(DataError, match='"bmp" is not an image format'):
        Image.from_bytes(PNG, format="bmp")
    with pytest.raises(DataError, match="cannot read the file"):
        Image.from_path(tmp_path / "absent.png")
    with pytest.raises(DataError, match="a local video needs a thumbnail"):
        Video.from_bytes(MP4)
    with pytest.raises(DataError, match="scaling"):
        Image.from_bytes(PNG, scaling="stretch")


def test_theme_accepts_a_model_or_a_mapping_and_checks_it(deck: Deck) -> None:
    deck.theme = Theme(colors={"accent2": "red"})
    deck.set_theme_colors(accent1="F00")
    assert deck.to_dict()["theme"] == {"colors": {"accent1": "#FF0000", "accent2": "red"}}
    with pytest.raises(DataError, match=r'theme.colors.accent3: "accent1" is a theme color name'):
        deck.theme = {"colors": {"accent3": "accent1"}}
    with pytest.raises(DataError, match=r"theme.colors.dk1"):
        deck.set_theme_colors(dk1="darkBlue")


def test_template_must_be_a_pptx(tmp_path: Path) -> None:
    with pytest.raises(TemplateError, match=r"^the template is a text file, not a PowerPoint file"):
        Deck(b"hello")
    with pytest.raises(TemplateError, match="cannot read the template"):
        Deck(tmp_path / "absent.pptx")
    (tmp_path / "t.pptx").write_bytes(TEMPLATE)
    assert Deck(tmp_path / "t.pptx").template == TEMPLATE


def test_render_through_a_client_hands_over_the_deck(deck: Deck, tmp_path: Path) -> None:
    calls: list[tuple[Any, dict[str, Any]]] = []

    class FakeClient:
        def render(self, given: Any, /, **options: Any) -> str:
            calls.append((given, options))
            return "rendered"

    assert deck.render(client=FakeClient()) == "rendered"
    assert deck.render(tmp_path / "out.pptx", client=FakeClient(), strict=True) == "rendered"
    options.strict = True
    try:
        assert deck.render(client=FakeClient()) == "rendered"
    finally:
        options.strict = False
    assert calls == [
        (deck, {"to": None, "strict": False}),
        (deck, {"to": tmp_path / "out.pptx", "strict": True}),
        (deck, {"to": None, "strict": True}),
    ]


def test_repr_says_what_is_inside(deck: Deck) -> None:
    deck.add_slide(1, logo=Image.from_bytes(PNG))
    assert repr(deck) == "<Deck: 1 slide, 1 media file\n  1. template slide 1: logo=image>"


def _template_with_title(path: Path) -> Path:
    from pptx import Presentation
    from pptx.util import Inches

    presentation = Presentation()
    slide = presentation.slides.add_slide(presentation.slide_layouts[6])
    slide.shapes.add_textbox(Inches(1), Inches(1), Inches(6), Inches(1)).text_frame.text = "Title: {title}"
    presentation.save(str(path))
    return path


@pytest.mark.slow
def test_render_locally_writes_a_readable_pptx(tmp_path: Path) -> None:
    from pptx import Presentation

    from tests.readers import assert_readable

    template = _template_with_title(tmp_path / "template.pptx")
    deck = Deck(template)
    deck.add_slide(1, title="Q3")
    deck.add_slide(1, title="Q4")
    result = deck.render(tmp_path / "out.pptx")
    assert result.slide_count == 2
    texts = [
        shape.text_frame.text
        for slide in Presentation(str(tmp_path / "out.pptx")).slides
        for shape in slide.shapes
    ]
    assert texts == ["Title: Q3", "Title: Q4"]
    assert_readable(tmp_path / "out.pptx", template, pages=2)


def test_a_template_refused_is_named_by_its_file_at_validate_and_render(tmp_path: Path) -> None:
    """A deck made from brand.pptx says brand.pptx has no slides, not template.pptx."""
    from tests.readers import CORPUS

    bare = tmp_path / "brand.pptx"
    bare.write_bytes((CORPUS / "python-pptx" / "src_pptx_templates_default.pptx").read_bytes())
    deck = Deck(bare)
    deck.add_slide(1, title="Q3")
    (problem,) = deck.validate().problems
    said = "brand.pptx has no slides; add the slides that data.json refers to"
    assert (problem.path, problem.message) == ("brand.pptx", said)
    with pytest.raises(TemplateError, match=f"^{said}$"):
        deck.render()
