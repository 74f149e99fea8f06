"""Font names and metrics kept on disk between processes, for :mod:`deckkit.renderer.fill.fontmetrics`.

Finding a typeface means reading the name of every installed font, and measuring text means
reading a font's character map and advance widths, after importing fontTools: work that every
``deckkit render`` process would do again. Both are kept in one JSON file, each entry under its
font file's path with the file's size and modification time, so that a changed, added or removed
font is read again. The file is ``$DECKKIT_CACHE_DIR/fontmetrics-2.json`` (default
``$XDG_CACHE_HOME/deckkit``, else ``~/.cache/deckkit``); when it cannot be read or written, fonts
are read as if it did not exist. Its name carries the format's version: deckkit releases of
different formats on one machine each keep their own file, instead of each rewriting the
other's (reading every installed font again) at every start.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

__all__ = ["FontCache", "file_key"]

_VERSION = 2  # 2: fonts of collections (.ttc), advances as runs


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
        # path -> [size, mtime, [[family or None, style] of each font of the file]]
        self.fonts: dict[str, list[Any]] = {}
        # path (#number for a collection's font) -> [size, mtime, family, units, default, spacing,
        # advances as [first code point, count, width] runs]
        self.faces: dict[str, list[Any]] = {}
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return
        if isinstance(data, dict) and data.get("version") == _VERSION:
            self.fonts = data.get("fonts") or {}
            self.faces = data.get("faces") or {}

    def save(self) -> None:
        """Write the cache (atomically: a reader never sees half a file); failures are ignored."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".fontmetrics-", suffix=".json")
        except OSError:
            return
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump({"version": _VERSION, "fonts": self.fonts, "faces": self.faces}, out)
            os.replace(tmp, self.path)
        except OSError:
            Path(tmp).unlink(missing_ok=True)
