"""The zip writer: every part's bytes back, stored or deflated, template entries copied as they were."""

from __future__ import annotations

import io
import os
import random
import signal
import time
import zipfile

import pytest

from deckkit.ooxml.opc import zip_writer
from deckkit.ooxml.opc.zip_writer import ZipEntry, read_packed, write_zip
from deckkit.renderer import render
from tests.readers import assert_readable
from tests.renderer.core_kit import add_picture, add_textbox, blank_slide, new_presentation, png_bytes


def _read_all(data: bytes) -> dict[str, tuple[int, bytes]]:
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        assert z.testzip() is None  # every CRC checks out
        return {i.filename: (i.compress_type, z.read(i)) for i in z.infolist()}


def _random_xml(rng: random.Random, size: int) -> bytes:
    words = [f"<a:t>{rng.random():.6f}</a:t>".encode() for _ in range(size // 20)]
    return b"<?xml version='1.0'?><r>" + b"".join(words) + b"</r>"


def test_entries_come_back_in_order_with_their_methods() -> None:
    entries = [
        ZipEntry("[Content_Types].xml", b"<Types/>"),
        ZipEntry("ppt/media/image1.png", b"\x89PNG", deflate=False),
        ZipEntry("ppt/empty.xml", b""),
        ZipEntry("ppt/n\u00e4me.xml", b"<x/>" * 50),
    ]
    out = _read_all(write_zip(entries))
    assert list(out) == [e.name for e in entries]
    assert out["ppt/media/image1.png"] == (zipfile.ZIP_STORED, b"\x89PNG")
    assert out["ppt/empty.xml"] == (zipfile.ZIP_STORED, b"")
    assert out["ppt/n\u00e4me.xml"] == (zipfile.ZIP_DEFLATED, b"<x/>" * 50)


def test_threads_write_the_same_parts_as_one_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(7)
    entries = [
        ZipEntry(f"ppt/slides/slide{i}.xml", _random_xml(rng, rng.randrange(100, 60_000))) for i in range(60)
    ]
    assert sum(len(e.data) for e in entries) > zip_writer._PARALLEL_FROM  # the threaded path is taken
    monkeypatch.setattr(zip_writer, "_threads", lambda: 3)
    threaded = write_zip(entries)
    monkeypatch.setattr(zip_writer, "_threads", lambda: 1)
    single = write_zip(entries)
    assert (
        _read_all(threaded) == _read_all(single) == {e.name: (zipfile.ZIP_DEFLATED, e.data) for e in entries}
    )


def test_a_packed_entry_is_copied_as_stored() -> None:
    source = io.BytesIO()
    with zipfile.ZipFile(source, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        z.writestr("ppt/theme/theme1.xml", b"<theme/>" * 100)
    raw = source.getvalue()
    with zipfile.ZipFile(io.BytesIO(raw)) as archive:
        packed = read_packed(archive, raw, "ppt/theme/theme1.xml")
        assert read_packed(archive, raw, "ppt/missing.xml") is None
    assert packed is not None
    out = write_zip([ZipEntry("ppt/theme/theme1.xml", packed=packed)])
    assert _read_all(out) == {"ppt/theme/theme1.xml": (zipfile.ZIP_DEFLATED, b"<theme/>" * 100)}
    assert packed.data in out  # the template's deflated bytes, not deflated again


def _stored_bytes(pptx: bytes, name: str) -> bytes | None:
    with zipfile.ZipFile(io.BytesIO(pptx)) as archive:
        packed = read_packed(archive, pptx, name)
    return None if packed is None else packed.data


def test_render_copies_untouched_template_parts_and_rewrites_changed_ones(save_template, tmp_path) -> None:
    prs = new_presentation()
    slide = blank_slide(prs)
    add_textbox(slide, "{title}")
    add_picture(slide, png_bytes())
    template_path = save_template(prs)
    # Deflated at level 1, so deflating a part again (at 6) would give other stored bytes.
    source, out = zipfile.ZipFile(template_path), io.BytesIO()
    with source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as z:
        for info in source.infolist():
            z.writestr(info.filename, source.read(info))
    template_path.write_bytes(out.getvalue())
    template = template_path.read_bytes()
    pptx = render(
        template, {"slides": [{"template": 1, "title": "Hello"}, {"template": 1, "title": "again"}]}
    ).pptx
    # A layout nobody changed keeps the template's stored bytes; a filled slide does not.
    layout = "ppt/slideLayouts/slideLayout1.xml"
    assert _stored_bytes(pptx, layout) == _stored_bytes(template, layout)
    assert _stored_bytes(pptx, "ppt/slides/slide1.xml") != _stored_bytes(template, "ppt/slides/slide1.xml")
    assert b"Hello" in _read_all(pptx)["ppt/slides/slide1.xml"][1]
    path = tmp_path / "out.pptx"
    path.write_bytes(pptx)
    assert_readable(path, template=template_path, pages=2, libreoffice=False)


def test_a_frozen_part_edited_again_writes_the_edit(save_template, monkeypatch: pytest.MonkeyPatch) -> None:
    from deckkit.ooxml.opc.package import open_package

    monkeypatch.setattr(zip_writer, "_threads", lambda: 2)  # deflate in the background even on one core
    prs = new_presentation()
    add_textbox(blank_slide(prs), "{title}")
    package = open_package(save_template(prs).read_bytes())
    slide = package.slides()[0]
    slide.xml.set("marker", "one")
    slide.freeze()
    assert not slide.is_parsed
    assert slide.packed is not None
    assert b'marker="one"' in slide.blob
    slide.xml.set("marker", "two")  # parsed again: the packed bytes are stale and dropped
    assert slide.packed is None
    written = _read_all(package.write())["ppt/slides/slide1.xml"][1]
    assert b'marker="two"' in written


def test_a_forked_child_deflates_on_its_own_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(zip_writer, "_threads", lambda: 2)
    entries = [ZipEntry(f"p{i}.xml", b"<x/>" * 40_000) for i in range(4)]
    write_zip(entries)  # the parent's pool now has threads
    pid = os.fork()
    if pid == 0:  # the child: the inherited pool has no threads; a write must not wait for them
        try:
            ok = _read_all(write_zip(entries)) == {e.name: (zipfile.ZIP_DEFLATED, e.data) for e in entries}
        finally:
            os._exit(0 if ok else 1)
    for _ in range(600):  # a child stuck waiting for threads it does not have fails here, after 30 s
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        time.sleep(0.05)
    else:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        pytest.fail("the forked child's write hung")
    assert os.waitstatus_to_exitcode(status) == 0


@pytest.mark.parametrize("threads", [1, 2])
def test_a_part_added_later_is_made_once_when_packed_and_then_let_go(
    monkeypatch: pytest.MonkeyPatch, threads: int
) -> None:
    import threading
    import weakref

    monkeypatch.setattr(zip_writer, "_threads", lambda: threads)
    made: list[str] = []

    class Tree:  # stands for a frozen part's tree: serialized by the packer
        def serialize(self) -> bytes:
            made.append(threading.current_thread().name)
            return b"<tree/>" * 100

    tree = Tree()
    alive = weakref.ref(tree)
    packer = zip_writer.BackgroundPacker()
    later = packer.add_later(tree.serialize, deflate=True)
    plain = packer.add(b"<bytes/>", deflate=False)
    del tree
    packer.flush()
    assert later.data() == b"<tree/>" * 100
    assert later.result().method == zipfile.ZIP_DEFLATED
    assert plain.data() == b"<bytes/>"
    assert len(made) == 1  # made once, not again when asked twice
    assert made[0].startswith("deckkit-deflate") == (threads > 1)  # on the packing thread
    assert alive() is None  # the batch let the tree go once packed
