"""Image (and Video's thumbnail): the picture itself, scaled down, with its src and options."""

from __future__ import annotations

import base64
from typing import TYPE_CHECKING

from deckkit.display.html import box, esc

if TYPE_CHECKING:
    from deckkit.model import Image, Video

__all__ = ["image_html", "media_text"]

_MIME = {"png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif"}
_MAX_WIDTH = 320
# A photo of several MB is shrunk before it goes into the notebook file (with Pillow, which
# matplotlib brings; without it the picture is left out rather than inlined whole).
_MAX_INLINE_BYTES = 150_000


def _shrunk(data: bytes, mime: str) -> tuple[bytes, str]:
    import io

    try:
        from PIL import Image as PILImage
    except ImportError:
        return b"", mime
    picture = PILImage.open(io.BytesIO(data))
    picture.thumbnail((_MAX_WIDTH * 2, _MAX_WIDTH * 2))
    out = io.BytesIO()
    picture.convert("RGB").save(out, format="JPEG", quality=80)
    return out.getvalue(), "image/jpeg"


def media_text(element: Image | Video) -> str:
    data = element.media.get(element.src)
    held = f"{len(data):,} bytes held" if data is not None else "a file of the zip"
    return f"<{type(element).__name__}: {element.src} ({held}), scaling={element.scaling}>"


def image_html(element: Image | Video) -> str:
    from deckkit.model import Image

    src = element.src if isinstance(element, Image) else (element.thumbnail or "")
    data = element.media.get(src)
    title = f"{type(element).__name__} <code>{esc(element.src)}</code>, scaling {esc(element.scaling)}"
    mime = _MIME.get(src.rsplit(".", 1)[-1].lower())
    if data is None or mime is None:
        where = "the zip (add it with deck.add_media)" if isinstance(element, Image) else "the zip"
        return box(title, f"<i>no picture held: {esc(src or element.src)} must be a file of {where}</i>")
    if len(data) > _MAX_INLINE_BYTES:
        data, mime = _shrunk(data, mime)
    uri = f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"
    return box(
        title, f'<img src="{uri}" style="max-width:{_MAX_WIDTH}px;max-height:240px;border:1px solid #ddd"/>'
    )
