"""``deckkit.options``: switches a notebook sets once for everything that follows.

    deckkit.options.strict = True          # every deckkit warning becomes an error
    deckkit.options.previews = "wireframe" # never start LibreOffice for a thumbnail

Plain attributes, checked when set, so that a typo (``options.strikt``) is an error and not a
silent no-op.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, Literal, TypeVar, overload

__all__ = ["Options", "PreviewSource", "options"]

PreviewSource = Literal["auto", "libreoffice", "wireframe"]
_PREVIEWS = ("auto", "libreoffice", "wireframe")

V = TypeVar("V")


class _Switch(Generic[V]):
    """One attribute of Options: a default, and a check when it is set (``error`` otherwise)."""

    def __init__(
        self, default: V, valid: Callable[[Any], bool], expected: str, error: type[Exception] = ValueError
    ) -> None:
        self.default, self._valid, self._expected, self._error = default, valid, expected, error
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type) -> _Switch[V]: ...
    @overload
    def __get__(self, instance: Options, owner: type) -> V: ...
    def __get__(self, instance: Options | None, owner: type) -> V | _Switch[V]:
        if instance is None:
            return self
        value: V = instance._values.get(self.name, self.default)
        return value

    def __set__(self, instance: Options, value: V) -> None:
        if not self._valid(value):
            raise self._error(f"deckkit.options.{self.name} is {self._expected}, not {value!r}")
        instance._values[self.name] = value


class Options:
    """deckkit's process-wide settings.

    ``strict``: deckkit warnings (keys the template lacks, placeholders left unfilled, rows
    dropped from a frame) are raised as errors instead (``%deckkit strict`` sets it).

    ``previews``: where slide thumbnails come from: ``"auto"`` (LibreOffice when installed,
    else a wireframe), ``"libreoffice"`` or ``"wireframe"`` (instant, no LibreOffice).

    ``thumbnails``: at most this many slides in a thumbnail strip (the rest are counted).

    ``thumbnail_width``: the width in pixels of each picture in a strip (160; up to 1920), for
    pictures big enough to judge a slide by; ``result.show(n)`` shows one slide larger still.

    ``enlarged_width``: the width in pixels of the picture a click on a thumbnail opens (960;
    320 to 3840), or 0 for thumbnails that do not open (a notebook a few KB lighter per slide).
    """

    __slots__ = ("_values",)

    strict = _Switch(False, lambda value: isinstance(value, bool), "True or False", TypeError)
    previews: _Switch[PreviewSource] = _Switch(
        "auto", lambda value: value in _PREVIEWS, f"one of {', '.join(_PREVIEWS)}"
    )
    thumbnails = _Switch(
        8,
        lambda value: isinstance(value, int) and not isinstance(value, bool) and value >= 1,
        "a whole number from 1",
    )

    thumbnail_width = _Switch(
        160,
        lambda value: isinstance(value, int) and not isinstance(value, bool) and 48 <= value <= 1920,
        "a whole number of pixels from 48 to 1920",
    )

    enlarged_width = _Switch(
        960,
        lambda value: (
            isinstance(value, int) and not isinstance(value, bool) and (value == 0 or 320 <= value <= 3840)
        ),
        "0 (thumbnails do not open) or a whole number of pixels from 320 to 3840",
    )

    def __init__(self) -> None:
        self._values: dict[str, Any] = {}  # the switches set so far; the others have their default

    def __repr__(self) -> str:
        names = [name for name, value in vars(Options).items() if isinstance(value, _Switch)]
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
        return f"deckkit.options({shown})"


options = Options()
