"""The base of every data.json model: unknown fields are errors, null means "not given"."""

from __future__ import annotations

from functools import cache
from itertools import repeat
from operator import is_
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

from deckkit.errors import DataError
from deckkit.model._frames_link import FramesFunction
from deckkit.model._problems import known_fields, problems_from


class StrictModel(BaseModel):
    """Rejects unknown fields, so a typo is an error rather than silently ignored.

    ``null`` for an optional field is the same as leaving the field out (analysts' tools write
    null for "nothing here"); for a required field it is an error of type.
    """

    # FramesFunction: a class method defined in deckkit.frames (``Table.from_dataframe``), not a field.
    model_config = ConfigDict(extra="forbid", validate_default=False, ignored_types=(FramesFunction,))

    def __init__(self, /, **data: Any) -> None:
        # Built from Python, a model reports its problems as a DataError with paths, like data.json does.
        try:
            super().__init__(**data)
        except ValidationError as error:
            raise data_error(error, type(self).__name__) from None

    # Tells pydantic this is not a custom __init__: nested validation keeps collecting every error.
    __init__.__pydantic_base_init__ = True  # type: ignore[attr-defined]

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        known_fields(cls)

    @model_validator(mode="before")
    @classmethod
    def _null_is_absent(cls, data: Any) -> Any:
        # Runs for every object of data.json: the test for a null is a C loop (no frame per value).
        if isinstance(data, dict) and any(map(is_, data.values(), repeat(None))):
            optional = _optional_fields(cls)
            return {k: v for k, v in data.items() if not (v is None and k in optional)}
        return data


@cache
def _optional_fields(model: type[BaseModel]) -> frozenset[str]:
    # ``type`` is the union's tag: a null type is an error, not a Text.
    return frozenset(name for name, field in model.model_fields.items() if not field.is_required()) - {"type"}


def data_error(error: ValidationError, what: str, root: str = "", *, slide_alone: bool = False) -> DataError:
    """The DataError for a failed validation of a ``what`` (a class name, or "data.json")."""
    return DataError(problems_from(error, root, slide_alone=slide_alone), summary=f"{what} has problems")
