"""A picture carried in data.json itself: ``data:image/png;base64,...`` as an Image's ``src``.

The bytes are decoded once, when the data is read, and checked as a file of the zip is (its
bytes must be the format the URI names); the Image then holds them under their content address
(``media/<sha256 prefix>.png``), as ``Image.from_bytes`` does, so everything after reading sees
an ordinary picture. data.json's own size limit bounds the text; ``MAX_DATA_URI_BYTES`` bounds
one picture. Nothing here, nor anywhere in the renderer or the service, fetches a URL.
"""

from __future__ import annotations

import binascii
import re
from base64 import b64decode
from typing import Final

from pydantic_core import PydanticCustomError

from deckkit.model._types import shown
from deckkit.model.media_bytes import FAMILY_NAMES, content_address, sniff_family

__all__ = ["MAX_DATA_URI_BYTES", "HeldSrc", "is_data_uri", "picture_from_data_uri"]

MAX_DATA_URI_BYTES: Final = 16 * 1024 * 1024
"""One picture given as a data: URI, decoded: at most 16 MiB."""

_FAMILY_OF_MEDIA_TYPE: Final = {
    "image/png": "png",
    "image/jpeg": "jpeg",
    "image/jpg": "jpeg",
    "image/gif": "gif",
}
_EXTENSION_OF_FAMILY: Final = {"png": "png", "jpeg": "jpg", "gif": "gif"}
_HEADER: Final = re.compile(r"data:([^;,]*)((?:;[^;,]*)*),", re.ASCII | re.IGNORECASE)


class HeldSrc(str):
    """A ``src`` (a content address) that holds the decoded bytes, from a field validator to the
    model, which keeps the bytes with the element and the plain name in ``src``."""

    data: bytes


def is_data_uri(src: str) -> bool:
    return src[:5].lower() == "data:"


def picture_from_data_uri(uri: str) -> HeldSrc:
    """The picture of a ``data:image/...;base64,`` URI under its content address; a
    PydanticCustomError (at the ``src`` path) saying what is wrong otherwise."""
    header = _HEADER.match(uri)
    if header is None:
        raise _error("it has no comma after its media type (data:image/png;base64,...)", uri)
    media_type = header.group(1).strip().lower()
    family = _FAMILY_OF_MEDIA_TYPE.get(media_type)
    if family is None:
        raise _error(f'"{media_type}" is not a picture type: use image/png, image/jpeg or image/gif', uri)
    if "base64" not in [p.strip().lower() for p in header.group(2).split(";")]:
        raise _error("only base64 data: URIs are accepted (data:image/png;base64,...)", uri)
    payload = uri[header.end() :]
    if len(payload) // 4 * 3 > MAX_DATA_URI_BYTES + 3:
        raise _error(
            f"the picture is about {len(payload) // 4 * 3:,} bytes; at most {MAX_DATA_URI_BYTES:,} (16 MiB) "
            "are accepted in a data: URI (put a larger picture in the zip)",
            uri,
        )
    try:
        data = b64decode("".join(payload.split()), validate=True)
    except (binascii.Error, ValueError):
        raise _error("its base64 text is damaged (only A-Z, a-z, 0-9, +, / and = padding)", uri) from None
    found = sniff_family(data)
    if found != family:
        said = f"a {FAMILY_NAMES[found]}" if found else "no known image format"
        raise _error(f"it says {media_type} but its bytes are {said}", uri)
    held = HeldSrc(content_address(data, _EXTENSION_OF_FAMILY[family]))
    held.data = data
    return held


def _error(reason: str, uri: str) -> PydanticCustomError:
    return PydanticCustomError("data_uri", "{got}: {reason}", {"got": shown(uri), "reason": reason})
