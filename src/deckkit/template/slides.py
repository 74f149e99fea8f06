"""A template slide as inspection describes it: its number, layout and keys (placeholders)."""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from deckkit.display_hook import Displayable
from deckkit.places import PlaceKindName, place_kind
from deckkit.template.chart_kinds import ChartKind

__all__ = ["Placeholder", "TemplateSlide", "TemplateSlides", "UntaggedShape"]


@dataclass(frozen=True)
class Placeholder(Displayable):
    """One key on a template slide and what data.json may give it (its notebook display: a chart
    key's sample data drawn in the template chart's kind)."""

    key: str
    kind: PlaceKindName
    shape: str
    detail: str
    example: Any = field(compare=False, repr=False)
    chart: ChartKind | None = field(default=None, compare=False, repr=False)
    """A chart key's template chart kind (columns, lines, a pie...), which a preview draws."""

    @property
    def accepts(self) -> tuple[str, ...]:
        """The data.json kinds this key may take (:mod:`deckkit.places`)."""
        return place_kind(self.kind).accepts


@dataclass(frozen=True)
class UntaggedShape:
    """A table, chart, picture or video on a template slide without alt text: data cannot reach it."""

    kind: str
    name: str
    shape_id: str

    @property
    def suggested_key(self) -> str:
        """A key made of the shape's name (``"Table 3"`` -> ``table_3``)."""
        words = "".join(c if c.isalnum() else " " for c in self.name.lower()).split()
        return "_".join(words) or f"{self.kind}_{self.shape_id}"

    def command(self, template: str, slide: int, key: str | None = None) -> str:
        """The ``deckkit tag`` command line that tags this shape (of ``slide``) with ``key``, by
        default its suggested key."""
        return shlex.join(
            [
                "deckkit",
                "tag",
                template,
                "--slide",
                str(slide),
                "--shape",
                self.shape_id,
                "--key",
                key or self.suggested_key,
            ]
        )


@dataclass(frozen=True)
class TemplateSlide:
    """One template slide (numbered from 1, as data.json's ``template``)."""

    number: int
    layout: str
    placeholders: tuple[Placeholder, ...]
    untagged: tuple[UntaggedShape, ...] = ()
    """Tables, charts, pictures and videos without alt text (``deckkit tag`` gives them a key)."""

    @property
    def keys(self) -> list[str]:
        return list(dict.fromkeys(p.key for p in self.placeholders))

    def skeleton(self) -> dict[str, Any]:
        """A data.json slide object that fills every key with an example value."""
        slide: dict[str, Any] = {"template": self.number}
        for p in self.placeholders:
            slide.setdefault(p.key, p.example)
        return slide


class TemplateSlides(Protocol):
    """What the schema and the skeletons read of a template: its name and its slides."""

    @property
    def name(self) -> str: ...

    @property
    def slides(self) -> Sequence[TemplateSlide]: ...
