"""The media filler: an Image or Video from data.json replaces the shape that holds its key.

``check_media`` finds every problem first (a file missing from the zip, bytes that are not
what the name says, a target without a position); ``place_media`` then adds the parts through
a ``MediaSink`` (the engine's view of one output slide's package) and swaps the target for a
``p:pic`` sized per ``scaling``/``overflow`` (docs/media.md).

``frame`` (x, y, cx, cy in EMU, in the target's parent's coordinates) is the target's position
resolved by the engine; it is needed for a placeholder whose position is inherited from the
slide layout, and wins over the target's own ``a:xfrm`` when given.
"""

from __future__ import annotations

import posixpath
from collections.abc import Mapping
from typing import Protocol

from lxml import etree

from deckkit.errors import Problem, RenderError
from deckkit.model.elements import Image, Video
from deckkit.ooxml.geometry import Box, child_scale
from deckkit.ooxml.locate import inherited_frame
from deckkit.places import place_kind
from deckkit.renderer.filler import (
    KeySite,
    Operation,
    OutputSlide,
    PictureToConfirm,
    PlanReport,
    register_filler,
)
from deckkit.renderer.media.geometry import fit_picture
from deckkit.renderer.media.shape import describe_target, new_picture, replace_target, target_box
from deckkit.renderer.media.video import embed_url, make_video_picture, neutral_poster
from deckkit.renderer.offslide import on_slide_tree, overhangs
from deckkit.renderer.pictures.imageinfo import (
    NO_VERDICTS_AHEAD,
    ImageInfo,
    PictureVerdicts,
    UnreadableImageError,
    upright,
)
from deckkit.suggest import closest

__all__ = ["MediaFiller", "MediaSink", "check_media", "media_off_slide", "place_media"]


# Names a file of each extension may carry, by the format found in its bytes.
_IMAGE_EXTENSIONS = {"png": ("png",), "jpeg": ("jpg", "jpeg"), "gif": ("gif",)}
# ISO base media / QuickTime files start with a box whose type is one of these.
_VIDEO_BOXES = (b"ftyp", b"moov", b"mdat", b"wide", b"free", b"skip", b"pnot")


# A shape holding {key} in its text, or a picture, a video or a plain shape (p:sp) named by its
# alt text: media replaces it.
_PLACES = ("text", "picture", "video", "shape")
_MEDIA_TARGETS: tuple[str, ...] = _PLACES[1:]


MediaElement = Image | Video
"""What this filler places."""

MediaFiles = Mapping[str, bytes]
"""The bundle's media files: path in the zip (as data.json names it) -> bytes."""


class MediaSink(Protocol):
    """Adds parts for one output slide; the engine implements it over the package."""

    def add_image(self, data: bytes, ext: str) -> str:
        """rId of a slide -> image relationship (identical bytes share one part).

        ``ext`` is the format found in the bytes (png, jpeg, gif), not the file's name; videos
        pass the file's extension (mp4, m4v, mov). The sink registers the content type.
        """
        ...

    def add_video(self, data: bytes, ext: str) -> tuple[str, str]:
        """(rId of the 'video' relationship, rId of the 'media' relationship) to one media part."""
        ...

    def add_external_video(self, url: str) -> str:
        """rId of an external 'video' relationship to url."""
        ...


