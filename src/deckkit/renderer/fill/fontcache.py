"""Font names and metrics kept on disk between processes, for :mod:`deckkit.renderer.fill.fontmetrics`.

Finding a typeface means reading the name of every installed font, and measuring text means
reading a font's character map and advance widths, after importing fontTools: work that every
``deckkit render`` process would do again. Both are kept in one JSON file, each entry under its
font file's path with the file's size and modification time, so that a changed, added or removed
font is read again. The file is ``$DECKKIT_CACHE_DIR/fontmetrics-3.json`` (default
``$XDG_CACHE_HOME/deckkit``, else ``~/.cache/deckkit``); when it cannot be read or written, fonts
are read as if it did not exist. Its name carries the format's version: deckkit releases of
different formats on one machine each keep their own file, instead of each rewriting the
other's (reading every installed font again) at every start.

Several processes write the file (a service runs several workers): each save merges what this
process read into what is on disk at that moment, so one writer does not drop the faces another
wrote since it loaded the file, and replaces the file in one step.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

__all__ = ["FontCache", "file_key"]

_VERSION = 3  # 2: fonts of collections (.ttc), advances as runs; 3: no line spacing in a face


def _cache_file() -> Path:
    folder = os.environ.get("DECKKIT_CACHE_DIR")
    if not folder:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        folder = os.path.join(base, "deckkit")
    return Path(folder) / f"fontmetrics-{_VERSION}.json"


def file_key(path: Path) -> list[int]:
    """What says a font file is still the one read: its size and modification time (ns)."""
    stat = path.stat()
    return [stat.st_size, stat.st_mtime_ns]


class FontCache:
    """The cached names (``fonts``) and metrics (``faces``) by font file path, as read from disk."""

    def __init__(self) -> None:
        self.path = _cache_file()
        # fonts: path -> [size, mtime, [[family or None, style] of each font of the file]]
        # faces: path (#number for a collection's font) -> [size, mtime, family, units, default,
        # advances as [first code point, count, width] runs]
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            data = None
        self.fonts, self.faces = _parts(data)
        # What this process read itself, laid over the disk's entries when saving.
        self._fonts_read: dict[str, list[Any]] | None = None
        self._faces_read: dict[str, list[Any]] = {}

    def put_fonts(self, fonts: dict[str, list[Any]]) -> None:
        """The installed fonts' names as this process found them (the whole list, replacing)."""
        self.fonts = fonts
        self._fonts_read = fonts
        self.save()

    def put_face(self, name: str, entry: list[Any]) -> None:
        """One font's metrics as this process read them."""
        self.faces[name] = entry
        self._faces_read[name] = entry
        self.save()

    def save(self) -> None:
        """Merge into the file on disk and replace it atomically; failures are ignored."""
        try:
            on_disk = _parts(json.loads(self.path.read_text(encoding="utf-8")))
        except (OSError, ValueError):
            on_disk = ({}, {})
        fonts = on_disk[0] if self._fonts_read is None else self._fonts_read
        faces = {**on_disk[1], **self._faces_read}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".fontmetrics-", suffix=".json")
        except OSError:
            return
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump({"version": _VERSION, "fonts": fonts, "faces": faces}, out)
            os.replace(tmp, self.path)
        except OSError:
            Path(tmp).unlink(missing_ok=True)


def _parts(data: Any) -> tuple[dict[str, list[Any]], dict[str, list[Any]]]:
    """(fonts, faces) of a file's content; nothing of another format's."""
    if isinstance(data, dict) and data.get("version") == _VERSION:
        fonts, faces = data.get("fonts"), data.get("faces")
        if isinstance(fonts, dict) and isinstance(faces, dict):
            return fonts, faces
    return {}, {}
