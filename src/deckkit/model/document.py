"""The data.json root: slides (each naming a template slide) and an optional theme.

A slide names its template slide by number (``3``: slide 3 of template.pptx, the deck's base) or,
from another template of the deck, as ``"templates/appendix.pptx#3"``: the file's path (relative
to data.json's folder, ending ``.pptx``) and the slide number. ``template`` is never a
placeholder key, so the form cannot collide with one.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Mapping
from typing import Any

from pydantic import Field, ValidationError, field_validator, model_serializer, model_validator
from pydantic_core import PydanticCustomError

from deckkit.display_hook import Displayable
from deckkit.model._base import StrictModel, data_error
from deckkit.model._types import ThemeSlotColor, WholeNumber, shown
from deckkit.model.colors import THEME_COLOR_NAMES
from deckkit.model.elements import AnyElement, SlideValue
from deckkit.model.patterns import TEMPLATE_REF_FORM, TEMPLATE_REF_PATTERN

__all__ = ["BASE_TEMPLATE", "THEME_SLOTS", "DeckData", "Slide", "Theme", "ThemeColors", "split_template_ref"]

BASE_TEMPLATE = "template.pptx"
"""The deck's first template: ``"template.pptx#2"`` is the same slide as ``2``."""
# The schema's pattern decides; the form alone only chooses which message a refusal gets.
_TEMPLATE_REF = re.compile(TEMPLATE_REF_PATTERN)
_TEMPLATE_REF_FORM = re.compile(TEMPLATE_REF_FORM)

# The theme slots are the theme colour names: one list, in colors.py.
THEME_SLOTS = THEME_COLOR_NAMES


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
            return {k: v for k, v in data.items() if not (k in THEME_SLOTS and v in ("", None))}
        return data

    def changed(self) -> dict[str, str]:
        """Slot name -> new colour (``#RRGGBB`` or a named colour) for the slots the data sets."""
        return {k: v for k, v in self.model_dump().items() if v is not None}


class Theme(StrictModel):
    """Presentation-wide settings: the theme colours."""

    colors: ThemeColors | None = None


def split_template_ref(value: Any) -> tuple[str | None, Any]:
    """(file, number) of a slide's ``template``: (None, 3) for ``3`` or ``"template.pptx#3"``,
    ("templates/appendix.pptx", 3) for ``"templates/appendix.pptx#3"``; a value of neither form
    is handed on as it is, for the number's own error."""
    if not isinstance(value, str) or "#" not in value:
        return None, value
    if _TEMPLATE_REF_FORM.match(value) is None:
        raise PydanticCustomError(
            "template_ref",
            'must be a template file and slide number ("templates/appendix.pptx#3": a .pptx in the zip, a slide from 1), got {got}',
            {"got": shown(value)},
        )
    if _TEMPLATE_REF.match(value) is None:
        raise PydanticCustomError(
            "template_ref",
            'names a file outside data.json\'s folder ({got}); give its path inside the zip, relative to data.json, without a leading / or ".."',
            {"got": shown(value)},
        )
    file, _, number = value.rpartition("#")
    name = posixpath.normpath(file)
    return (None if name == BASE_TEMPLATE else name), int(number)


class _SlideArguments:
    """Slide(...) called from Python: template and keys already apart (data.json puts them side by side)."""

    def __init__(self, template: Any, values: dict[str, Any]) -> None:
        self.template = template
        self.values = values


class Slide(Displayable, StrictModel):
    """One output slide: the template slide to copy (counted from 1) and a value for each key.

    In data.json the keys sit beside ``template``; here they are in ``values``. From Python, pass
    keys as keyword arguments or, when they are not identifiers, as a mapping:
    ``Slide(2, {"q3-sales": table}, title="Q3")``.
    """

    template: WholeNumber = Field(ge=1)
    template_file: str | None = None
    """The template the slide comes from (its path in the zip); None: the deck's base, template.pptx."""
    values: dict[str, SlideValue] = Field(default_factory=dict)

    def __init__(self, template: Any = None, values: Mapping[str, Any] | None = None, **keys: Any) -> None:
        arguments = _SlideArguments(template, {**(values or {}), **keys})
        try:
            self.__pydantic_validator__.validate_python(arguments, self_instance=self)
        except ValidationError as error:
            raise data_error(error, "Slide", slide_alone=True) from None

    __init__.__pydantic_base_init__ = True  # type: ignore[attr-defined]

    @field_validator("template", mode="before")
    @classmethod
    def _template_ref(cls, value: Any) -> Any:
        if isinstance(value, _Refused):
            raise value.error
        return value

    @model_validator(mode="before")
    @classmethod
    def _null_is_absent(cls, data: Any) -> Any:
        # Not for slides: every key but "template" is a placeholder, and null is no placeholder value.
        return data

    @model_validator(mode="before")
    @classmethod
    def _gather_keys(cls, data: Any) -> Any:
        if isinstance(data, _SlideArguments):
            return {"values": data.values} if data.template is None else _fields(data.template, data.values)
        if isinstance(data, dict):
            # data.json writes placeholder keys beside "template" (a key may even be named "values").
            values = {k: v for k, v in data.items() if k != "template"}
            return _fields(data["template"], values) if "template" in data else {"values": values}
        return data

    @model_serializer(mode="wrap")
    def _flat(self, handler: Any) -> dict[str, Any]:
        dumped = handler(self)
        return {"template": self.template_ref, **dumped.get("values", {})}

    @property
    def template_ref(self) -> int | str:
        """``template`` as data.json writes it: ``3``, or ``"templates/appendix.pptx#3"``."""
        return self.template if self.template_file is None else f"{self.template_file}#{self.template}"

    def __getitem__(self, key: str) -> str | AnyElement:
        return self.values[key]

    def __repr__(self) -> str:
        keys = ", ".join(
            f"{k}={'text' if isinstance(v, str) else getattr(v, 'type', 'delete')}"
            for k, v in self.values.items()
        )
        return f"<Slide from template slide {self.template_ref}: {keys[:200] or 'no keys'}>"


def _fields(template: Any, values: dict[str, Any]) -> dict[str, Any]:
    try:
        file, number = split_template_ref(template)
    except PydanticCustomError as error:
        # Reported at slides[i].template, like a wrong number.
        return {"template": _Refused(error), "values": values}
    return (
        {"template": number, "values": values}
        if file is None
        else {"template": number, "template_file": file, "values": values}
    )


class _Refused:
    """A ``template`` string of neither form: its error raised where the field is validated."""

    def __init__(self, error: PydanticCustomError) -> None:
        self.error = error


class DeckData(StrictModel):
    """The whole data.json. Reads the current object and the legacy bare array; writes the object."""

    slides: list[Slide]
    theme: Theme | None = None

    @model_validator(mode="before")
    @classmethod
    def _legacy_array(cls, data: Any) -> Any:
        if isinstance(data, list):
            return {"slides": data}
        if not isinstance(data, dict | DeckData):
            raise PydanticCustomError(
                "root",
                'data.json must be an object with "slides" (or an array of slides), got {got}',
                {"got": shown(data)},
            )
        return data

    def to_json_dict(self) -> dict[str, Any]:
        """The current data.json form as plain JSON types (optional fields left out when unset)."""
        out: dict[str, Any] = self.model_dump(mode="json", exclude_none=True)
        return out
