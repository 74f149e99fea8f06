"""``deckkit.options``: switches a notebook sets once for everything that follows.

    deckkit.options.strict = True          # every deckkit warning becomes an error
    deckkit.options.previews = "wireframe" # never start LibreOffice for a thumbnail

Plain attributes, checked when set, so that a typo (``options.strikt``) is an error and not a
silent no-op.
"""

from __future__ import annotations

from typing import Any, Literal

__all__ = ["Options", "PreviewSource", "options"]

PreviewSource = Literal["auto", "libreoffice", "wireframe"]
_PREVIEWS = ("auto", "libreoffice", "wireframe")


class Options:
    """deckkit's process-wide settings.

    ``strict``: deckkit warnings (keys the template lacks, placeholders left unfilled, rows
    dropped from a frame) are raised as errors instead (``%deckkit strict`` sets it).

    ``previews``: where slide thumbnails come from: ``"auto"`` (LibreOffice when installed,
    else a wireframe), ``"libreoffice"`` or ``"wireframe"`` (instant, no LibreOffice).

    ``thumbnails``: at most this many slides in a thumbnail strip (the rest are counted).
    """

    __slots__ = ("_previews", "_strict", "_thumbnails")

    def __init__(self) -> None:
        self._strict = False
        self._previews: PreviewSource = "auto"
        self._thumbnails = 8

    @property
    def strict(self) -> bool:
        return self._strict

    @strict.setter
    def strict(self, value: bool) -> None:
        if not isinstance(value, bool):
            raise TypeError(f"deckkit.options.strict is True or False, not {value!r}")
        self._strict = value

    @property
    def previews(self) -> PreviewSource:
        return self._previews

    @previews.setter
    def previews(self, value: PreviewSource) -> None:
        if value not in _PREVIEWS:
            raise ValueError(f"deckkit.options.previews is one of {', '.join(_PREVIEWS)}, not {value!r}")
        self._previews = value

    @property
    def thumbnails(self) -> int:
        return self._thumbnails

    @thumbnails.setter
    def thumbnails(self, value: int) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"deckkit.options.thumbnails is a whole number from 1, not {value!r}")
        self._thumbnails = value

    def __repr__(self) -> str:
        return f"deckkit.options(strict={self._strict}, previews={self._previews!r}, thumbnails={self._thumbnails})"

    def _snapshot(self) -> dict[str, Any]:
        return {"strict": self._strict, "previews": self._previews, "thumbnails": self._thumbnails}


options = Options()
