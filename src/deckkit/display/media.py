"""Image (and Video's thumbnail): the picture itself, scaled down, with its src and options."""

from __future__ import annotations

import base64
import io

from PIL import Image as PILImage

from deckkit.display.html import box, esc
from deckkit.display_hook import HTML
from deckkit.model import Image, Video

__all__ = ["image_html"]

_MIME = {"png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif"}
_MAX_WIDTH = 320
# A photo of several MB is shrunk before it goes into the notebook file.
_MAX_INLINE_BYTES = 150_000


def _shrunk(data: bytes) -> tuple[bytes, str]:
    picture = PILImage.open(io.BytesIO(data))
    picture.thumbnail((_MAX_WIDTH * 2, _MAX_WIDTH * 2))
    out = io.BytesIO()
    picture.convert("RGB").save(out, format="JPEG", quality=80)
    return out.getvalue(), "image/jpeg"


@HTML.register("deckkit.model.media.Image", "deckkit.model.media.Video")
def image_html(element: Image | Video) -> str:
    src = element.src if isinstance(element, Image) else (element.thumbnail or "")
    data = element.media.get(src)
    title = f"{type(element).__name__} <code>{esc(element.src)}</code>, scaling {esc(element.scaling)}"
    mime = _MIME.get(src.rsplit(".", 1)[-1].lower())
    if data is None or mime is None:
        where = "the zip (add it with deck.add_media)" if isinstance(element, Image) else "the zip"
        return box(title, f"<i>no picture held: {esc(src or element.src)} must be a file of {where}</i>")
    if len(data) > _MAX_INLINE_BYTES:
        data, mime = _shrunk(data)
    uri = f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"
    return box(
        title, f'<img src="{uri}" style="max-width:{_MAX_WIDTH}px;max-height:240px;border:1px solid #ddd"/>'
    )
