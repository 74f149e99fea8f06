"""East Asian text as PowerPoint lays it out: which characters take the run's East Asian font, and
where a line may break between characters.

PowerPoint splits a run by script: Chinese, Japanese and Korean characters are drawn with the
run's ``a:ea`` typeface, the rest with its ``a:latin`` one. Chinese and Japanese text has no
spaces: a line may break between any two of their characters (and between one and a Latin word),
except where the kinsoku rules forbid it; Korean breaks at spaces. These are Office's "standard" Japanese rules (PowerPoint's default;
Chinese and Korean ones are much the same): no line starts with a closing bracket or a
punctuation mark such as 、。）」 and no line ends with an opening bracket such as （「; a
comma or full stop that does not fit hangs past the line's end. Latin
text still breaks only at spaces, a run boundary inside a word included.
"""

from __future__ import annotations

import re

__all__ = [
    "EAST_ASIAN",
    "HANGING",
    "NO_END",
    "NO_START",
    "WORDS",
    "break_between",
    "has_east_asian",
    "script_pieces",
]

# Chinese and Japanese: CJK radicals to Yi (kana, bopomofo, CJK punctuation, ideographs Ext A,
# unified), compatibility ideographs, vertical and compatibility forms, half- and full-width forms
# (Hangul's half-width letters aside), and the supplementary ideograph planes.
_IDEOGRAPHIC = (
    "\u2e80-\u2fdf\u2ff0-\u312f\u3190-\u33ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
    "\ufe10-\ufe1f\ufe30-\ufe4f\uff00-\uff9f\uffe0-\uffef\U00020000-\U0003ffff"
)
# Korean: Hangul Jamo, compatibility Jamo, Jamo extensions, syllables, half-width letters.
_HANGUL = "\u1100-\u11ff\u3130-\u318f\ua960-\ua97f\uac00-\ud7ff\uffa0-\uffdf"
EAST_ASIAN = re.compile(f"[{_IDEOGRAPHIC}{_HANGUL}]")
_IDEOGRAPH = re.compile(f"[{_IDEOGRAPHIC}]")
_PIECES = re.compile(f"[{_IDEOGRAPHIC}{_HANGUL}]+|[^{_IDEOGRAPHIC}{_HANGUL}]+")
# What a line is laid out in: spaces, single Chinese or Japanese characters, and other words
# (Korean ones included: Korean, which spaces its words, breaks at spaces, in PowerPoint as in
# LibreOffice).
WORDS = re.compile(rf"\s+|[{_IDEOGRAPHIC}]|[^\s{_IDEOGRAPHIC}]+")
# Office's standard kinsoku characters (Word and PowerPoint, Japanese): what no line starts with,
# and what no line ends with.
NO_START = frozenset(
    "!%),.:;?]}¢°’”‰′″℃、。々〉》」』】〕゛゜ゝゞ・ヽヾ！％），．：；？］｝｡｣､･ﾞﾟ￠〙〗〟｠»‼⁇⁈⁉"
)
# Punctuation that may hang past the line's end rather than take the character before it to the
# next line (PowerPoint's "allow hanging punctuation", on in Office's masters, as LibreOffice draws it).
HANGING = frozenset("、。，．､｡")
NO_END = frozenset("$([\\{£¥‘“〈《「『【〔＄（［｛｢￡￥〘〖〝｟«")
_FIRST_IDEOGRAPHIC = "\u2e80"  # no Chinese or Japanese character sorts before it: a cheap first test


def has_east_asian(text: str) -> bool:
    """Whether text holds a character drawn with the East Asian font."""
    return not text.isascii() and EAST_ASIAN.search(text) is not None


def script_pieces(text: str) -> list[str]:
    """Text cut where it changes between East Asian and other characters (each piece one script)."""
    return _PIECES.findall(text)


def _ideographic(char: str) -> bool:
    return char >= _FIRST_IDEOGRAPHIC and _IDEOGRAPH.match(char) is not None


def break_between(before: str, after: str) -> bool:
    """Whether a line may break between the characters ``before`` and ``after`` (neither a space):
    only next to a Chinese or Japanese character, and not where kinsoku forbids it."""
    if before in NO_END or after in NO_START:
        return False
    return _ideographic(before) or _ideographic(after)
