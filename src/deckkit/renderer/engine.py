"""The engine: plan the whole deck (every problem collected), then assemble and write it.

Plan: each data slide is matched against its template slide, located once per template slide
(:mod:`deckkit.renderer.locate`); each key is checked against the element that would take it,
with the table, chart and media fillers' own checks. Any error stops the render before anything
is built. Unused keys and unfilled placeholders are warnings (errors with ``strict=True``).

Assemble: each output slide is a clone of its template slide (with its own notes and charts),
located again and filled in place; presentation.xml, sections and docProps follow; the package
writes only what is reachable.
"""

from __future__ import annotations

import hashlib
import posixpath
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lxml import etree

from deckkit.errors import DeckkitError, Problem, RenderError, TemplateError
from deckkit.model import (
    AnyElement,
    Chart,
    DeckData,
    Delete,
    Image,
    List,
    ScatterChart,
    Table,
    Text,
    Video,
    parse_data,
)
from deckkit.model._problems import format_path
from deckkit.notebook.reprs.result import ResultDisplay
from deckkit.renderer.fill.delete import delete_shape, delete_text_holder
from deckkit.renderer.fill.lists import fill_list
from deckkit.renderer.fill.text import replace_occurrences
from deckkit.renderer.fill.theme import apply_theme_colors
from deckkit.renderer.locate import (
    Frame,
    Occurrence,
    SlidePlaceholders,
    chart_relationship_id,
    inherited_frame,
    locate_placeholders,
)
from deckkit.renderer.opc.namespaces import R
from deckkit.renderer.opc.package import MEDIA_CONTENT_TYPES, RT, Package, Part, open_package
from deckkit.renderer.presentation import rebuild_presentation

__all__ = ["RenderResult", "render"]

# Targets a filled slide may stop using (a deleted chart, a replaced picture): dropped when unused.
_PRUNABLE = frozenset({RT.CHART, RT.IMAGE, RT.HYPERLINK, RT.VIDEO, RT.MEDIA, RT.AUDIO, RT.OLE_OBJECT})
# Frames found by alt text that hold an element; other shapes' alt text is only a description.
_ELEMENT_FRAMES = ("table", "chart", "picture", "video")
# A picture, a video, or a plain shape (p:sp) named by its alt text can be replaced by media.
_MEDIA_TARGETS = ("picture", "video", "shape")
_KIND_NAMES = {"table": "a table", "chart": "a chart", "picture": "a picture", "video": "a video",
               "graphic": "a graphic (SmartArt, object or connector)", "shape": "a shape"}  # fmt: skip


@dataclass(frozen=True, slots=True, repr=False)
class RenderResult(ResultDisplay):
    """A rendered deck: the pptx bytes, its slide count and the warnings met on the way.

    Its repr never shows the pptx bytes (a notebook shows thumbnails, see ResultDisplay);
    ``presentation()`` opens it with python-pptx.
    """

    pptx: bytes
    slide_count: int
    warnings: list[Problem] = field(default_factory=list)


@dataclass(slots=True)
class _Operation:
    key: str
    value: AnyElement
    action: str  # text | list | table | chart | media | delete


@dataclass(slots=True)
class _SlidePlan:
    template: Part
    number: int
    operations: list[_Operation]


@dataclass(slots=True)
class _TemplateSlide:
    part: Part
    number: int
    placeholders: SlidePlaceholders


def _read_template(template: bytes | str | Path) -> bytes:
    if isinstance(template, bytes | bytearray):
        return bytes(template)
    path = Path(template)
    try:
        return path.read_bytes()
    except OSError as e:
        raise TemplateError(f"cannot read the template {path}: {e.strerror or e}") from None


def _normalise_media(media: Mapping[str, bytes] | None) -> dict[str, bytes]:
    out: dict[str, bytes] = {}
    for name, data in (media or {}).items():
        out[posixpath.normpath(name.replace("\\", "/")).lstrip("/")] = data
    return out


def render(template: bytes | str | Path, data: DeckData | dict[str, Any] | list[Any] | str | bytes,
           media: Mapping[str, bytes] | None = None, *, strict: bool = False) -> RenderResult:  # fmt: skip
    """Fill template with data; media maps paths relative to data.json's folder to file bytes.

    Raises DataError (data format), TemplateError (unusable template) or RenderError (every
    problem of the data against the template, with its path); nothing is written then.
    """
    deck = parse_data(data)
    package = open_package(_read_template(template))
    files = _normalise_media(media)
    planner = _Planner(package, files)
    plans = [planner.plan_slide(i, slide.template, slide.values) for i, slide in enumerate(deck.slides)]
    problems = list(planner.problems)
    warnings = list(planner.warnings)
    if strict:
        problems += warnings
    if problems:
        raise RenderError(problems, summary=f"the data does not fit the template ({_count(problems)})")
    return RenderResult(
        _assemble(package, deck, [p for p in plans if p is not None], files), len(plans), warnings
    )


