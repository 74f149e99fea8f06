"""The filler protocol, and the registry that picks a filler by the type of a data element.

One filler per element kind (text, list, delete, table, chart, media). The engine calls each in
two phases on the same :class:`KeySite` shape (a key's text occurrences and the frames its alt
text names on one slide):

- ``plan(site, value, report)`` on the *template* slide: every problem goes to ``report``;
  nothing is changed. It returns the typed :class:`Operation` to carry out, or None when the key
  is not used (a warning) or cannot be (an error).
- ``fill(site, value, output)`` on the *output* slide (a clone of the template slide, located
  again), only when planning found no problem.

A filler registers itself with ``@register_filler(ElementType, ..., places=(...))`` in its own
module, naming the kinds of place it fills (:mod:`deckkit.places`, checked against what each
kind accepts), and that module is imported once in :mod:`deckkit.renderer.builtin_fillers`: a
new element kind is one new module.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

from lxml import etree
from pydantic import BaseModel

from deckkit.errors import Problem, WarningKind
from deckkit.model import element_kind
from deckkit.ooxml.locate import Frame, FrameKind, Occurrence, SlidePlaceholders
from deckkit.ooxml.opc.part import Part
from deckkit.places import PLACE_KINDS, place_kind
from deckkit.renderer.overlap import Grown
from deckkit.renderer.pictures.imageinfo import NO_VERDICTS_AHEAD, PictureVerdicts
from deckkit.suggest import closest

__all__ = [
    "ALL_PLACES",
    "FILLED_PLACES",
    "Filler",
    "KeySite",
    "LocatedSlide",
    "Operation",
    "OutputSlide",
    "PlanReport",
    "SlideSink",
    "TextHeight",
    "filler_for",
    "key_site",
    "register_filler",
    "unused_key_message",
]

E = TypeVar("E")
F = TypeVar("F")

ALL_PLACES: tuple[str, ...] = tuple(PLACE_KINDS)
"""Every kind of place (a Delete empties any of them)."""


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


def unused_key_message(key: str, number: int | str, keys: Iterable[str]) -> str:
    """The one wording of a data key that template slide ``number`` (or ``"3 of templates/x.pptx"``)
    lacks, with the closest of its ``keys`` (``Deck.add_slide`` and the render say the same)."""
    keys = list(dict.fromkeys(keys))
    near = closest(key, keys)
    hint = f"; did you mean `{near}`?" if near else ""
    listed = ", ".join(f"`{k}`" for k in keys) or "none"
    return f"template slide {number} has no key `{key}`{hint} (its keys: {listed}); the value is not used"


class PictureToConfirm(NamedTuple):
    """A picture planned with its facts while its verdict was still to come (``PictureVerdicts.facts``)."""

    path: str  # where the data names it (``slides[2].logo.src``)
    src: str
    data: bytes


@dataclass(slots=True)
class PlanReport:
    """What planning found: errors (stop the render) and warnings; the media files to check.

    ``verdicts`` are the render's pictures being decoded ahead (``pictures.imageinfo.read_ahead``);
    ``pictures`` are those planned before their verdict came: the render confirms them
    before it returns a deck (``media.filler.confirm_pictures``).
    """

    media: Mapping[str, bytes]
    verdicts: PictureVerdicts = NO_VERDICTS_AHEAD
    problems: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)
    pictures: list[PictureToConfirm] = field(default_factory=list)

    def error(self, path: str, message: str) -> None:
        self.problems.append(Problem(path, message))

    def warn(self, path: str, message: str, kind: WarningKind) -> None:
        self.warnings.append(Problem(path, message, kind))

    def unused(self, site: KeySite) -> None:
        placeholders = site.slide.placeholders
        keys = [*placeholders.text, *(f.key for f in placeholders.frames if f.key not in placeholders.text)]
        self.warn(site.path, unused_key_message(site.key, site.slide.number, keys), "unused key")

    def wrong_place(
        self, site: KeySite, want: FrameKind, plural: str, describe: Callable[[Frame], str]
    ) -> None:
        """The key names no frame of kind ``want``: say what it names, or which ones the slide has."""
        key, number = site.key, site.slide.number
        if site.frames:
            there = place_kind(site.frames[0].kind)
            self.error(
                site.path,
                f'"{key}" on template slide {number} is {there.noun}, which '
                f"cannot take {place_kind(want).noun}{there.give}",
            )
            return
        have = [describe(f) for f in site.slide.placeholders.frames_of_kind(want)]
        listed = f"the slide has {plural} " + ", ".join(have) if have else f"the slide has no {plural}"
        unnamed = [f'"{f.name}"' for f in site.slide.placeholders.unnamed if f.kind == want]
        if unnamed and not have:
            # Tools that name a shape but write no alt text (PptxGenJS): say what is there and how.
            count = f"{len(unnamed)} {want if len(unnamed) == 1 else plural}"
            listed = (
                f"the slide has no {plural} with alt text, and {count} without ({', '.join(unnamed)}):"
                f' give the one to fill the alt text "{key}" (Format Shape > Alt Text > Description)'
            )
        where = (
            f"; {{{key}}} is text there, but {place_kind(want).noun} is found by its alt text"
            if site.text
            else ""
        )
        self.error(site.path, f'no {want} with alt text "{key}" on template slide {number}{where}; {listed}')


class SlideSink(Protocol):
    """Adds parts for one output slide (the engine implements it over the package): fillers
    reach the package only through it."""

    def add_image(self, data: bytes, ext: str) -> str:
        """rId of a slide -> image relationship (identical bytes share one part)."""
        ...

    def add_video(self, data: bytes, ext: str) -> tuple[str, str]:
        """(rId of the 'video' relationship, rId of the 'media' relationship) to one media part."""
        ...

    def add_external_video(self, url: str) -> str:
        """rId of an external 'video' relationship to url."""
        ...

    def add_hyperlink(self, url: str) -> str:
        """rId of an external hyperlink relationship to url."""
        ...


class TextHeight(Protocol):
    """The height in EMU of a text body wrapped at a width in EMU (see ``OutputSlide.text_height``).

    A table stencil makes many cells of one template cell, text aside: such a cell is measured
    by that cell's formatting (``line_form`` of one of them) and its text, without walking it.
    """

    def __call__(self, body: etree._Element, width: int) -> int: ...

    def line_form(self, body: etree._Element) -> Hashable | None:
        """The formatting of a body of one paragraph holding one run (its text aside), else None."""
        ...

    def one_line(self, form: Hashable, text: str, width: int) -> int | None:
        """The height of a body of ``form`` holding ``text``, when known without its body (the
        text stays one line at ``width``); None: measure the body itself."""
        ...


@dataclass(slots=True)
class OutputSlide:
    """The output slide being filled: its part, the sink for new parts, the data's media files.

    ``slide_size`` is the deck's (width, height) in EMU; ``warnings`` collects what filling finds
    that planning cannot know (a table that grew past the slide's edge). ``text_height``, when
    given, measures a text body (``a:txBody``) wrapped at a width as auto-fit measures text: the
    declared way a filler below the text fillers (a table's) measures its cells. ``grown``: the
    shapes a filler made larger, checked against the slide's other shapes once it is filled.
    ``list_items``: each paragraph a list's item filled, with the list's data path (the advice of
    a text box too small for its list counts the items that fit).
    """

    part: Part
    sink: SlideSink
    media: Mapping[str, bytes]
    slide_size: tuple[int, int] | None = None
    warnings: list[Problem] = field(default_factory=list)
    text_height: TextHeight | None = None
    grown: list[Grown] = field(default_factory=list)  # shapes the fill made larger (renderer.overlap)
    list_items: list[tuple[etree._Element, str]] = field(default_factory=list)


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
FILLED_PLACES: dict[type, tuple[str, ...]] = {}
"""The kinds of place each registered model type goes to (a test holds it against the registry)."""


def register_filler(*element_types: type[BaseModel], places: tuple[str, ...]) -> Callable[[type[F]], type[F]]:
    """Class decorator: one instance of the filler fills every value of these model types, in the
    kinds of place named (:mod:`deckkit.places`).

    Each type must go to one of those places at least, and each place must accept one of the
    types: a filler that claims what the registry does not say fails when its module loads.
    """
    kinds = {t: element_kind(t.model_construct()) for t in element_types}
    for element_type, kind in kinds.items():
        if not any(kind in place_kind(p).accepts for p in places):
            raise AssertionError(f"{element_type.__name__} goes to none of {places} (deckkit.places)")
    for p in places:
        if not any(kind in place_kind(p).accepts for kind in kinds.values()):
            raise AssertionError(
                f"{p} accepts none of {[t.__name__ for t in element_types]} (deckkit.places)"
            )

    def register(cls: type[F]) -> type[F]:
        instance = cls()
        for element_type in element_types:
            _REGISTRY[element_type] = instance  # type: ignore[assignment]
            FILLED_PLACES[element_type] = places
        return cls

    return register


def filler_for(value: object) -> Filler[Any]:
    """The filler registered for the value's model type."""
    for cls in type(value).__mro__:
        found = _REGISTRY.get(cls)
        if found is not None:
            return found
    raise AssertionError(f"unknown element {type(value).__name__}")
