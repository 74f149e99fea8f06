"""The filler protocol, and the registry that picks a filler by the type of a data element.

One filler per element kind (text, list, delete, table, chart, media). The engine calls each in
two phases on the same :class:`KeySite` shape (a key's text occurrences and the frames its alt
text names on one slide):

- ``plan(site, value, report)`` on the *template* slide: every problem goes to ``report``;
  nothing is changed. It returns the typed :class:`Operation` to carry out, or None when the key
  is not used (a warning) or cannot be (an error).
- ``fill(site, value, output)`` on the *output* slide (a clone of the template slide, located
  again), only when planning found no problem.

A filler registers itself with ``@register_filler(ElementType, ...)`` in its own module, and that
module is listed once in ``_BUILTIN_FILLERS``: a new element kind is one new module.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, Protocol, TypeVar

from deckkit.errors import Problem, WarningKind
from deckkit.ooxml.locate import Frame, FrameKind, Occurrence, SlidePlaceholders

if TYPE_CHECKING:
    from deckkit.ooxml.opc.part import Part
    from deckkit.renderer.assembly import SlideMedia

__all__ = [
    "ELEMENT_FRAMES",
    "KIND_NAMES",
    "Filler",
    "KeySite",
    "LocatedSlide",
    "Operation",
    "OutputSlide",
    "PlanReport",
    "filler_for",
    "hint_for",
    "key_site",
    "register_filler",
]

E = TypeVar("E")
F = TypeVar("F")

# Frames found by alt text that hold an element; other shapes' alt text is only a description.
ELEMENT_FRAMES: tuple[FrameKind, ...] = ("table", "chart", "picture", "video")
KIND_NAMES: dict[FrameKind, str] = {
    "table": "a table",
    "chart": "a chart",
    "picture": "a picture",
    "video": "a video",
    "graphic": "a graphic (SmartArt, object or connector)",
    "shape": "a shape",
}

# The modules whose import registers the built-in fillers (imported on the first lookup).
_BUILTIN_FILLERS = (
    "deckkit.renderer.fill.text",
    "deckkit.renderer.fill.lists",
    "deckkit.renderer.fill.delete",
    "deckkit.renderer.table.filler",
    "deckkit.renderer.chart.filler",
    "deckkit.renderer.media.filler",
)


@dataclass(slots=True)
class LocatedSlide:
    """A slide part with its keys located; ``number`` is the template slide it comes from."""

    part: Part
    number: int
    placeholders: SlidePlaceholders


@dataclass(slots=True)
class KeySite:
    """Where one key lives on one slide: its ``{key}`` occurrences and the frames it names."""

    key: str
    path: str  # the value's data path: slides[2].sales
    slide: LocatedSlide
    text: list[Occurrence]
    frames: list[Frame]


def key_site(slide: LocatedSlide, key: str, path: str) -> KeySite:
    """The one place that says where a key lives on a slide, for planning and for filling."""
    return KeySite(
        key, path, slide, slide.placeholders.text.get(key, []), slide.placeholders.frames_named(key)
    )


class PictureToConfirm(NamedTuple):
    """A picture planned with its facts while its verdict was still to come (``image_facts``)."""

    path: str  # where the data names it (``slides[2].logo.src``)
    src: str
    data: bytes


@dataclass(slots=True)
class PlanReport:
    """What planning found: errors (stop the render) and warnings; the media files to check.

    ``pictures`` are those planned before their verdict came: the render confirms them
    before it returns a deck (``media.filler.confirm_pictures``).
    """

    media: Mapping[str, bytes]
    problems: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)
    pictures: list[PictureToConfirm] = field(default_factory=list)

    def error(self, path: str, message: str) -> None:
        self.problems.append(Problem(path, message))

    def warn(self, path: str, message: str, kind: WarningKind) -> None:
        self.warnings.append(Problem(path, message, kind))

    def unused(self, site: KeySite) -> None:
        keys = ", ".join("{" + k + "}" for k in site.slide.placeholders.text) or "none"
        self.warn(
            site.path,
            f"no {{{site.key}}} on template slide {site.slide.number}; the value is not used (the slide's keys: {keys})",
            "unused key",
        )

    def wrong_place(
        self, site: KeySite, want: FrameKind, plural: str, describe: Callable[[Frame], str]
    ) -> None:
        """The key names no frame of kind ``want``: say what it names, or which ones the slide has."""
        key, number = site.key, site.slide.number
        if site.frames:
            self.error(
                site.path,
                f'"{key}" on template slide {number} is {KIND_NAMES[site.frames[0].kind]}, which '
                f"cannot take {KIND_NAMES[want]}{hint_for(site.frames[0])}",
            )
            return
        have = [describe(f) for f in site.slide.placeholders.frames_of_kind(want)]
        listed = f"the slide has {plural} " + ", ".join(have) if have else f"the slide has no {plural}"
        where = (
            f"; {{{key}}} is text there, but {KIND_NAMES[want]} is found by its alt text" if site.text else ""
        )
        self.error(site.path, f'no {want} with alt text "{key}" on template slide {number}{where}; {listed}')


def hint_for(frame: Frame) -> str:
    """What to give a frame of this kind, for an error message ('' when nothing fits)."""
    return {
        "table": ' (give it {"type": "table", "rows": [...]})',
        "chart": ' (give it {"type": "chart", ...} or {"type": "scatter-chart", ...})',
        "picture": ' (give it {"type": "image", "src": ...})',
        "video": ' (give it {"type": "video", "src": ...})',
    }.get(frame.kind, "")


@dataclass(slots=True)
class OutputSlide:
    """The output slide being filled: its part, the sink for new parts, the data's media files.

    ``slide_size`` is the deck's (width, height) in EMU; ``warnings`` collects what filling finds
    that planning cannot know (a table that grew past the slide's edge).
    """

    part: Part
    sink: SlideMedia
    media: Mapping[str, bytes]
    slide_size: tuple[int, int] | None = None
    warnings: list[Problem] = field(default_factory=list)


class Filler(Protocol[E]):
    """Checks (``plan``) and then fills (``fill``) the places of one key with one element kind."""

    # True when filling removes shapes: the output slide's unused relationships are pruned.
    removes_shapes: bool

    def plan(self, site: KeySite, value: E, report: PlanReport) -> Operation[E] | None: ...

    def fill(self, site: KeySite, value: E, output: OutputSlide) -> None: ...


class Operation(NamedTuple, Generic[E]):
    """One planned fill: a key, its value and the filler that checked it (and will fill it)."""

    key: str
    value: E
    filler: Filler[E]


_REGISTRY: dict[type, Filler[Any]] = {}


def register_filler(*element_types: type) -> Callable[[type[F]], type[F]]:
    """Class decorator: one instance of the filler fills every value of these model types."""

    def register(cls: type[F]) -> type[F]:
        instance = cls()
        for element_type in element_types:
            _REGISTRY[element_type] = instance  # type: ignore[assignment]
        return cls

    return register


@functools.cache
def _load_builtin_fillers() -> None:
    for module in _BUILTIN_FILLERS:
        importlib.import_module(module)


def filler_for(value: object) -> Filler[Any]:
    """The filler registered for the value's model type."""
    _load_builtin_fillers()
    for cls in type(value).__mro__:
        found = _REGISTRY.get(cls)
        if found is not None:
            return found
    raise AssertionError(f"unknown element {type(value).__name__}")