# planning -------------------------------------------------------------------------------------


class _Planner:
    def __init__(self, package: Package, media: Mapping[str, bytes]) -> None:
        self.package = package
        self.media = media
        self.slides = package.slides()
        self._located: dict[int, _TemplateSlide] = {}
        self.problems: list[Problem] = []
        self.warnings: list[Problem] = []

    def template_slide(self, number: int) -> _TemplateSlide:
        if number not in self._located:
            part = self.slides[number - 1]
            self._located[number] = _TemplateSlide(part, number, locate_placeholders(part.xml))
        return self._located[number]

    def plan_slide(self, index: int, number: int, values: Mapping[str, Any]) -> _SlidePlan | None:
        if not 1 <= number <= len(self.slides):
            count = len(self.slides)
            self.problems.append(Problem(
                f"slides[{index}].template",
                f"template slide {number} does not exist; the template has {count} slide{'s' if count != 1 else ''} (numbered from 1)",
            ))  # fmt: skip
            return None
        slide = self.template_slide(number)
        operations: list[_Operation] = []
        for key, raw in values.items():
            value: AnyElement = Text(value=raw) if isinstance(raw, str) else raw
            action = self._check(format_path(["slides", index, key]), slide, key, value)
            if action is not None:
                operations.append(_Operation(key, value, action))
        for key in slide.placeholders.text:
            if key not in values:
                self.warnings.append(Problem(
                    f"slides[{index}]", f"{{{key}}} on template slide {number} is not filled; it is left as it is"
                ))  # fmt: skip
        return _SlidePlan(slide.part, number, operations)

    # one key ----------------------------------------------------------------------------------

    def _check(self, path: str, slide: _TemplateSlide, key: str, value: AnyElement) -> str | None:
        text = slide.placeholders.text.get(key, [])
        frames = slide.placeholders.frames_named(key)
        if isinstance(value, Delete):
            if text or frames:
                return "delete"
            self._unused(path, slide, key)
            return None
        if isinstance(value, Text | List):
            if text:
                return "list" if isinstance(value, List) else "text"
            elements = [f for f in frames if f.kind in _ELEMENT_FRAMES]
            if elements:
                what = "a list" if isinstance(value, List) else "text"
                self._error(path, f'"{key}" is the alt text of {_KIND_NAMES[elements[0].kind]} on template slide '
                            f"{slide.number}, which cannot take {what}{_hint_for(elements[0])}")  # fmt: skip
                return None
            self._unused(path, slide, key)
            return None
        if isinstance(value, Table):
            return self._check_table(path, slide, key, value, text, frames)
        if isinstance(value, Chart | ScatterChart):
            return self._check_chart(path, slide, key, value, text, frames)
        if isinstance(value, Image | Video):
            return self._check_media(path, slide, key, value, text, frames)
        raise AssertionError(f"unknown element {type(value).__name__}")

    def _error(self, path: str, message: str) -> None:
        self.problems.append(Problem(path, message))

    def _unused(self, path: str, slide: _TemplateSlide, key: str) -> None:
        keys = ", ".join("{" + k + "}" for k in slide.placeholders.text) or "none"
        self.warnings.append(Problem(
            path, f"no {{{key}}} on template slide {slide.number}; the value is not used (the slide's keys: {keys})"
        ))  # fmt: skip

    def _wrong_place(self, path: str, slide: _TemplateSlide, key: str, want: str, text: list[Occurrence],
                     frames: list[Frame]) -> None:  # fmt: skip
        if frames:
            self._error(path, f'"{key}" on template slide {slide.number} is {_KIND_NAMES[frames[0].kind]}, which '
                        f"cannot take {_KIND_NAMES[want]}{_hint_for(frames[0])}")  # fmt: skip
            return
        have = [_described(f, slide) for f in slide.placeholders.frames_of_kind(want)]  # type: ignore[arg-type]
        plural = "tables" if want == "table" else "charts"
        listed = f"the slide has {plural} " + ", ".join(have) if have else f"the slide has no {plural}"
        where = f"; {{{key}}} is text there, but {_KIND_NAMES[want]} is found by its alt text" if text else ""
        self._error(
            path, f'no {want} with alt text "{key}" on template slide {slide.number}{where}; {listed}'
        )

    def _check_table(self, path: str, slide: _TemplateSlide, key: str, value: Table, text: list[Occurrence],
                     frames: list[Frame]) -> str | None:  # fmt: skip
        tables = [f for f in frames if f.kind == "table"]
        if not tables:
            self._wrong_place(path, slide, key, "table", text, frames)
            return None
        from deckkit.renderer.table import filler as table_filler

        for frame in tables:
            self.problems.extend(table_filler.check_table(frame.element, value, path))
        return "table"

    def _check_chart(self, path: str, slide: _TemplateSlide, key: str, value: Chart | ScatterChart,
                     text: list[Occurrence], frames: list[Frame]) -> str | None:  # fmt: skip
        charts = [f for f in frames if f.kind == "chart"]
        if not charts:
            self._wrong_place(path, slide, key, "chart", text, frames)
            return None
        from deckkit.renderer.chart import filler as chart_filler

        for frame in charts:
            part = slide.part.rels.target_part(chart_relationship_id(frame.element) or "")
            if part is None:
                self._error(
                    path,
                    f'the chart "{key}" on template slide {slide.number} has no chart part (damaged template)',
                )
                continue
            self.problems.extend(chart_filler.check_chart(part.xml, value, path))
        return "chart"

    def _check_media(self, path: str, slide: _TemplateSlide, key: str, value: Image | Video,
                     text: list[Occurrence], frames: list[Frame]) -> str | None:  # fmt: skip
        what = "an image" if isinstance(value, Image) else "a video"
        targets: list[etree._Element] = []
        for occ in text:
            if occ.cell is not None:
                self._error(path, f"{{{key}}} is in a table cell on template slide {slide.number}; {what} "
                            "needs a shape of its own (a text box or picture outside the table)")  # fmt: skip
                return None
            if all(occ.shape is not t for t in targets):
                targets.append(occ.shape)
        for frame in frames:
            if frame.kind in _MEDIA_TARGETS:
                targets.append(frame.element)
            else:
                self._error(path, f'"{key}" on template slide {slide.number} is {_KIND_NAMES[frame.kind]}, which '
                            f"cannot take {what}; put {{{key}}} in a text box or give a picture that alt text")  # fmt: skip
                return None
        if not targets:
            self._unused(path, slide, key)
            return None
        from deckkit.renderer.media import filler as media_filler

        for target in targets:
            inherited = inherited_frame(target, slide.part)
            self.problems.extend(media_filler.check_media(target, value, self.media, path, inherited))
        return "media"


