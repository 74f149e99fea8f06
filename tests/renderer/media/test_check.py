"""check_media: every problem with its data path, before anything is written; imageinfo and geometry."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckkit.errors import RenderError
from deckkit.model.elements import Image, Video
from deckkit.ooxml.geometry import Box
from deckkit.renderer.media.filler import check_media, place_media
from deckkit.renderer.media.geometry import Crop, fit_picture
from deckkit.renderer.pictures.imageinfo import UnreadableImageError, read_image_info
from tests.renderer.media.builders import fake_mp4, picture, target_slides
from tests.renderer.media.fake_package import FakePackage, find_target


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return target_slides(tmp_path_factory.mktemp("media") / "t.pptx", ["logo"], caption=False)


def _problems(template: Path, element: Image | Video, media: dict[str, bytes]) -> list[str]:
    target = find_target(FakePackage(template.read_bytes()).slide(1), "logo")
    return [str(p) for p in check_media(target, element, media, "slides[1].logo")]


def test_missing_file(template: Path) -> None:
    assert _problems(template, Image(type="image", src="img/logo.png"), {}) == [
        'slides[1].logo.src: "img/logo.png" is not in the zip (paths are relative to the folder of data.json)'
    ]


def test_missing_file_suggests_a_close_name(template: Path) -> None:
    media = {"img/Logo.png": picture(10, 10)}
    assert _problems(template, Image(type="image", src="img/logo.png"), media) == [
        'slides[1].logo.src: "img/logo.png" is not in the zip; did you mean "img/Logo.png"?'
    ]


def test_bytes_that_are_not_what_the_extension_says(template: Path) -> None:
    media = {"logo.png": picture(10, 10, "JPEG")}
    assert _problems(template, Image(type="image", src="logo.png"), media) == [
        'slides[1].logo.src: "logo.png" is a JPEG picture, not PNG: name it .jpg or convert it'
    ]


@pytest.mark.parametrize(
    ("data", "fragment"),
    [
        (b"not a picture at all", "is not a PNG, JPEG or GIF picture"),
        (picture(200, 200)[:300], "is a damaged PNG picture"),
        (b"BM" + b"\0" * 60, "not a PNG, JPEG or GIF picture"),
        (b"GIF89a" + b"\0" * 10, "is a damaged GIF picture"),
    ],
    ids=["text", "truncated-png", "bmp", "broken-gif"],
)
def test_unreadable_pictures(template: Path, data: bytes, fragment: str) -> None:
    problems = _problems(template, Image(type="image", src="a.gif"), {"a.gif": data})
    assert len(problems) == 1
    assert problems[0].startswith('slides[1].logo.src: "a.gif" ')
    assert fragment in problems[0]


def test_video_problems_are_all_reported(template: Path) -> None:
    element = Video(type="video", src="v.mp4", thumbnail="t.png")
    assert _problems(template, element, {"v.mp4": b"RIFF....AVI LIST"}) == [
        'slides[1].logo.src: "v.mp4" is not an MP4, M4V or MOV video',
        'slides[1].logo.thumbnail: "t.png" is not in the zip (paths are relative to the folder of data.json)',
    ]
    assert _problems(template, element, {"v.mp4": fake_mp4(), "t.png": picture(8, 8)}) == []


def test_online_video_that_is_not_one_video(template: Path) -> None:
    element = Video(type="video", src="https://www.youtube.com/@channel")
    [problem] = _problems(template, element, {})
    assert problem.startswith(
        'slides[1].logo.src: "https://www.youtube.com/@channel" is not the address of one video'
    )


def test_target_without_size_cannot_contain(template: Path) -> None:
    package = FakePackage(template.read_bytes())
    target = find_target(package.slide(1), "logo")
    target.find("p:spPr/a:xfrm/a:ext", {"p": target.nsmap["p"], "a": target.nsmap["a"]}).set("cx", "0")
    element = Image(type="image", src="a.png", scaling="contain")
    [problem] = check_media(target, element, {"a.png": picture(4, 4)}, "slides[1].logo")
    assert problem.path == "slides[1].logo"
    assert 'has no width or height, so "contain" has nothing to fit into' in problem.message
    with pytest.raises(RenderError):
        place_media(target, element, {"a.png": picture(4, 4)}, package.sink(1))


def test_place_media_refuses_what_check_media_rejects(template: Path) -> None:
    package = FakePackage(template.read_bytes())
    target = find_target(package.slide(1), "logo")
    with pytest.raises(RenderError, match=r'"x\.png" is not in the zip'):
        place_media(target, Image(type="image", src="x.png"), {}, package.sink(1))
    assert target.getparent() is not None  # nothing changed


@pytest.mark.parametrize(
    ("fmt", "dpi", "expected"),
    [
        ("PNG", 144, (144.0, "png")),
        ("JPEG", 300, (300.0, "jpeg")),
        ("GIF", None, (96.0, "gif")),
        ("PNG", None, (96.0, "png")),
        ("JPEG", 1, (96.0, "jpeg")),
    ],
)
def test_read_image_info(fmt: str, dpi: int | None, expected: tuple[float, str]) -> None:
    info = read_image_info(picture(30, 20, fmt, dpi))
    assert (info.width_px, info.height_px) == (30, 20)
    assert (info.dpi_x, info.ext) == expected
    assert info.width_emu == pytest.approx(30 / expected[0] * 914400)


def test_read_image_info_rejects_other_formats() -> None:
    import io

    from PIL import Image as PILImage

    out = io.BytesIO()
    PILImage.new("RGB", (4, 4)).save(out, "BMP")
    with pytest.raises(UnreadableImageError, match="not a PNG, JPEG or GIF"):
        read_image_info(out.getvalue())


def test_fit_picture_none_smaller_than_target_hidden_has_no_crop() -> None:
    placement = fit_picture(Box(0, 0, 1000, 1000), (200.0, 100.0), "none", "hidden")
    assert placement.frame == Box(400, 450, 200, 100)
    assert placement.crop is None


def test_fit_picture_none_larger_both_ways_crops_all_edges() -> None:
    placement = fit_picture(Box(100, 100, 1000, 500), (2000.0, 1000.0), "none", "hidden")
    assert placement.frame == Box(100, 100, 1000, 500)
    assert placement.crop == Crop(l=25000, t=25000, r=25000, b=25000)
    assert placement.crop.attributes() == {"l": "25000", "t": "25000", "r": "25000", "b": "25000"}


def test_fit_picture_rejects_degenerate_input() -> None:
    with pytest.raises(ValueError, match="positive size"):
        fit_picture(Box(0, 0, 10, 10), (0.0, 5.0), "contain", "visible")
    with pytest.raises(ValueError, match="target"):
        fit_picture(Box(0, 0, 0, 10), (5.0, 5.0), "cover", "visible")
