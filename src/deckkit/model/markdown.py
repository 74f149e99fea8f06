"""``Text.markdown``: a little markdown made into runs (deckkit.model.runs).

``**bold**``, ``*italic*`` (or ``_italic_``), ``__underline__``, ``~~strike~~``, ``\\`code\\``` (a
monospaced typeface), ``[text](https://...)`` and line breaks (a newline); they nest
(``**bold and _italic_**``), and ``\\*`` is a literal star. Markup that is not closed, a link
whose target is no absolute URI, anything else of markdown, is literal text: a sentence never
fails for a stray ``*``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Final

from deckkit.model.patterns import HYPERLINK_PATTERN
from deckkit.model.runs import TextRun
from deckkit.model.styles import FontStyles

__all__ = ["CODE_TYPEFACE", "markdown_runs"]

CODE_TYPEFACE: Final = "Courier New"
_LINK_TARGET: Final = re.compile(HYPERLINK_PATTERN)
# Longest first: "**" before "*", "__" before "_".
_DELIMITERS: Final = ("***", "**", "__", "~~", "*", "_", "`")


@dataclass(frozen=True)
class _Style:
    bold: bool = False
    italic: bool = False
    underline: bool = False
    strike: bool = False
    code: bool = False
    link: str | None = None


_EFFECT: Final[dict[str, frozenset[str]]] = {
    "***": frozenset({"bold", "italic"}),
    "**": frozenset({"bold"}),
    "__": frozenset({"underline"}),
    "~~": frozenset({"strike"}),
    "*": frozenset({"italic"}),
    "_": frozenset({"italic"}),
    "`": frozenset({"code"}),
}


def _styled(style: _Style, delimiter: str) -> _Style:
    flags = _EFFECT[delimiter]
    return _Style(
        bold=style.bold or "bold" in flags,
        italic=style.italic or "italic" in flags,
        underline=style.underline or "underline" in flags,
        strike=style.strike or "strike" in flags,
        code=style.code or "code" in flags,
        link=style.link,
    )


def markdown_runs(source: str) -> list[str | TextRun]:
    """The runs ``source`` shows: plain strings where no markup applies."""
    pieces: list[tuple[str, _Style]] = []
    _parse(source.replace("\r\n", "\n"), _Style(), pieces)
    merged: list[tuple[str, _Style]] = []
    for text, style in pieces:
        if merged and merged[-1][1] == style:
            merged[-1] = (merged[-1][0] + text, style)
        elif text:
            merged.append((text, style))
    return [_run(text, style) for text, style in merged]


def _run(text: str, style: _Style) -> str | TextRun:
    if style == _Style():
        return text
    font = FontStyles(
        bold=style.bold or None,
        italic=style.italic or None,
        underline=style.underline or None,
        strike=style.strike or None,
        typeface=CODE_TYPEFACE if style.code else None,
    )
    has_font = any(
        v is not None for v in (font.bold, font.italic, font.underline, font.strike, font.typeface)
    )
    return TextRun(text=text, font=font if has_font else None, hyperlink=style.link)


def _parse(text: str, style: _Style, out: list[tuple[str, _Style]]) -> None:
    literal: list[str] = []
    i = 0
    while i < len(text):
        c = text[i]
        if c == "\\" and i + 1 < len(text) and not text[i + 1].isalnum() and text[i + 1] != "\n":
            literal.append(text[i + 1])
            i += 2
            continue
        if c == "[":
            link = _link_at(text, i)
            if link is not None:
                label, target, end = link
                out.append(("".join(literal), style))
                literal = []
                _parse(label, replace(style, link=target), out)
                i = end
                continue
        delimiter = next((d for d in _DELIMITERS if text.startswith(d, i)), None)
        if delimiter is not None:
            close = _closing(text, i, delimiter)
            if close is not None:
                out.append(("".join(literal), style))
                literal = []
                inner = text[i + len(delimiter) : close]
                inner_style = _styled(style, delimiter)
                if delimiter == "`":
                    out.append((inner, inner_style))  # code is literal inside
                else:
                    _parse(inner, inner_style, out)
                i = close + len(delimiter)
                continue
            literal.append(delimiter)
            i += len(delimiter)
            continue
        literal.append(c)
        i += 1
    out.append(("".join(literal), style))


def _closing(text: str, start: int, delimiter: str) -> int | None:
    """Where ``delimiter`` opened at ``start`` closes: non-empty, not starting or ending in a space."""
    begin = start + len(delimiter)
    if begin >= len(text) or text[begin].isspace():
        return None
    if delimiter in ("_", "__") and start > 0 and text[start - 1].isalnum():
        return None  # snake_case_words are not emphasis
    search = begin
    while True:
        close = text.find(delimiter, search)
        if close < 0:
            return None
        if delimiter == "`":
            return close if close > begin else None
        if len(delimiter) == 1 and text.startswith(delimiter * 2, close):
            # "*italic **bold***": a double star inside is the nested one's; a triple ends both.
            if text.startswith(delimiter * 3, close) and close > begin:
                return close + 2
            search = close + 2
            continue
        if (
            close > begin
            and not text[close - 1].isspace()
            and text[close - 1] != "\\"
            and not (
                delimiter in ("_", "__")
                and close + len(delimiter) < len(text)
                and text[close + len(delimiter)].isalnum()
            )
        ):
            return close
        search = close + len(delimiter)


def _link_at(text: str, start: int) -> tuple[str, str, int] | None:
    """``[label](target)`` at ``start``: (label, target, end), when the target is an absolute URI."""
    depth, i = 0, start
    while i < len(text):
        if text[i] == "\\":
            i += 2
            continue
        if text[i] == "[":
            depth += 1
        elif text[i] == "]":
            depth -= 1
            if depth == 0:
                break
        i += 1
    else:
        return None
    if not text.startswith("(", i + 1):
        return None
    end = text.find(")", i + 2)
    if end < 0:
        return None
    target = text[i + 2 : end].strip()
    label = text[start + 1 : i]
    if not label or _LINK_TARGET.fullmatch(target) is None:
        return None
    return label, target, end + 1