def _hint_for(frame: Frame) -> str:
    return {
        "table": ' (give it {"type": "table", "rows": [...]})',
        "chart": ' (give it {"type": "chart", ...} or {"type": "scatter-chart", ...})',
        "picture": ' (give it {"type": "image", "src": ...})',
        "video": ' (give it {"type": "video", "src": ...})',
    }.get(frame.kind, "")


# assembling -----------------------------------------------------------------------------------


class _SlideMedia:
    """The MediaSink of one output slide: new media parts, shared by identical bytes."""

    def __init__(self, package: Package, slide: Part, shared: dict[tuple[str, str], Part]) -> None:
        self._package = package
        self._slide = slide
        self._shared = shared

    def _media_part(self, data: bytes, ext: str, stem: str) -> Part:
        ext = ext.lower().lstrip(".")
        key = (stem, hashlib.sha1(data).hexdigest())
        part = self._shared.get(key)
        if part is None:
            content_type = MEDIA_CONTENT_TYPES.get(ext, "application/octet-stream")
            part = self._package.new_part(content_type, blob=data, name_hint=f"ppt/media/{stem}.{ext}")
            self._shared[key] = part
        return part

    def add_image(self, data: bytes, ext: str) -> str:
        part = self._media_part(data, ext, "image")
        return self._slide.rels.find(RT.IMAGE, part) or self._slide.rels.add(RT.IMAGE, part)

    def add_video(self, data: bytes, ext: str) -> tuple[str, str]:
        part = self._media_part(data, ext, "media")
        return self._slide.rels.add(RT.VIDEO, part), self._slide.rels.add(RT.MEDIA, part)

    def add_external_video(self, url: str) -> str:
        return self._slide.rels.add(RT.VIDEO, url, external=True)

    def add_hyperlink(self, url: str) -> str:
        return self._slide.rels.add(RT.HYPERLINK, url, external=True)


