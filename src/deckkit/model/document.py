"""The data.json root: slides (each naming a template slide) and an optional theme."""

from __future__ import annotations

from typing import Any

from pydantic import Field, model_serializer, model_validator
from pydantic_core import PydanticCustomError

from deckkit.model._types import ThemeSlotColor
from deckkit.model.elements import AnyElement, SlideValue
from deckkit.model.styles import StrictModel


def _blank_to_none(value: Any) -> Any:
    return None if value == "" else value


class ThemeColors(StrictModel):
    """The twelve theme colour slots; absent, ``""`` or ``null`` keeps the template's colour."""

    lt1: ThemeSlotColor | None = None
    dk1: ThemeSlotColor | None = None
    lt2: ThemeSlotColor | None = None
    dk2: ThemeSlotColor | None = None
    accent1: ThemeSlotColor | None = None
    accent2: ThemeSlotColor | None = None
    accent3: ThemeSlotColor | None = None
    accent4: ThemeSlotColor | None = None
    accent5: ThemeSlotColor | None = None
    accent6: ThemeSlotColor | None = None
    hlink: ThemeSlotColor | None = None
    folHlink: ThemeSlotColor | None = None  # noqa: N815  (the DrawingML slot name)

    @model_validator(mode="before")
    @classmethod
    def _blank_keeps_template(cls, data: Any) -> Any:
        if isinstance(data, dict):
            return {k: _blank_to_none(v) for k, v in data.items()}
        return data

    def changed(self) -> dict[str, str]:
        """Slot name -> new colour for the slots the data sets."""
        return {k: v for k, v in self.model_dump().items() if v is not None}


class Theme(StrictModel):
    """Presentation-wide settings: the theme colours."""

    colors: ThemeColors | None = None


class Slide(StrictModel):
    """One output slide: the template slide to copy (from 1) and a value for each placeholder key.

    Keys are free strings (``"q3-sales"``, ``"Sales table"``): pass them as keyword arguments or,
    when they are not Python identifiers, as a dict: ``Slide(template=2, values={"q3-sales": ...})``.
    """

    template: int = Field(strict=True, ge=1)
    values: dict[str, SlideValue] = Field(default_factory=dict)

    @model_validator(mode="before")
    @classmethod
    def _gather_keys(cls, data: Any) -> Any:
        # data.json writes placeholder keys beside "template"; the model keeps them in `values`.
        if isinstance(data, dict) and "values" not in data:
            template = data.get("template", _MISSING)
            values = {k: v for k, v in data.items() if k != "template"}
            return {"values": values} if template is _MISSING else {"template": template, "values": values}
        if isinstance(data, dict) and "values" in data and "template" in data:
            extra = {k: v for k, v in data.items() if k not in ("template", "values")}
            if extra:
                return {"template": data["template"], "values": {**data["values"], **extra}}
        return data

    @model_serializer(mode="wrap")
    def _flat(self, handler: Any) -> dict[str, Any]:
        out: dict[str, Any] = {"template": self.template}
        dumped = handler(self)
        out.update(dumped.get("values", {}))
        return out

    def __getitem__(self, key: str) -> str | AnyElement:
        return self.values[key]


_MISSING = object()


class DeckData(StrictModel):
    """The whole data.json. Reads the current object and the legacy bare array; writes the object."""

    slides: list[Slide]
    theme: Theme | None = None

    @model_validator(mode="before")
    @classmethod
    def _legacy_array(cls, data: Any) -> Any:
        if isinstance(data, list):
            return {"slides": data}
        if not isinstance(data, dict) and not isinstance(data, DeckData):
            raise PydanticCustomError(
                "root", "data.json must be an object with \"slides\" (or a bare array of slides), got {got}",
                {"got": type(data).__name__},
            )
        return data
