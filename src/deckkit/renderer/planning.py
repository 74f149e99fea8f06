"""Plan a render: match every data slide with its template slide and check every key, writing nothing.

Each template slide is located once (:mod:`deckkit.ooxml.locate`); each key goes to the filler
registered for its value's type (:mod:`deckkit.renderer.filler`), whose ``plan`` collects every
problem. Unused keys, unfilled placeholders and template charts and tables left with their
sample values (:func:`dummy_data_frames`) are warnings (errors with ``strict=True``).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from deckkit.errors import Problem
from deckkit.model import AnyElement, DeckData, List, Text, format_path
from deckkit.ooxml.locate import Frame, Occurrence, SlidePlaceholders, locate_placeholders
from deckkit.ooxml.opc.package import Package
from deckkit.ooxml.opc.part import Part
from deckkit.places import place_kind
from deckkit.renderer import builtin_fillers  # noqa: F401  (its import registers every filler)
from deckkit.renderer.dropped_links import dropped_link_warnings
from deckkit.renderer.fill.notes import notes_keys
from deckkit.renderer.filler import (
    LocatedSlide,
    Operation,
    PictureToConfirm,
    PlanReport,
    filler_for,
    key_site,
)
from deckkit.renderer.pictures.imageinfo import NO_VERDICTS_AHEAD, PictureVerdicts
from deckkit.renderer.slide_links import SlideLink, find_slide_links
from deckkit.renderer.templates import DeckTemplates, OneTemplate
from deckkit.suggest import closest

__all__ = ["DeckPlan", "SlidePlan", "dummy_data_frames", "dummy_data_message", "plan_deck", "sample_frames"]


def sample_frames(placeholders: SlidePlaceholders) -> list[Frame]:
    """The tables and charts of a template slide that keep the designer's sample values unless a
    key of the output slide names them, in slide order (what depends only on the template slide:
    found once per template slide, :func:`dummy_data_frames` tells them from an output slide's keys).

    Only frames whose alt text reads as a key (``sales`` or ``{sales}``: letters, digits, ``_``,
    ``.``, ``-``) count: that alt text is what makes a frame a place for data. A chart or table
    without alt text, or with a description of it (``Revenue by quarter, 2024``, written for
    screen readers), is the designer's own, static content and is never reported. A table whose
    cells hold ``{key}``s is filled through them, cell by cell: it is not dummy data (a ``{key}``
    left unfilled is its own warning).
    """
    with_keys = {id(occ.shape) for occs in placeholders.text.values() for occ in occs if occ.cell is not None}
    return [
        frame
        for frame in placeholders.frames
        if place_kind(frame.kind).sample_values
        and frame.names_a_key
        and not (frame.kind == "table" and id(frame.element) in with_keys)
    ]


def dummy_data_frames(samples: Sequence[Frame], keys: Collection[str]) -> list[Frame]:
    """The frames of ``samples`` (:func:`sample_frames`) that keep the designer's sample values
    when the output slide gives only ``keys``: one per key, in slide order. A frame is left with
    its sample values when no key of the slide names it, neither to fill it nor to delete it."""
    found: dict[str, Frame] = {}
    for frame in samples:
        if frame.key not in keys and frame.alt_text not in keys:
            found.setdefault(frame.key, frame)
    return list(found.values())


def dummy_data_message(frame: Frame, number: int | str) -> str:
    """The warning for a frame :func:`dummy_data_frames` found on template slide ``number``."""
    return (
        f"{place_kind(frame.kind).noun} `{frame.key}` on template slide {number} gets no data and keeps the "
        f"template's sample values; fill it, or remove it with `{frame.key}=deckkit.Delete()`"
    )


@dataclass(slots=True)
class SlidePlan:
    """One output slide: the template slide it clones and the fills to carry out on the copy."""

    template: Part
    number: int
    operations: list[Operation[Any]]
    source: OneTemplate | None = None  # None: the deck's base template


@dataclass(slots=True)
class DeckPlan:
    """The plan of a whole deck: its slides, the problems that stop it, and warnings."""

    slides: list[SlidePlan] = field(default_factory=list)
    templates: list[OneTemplate] = field(default_factory=list)  # the other templates the slides use
    problems: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)
    slide_count: int = 0  # data slides, including those that could not be planned
    pictures: list[PictureToConfirm] = field(default_factory=list)  # verdicts still to come
    slide_links: list[SlideLink] = field(default_factory=list)  # links to slides, see slide_links
    verdicts: PictureVerdicts = NO_VERDICTS_AHEAD  # where the pictures' verdicts come from

    def blocking(self, *, strict: bool = False) -> list[Problem]:
        """The problems that stop a render: the errors, and with ``strict`` the warnings too."""
        return self.problems + self.warnings if strict else list(self.problems)


def plan_deck(
    package: Package,
    deck: DeckData,
    media: Mapping[str, bytes],
    verdicts: PictureVerdicts = NO_VERDICTS_AHEAD,
) -> DeckPlan:
    """Check every data slide against the template (nothing is changed); ``verdicts``: the
    pictures decoded ahead (``read_ahead``), which the plan carries on."""
    planner = _Planner(package, media, verdicts)
    slides = [
        planner.plan_slide(i, slide.template_file, slide.template, slide.values)
        for i, slide in enumerate(deck.slides)
    ]
    planned = [s for s in slides if s is not None]
    links = find_slide_links(package, [s.template for s in planned])
    outputs = [s.template if s is not None else None for s in slides]
    return DeckPlan(
        planned,
        planner.templates.others,
        list(planner.report.problems),
        list(planner.report.warnings)
        + dropped_link_warnings(links, outputs, [planner.templates.base, *planner.templates.others]),
        len(slides),
        list(planner.report.pictures),
        links,
        verdicts,
    )


class _Planner:
    def __init__(self, package: Package, media: Mapping[str, bytes], verdicts: PictureVerdicts) -> None:
        self.templates = DeckTemplates(package, media)
        self.report = PlanReport(media, verdicts)
        self._located: dict[int, LocatedSlide] = {}  # by id(template slide part)
        self._notes: dict[int, dict[str, list[Occurrence]]] = {}  # keys in each slide's speaker notes
        self._samples: dict[int, list[Frame]] = {}  # sample_frames of each

    def template_slide(self, part: Part, number: int) -> LocatedSlide:
        if id(part) not in self._located:
            self._located[id(part)] = LocatedSlide(part, number, locate_placeholders(part.xml))
            self._notes[id(part)] = notes_keys(part)
            self._samples[id(part)] = sample_frames(self._located[id(part)].placeholders)
        return self._located[id(part)]

    def plan_slide(
        self, index: int, file: str | None, number: int, values: Mapping[str, Any]
    ) -> SlidePlan | None:
        template = self.templates.get(file)
        if not isinstance(template, OneTemplate):
            if template is not None:
                self.report.error(f"slides[{index}].template", template)
            return None
        if not 1 <= number <= len(template.slides):
            count = len(template.slides)
            self.report.error(
                f"slides[{index}].template",
                f"template slide {number} does not exist; {'the template' if file is None else file} has "
                f"{count} slide{'s' if count != 1 else ''} (numbered from 1)",
            )
            return None
        slide = self.template_slide(template.slides[number - 1], number)
        notes = self._notes[id(slide.part)]
        label = template.label(number)
        operations: list[Operation[Any]] = []
        for key, raw in values.items():
            value: AnyElement = Text(value=raw) if isinstance(raw, str) else raw
            site = key_site(slide, key, format_path(["slides", index, key]))
            if isinstance(value, Text | List) and not site.text and not site.frames and key in notes:
                # Only in the speaker notes: used there (assembly fills the notes), not "unused".
                operations.append(Operation(key, value, filler_for(value)))
                continue
            operation = filler_for(value).plan(site, value, self.report)
            if operation is not None:
                operations.append(operation)
        # Keys the data gives that land nowhere: the likely typos of the keys it leaves unfilled.
        stray = [
            k for k in values if k not in slide.placeholders.text and not slide.placeholders.frames_named(k)
        ]
        for key in slide.placeholders.text:
            if key not in values:
                near = closest(key, stray) if stray else None
                if near is not None and closest(near, slide.placeholders.text) != key:
                    near = None  # ("titel" near "subtitle") the stray is the typo of another key
                hint = f" (the data gives `{near}`: a typo of `{key}`?)" if near else ""
                # The path names the key, as every other key's warning does ({page} too).
                self.report.warn(
                    format_path(["slides", index, key]),
                    f"{{{key}}} on template slide {label} is not filled{hint}; it is left as it is",
                    "unfilled placeholder",
                )
        for key in notes:
            if key not in values and key not in slide.placeholders.text:
                self.report.warn(
                    format_path(["slides", index, key]),
                    f"{{{key}}} in the speaker notes of template slide {label} is not filled; it is left as it is",
                    "unfilled placeholder",
                )
        for frame in dummy_data_frames(self._samples[id(slide.part)], values):
            self.report.warn(f"slides[{index}]", dummy_data_message(frame, label), "dummy data")
        return SlidePlan(slide.part, number, operations, template if file is not None else None)
