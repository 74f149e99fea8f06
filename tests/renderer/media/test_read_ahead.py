"""Pictures decoded ahead on a thread: the same answers and errors as reading them in place."""

from __future__ import annotations

import threading

import pytest

from deckkit.renderer.media import imageinfo
from deckkit.renderer.media.imageinfo import UnreadableImageError, read_ahead, read_image_info
from tests.renderer.media.builders import picture


@pytest.fixture(autouse=True)
def _cold_cache() -> None:
    imageinfo._read_image_info.cache_clear()  # every picture decoded afresh, not remembered


def test_the_thread_gives_the_answer_reading_in_place_gives() -> None:
    pictures = [picture(40 + i, 30, fmt, dpi=144) for i, fmt in enumerate(("PNG", "JPEG", "GIF", "PNG"))]
    in_place = [read_image_info(p) for p in pictures]
    imageinfo._read_image_info.cache_clear()
    with read_ahead(pictures):
        assert [read_image_info(p) for p in reversed(pictures)] == in_place[::-1]
    assert not imageinfo._ahead  # nothing left registered


def test_the_pictures_are_decoded_on_the_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    decoded_on: dict[int, str] = {}
    decode = imageinfo._read_image_info

    def recording(data: bytes) -> imageinfo.ImageInfo:
        decoded_on[id(data)] = threading.current_thread().name
        return decode(data)

    monkeypatch.setattr(imageinfo, "_read_image_info", recording)
    pictures = [picture(20, 20), picture(30, 20, "JPEG")]
    with read_ahead(pictures):
        for p in pictures:
            imageinfo._ahead[id(p)][1].result(timeout=60)  # the thread's answer, once it has it
        infos = [read_image_info(p) for p in pictures]
    assert decoded_on == {id(p): "deckkit-pictures" for p in pictures}  # each decoded once, there
    assert [(i.width_px, i.ext) for i in infos] == [(20, "png"), (30, "jpeg")]


def test_a_damaged_picture_fails_with_the_same_message() -> None:
    damaged = picture(50, 50)[:60]
    with pytest.raises(UnreadableImageError) as in_place:
        read_image_info(damaged)
    with read_ahead([damaged]), pytest.raises(UnreadableImageError) as ahead:
        read_image_info(damaged)
    assert str(ahead.value) == str(in_place.value)


def test_other_files_and_other_objects_are_read_in_place() -> None:
    """Not a picture (a video), not bytes, or equal bytes in another object: no thread answer."""
    png = picture(10, 10)
    with read_ahead([b"\x00\x00\x00\x18ftypmp42", bytearray(png)]):  # type: ignore[list-item]
        assert not imageinfo._ahead
        assert read_image_info(bytes(png)).width_px == 10


def test_leaving_the_block_drops_the_rest_and_waits_for_the_thread() -> None:
    pictures = [picture(400 + i, 400) for i in range(6)]
    with read_ahead(pictures):
        pass
    assert not [t for t in threading.enumerate() if t.name == "deckkit-pictures"]
    assert not imageinfo._ahead
    assert read_image_info(pictures[-1]).width_px == 405  # read in place afterwards


def test_overlapping_blocks_of_one_picture_each_keep_their_answer() -> None:
    png = picture(12, 34)
    with read_ahead([png]):
        with read_ahead([png]):
            assert read_image_info(png).height_px == 34
        assert read_image_info(png).height_px == 34
    assert not imageinfo._ahead


def test_facts_come_before_the_verdict_within_a_block() -> None:
    from deckkit.renderer.media.imageinfo import image_facts

    png, jpeg, gif = picture(300, 200, dpi=144), picture(30, 20, "JPEG", dpi=72), picture(16, 9, "GIF")
    assert image_facts(png) == (read_image_info(png), False)  # no block: the verdict is waited for
    imageinfo._read_image_info.cache_clear()
    gate = threading.Event()
    decode = imageinfo._read_image_info

    def held(data: bytes) -> imageinfo.ImageInfo:
        gate.wait(60)
        return decode(data)

    imageinfo._read_image_info = held  # type: ignore[assignment]
    try:
        with read_ahead([png, jpeg, gif]):
            # The thread is held: only the headers were read.
            early = [image_facts(p) for p in (png, jpeg, gif)]
            assert all(to_come for _, to_come in early)
            gate.set()
            assert [facts for facts, _ in early] == [read_image_info(p) for p in (png, jpeg, gif)]
    finally:
        imageinfo._read_image_info = decode  # type: ignore[assignment]
