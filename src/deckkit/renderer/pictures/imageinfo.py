"""What a picture file is: its format, its size in pixels and its resolution.

Only the three formats data.json allows (PNG, JPEG, GIF) are recognised. The picture is
decoded once, so that truncated or corrupt files are found before anything is written: by
Pillow, except a PNG that ``pngcheck`` proves whole with zlib alone (Pillow's verdict would be
the same; it stays the judge of every other file).

Decoding a photo costs more than most of a render's steps, and Pillow's decoder and zlib release
the GIL: ``read_ahead``
decodes a render's pictures on a thread of their own while the render goes on, and gives the
render a :class:`PictureVerdicts`, which its plan carries to whoever asks about a picture (the
media filler, the final confirmation). A render need not even wait for a verdict:
``PictureVerdicts.facts`` answers the facts from the header (a plain PNG's chunks, a JPEG's or
GIF's header as Pillow reads it before decoding), and the render asks for the verdict only once
the deck is assembled. A warm process keeps the pictures it has seen (``_read_image_info``'s
cache, by the bytes), so this serves new pictures: every render of the service, the CLI's one
render.
"""

from __future__ import annotations

import io
import threading
import warnings
from collections.abc import Iterable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from functools import lru_cache
from typing import NamedTuple

from deckkit.renderer.pictures.pngcheck import INFLATE_STEP, PngFacts, png_facts, vouch_png

__all__ = [
    "DEFAULT_DPI",
    "EMU_PER_INCH",
    "NO_VERDICTS_AHEAD",
    "ImageInfo",
    "PictureVerdicts",
    "UnreadableImageError",
    "read_ahead",
    "read_image_info",
    "upright",
]

DEFAULT_DPI = 96
EMU_PER_INCH = 914400

# Format name as Pillow reports it -> (part extension, what a user calls it)
_FORMATS = {"PNG": ("png", "PNG"), "JPEG": ("jpeg", "JPEG"), "GIF": ("gif", "GIF")}

_EXIF_ORIENTATION = 0x0112

# The signature each format's files start with.
_MAGIC = (("PNG", b"\x89PNG\r\n\x1a\n"), ("JPEG", b"\xff\xd8\xff"), ("GIF", b"GIF87a"), ("GIF", b"GIF89a"))

# A resolution outside this range is a placeholder value (JFIF's 1x1 "aspect only", a 0 from a
# broken encoder) rather than a real one; such pictures are treated as having none.
_PLAUSIBLE_DPI = (10.0, 10000.0)


class UnreadableImageError(ValueError):
    """The bytes are not a PNG, JPEG or GIF picture that can be decoded."""


class ImageInfo(NamedTuple):
    """A decoded picture's facts; ``ext`` is the part extension (``png``, ``jpeg``, ``gif``)."""

    ext: str
    label: str
    width_px: int
    height_px: int
    dpi_x: float
    dpi_y: float
    orientation: int = 1  # EXIF orientation; 1 is upright

    @property
    def is_upright(self) -> bool:
        return self.orientation in (0, 1)

    @property
    def width_emu(self) -> float:
        """Intrinsic width: pixels at the picture's resolution."""
        return self.width_px / self.dpi_x * EMU_PER_INCH

    @property
    def height_emu(self) -> float:
        return self.height_px / self.dpi_y * EMU_PER_INCH


def _resolution(dpi: object) -> tuple[float, float]:
    if isinstance(dpi, tuple) and len(dpi) == 2:
        try:
            x, y = float(dpi[0]), float(dpi[1])
        except (TypeError, ValueError):
            return float(DEFAULT_DPI), float(DEFAULT_DPI)
        low, high = _PLAUSIBLE_DPI
        if low <= x <= high and low <= y <= high:
            # PNG stores pixels per metre: 144 dpi comes back as 143.9926. Every application
            # shows the whole number, and so do we.
            return float(round(x)), float(round(y))
    return float(DEFAULT_DPI), float(DEFAULT_DPI)


