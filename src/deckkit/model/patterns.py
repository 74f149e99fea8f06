"""Regular expressions that both the models and the JSON Schema apply, so both judge alike.

They are written in the common subset of Python's ``re`` and ECMA-262 (JSON Schema's regex
dialect): anchors, classes, lookaheads; case-insensitivity is spelled out in classes because
ECMA-262 patterns in a schema cannot carry flags.
"""

from __future__ import annotations

IMAGE_EXTENSIONS: tuple[str, ...] = ("png", "jpg", "jpeg", "gif")
VIDEO_EXTENSIONS: tuple[str, ...] = ("mp4", "m4v", "mov")
VIDEO_SITES: tuple[str, ...] = (
    "youtube.com",
    "youtu.be",
    "youtube-nocookie.com",
    "vimeo.com",
    "player.vimeo.com",
)

# Text a slide can hold: no control character XML 1.0 refuses (tab, newline, carriage return and
# vertical tab, PowerPoint's soft line break, are allowed) and no non-character U+FFFE/U+FFFF.
# Lone surrogates are refused by the models only: in ECMA-262 a pair is two code units in that
# range, so the schema cannot name them without refusing every emoji.
_XML_CHARACTERS = r"[^\u0000-\u0008\u000c\u000e-\u001f\ufffe\uffff]"
XML_TEXT_PATTERN = "^" + _XML_CHARACTERS + "*$"
# The same rule inside another pattern, right after its ^.
_XML_TEXT_AHEAD = "(?=" + _XML_CHARACTERS + "*$)"


def case_insensitive(text: str) -> str:
    """``png`` -> ``[Pp][Nn][Gg]``: a case-insensitive literal without regex flags."""
    return "".join(f"[{c.upper()}{c.lower()}]" if c.isalpha() else ("\\." if c == "." else c) for c in text)


# A path inside the zip: relative, forward slashes only, no "..", no scheme or drive letter.
_INSIDE_ZIP_AHEAD = r"(?![/\\])(?![A-Za-z][A-Za-z0-9+.-]*:)(?!.*\\)(?!(?:.*/)?\.\.(?:/|$))"
MEDIA_PATH_PREFIX = r"^" + _XML_TEXT_AHEAD + _INSIDE_ZIP_AHEAD


def media_path_pattern(extensions: tuple[str, ...]) -> str:
    return MEDIA_PATH_PREFIX + r".*\.(?:" + "|".join(case_insensitive(e) for e in extensions) + ")$"


IMAGE_PATH_PATTERN = media_path_pattern(IMAGE_EXTENSIONS)
VIDEO_PATH_PATTERN = media_path_pattern(VIDEO_EXTENSIONS)

# A picture inside data.json: its header only (the model decodes and checks the bytes).
IMAGE_DATA_URI_PATTERN = (
    r"^[Dd][Aa][Tt][Aa]:[Ii][Mm][Aa][Gg][Ee]/(?:[Pp][Nn][Gg]|[Jj][Pp][Ee]?[Gg]|[Gg][Ii][Ff])(?:;[^;,]*)*,"
)

_SITES = "|".join(s.replace(".", r"\.") for s in VIDEO_SITES)
VIDEO_URL_PATTERN = r"^" + _XML_TEXT_AHEAD + r"https://(?:(?:www|m)\.)?(?:" + _SITES + r")(?:[/?#]\S*)?$"

# Any absolute URI; a hyperlink of the data must also have one of HYPERLINK_SCHEMES: others
# (javascript:, file:, smb:, ms-*: ...) can run code or open local files where the deck is opened.
URI_PATTERN = r"^" + _XML_TEXT_AHEAD + r"[A-Za-z][A-Za-z0-9+.-]*:\S+$"
HYPERLINK_SCHEMES: tuple[str, ...] = ("http", "https", "mailto")
HYPERLINK_PATTERN = (
    r"^" + _XML_TEXT_AHEAD + r"(?:" + "|".join(case_insensitive(s) for s in HYPERLINK_SCHEMES) + r"):\S+$"
)

HEX_COLOR_PATTERN = r"^#?(?:[0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})$"

# A slide of another template: its file (a name ending .pptx) and the slide number. The form
# alone; TEMPLATE_REF_PATTERN adds that the file is inside the zip, as a media path is.
_TEMPLATE_REF_BODY = r"[^#\\:]+\.[pP][pP][tT][xX]#[1-9][0-9]{0,8}$"
TEMPLATE_REF_FORM = r"^" + _XML_TEXT_AHEAD + _TEMPLATE_REF_BODY
TEMPLATE_REF_PATTERN = MEDIA_PATH_PREFIX + _TEMPLATE_REF_BODY
