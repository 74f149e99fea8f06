"""Text measured with real font metrics (fontTools), for auto-fit text boxes.

A typeface is looked up among the installed fonts by its family name; Office fonts that are
rarely installed on servers are measured with their metric-compatible stand-ins (same advance
widths by design): Carlito for Calibri, Caladea for Cambria, Liberation Sans / Serif / Mono for
Arial, Times New Roman and Courier New. ``./dev`` installs them. A typeface found nowhere is
measured as Liberation Sans (then DejaVu Sans), so a width is always an estimate, never a crash.
"""

from __future__ import annotations

import functools
import logging
import os
from pathlib import Path
from typing import Any, NamedTuple

from deckkit.renderer.fill.fontcache import FontCache, file_key

__all__ = ["Face", "face", "line_height", "text_width"]

FONT_DIRS = (
    "/usr/share/fonts",
    "/usr/local/share/fonts",
    "~/.local/share/fonts",
    "~/.fonts",
    "/Library/Fonts",
    "C:/Windows/Fonts",
)
METRIC_COMPATIBLE = {
    "calibri": "Carlito",
    "calibri light": "Carlito",
    "cambria": "Caladea",
    "arial": "Liberation Sans",
    "helvetica": "Liberation Sans",
    "arial narrow": "Liberation Sans Narrow",
    "times new roman": "Liberation Serif",
    "times": "Liberation Serif",
    "courier new": "Liberation Mono",
    "courier": "Liberation Mono",
}
FALLBACKS = ("Liberation Sans", "DejaVu Sans")
EMU_PER_POINT = 12700


class _ByCharacter(dict[str, int]):
    """Advance widths by character (not code point): text is summed without ``ord`` of each
    character, a third of the cost of a width; a character the font lacks has ``missing``."""

    __slots__ = ("missing",)

    def __init__(self, advances: dict[int, int], missing: int) -> None:
        super().__init__(zip(map(chr, advances), advances.values(), strict=True))
        self.missing = missing

    def __missing__(self, character: str) -> int:
        return self.missing


class Face(NamedTuple):
    """One font file's metrics: advance widths by character, line height as a fraction of the size."""

    family: str
    advances: dict[int, int]  # code point -> advance in font units (as the cache keeps them)
    units_per_em: int
    default_advance: int  # for characters the font lacks
    line_spacing: float  # (ascent + descent + line gap) / em: the single line height
    by_character: _ByCharacter  # ``advances`` by character, ``default_advance`` for the others

    @classmethod
    def of(cls, family: str, advances: dict[int, int], units: int, default: int, spacing: float) -> Face:
        return cls(family, advances, units, default, spacing, _ByCharacter(advances, default))

    def width(self, text: str, size_pt: float) -> int:
        """Width of text at size_pt, in EMU (no kerning: a few hundredths of an inch at most)."""
        units = sum(map(self.by_character.__getitem__, text))
        return round(units / self.units_per_em * size_pt * EMU_PER_POINT)


def _style_key(bold: bool, italic: bool) -> str:
    return {
        (False, False): "regular",
        (True, False): "bold",
        (False, True): "italic",
        (True, True): "bold italic",
    }[(bold, italic)]


@functools.cache
def _cache() -> FontCache:
    return FontCache()


@functools.cache
def _index() -> dict[tuple[str, str], Path]:
    """(family lower-case, style) -> font file, for every installed TrueType/OpenType font."""
    cache = _cache()
    fonts: dict[str, list[Any]] = {}
    found: dict[tuple[str, str], Path] = {}
    for path in _font_files():
        try:
            key = file_key(path)
        except OSError:
            continue
        entry = cache.fonts.get(str(path))
        if entry is None or entry[:2] != key:
            entry = [*key, *_read_names(path)]
        fonts[str(path)] = entry
        family, style = entry[2], entry[3]
        if family is not None:
            found.setdefault((family.lower(), style), path)
    if fonts != cache.fonts:
        cache.fonts = fonts
        cache.save()
    return found


