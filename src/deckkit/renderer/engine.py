"""The engine: plan the whole deck (every problem collected), then assemble and write it.

Plan (:mod:`deckkit.renderer.planning`): each data slide is matched against its template slide
and each key is checked by the filler registered for its element type
(:mod:`deckkit.renderer.filler`). Any error stops the render before anything is built;
:func:`plan_render` stops there and writes nothing (a dry run).

Assemble (:mod:`deckkit.renderer.assembly`): each output slide is a clone of its template slide,
filled in place by the planned operations; the package writes only what is reachable.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from deckkit.bundle import media_references
from deckkit.errors import Problem, RenderError, TemplateError
from deckkit.gc_pause import collector_paused
from deckkit.model import DeckData, parse_data
from deckkit.ooxml.opc.package import Package, open_package
from deckkit.renderer.assembly import assemble
from deckkit.renderer.media.filler import confirm_pictures
from deckkit.renderer.pictures.imageinfo import read_ahead
from deckkit.renderer.planning import DeckPlan, plan_deck
from deckkit.renderer.result import RenderResult

__all__ = ["RenderResult", "plan_render", "read_deck", "render"]

DataInput = DeckData | dict[str, Any] | list[Any] | str | bytes


def _read_template(template: bytes | str | Path) -> bytes:
    if isinstance(template, bytes | bytearray):
        return bytes(template)
    path = Path(template)
    try:
        return path.read_bytes()
    except OSError as e:
        raise TemplateError(f"cannot read the template {path}: {e.strerror or e}") from None


def _open_template(template: bytes | str | Path) -> Package:
    """The template as a package; a refused file given by path is named in the message."""
    data = _read_template(template)
    try:
        return open_package(data)
    except TemplateError as error:
        if isinstance(template, bytes | bytearray):
            raise
        raise error.naming(str(template)) from None


def _normalise_media(media: Mapping[str, bytes] | None, deck: DeckData) -> dict[str, bytes]:
    """The files by the names data.json gives them, with the pictures the data holds itself."""
    out: dict[str, bytes] = {}
    for name, data in (media or {}).items():
        out[posixpath.normpath(name.replace("\\", "/")).lstrip("/")] = data
    for reference in media_references(deck):
        if reference.held is not None:
            out.setdefault(reference.src, reference.held)
    return out


def _named_files(deck: DeckData, files: Mapping[str, bytes]) -> Iterator[bytes]:
    """The files the deck names, in the order planning checks them (``read_ahead`` keeps the pictures)."""
    for reference in media_references(deck):
        if reference.src in files:
            yield files[reference.src]


def plan_render(
    template: bytes | str | Path, data: DataInput, media: Mapping[str, bytes] | None = None
) -> DeckPlan:
    """Check data (and media) against template as :func:`render` would, writing nothing.

    The plan's ``problems`` are what would stop the render, ``warnings`` what it would warn
    about (``plan.blocking(strict=True)`` adds them). Raises DataError (data format) or
    TemplateError (unusable template), like :func:`render`.
    """
    deck = parse_data(data)
    plan = plan_deck(_open_template(template), deck, _normalise_media(media, deck))
    _confirm_pictures(plan)
    return plan


def _confirm_pictures(plan: DeckPlan) -> None:
    """The verdicts of the pictures planned before them, among the plan's problems."""
    plan.problems += confirm_pictures(plan.pictures, plan.verdicts)
    plan.pictures.clear()


def render(
    template: bytes | str | Path,
    data: DataInput,
    media: Mapping[str, bytes] | None = None,
    *,
    strict: bool = False,
) -> RenderResult:
    """Fill template with data; media maps paths relative to data.json's folder to file bytes.

    Raises DataError (data format), TemplateError (unusable template) or RenderError (every
    problem of the data against the template, with its path); nothing is written then. With
    ``strict`` every warning is an error too, including those only filling finds (a table or
    picture that reaches past the slide's edge).
    """
    with collector_paused():  # see gc_pause: the collector would walk the whole process again and again
        deck = parse_data(data)
        files = _normalise_media(media, deck)
        with read_ahead(_named_files(deck, files)) as verdicts:  # decoded on a thread meanwhile
            package = _open_template(template)
            plan = plan_deck(package, deck, files, verdicts)
            if plan.blocking(strict=strict):
                _confirm_pictures(plan)  # every problem at once
                raise _misfit(plan.blocking(strict=strict))
            warnings = list(plan.warnings)
            pptx = assemble(
                package, deck, plan.slides, plan.slide_links, files, warnings
            )  # adds what filling finds (off-slide)
            # The pictures planned on their header's facts: they were decoded meanwhile.
            _confirm_pictures(plan)
            if plan.problems:
                raise _misfit(plan.problems)
    if strict and warnings:
        raise _misfit(warnings)
    return RenderResult(pptx, plan.slide_count, warnings)


def read_deck(deck: bytes | str | Path) -> RenderResult:
    """A pptx read and written again by deckkit, every slide as it is, to export it
    (``read_deck("deck.pptx").to_pdf("deck.pdf")``) or look at it as a rendered deck.

    What comes out is deckkit's own writing: the reader refuses what it refuses of a template
    (TemplateError), and LibreOffice is never given the file as it came.
    """
    source = deck if isinstance(deck, bytes | bytearray) else _read_template(deck)
    count = len(_open_template(deck).slides())
    try:
        result = render(source, {"slides": [{"template": n} for n in range(1, count + 1)]})
    except TemplateError as error:
        if isinstance(deck, bytes | bytearray):
            raise
        raise error.naming(str(deck)) from None
    # What a render would warn of (a {key} left as it is) is the deck as it is, not a problem.
    return RenderResult(result.pptx, result.slide_count)


def _misfit(problems: list[Problem]) -> RenderError:
    return RenderError.misfit(problems)