def read_image_info(data: bytes) -> ImageInfo:
    """Format, pixel size and DPI of PNG/JPEG/GIF bytes (96 dpi when the file has none), read here.

    Raises UnreadableImageError when the bytes are not such a picture or cannot be decoded.
    """
    return _read_image_info(data if isinstance(data, bytes) else bytes(data))


class PictureVerdicts:
    """The verdicts of one render's pictures, decoded on a thread of their own (:func:`read_ahead`).

    The render's plan carries it to whoever asks about a picture; a picture it does not hold
    (other bytes, or :data:`NO_VERDICTS_AHEAD`) is read in place. Entries are found by the
    very object given to ``read_ahead`` (kept with them, so an ``id`` cannot pass to another).
    """

    __slots__ = ("_ahead",)

    def __init__(self, ahead: dict[int, tuple[bytes, Future[ImageInfo]]] | None = None) -> None:
        self._ahead = ahead or {}

    def _of(self, data: bytes) -> Future[ImageInfo] | None:
        entry = self._ahead.get(id(data))
        return entry[1] if entry is not None and entry[0] is data else None

    def read(self, data: bytes) -> ImageInfo:
        """What :func:`read_image_info` answers: the thread's answer if it has begun this very
        picture (waited for), else read here. Raises UnreadableImageError likewise."""
        ahead = self._of(data)
        # cancel() succeeds only while the thread has not begun this picture: then it is read here.
        if ahead is not None and not ahead.cancel():
            return ahead.result()  # the thread's answer, or its UnreadableImageError
        return read_image_info(data)

    def facts(self, data: bytes) -> tuple[ImageInfo, bool]:
        """(what :meth:`read` answers, whether its verdict is still to come).

        The verdict is left to come for a picture that the thread checks and whose facts its
        header settles: a plain PNG's chunks (``pngcheck.png_facts``), a JPEG's or GIF's
        header as Pillow reads it before decoding. The render plans and fills with the facts
        while the thread decodes. Whoever takes facts with a verdict to come must call
        :meth:`read` on the same object before the render returns, and treat its
        UnreadableImageError as the picture's problem: the one who confirms reports it, with
        the path the picture was planned under, whichever check asks first.
        """
        if self._of(data) is not None:
            facts = _header_facts(data)
            if facts is not None:
                return facts, True
        return self.read(data), False


NO_VERDICTS_AHEAD = PictureVerdicts()
"""For a caller that decodes no picture ahead: every picture is read in place."""


@lru_cache(maxsize=16)  # asked again by each check and placement of the picture until its verdict
def _header_facts(data: bytes) -> ImageInfo | None:
    """The facts the header settles, or None when only decoding tells (or the header is damaged)."""
    fmt = _format_of(data)
    if fmt == "PNG":
        return _png_info(png_facts(data))
    if fmt is None:
        return None
    try:
        return _decoded_by_pillow(data, fmt, decode=False)
    except UnreadableImageError:  # the verdict, waited for, says so with its message
        return None


@contextmanager
def read_ahead(pictures: Iterable[bytes]) -> Iterator[PictureVerdicts]:
    """Decode ``pictures`` in order on a thread while the block runs; the verdicts it gives wait
    for the thread's answer about one of these very objects (or read it in place if the thread
    has not begun it). Leaving the block drops what is left and waits for the picture under way."""
    entries = {id(p): (p, Future[ImageInfo]()) for p in pictures if isinstance(p, bytes) and _format_of(p)}
    if not entries:
        yield NO_VERDICTS_AHEAD
        return
    ahead = list(entries.values())
    thread = threading.Thread(target=_decode, args=(ahead,), name="deckkit-pictures", daemon=True)
    thread.start()
    try:
        yield PictureVerdicts(entries)
    finally:
        for _, future in ahead:
            future.cancel()
        thread.join()


# The read-ahead thread inflates a PNG's rows in larger steps: each step gives the GIL up, and
# taking it back from a busy render can wait the whole 5 ms switch interval.
_THREAD_STEP = 8 << 20
_step = threading.local()


