"""Whole decks with every kind of media, through all three readers (LibreOffice included)."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckkit.model.elements import Image, Video
from tests.readers import assert_readable
from tests.renderer.media.builders import fake_mp4, picture, rich_template, target_slides
from tests.renderer.media.fake_package import FakePackage, fill

MATRIX = [(s, o) for s in ("none", "contain", "cover") for o in ("visible", "hidden")]


def build_matrix_deck(folder: Path) -> tuple[Path, Path]:
    """Slides 1-6: a 4:1 picture for each scaling x overflow; 7: a tall JPEG, 8: a 192-dpi PNG."""
    keys = [f"{s}_{o}" for s, o in MATRIX] + ["tall", "dpi"]
    template = target_slides(folder / "matrix.pptx", keys)
    package = FakePackage(template.read_bytes())
    media = {
        "wide.png": picture(400, 100),
        "tall.jpg": picture(100, 300, "JPEG"),
        "hi.png": picture(192, 96, dpi=192),
    }
    for number, (scaling, overflow) in enumerate(MATRIX, start=1):
        element = Image(type="image", src="wide.png", scaling=scaling, overflow=overflow)  # type: ignore[arg-type]
        fill(package, number, f"{scaling}_{overflow}", element, media)
    fill(package, 7, "tall", Image(type="image", src="tall.jpg", scaling="cover", overflow="hidden"), media)
    fill(package, 8, "dpi", Image(type="image", src="hi.png"), media)
    return package.save(folder / "matrix-out.pptx"), template


def build_rich_deck(folder: Path, video: bytes) -> tuple[Path, Path]:
    """Group, framed picture, inherited placeholder, local video, online video."""
    from tests.renderer.media.builders import layout_placeholder_frame

    template = rich_template(folder / "rich.pptx")
    package = FakePackage(template.read_bytes())
    media = {
        "g.gif": picture(96, 48, "GIF"),
        "w.png": picture(400, 100),
        "v.mp4": video,
        "t.jpg": picture(320, 180, "JPEG"),
    }
    fill(package, 1, "inner", Image(type="image", src="g.gif"), media)
    fill(package, 2, "photo", Image(type="image", src="w.png", scaling="contain"), media)
    frame = layout_placeholder_frame(template, 3, 1)
    fill(
        package, 3, "hero", Image(type="image", src="w.png", scaling="cover", overflow="hidden"), media, frame
    )
    fill(package, 4, "clip", Video(type="video", src="v.mp4", thumbnail="t.jpg"), media)
    fill(package, 5, "online", Video(type="video", src="https://youtu.be/dQw4w9WgXcQ"), media)
    return package.save(folder / "rich-out.pptx"), template


@pytest.mark.slow
def test_matrix_deck_passes_all_readers(tmp_path: Path) -> None:
    out, template = build_matrix_deck(tmp_path)
    assert_readable(out, template, pages=8)


@pytest.mark.slow
def test_rich_deck_with_a_real_video_passes_all_readers(tmp_path: Path, corpus_dir: Path) -> None:
    import zipfile

    source = corpus_dir / "pptx-automizer" / "__tests___pptx-templates_SlideWithMedia.pptx"
    with zipfile.ZipFile(source) as z:
        video = z.read("ppt/media/media2.mp4")
    out, template = build_rich_deck(tmp_path, video)
    assert_readable(out, template, pages=5)


def test_rich_deck_with_a_stand_in_video_passes_the_fast_readers(tmp_path: Path) -> None:
    out, template = build_rich_deck(tmp_path, fake_mp4())
    assert_readable(out, template, pages=5, libreoffice=False)