def _assemble(package: Package, deck: DeckData, plans: list[_SlidePlan], media: Mapping[str, bytes]) -> bytes:
    shared: dict[tuple[str, str], Part] = {}
    outputs: list[tuple[Part, Part]] = []  # (template slide, output slide)
    for index, plan in enumerate(plans):
        copy = package.clone(plan.template, memo={})
        try:
            _fill_slide(copy, plan, _SlideMedia(package, copy, shared), media)
        except DeckkitError:
            raise
        except Exception as e:  # a filler's bug must still reach the user as a located message
            raise RenderError([Problem(
                f"slides[{index}]",
                f"could not be filled from template slide {plan.number} ({type(e).__name__}: {e}); "
                "this is a deckkit bug, please report it with the template",
            )]) from e  # fmt: skip
        outputs.append((plan.template, copy))
    rebuild_presentation(package, outputs)
    if deck.theme is not None and deck.theme.colors is not None:
        apply_theme_colors(package, deck.theme.colors)
    return package.write()


def _fill_slide(slide: Part, plan: _SlidePlan, sink: _SlideMedia, media: Mapping[str, bytes]) -> None:
    if not plan.operations:
        return
    located = locate_placeholders(slide.xml)
    removed = False
    for op in plan.operations:
        text = located.text.get(op.key, [])
        frames = located.frames_named(op.key)
        value = op.value
        if op.action == "text":
            assert isinstance(value, Text)
            replace_occurrences(text, value, sink.add_hyperlink)
        elif op.action == "list":
            assert isinstance(value, List)
            fill_list(text, value, sink.add_hyperlink)
        elif op.action == "delete":
            for occ in text:
                delete_text_holder(occ)
            for frame in frames:
                delete_shape(frame.element)
            removed = True
        elif op.action == "table":
            from deckkit.renderer.table import filler as table_filler

            assert isinstance(value, Table)
            for frame in frames:
                if frame.kind == "table":
                    table_filler.fill_table(frame.element, value, sink)
        elif op.action == "chart":
            assert isinstance(value, Chart | ScatterChart)
            for frame in frames:
                if frame.kind == "chart":
                    _fill_chart(slide, frame, value)
        elif op.action == "media":
            from deckkit.renderer.media import filler as media_filler

            assert isinstance(value, Image | Video)
            targets: list[etree._Element] = []
            for occ in text:
                if all(occ.shape is not t for t in targets):
                    targets.append(occ.shape)
            targets += [f.element for f in frames if f.kind in _MEDIA_TARGETS]
            for target in targets:
                if target.getparent() is not None:
                    media_filler.place_media(target, value, media, sink, inherited_frame(target, slide))
            removed = True
    if removed:
        _prune_relationships(slide)


def _fill_chart(slide: Part, frame: Frame, value: Chart | ScatterChart) -> None:
    from deckkit.renderer.chart import filler as chart_filler

    chart_part = slide.rels.target_part(chart_relationship_id(frame.element) or "")
    if chart_part is None:
        return
    workbook_part = chart_part.related(RT.PACKAGE)
    workbook = workbook_part.blob if workbook_part is not None else None
    new_workbook = chart_filler.fill_chart(chart_part.xml, value, workbook)
    if workbook_part is not None and new_workbook is not None:
        workbook_part.blob = new_workbook


def _prune_relationships(slide: Part) -> None:
    """Drop relationships to pictures, charts and links the filled slide no longer uses."""
    used: set[str] = set()
    for el in slide.xml.iter():
        if isinstance(el.tag, str):
            for name, val in el.attrib.items():
                if str(name).startswith(f"{{{R}}}"):
                    used.add(str(val))
    for rel in slide.rels:
        if rel.reltype in _PRUNABLE and rel.rid not in used:
            slide.rels.remove(rel.rid)


def _count(problems: list[Problem]) -> str:
    return "1 problem" if len(problems) == 1 else f"{len(problems)} problems"


def _described(frame: Frame, slide: _TemplateSlide) -> str:
    """'"sales"' for a table; '"trend" (a clustered column chart with series "A", "B")' for a chart."""
    if frame.kind != "chart":
        return f'"{frame.alt_text}"'
    from deckkit.renderer.chart.filler import describe_chart

    part = slide.part.rels.target_part(chart_relationship_id(frame.element) or "")
    return f'"{frame.alt_text}" ({describe_chart(part.xml)})' if part is not None else f'"{frame.alt_text}"'
