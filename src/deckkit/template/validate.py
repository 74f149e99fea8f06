"""Validation that answers "would this render?": the format, the zip, and the renderer's plan.

``validate_deck(template, data, media)`` checks the data against the template as the renderer
would (every slide number, key, kind of value, table size, chart series, media file) and
returns every problem and warning, writing nothing. When the plan finds no problem, the deck is
rendered in memory and thrown away, so that what only filling can find (a table or picture past
the slide's edge, text that overflows its box) is among the warnings: validation and the render
give the same list, from the same code. The CLI (``deckkit validate``), the magic
(``%deckkit validate``) and ``Deck.validate()`` all report through it, so they agree.
"""

from __future__ import annotations

import zipfile
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from deckkit.bundle import read_bundle
from deckkit.display_hook import Displayable
from deckkit.errors import DataError, Problem, RenderError, TemplateError
from deckkit.loose_files import read_loose_files
from deckkit.model import parse_data
from deckkit.renderer import plan_render, render
from deckkit.words import counted

__all__ = ["ValidationReport", "validate_deck", "validate_path"]


@dataclass(frozen=True)
class ValidationReport(Displayable):
    """What validation found: ``problems`` stop a render, ``warnings`` do not."""

    what: str
    slide_count: int
    problems: tuple[Problem, ...] = ()
    warnings: tuple[Problem, ...] = ()
    against_template: bool = True

    @property
    def ok(self) -> bool:
        return not self.problems

    def headline(self) -> str:
        """``valid, 3 slides, 2 warnings`` or ``2 problems``: never "valid" alone while warnings stand."""
        if self.problems:
            return counted(len(self.problems), "problem")
        scope = "" if self.against_template else " (the format only: no template to check against)"
        warned = f", {counted(len(self.warnings), 'warning')}" if self.warnings else ""
        return f"valid, {counted(self.slide_count, 'slide')}{warned}{scope}"

    def __str__(self) -> str:
        lines = [self.headline()]
        lines += [f"  {p}" for p in self.problems]
        lines += [f"  warning: {w}" for w in self.warnings]
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<ValidationReport {self.what}: {str(self).splitlines()[0]}>"


def validate_deck(
    template: bytes,
    data: Any,
    media: Mapping[str, bytes] | None = None,
    *,
    what: str = "deck",
    name: str = "template.pptx",
) -> ValidationReport:
    """Check ``data`` against ``template`` as a render would, writing nothing; a template that
    cannot be used is named ``name`` (a file given by path, not the input zip's template.pptx)."""

    try:
        deck = parse_data(data)
    except DataError as error:
        return ValidationReport(what, 0, error.problems)

    try:
        # The renderer's own dry run: every check a render makes, nothing assembled or written.
        plan = plan_render(template, deck, media)
    except (RenderError, DataError) as error:
        return ValidationReport(what, len(deck.slides), error.problems)
    except TemplateError as error:
        return ValidationReport(what, len(deck.slides), (Problem(name, str(error.naming(name))),))
    if plan.problems:
        return ValidationReport(what, len(deck.slides), tuple(plan.problems), tuple(plan.warnings))
    try:
        # Filling finds the rest (off-slide, overflow): the render itself, its file thrown away.
        result = render(template, deck, media)
    except (RenderError, DataError) as error:
        return ValidationReport(what, len(deck.slides), error.problems, tuple(plan.warnings))
    return ValidationReport(what, len(deck.slides), (), tuple(result.warnings))


def validate_path(path: str | Path, *, template: str | Path | None = None) -> ValidationReport:
    """Validate an input zip (against its own template) or a data.json (against ``template``,
    with the pictures, videos and templates it names read from its folder)."""
    source = Path(path)
    if zipfile.is_zipfile(source):
        try:
            bundle = read_bundle(source)
        except DataError as error:
            return ValidationReport(str(source), 0, error.problems)
        what = f"{source} ({bundle.data_path}, template.pptx, {len(bundle.media)} media files)"
        return validate_deck(bundle.template, bundle.data, bundle.media, what=what)

    if template is not None:
        # The files data.json names, read from its folder as ``deckkit render`` reads them.
        try:
            loose = read_loose_files(source)
        except DataError as error:
            return ValidationReport(str(source), 0, error.problems)
        report = validate_deck(
            Path(template).read_bytes(), loose.deck, loose.media, what=str(source), name=str(template)
        )
        return replace(report, problems=tuple(loose.said_as_loose_files(report.problems)))
    try:
        deck = parse_data(source.read_bytes())
    except DataError as error:
        return ValidationReport(str(source), 0, error.problems)
    return ValidationReport(str(source), len(deck.slides), against_template=False)
