"""Image and Video: media from the zip (or a video site) replacing the shape that holds the key.

From Python, ``Image.from_path`` / ``Image.from_bytes`` / ``Video.from_path`` / ``Video.from_bytes``
keep the bytes with the element (``media``) under a content-addressed name
(``media/<sha256 prefix>.<ext>``), which ``Deck`` collects into the zip.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any, ClassVar, Literal

from pydantic import PrivateAttr, field_validator, model_validator
from pydantic_core import PydanticCustomError

from deckkit.display_hook import Displayable
from deckkit.errors import DataError, Problem
from deckkit.model._base import StrictModel
from deckkit.model._frames_link import FramesFunction
from deckkit.model._types import StrictText, is_video_site_url, media_path, shown
from deckkit.model.data_uri import HeldSrc, is_data_uri, picture_from_data_uri
from deckkit.model.media_bytes import FAMILY_OF_EXTENSION, content_address, mismatch, sniff_family
from deckkit.model.media_fetch import MAX_FETCHED_BYTES, fetch
from deckkit.model.patterns import IMAGE_EXTENSIONS, VIDEO_EXTENSIONS, VIDEO_SITES

__all__ = ["Image", "ImageScaling", "Video", "VideoScaling", "is_video_site_url"]

ImageScaling = Literal["none", "contain", "cover"]
Overflow = Literal["visible", "hidden"]
VideoScaling = Literal["contain", "cover"]
_NO_MEDIA: Mapping[str, bytes] = MappingProxyType({})

_EXTENSION_OF_FAMILY = {"png": "png", "jpeg": "jpg", "gif": "gif", "mp4": "mp4"}


def _read(path: str | os.PathLike[str]) -> bytes:
    try:
        return Path(path).read_bytes()
    except OSError as e:
        raise DataError([Problem(str(path), f"cannot read the file: {e.strerror or e}")]) from None


def _checked_media(
    data: bytes, format: str | None, allowed: tuple[str, ...], what: str, origin: str
) -> tuple[str, bytes]:
    """(content-addressed name, bytes) after checking that the bytes are the format named."""
    if format is None:
        family = sniff_family(data)
        extension = _EXTENSION_OF_FAMILY.get(family or "", "")
        if extension not in allowed:
            raise DataError(
                [
                    Problem(
                        origin,
                        f"cannot tell the format of these bytes; pass format= (one of {', '.join(allowed)})",
                    )
                ]
            )
    else:
        extension = format.lower().lstrip(".")
        if extension not in allowed:
            raise DataError(
                [Problem(origin, f'"{format}" is not {what} format; use one of {", ".join(allowed)}')]
            )
    wrong = mismatch(data, f"file.{extension}")
    if wrong:
        raise DataError([Problem(origin, wrong)])
    return content_address(data, extension), data


def _media_bytes(
    source: str | os.PathLike[str] | bytes, allowed: tuple[str, ...], what: str
) -> tuple[str, bytes]:
    if isinstance(source, bytes | bytearray):
        return _checked_media(bytes(source), None, allowed, what, what)
    suffix = Path(source).suffix.lower().lstrip(".")
    return _checked_media(
        _read(source), suffix if suffix in FAMILY_OF_EXTENSION else None, allowed, what, str(source)
    )


class Image(Displayable, StrictModel):
    """A picture from the zip (jpg, jpeg, gif, png) replacing the shape that holds ``{key}``;
    ``src`` may also be a ``data:image/png;base64,...`` URI, whose bytes the Image then holds."""

    type: Literal["image"] = "image"
    src: StrictText
    scaling: ImageScaling = "none"
    overflow: Overflow = "visible"

    # None until bytes are attached: a default_factory costs pydantic a signature() per instance.
    _media: dict[str, bytes] | None = PrivateAttr(default=None)

    @field_validator("src")
    @classmethod
    def _image_file(cls, src: str) -> str:
        if is_data_uri(src):
            return picture_from_data_uri(src)
        return media_path(src, IMAGE_EXTENSIONS, "an image")

    @model_validator(mode="after")
    def _hold_data_uri_bytes(self) -> Image:
        # A data: URI's bytes, decoded by the src validator, stay with the element (as from_bytes's).
        if isinstance(self.src, HeldSrc):
            self._media = {str(self.src): self.src.data}
            self.src = str(self.src)
        return self

    @property
    def media(self) -> Mapping[str, bytes]:
        """The bytes this element carries (src -> bytes); empty when src names a file of the zip."""
        return self._media if self._media is not None else _NO_MEDIA

    @classmethod
    def from_path(
        cls, path: str | os.PathLike[str], *, scaling: ImageScaling = "none", overflow: Overflow = "visible"
    ) -> Image:
        """An Image of a png, jpg or gif file."""
        name, data = _media_bytes(path, IMAGE_EXTENSIONS, "an image")
        return cls._with_media(name, {name: data}, scaling, overflow)

    @classmethod
    def from_bytes(
        cls,
        data: bytes,
        format: str | None = None,
        *,
        scaling: ImageScaling = "none",
        overflow: Overflow = "visible",
    ) -> Image:
        """An Image of png, jpg or gif bytes; ``format`` is sniffed from the bytes when omitted."""
        name, data = _checked_media(bytes(data), format, IMAGE_EXTENSIONS, "an image", "image bytes")
        return cls._with_media(name, {name: data}, scaling, overflow)

    @classmethod
    def from_url(
        cls,
        url: str,
        *,
        timeout: float = 10.0,
        max_bytes: int = MAX_FETCHED_BYTES,
        scaling: ImageScaling = "none",
        overflow: Overflow = "visible",
    ) -> Image:
        """An Image of the png, jpg or gif at an http(s) URL, fetched now (with httpx): the bytes
        travel in the bundle, so the renderer and the service never fetch anything."""
        data = fetch(url, timeout=timeout, max_bytes=max_bytes)
        name, data = _checked_media(data, None, IMAGE_EXTENSIONS, "an image", url)
        return cls._with_media(name, {name: data}, scaling, overflow)

    @classmethod
    def _with_media(cls, src: str, media: dict[str, bytes], scaling: Any, overflow: Any) -> Image:
        image = cls(src=src, scaling=scaling, overflow=overflow)
        image._media = dict(media)
        return image

    # An Image of a matplotlib figure (deckkit.frames.image_from_figure: dpi, scaling, ...).
    from_figure: ClassVar[FramesFunction[Image]] = FramesFunction(
        "deckkit.frames.figure", "image_from_figure"
    )

    def __repr__(self) -> str:
        return _media_repr(self)


class Video(Displayable, StrictModel):
    """A local video (mp4, m4v, mov, with a thumbnail) or an https URL of a video-sharing site; the
    thumbnail may be a ``data:image/...;base64,`` URI, whose bytes the Video then holds."""

    type: Literal["video"] = "video"
    src: StrictText
    thumbnail: StrictText | None = None
    scaling: VideoScaling = "contain"

    # None until bytes are attached: a default_factory costs pydantic a signature() per instance.
    _media: dict[str, bytes] | None = PrivateAttr(default=None)

    @field_validator("src")
    @classmethod
    def _video_source(cls, src: str) -> str:
        if is_video_site_url(src):
            return src
        if re.match(r"^[A-Za-z][A-Za-z0-9+.-]+:", src):  # a scheme; one letter is a drive
            raise PydanticCustomError(
                "video_url",
                "{got}: only https URLs of video sites are accepted ({sites})",
                {"got": shown(src), "sites": ", ".join(VIDEO_SITES)},
            )
        return media_path(src, VIDEO_EXTENSIONS, "a video")

    @field_validator("thumbnail")
    @classmethod
    def _thumbnail_file(cls, thumbnail: str) -> str:
        if is_data_uri(thumbnail):
            return picture_from_data_uri(thumbnail)
        return media_path(thumbnail, IMAGE_EXTENSIONS, "a thumbnail")

    @model_validator(mode="after")
    def _hold_data_uri_thumbnail(self) -> Video:
        # A thumbnail given as a data: URI stays with the element, as an Image's picture does.
        if isinstance(self.thumbnail, HeldSrc):
            self._media = {**(self._media or {}), str(self.thumbnail): self.thumbnail.data}
            self.thumbnail = str(self.thumbnail)
        return self

    @model_validator(mode="after")
    def _local_needs_thumbnail(self) -> Video:
        if self.thumbnail is None and not is_video_site_url(self.src):
            raise PydanticCustomError(
                "thumbnail",
                "a local video needs a thumbnail: a jpg, png or gif in the zip, shown before it plays",
            )
        return self

    @property
    def is_online(self) -> bool:
        """True when src is a video-site URL (an external link, not a file of the zip)."""
        return is_video_site_url(self.src)

    @property
    def media(self) -> Mapping[str, bytes]:
        """The bytes this element carries (video and thumbnail); empty when they are files of the zip."""
        return self._media if self._media is not None else _NO_MEDIA

    @classmethod
    def from_path(
        cls,
        path: str | os.PathLike[str],
        thumbnail: str | os.PathLike[str] | bytes | None = None,
        *,
        scaling: VideoScaling = "contain",
    ) -> Video:
        """A Video of an mp4, m4v or mov file with its thumbnail (a path or image bytes)."""
        name, data = _media_bytes(path, VIDEO_EXTENSIONS, "a video")
        return cls._with_media(name, data, thumbnail, str(path), scaling)

    @classmethod
    def from_bytes(
        cls,
        data: bytes,
        format: str | None = None,
        thumbnail: str | os.PathLike[str] | bytes | None = None,
        *,
        scaling: VideoScaling = "contain",
    ) -> Video:
        """A Video of mp4/m4v/mov bytes (``format`` defaults to mp4) with its thumbnail."""
        name, data = _checked_media(bytes(data), format or "mp4", VIDEO_EXTENSIONS, "a video", "video bytes")
        return cls._with_media(name, data, thumbnail, "video bytes", scaling)

    def __repr__(self) -> str:
        return _media_repr(self)

    @classmethod
    def _with_media(
        cls,
        name: str,
        data: bytes,
        thumbnail: str | os.PathLike[str] | bytes | None,
        origin: str,
        scaling: Any,
    ) -> Video:
        if thumbnail is None:
            raise DataError(
                [
                    Problem(
                        origin,
                        "a local video needs a thumbnail: pass thumbnail= (a png, jpg or gif path or bytes)",
                    )
                ]
            )
        thumb_name, thumb_data = _media_bytes(thumbnail, IMAGE_EXTENSIONS, "a thumbnail")
        video = cls(src=name, thumbnail=thumb_name, scaling=scaling)
        video._media = {name: data, thumb_name: thumb_data}
        return video


def _media_repr(element: Image | Video) -> str:
    # One line: where the picture comes from, never its bytes.
    data = element.media.get(element.src)
    held = f"{len(data):,} bytes held" if data is not None else "a file of the zip"
    return f"<{type(element).__name__}: {element.src} ({held}), scaling={element.scaling}>"
