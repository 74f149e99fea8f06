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

from deckkit._closest import closest
from deckkit.errors import DataError, Problem, UnusedKeyWarning

if TYPE_CHECKING:
    from deckkit.template.inspect import Template

__all__ = ["check_slide", "kind_of"]

# What to write in Python for each kind of place (inspect.Placeholder.kind).
_PASS = {
    "text": "a string, a List (List.from_values([...])) or an Image",
    "table": "`Table.from_dataframe(df)` or `Table(rows=[[...], ...])`",
    "chart": "`Chart.from_dataframe(df)` (one row per label, one column per series)",
    "scatter-chart": "`Scatter.from_dataframe(df, x=..., y=...)`",
    "picture": "`Image.from_path('chart.png')` or a matplotlib figure",
    "video": "`Video.from_path('clip.mp4')` or `Image.from_path('still.png')`",
}
_WHAT = {
    "text": "text",
    "table": "a table",
    "chart": "a chart",
    "scatter-chart": "a scatter chart",
    "picture": "a picture",
    "video": "a video",
}


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
            from deckkit.warn import warn

            near = closest(key, kinds)
            hint = f"; did you mean `{near}`?" if near else ""
            keys = ", ".join(f"`{k}`" for k in kinds) or "none"
            warn(
                Problem(
                    path,
                    f"template slide {number} has no key `{key}`{hint} (its keys: {keys}); "
                    "the value is not used",
                ),
                UnusedKeyWarning,
            )
            continue
        from deckkit.template.inspect import ACCEPTS

        kind = kind_of(value)
        if kind == "delete" or any(kind in ACCEPTS[k] for k in kinds[key]):
            continue
        place = kinds[key][0]
        problems.append(
            Problem(
                path,
                f"`{key}` is {_WHAT[place]} on template slide {number}: pass {_PASS[place]}, "
                f"not {_python_name(value)}",
            )
        )
    if problems:
        raise DataError(problems)
