"""The font cache on disk: the same metrics as fonts read afresh, and a changed font read again."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from deckkit.renderer.fill import fontmetrics
from deckkit.renderer.fill.fontcache import FontCache


def _forget() -> None:
    """What this process has read (the cache, the index, the faces), as in a new process."""
    for cached in (
        fontmetrics._cache,
        fontmetrics._index,
        fontmetrics._load,
        fontmetrics.face,
        fontmetrics.east_face,
    ):
        cached.cache_clear()


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("DECKKIT_CACHE_DIR", str(tmp_path / "cache"))
    _forget()
    yield tmp_path / "cache"
    _forget()


def _calibri() -> fontmetrics.Face:
    found = fontmetrics.face("Calibri", bold=True)
    if found is None:
        pytest.skip("no font installed (./dev installs them)")
    return found


def test_a_cached_face_has_the_metrics_of_the_font(cache_dir: Path) -> None:
    read = _calibri()
    assert (cache_dir / "fontmetrics-3.json").is_file()
    _forget()
    cached = _calibri()
    assert cached == read  # advances, units, default advance and line spacing alike


def test_a_font_that_changed_is_read_again(cache_dir: Path) -> None:
    _calibri()
    path = str(fontmetrics._index()[("carlito", "bold")].path)
    data = json.loads((cache_dir / "fontmetrics-3.json").read_text())
    data["fonts"][path][1] -= 1  # another modification time: not the file the entry was read from
    data["fonts"][path][2] = [["Someone Else", "bold"]]
    (cache_dir / "fontmetrics-3.json").write_text(json.dumps(data))
    _forget()
    assert ("carlito", "bold") in fontmetrics._index()
    assert ("someone else", "bold") not in fontmetrics._index()
    assert FontCache().fonts[path][2] == [["Carlito", "bold"]]  # and the cache is right again


def test_a_cache_that_cannot_be_written_is_no_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("DECKKIT_CACHE_DIR", str(blocker / "cache"))
    _forget()
    try:
        assert _calibri().family == "Carlito"
    finally:
        _forget()


def test_two_writers_keep_each_others_entries(cache_dir: Path) -> None:
    first, second = FontCache(), FontCache()  # two processes started on the same (empty) file
    first.put_fonts({"/fonts/a.ttf": [1, 2, [["A", "regular"]]]})
    first.put_face("/fonts/a.ttf", [1, 2, "A", 1000, 500, 1.2, [[65, 1, 600]]])
    second.put_face("/fonts/b.ttf", [3, 4, "B", 2048, 1024, 1.1, [[66, 1, 700]]])
    on_disk = FontCache()
    assert set(on_disk.faces) == {"/fonts/a.ttf", "/fonts/b.ttf"}
    assert on_disk.fonts == {"/fonts/a.ttf": [1, 2, [["A", "regular"]]]}  # not dropped by the second
    assert not [p.name for p in cache_dir.iterdir() if p.name != "fontmetrics-3.json"]  # no temp file left


def test_a_writer_replaces_an_entry_it_read_again(cache_dir: Path) -> None:
    FontCache().put_face("/fonts/a.ttf", [1, 2, "Old", 1000, 500, 1.2, []])
    FontCache().put_face("/fonts/a.ttf", [1, 3, "New", 1000, 500, 1.2, []])
    assert FontCache().faces["/fonts/a.ttf"][2] == "New"
