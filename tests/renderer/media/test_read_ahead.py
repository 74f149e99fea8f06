"""Pictures decoded ahead on a thread: the same answers and errors as reading them in place."""

from __future__ import annotations

import threading

import pytest

from deckkit.renderer.pictures import imageinfo
from deckkit.renderer.pictures.imageinfo import (
    NO_VERDICTS_AHEAD,
    UnreadableImageError,
    read_ahead,
    read_image_info,
)
from tests.renderer.media.builders import picture


@pytest.fixture(autouse=True)
def _cold_cache() -> None:
    imageinfo._read_image_info.cache_clear()  # every picture decoded afresh, not remembered


def test_the_thread_gives_the_answer_reading_in_place_gives() -> None:
    pictures = [picture(40 + i, 30, fmt, dpi=144) for i, fmt in enumerate(("PNG", "JPEG", "GIF", "PNG"))]
    in_place = [read_image_info(p) for p in pictures]
    imageinfo._read_image_info.cache_clear()
    with read_ahead(pictures) as verdicts:
        assert [verdicts.read(p) for p in reversed(pictures)] == in_place[::-1]
    assert not vars(imageinfo).get("_ahead")  # no registry of the module: the verdicts are handed on


def test_the_pictures_are_decoded_on_the_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    decoded_on: dict[int, str] = {}
    decode = imageinfo._read_image_info

    def recording(data: bytes) -> imageinfo.ImageInfo:
        decoded_on[id(data)] = threading.current_thread().name
        return decode(data)

    monkeypatch.setattr(imageinfo, "_read_image_info", recording)
    pictures = [picture(20, 20), picture(30, 20, "JPEG")]
    with read_ahead(pictures) as verdicts:
        for p in pictures:
            verdicts._ahead[id(p)][1].result(timeout=60)  # the thread's answer, once it has it
        infos = [verdicts.read(p) for p in pictures]
    assert decoded_on == {id(p): "deckkit-pictures" for p in pictures}  # each decoded once, there
    assert [(i.width_px, i.ext) for i in infos] == [(20, "png"), (30, "jpeg")]


def test_a_damaged_picture_fails_with_the_same_message() -> None:
    damaged = picture(50, 50)[:60]
    with pytest.raises(UnreadableImageError) as in_place:
        read_image_info(damaged)
    with read_ahead([damaged]) as verdicts, pytest.raises(UnreadableImageError) as ahead:
        verdicts.read(damaged)
    assert str(ahead.value) == str(in_place.value)


def test_other_files_and_other_objects_are_read_in_place() -> None:
    """Not a picture (a video), not bytes, or equal bytes in another object: no thread answer."""
    png = picture(10, 10)
    with read_ahead([b"\x00\x00\x00\x18ftypmp42", bytearray(png)]) as verdicts:  # type: ignore[list-item]
        assert verdicts is NO_VERDICTS_AHEAD
        other = bytes(bytearray(png))  # equal bytes, another object
        with read_ahead([png]) as verdicts:
            assert verdicts.facts(other) == (read_image_info(png), False)


def test_leaving_the_block_drops_the_rest_and_waits_for_the_thread() -> None:
    pictures = [picture(400 + i, 400) for i in range(6)]
    with read_ahead(pictures) as verdicts:
        pass
    assert not [t for t in threading.enumerate() if t.name == "deckkit-pictures"]
    assert verdicts.read(pictures[-1]).width_px == 405  # read in place afterwards


def test_overlapping_blocks_of_one_picture_each_keep_their_answer() -> None:
    png = picture(12, 34)
    with read_ahead([png]) as outer:
        with read_ahead([png]) as inner:
            assert inner.read(png).height_px == 34
        assert outer.read(png).height_px == 34


def test_facts_come_before_the_verdict_within_a_block() -> None:
    png, jpeg, gif = picture(300, 200, dpi=144), picture(30, 20, "JPEG", dpi=72), picture(16, 9, "GIF")
    assert NO_VERDICTS_AHEAD.facts(png) == (read_image_info(png), False)  # none ahead: waited for
    imageinfo._read_image_info.cache_clear()
    gate = threading.Event()
    decode = imageinfo._read_image_info

    def held(data: bytes) -> imageinfo.ImageInfo:
        gate.wait(60)
        return decode(data)

    imageinfo._read_image_info = held  # type: ignore[assignment]
    try:
        with read_ahead([png, jpeg, gif]) as verdicts:
            # The thread is held: only the headers were read.
            early = [verdicts.facts(p) for p in (png, jpeg, gif)]
            assert all(to_come for _, to_come in early)
            gate.set()
            assert [facts for facts, _ in early] == [verdicts.read(p) for p in (png, jpeg, gif)]
    finally:
        imageinfo._read_image_info = decode  # type: ignore[assignment]
