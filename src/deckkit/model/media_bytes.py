"""What media bytes really are (PNG, JPEG, GIF, MP4/MOV), whatever their file name says.

Shared by the SDK (naming media it stores) and the bundle reader (refusing a ``logo.png``
that is not a PNG).
"""

from __future__ import annotations

import hashlib

# Extension (lower case) -> the format family its bytes must show.
FAMILY_OF_EXTENSION: dict[str, str] = {
    "png": "png",
    "jpg": "jpeg",
    "jpeg": "jpeg",
    "gif": "gif",
    "mp4": "mp4",
    "m4v": "mp4",
    "mov": "mp4",
}
FAMILY_NAMES = {"png": "PNG image", "jpeg": "JPEG image", "gif": "GIF image", "mp4": "MP4/MOV video"}

# Top-level atoms an old QuickTime file may start with instead of ftyp.
_QUICKTIME_ATOMS = (b"moov", b"mdat", b"wide", b"free", b"skip", b"pnot")


def sniff_family(data: bytes, extension: str | None = None) -> str | None:
    """The format family the bytes show (png, jpeg, gif, mp4), or None when unrecognised."""
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if data.startswith(b"\xff\xd8\xff"):
        return "jpeg"
    if data.startswith((b"GIF87a", b"GIF89a")):
        return "gif"
    if len(data) >= 12 and data[4:8] == b"ftyp":
        return "mp4"
    if extension == "mov" and len(data) >= 8 and data[4:8] in _QUICKTIME_ATOMS:
        return "mp4"
    return None


def extension_of(name: str) -> str:
    """The lower-case extension of a file name ('' when there is none)."""
    base = name.rsplit("/", 1)[-1]
    return base.rsplit(".", 1)[-1].lower() if "." in base else ""


def mismatch(data: bytes, name: str) -> str | None:
    """Why the bytes are not what the name's extension says, or None when they are."""
    extension = extension_of(name)
    expected = FAMILY_OF_EXTENSION.get(extension)
    if expected is None:
        return f'"{extension}" is not a supported media format' if extension else "has no file extension"
    found = sniff_family(data, extension)
    if found == expected:
        return None
    said = (
        f"its bytes are a {FAMILY_NAMES[found]}" if found else "its bytes are no known image or video format"
    )
    return f"is not a {FAMILY_NAMES[expected]} as its .{extension} extension says: {said}"


def content_address(data: bytes, extension: str) -> str:
    """A unique, stable name for media bytes in the zip: ``media/<sha256 prefix>.<ext>``."""
    return f"media/{hashlib.sha256(data).hexdigest()[:16]}.{extension.lower()}"