def _font_files() -> list[Path]:
    files: list[Path] = []
    for folder in FONT_DIRS:
        root = Path(os.path.expanduser(folder))
        if root.is_dir():
            files += [p for p in sorted(root.rglob("*")) if p.suffix.lower() in (".ttf", ".otf")]
    return files


def _read_names(path: Path) -> tuple[str | None, str | None]:
    """(family, style) of a font file; (None, None) for a damaged or unusual one."""
    # fontTools loads when a font is read, which the cache (fontcache) spares most processes.
    from fontTools.ttLib import TTFont

    try:
        with TTFont(str(path), lazy=True) as font:
            names: Any = font["name"]
            family = names.getBestFamilyName() or ""
            style = (names.getBestSubFamilyName() or "Regular").lower()
    except Exception:  # a damaged or unusual font file: not a reason to fail a render
        return None, None
    return family, "regular" if style in ("book", "normal", "roman") else style.replace("oblique", "italic")


@functools.cache
def _load(path: Path) -> Face:
    cache = _cache()
    key = file_key(path)
    entry = cache.faces.get(str(path))
    if entry is not None and entry[:2] == key:
        family, units, default, spacing, advances = entry[2:]
        return Face.of(
            family, {int(code): width for code, width in advances.items()}, units, default, spacing
        )
    face = _read_face(path)
    cache.faces[str(path)] = [
        *key,
        face.family,
        face.units_per_em,
        face.default_advance,
        face.line_spacing,
        face.advances,
    ]
    cache.save()
    return face


def _read_face(path: Path) -> Face:
    # fontTools loads when a font is read, which the cache (fontcache) spares most processes.
    from fontTools.ttLib import TTFont

    # Some fonts carry a 1904-epoch creation date that fontTools logs about; it does not matter here.
    logging.getLogger("fontTools.ttLib.tables._h_e_a_d").setLevel(logging.ERROR)
    with TTFont(str(path), lazy=True) as font:
        cmap = font.getBestCmap() or {}
        metrics: Any = font["hmtx"].metrics
        hhea: Any = font["hhea"]
        head: Any = font["head"]
        names: Any = font["name"]
        advances = {code: metrics[glyph][0] for code, glyph in cmap.items() if glyph in metrics}
        default = metrics.get(cmap.get(ord("n"), ".notdef"), (head.unitsPerEm // 2, 0))[0]
        spacing = (hhea.ascent - hhea.descent + hhea.lineGap) / head.unitsPerEm
        return Face.of(names.getBestFamilyName() or path.stem, advances, head.unitsPerEm, default, spacing)


# Cached as the index it searches is (per process): auto-fit asks for every run and every word.
@functools.cache
def face(typeface: str, bold: bool = False, italic: bool = False) -> Face | None:
    """The installed face of typeface (or its stand-in, or a fallback); None when no font is installed."""
    index = _index()
    wanted = typeface.strip().lower()
    candidates = [wanted, METRIC_COMPATIBLE.get(wanted, "").lower(), *(f.lower() for f in FALLBACKS)]
    style = _style_key(bold, italic)
    for family in candidates:
        if not family:
            continue
        for key in ((family, style), (family, "regular")):
            if key in index:
                return _load(index[key])
    return None


def text_width(text: str, typeface: str, size_pt: float, *, bold: bool = False, italic: bool = False) -> int:
    """Width of one line of text in EMU; a rough 0.5 em per character when no font is installed."""
    found = face(typeface, bold, italic)
    if found is None:
        return round(len(text) * size_pt * 0.5 * EMU_PER_POINT)
    return found.width(text, size_pt)


def line_height(typeface: str, size_pt: float) -> int:
    """Height of one single-spaced line in EMU (1.2 em when no font is installed)."""
    found = face(typeface)
    spacing = found.line_spacing if found is not None else 1.2
    return round(spacing * size_pt * EMU_PER_POINT)