def _decode(entries: list[tuple[bytes, Future[ImageInfo]]]) -> None:
    _step.size = _THREAD_STEP
    for data, future in entries:
        if not future.set_running_or_notify_cancel():
            continue
        try:
            future.set_result(_read_image_info(data))
        except BaseException as error:  # every answer, errors too, goes to whoever reads it
            future.set_exception(error)


def _format_of(data: bytes) -> str | None:
    return next((name for name, magic in _MAGIC if data.startswith(magic)), None)


@lru_cache(maxsize=16)  # a picture is checked, then placed, often on several slides
def _read_image_info(data: bytes) -> ImageInfo:
    fmt = _format_of(data)
    if fmt is None:
        raise UnreadableImageError("is not a PNG, JPEG or GIF picture")
    if fmt == "PNG":
        vouched = _png_info(vouch_png(data, step=getattr(_step, "size", INFLATE_STEP)))
        if vouched is not None:
            return vouched
    return _decoded_by_pillow(data, fmt)


def _png_info(facts: PngFacts | None) -> ImageInfo | None:
    """The ImageInfo of a PNG's facts as ``pngcheck`` read them (None stays None)."""
    return (
        None if facts is None else ImageInfo("png", "PNG", facts.width, facts.height, *_resolution(facts.dpi))
    )


def _decoded_by_pillow(data: bytes, fmt: str, *, decode: bool = True) -> ImageInfo:
    """Pillow's facts of the picture, decoded whole (or, with ``decode=False``, its header read:
    for JPEG and GIF the same facts, whose verdict is still to come)."""
    from PIL import Image, UnidentifiedImageError  # a render of PNG pictures never loads Pillow

    try:
        with warnings.catch_warnings():
            # Pillow warns about huge pictures; a warning must not become a render failure.
            warnings.simplefilter("ignore")
            with Image.open(io.BytesIO(data), formats=[fmt]) as picture:
                width, height = picture.size
                dpi = picture.info.get("dpi")
                # Decoded before the orientation is asked for: a PNG's getexif() decodes it
                # too, and _orientation's guard would swallow a damaged file's error.
                if decode:
                    picture.load()
                orientation = _orientation(picture)
    except UnidentifiedImageError as e:
        raise UnreadableImageError(f"is a damaged {fmt} picture (its header cannot be read)") from e
    except Image.DecompressionBombError as e:
        raise UnreadableImageError("is too large a picture to place (over 178 million pixels)") from e
    except (OSError, ValueError, SyntaxError, EOFError) as e:
        raise UnreadableImageError(f"is a damaged {fmt} picture ({e})") from e
    if width <= 0 or height <= 0:
        raise UnreadableImageError("is a picture without pixels")
    ext, label = _FORMATS[fmt]
    dpi_x, dpi_y = _resolution(dpi)
    return ImageInfo(
        ext=ext,
        label=label,
        width_px=width,
        height_px=height,
        dpi_x=dpi_x,
        dpi_y=dpi_y,
        orientation=orientation,
    )


def _orientation(picture: object) -> int:
    try:
        value = picture.getexif().get(_EXIF_ORIENTATION, 1)  # type: ignore[attr-defined]
    except Exception:  # a damaged EXIF block only loses the orientation, not the picture
        return 1
    return value if isinstance(value, int) and 1 <= value <= 8 else 1


def upright(data: bytes, info: ImageInfo) -> bytes:
    """The picture turned the way its EXIF orientation says, without the flag (same format).

    Readers disagree on whether to honour the flag (phone photos are stored sideways with
    one); turning the pixels makes every reader show the same upright picture.
    """
    if info.is_upright:
        return data
    from PIL import Image, ImageOps  # a render of PNG pictures never loads Pillow

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with Image.open(io.BytesIO(data)) as picture:
            icc = picture.info.get("icc_profile")
            turned = ImageOps.exif_transpose(picture)
            options: dict[str, object] = {
                "dpi": (info.dpi_y, info.dpi_x) if info.orientation >= 5 else (info.dpi_x, info.dpi_y)
            }
            if icc:
                options["icc_profile"] = icc
            if info.ext == "jpeg":
                options["quality"] = 95
            out = io.BytesIO()
            turned.save(out, info.label, **options)
    return out.getvalue()