def _field(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name


def _extension(path: str) -> str:
    name = posixpath.basename(path)
    return name.rsplit(".", 1)[-1].lower() if "." in name else ""


def _missing(src: str, media: MediaFiles) -> str:
    message = f'"{src}" is not in the zip'
    close = closest(src, media)
    if close:
        return message + f'; did you mean "{close}"?'
    return message + " (paths are relative to the folder of data.json)"


def _check_image_file(
    src: str, media: MediaFiles, path: str, later: list[PictureToConfirm] | None, verdicts: PictureVerdicts
) -> list[Problem]:
    if src not in media:
        return [Problem(path, _missing(src, media))]
    data = media[src]
    try:
        if later is None:
            info = verdicts.read(data)
        else:
            info, to_come = verdicts.facts(data)
            if to_come:
                later.append(PictureToConfirm(path, src, data))
    except UnreadableImageError as e:
        return [Problem(path, f'"{src}" {e}')]
    ext = _extension(src)
    if ext not in _IMAGE_EXTENSIONS[info.ext]:
        wanted = _IMAGE_EXTENSIONS[info.ext][0]
        return [
            Problem(
                path, f'"{src}" is a {info.label} picture, not {ext.upper()}: name it .{wanted} or convert it'
            )
        ]
    return []


def _is_video(data: bytes) -> bool:
    return len(data) >= 8 and data[4:8] in _VIDEO_BOXES


def _check_target(target: etree._Element, scaling: str, frame: Box | None, path: str) -> list[Problem]:
    box = target_box(target, frame)
    what = describe_target(target)
    if box is None:
        return [
            Problem(
                path,
                f"{what} has no position of its own (it inherits it from the slide layout); "
                "move or resize it once in PowerPoint so that the slide records one",
            )
        ]
    if scaling != "none" and (box.cx <= 0 or box.cy <= 0):
        return [Problem(path, f'{what} has no width or height, so "{scaling}" has nothing to fit into')]
    return []


def check_media(
    target: etree._Element,
    element: MediaElement,
    media: MediaFiles,
    path: str,
    frame: Box | None = None,
    later: list[PictureToConfirm] | None = None,
    verdicts: PictureVerdicts = NO_VERDICTS_AHEAD,
) -> list[Problem]:
    """Every reason ``place_media`` would fail, each with its data path (nothing is changed).

    ``verdicts``: the render's pictures decoded ahead. Given ``later``, a picture whose verdict
    is still to come (``PictureVerdicts.facts``) is checked on its facts and added there, for
    ``confirm_pictures``; without it, every verdict is awaited.
    """
    problems = _check_target(target, element.scaling, frame, path)
    if isinstance(element, Image):
        problems += _check_image_file(element.src, media, _field(path, "src"), later, verdicts)
        return problems
    if element.is_online:
        if embed_url(element.src) is None:
            problems.append(
                Problem(
                    _field(path, "src"),
                    f'"{element.src}" is not the address of one video; use a link '
                    "such as https://www.youtube.com/watch?v=… or https://vimeo.com/…",
                )
            )
    elif element.src not in media:
        problems.append(Problem(_field(path, "src"), _missing(element.src, media)))
    elif not _is_video(media[element.src]):
        problems.append(Problem(_field(path, "src"), f'"{element.src}" is not an MP4, M4V or MOV video'))
    if element.thumbnail is not None:
        problems += _check_image_file(element.thumbnail, media, _field(path, "thumbnail"), later, verdicts)
    return problems


def confirm_pictures(pictures: list[PictureToConfirm], verdicts: PictureVerdicts) -> list[Problem]:
    """The verdicts planning went on without: a problem for each picture that is damaged after all."""
    problems = []
    for picture in pictures:
        try:
            verdicts.read(picture.data)
        except UnreadableImageError as e:
            problems.append(Problem(picture.path, f'"{picture.src}" {e}'))
    return problems


def _upright_picture(data: bytes, verdicts: PictureVerdicts) -> tuple[bytes, ImageInfo]:
    info, _ = verdicts.facts(data)  # planned already: its verdict, if still to come, is confirmed at the end
    if info.is_upright:
        return data, info
    data = upright(data, info)
    return data, verdicts.read(data)


def _intrinsic_size(target: etree._Element, info: ImageInfo) -> tuple[float, float]:
    sx, sy = child_scale(target)
    return info.width_emu * sx, info.height_emu * sy


def place_media(
    target: etree._Element,
    element: MediaElement,
    media: MediaFiles,
    sink: MediaSink,
    frame: Box | None = None,
    verdicts: PictureVerdicts = NO_VERDICTS_AHEAD,
) -> Box:
    """Replace ``target`` with a picture or video of ``element`` (call ``check_media`` first);
    returns where the picture (or the video's poster) was placed."""
    # A picture whose verdict is still to come was planned on its facts, and the render
    # confirms it (confirm_pictures): this check of the facts must not wait for it.
    problems = check_media(target, element, media, "", frame, later=[], verdicts=verdicts)
    if problems:
        raise RenderError(problems)
    box = target_box(target, frame)
    assert box is not None
    if isinstance(element, Image):
        return _place_image(target, element, media, sink, box, verdicts)
    return _place_video(target, element, media, sink, box, verdicts)


def _place_image(
    target: etree._Element,
    image: Image,
    media: MediaFiles,
    sink: MediaSink,
    box: Box,
    verdicts: PictureVerdicts,
) -> Box:
    data, info = _upright_picture(media[image.src], verdicts)
    placement = fit_picture(box, _intrinsic_size(target, info), image.scaling, image.overflow)
    rid = sink.add_image(data, info.ext)
    replace_target(target, new_picture(target, rid, placement))
    return placement.frame


def _place_video(
    target: etree._Element,
    video: Video,
    media: MediaFiles,
    sink: MediaSink,
    box: Box,
    verdicts: PictureVerdicts,
) -> Box:
    if video.thumbnail is not None:
        poster, info = _upright_picture(media[video.thumbnail], verdicts)
        size = _intrinsic_size(target, info)
        poster_ext = info.ext
    else:
        poster = neutral_poster(box.cx, box.cy)
        size, poster_ext = (float(max(box.cx, 1)), float(max(box.cy, 1))), "png"
    # A video has no overflow setting; "cover" fills the target and is clipped to it, so the
    # player never spills over its neighbours.
    placement = fit_picture(box, size, video.scaling, "hidden" if video.scaling == "cover" else "visible")
    poster_rid = sink.add_image(poster, poster_ext)
    if video.is_online:
        embed = embed_url(video.src)
        assert embed is not None
        video_rid, media_rid = sink.add_external_video(embed), None
    else:
        embed = None
        video_rid, media_rid = sink.add_video(media[video.src], _extension(video.src))
    pic = new_picture(target, poster_rid, placement)
    replace_target(target, pic)
    make_video_picture(pic, video_rid, media_rid, embed)
    return placement.frame


def _targets(site: KeySite) -> list[etree._Element]:
    """The shapes media replaces: each shape holding ``{key}`` once, then the frames it names."""
    targets: list[etree._Element] = []
    for occ in site.text:
        if all(occ.shape is not t for t in targets):
            targets.append(occ.shape)
    return targets + [f.element for f in site.frames if f.kind in _MEDIA_TARGETS]


@register_filler(Image, Video, places=_PLACES)
class MediaFiller:
    """An Image or Video replaces every shape that holds the key (text or alt text).

    The operation that planning returns is a MediaFiller that holds the render's picture
    verdicts (``PictureVerdicts``): filling places each picture on the facts planned with.
    """

    removes_shapes = True

    def __init__(self, verdicts: PictureVerdicts = NO_VERDICTS_AHEAD) -> None:
        self._verdicts = verdicts

    def plan(self, site: KeySite, value: MediaElement, report: PlanReport) -> Operation[MediaElement] | None:
        what = "an image" if isinstance(value, Image) else "a video"
        key, number = site.key, site.slide.number
        if any(occ.cell is not None for occ in site.text):
            report.error(
                site.path,
                f"{{{key}}} is in a table cell on template slide {number}; {what} "
                "needs a shape of its own (a text box or picture outside the table)",
            )
            return None
        wrong = next((f for f in site.frames if f.kind not in _MEDIA_TARGETS), None)
        if wrong is not None:
            report.error(
                site.path,
                f'"{key}" on template slide {number} is {place_kind(wrong.kind).noun}, which '
                f"cannot take {what}; put {{{key}}} in a text box or give a picture that alt text",
            )
            return None
        targets = _targets(site)
        if not targets:
            report.unused(site)
            return None
        for target in targets:
            inherited = inherited_frame(target, site.slide.part)
            report.problems.extend(
                check_media(
                    target, value, report.media, site.path, inherited, report.pictures, report.verdicts
                )
            )
        return Operation(key, value, MediaFiller(report.verdicts))

    def fill(self, site: KeySite, value: MediaElement, output: OutputSlide) -> None:
        for target in _targets(site):
            if target.getparent() is not None:
                in_slide_space = on_slide_tree(target)
                placed = place_media(
                    target,
                    value,
                    output.media,
                    output.sink,
                    inherited_frame(target, output.part),
                    self._verdicts,
                )
                if in_slide_space and output.slide_size is not None:
                    warning = media_off_slide(placed, value, output.slide_size, site.path)
                    if warning is not None:
                        output.warnings.append(warning)


def media_off_slide(placed: Box, value: MediaElement, size: tuple[int, int], path: str) -> Problem | None:
    """A warning when a placed picture (or video) reaches past the slide's edges, else None."""
    over = overhangs(placed, size)
    if not over:
        return None
    what = "picture" if isinstance(value, Image) else "video"
    if value.scaling == "none":
        fix = 'scaling="contain" fits it into its place (it is shown at its own size now)'
    elif isinstance(value, Image) and value.overflow == "visible" and value.scaling == "cover":
        fix = 'overflow="hidden" clips it to its place, or scaling="contain" fits it in'
    else:
        fix = "its place on the template slide reaches past the edge: move or shrink it in PowerPoint"
    return Problem(path, f"the {what} now reaches {' and '.join(over)}; {fix}", "off slide")
