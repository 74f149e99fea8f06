"""Checks ``Deck.add_slide`` makes against the template at once, in the words of Python.

The renderer finds the same mistakes, but only at render time (remotely, after an upload) and
in data.json's words. Here each slide is checked as it is added: the slide number, every key
(a key the slide lacks is a warning with the nearest key suggested, as at render time) and the
kind of every value ("`plot` is a picture: pass `Image.from_path('chart.png')` or a matplotlib
figure"). Every problem of the slide is raised together.

A template chart or table left with its sample values is not checked here: it depends on every
key of the slide, and the renderer's plan reports it (``renderer.planning.dummy_data_frames``,
the one definition) for ``Deck.render``, ``Deck.validate``, ``deckkit.render``, the CLI and the
server alike.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from deckkit.errors import DataError, Problem, UnusedKeyWarning
from deckkit.places import place_kind
from deckkit.renderer.filler import unused_key_message
from deckkit.warn import warn

if TYPE_CHECKING:
    from deckkit.template.inspect import Template

__all__ = ["check_slide", "kind_of"]


def kind_of(value: Any) -> str:
    """The data.json kind of a slide value ("string", "table", "image", ...)."""
    return "string" if isinstance(value, str) else str(getattr(value, "type", "delete"))


def _python_name(value: Any) -> str:
    return "a string" if isinstance(value, str) else f"a {type(value).__name__}"


def check_slide(template: Template, position: int, number: int, values: Mapping[str, Any]) -> None:
    """Raise DataError with every problem of slide ``position`` (from 0); warn about unknown keys."""
    count = len(template.slides)
    if not 1 <= number <= count:
        raise DataError(
            [
                Problem(
                    f"slides[{position}].template",
                    f"template slide {number} does not exist; {template.name} has slides 1 to {count}",
                )
            ]
        )
    slide = template.slide(number)
    kinds: dict[str, list[str]] = {}
    for p in slide.placeholders:
        kinds.setdefault(p.key, []).append(p.kind)
    problems: list[Problem] = []
    for key, value in values.items():
        path = f"slides[{position}].{key}"
        if key not in kinds:
            warn(Problem(path, unused_key_message(key, number, kinds)), UnusedKeyWarning)
            continue
        kind = kind_of(value)
        if kind == "delete" or any(kind in place_kind(k).accepts for k in kinds[key]):
            continue
        place = place_kind(kinds[key][0])
        problems.append(
            Problem(
                path,
                f"`{key}` is {place.noun} on template slide {number}: pass {place.python}, "
                f"not {_python_name(value)}",
            )
        )
    if problems:
        raise DataError(problems)
