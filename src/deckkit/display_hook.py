"""The declared hook through which core types get their rich notebook display.

The model, the renderer, the template and the client sit below :mod:`deckkit.display` and never
import it. A type a notebook shows derives from :class:`Displayable`; its ``_repr_html_`` asks
:data:`HTML` for the function registered for its class (or a base class). :mod:`deckkit.display`
registers its functions when it is imported, and the hook imports it, by the name in
:data:`DISPLAY_PACKAGE`, the first time a display is asked for: a process that never shows
anything (a render worker, the CLI) never loads it. ``Deck.preview()`` goes through
:data:`PREVIEW` the same way.

Registrations are keyed by the class's full name (``"deckkit.model.table.Table"``), so that the
display package can register a display for a client type without importing the client (and its
HTTP library). A test holds every registered name against the class it names.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any, Final, TypeVar

__all__ = ["DISPLAY_PACKAGE", "HTML", "PREVIEW", "DisplayHook", "Displayable"]

DISPLAY_PACKAGE: Final = "deckkit.display"

_Show = TypeVar("_Show", bound=Callable[..., Any])


class DisplayHook:
    """Display functions of one kind (``html``, ``preview``), keyed by the full name of a class."""

    def __init__(self, what: str) -> None:
        self.what = what
        self._shows: dict[str, Callable[[Any], Any]] = {}

    def register(self, *class_names: str) -> Callable[[_Show], _Show]:
        """Decorator: the function shows instances of these classes (and of their subclasses)."""

        def register(show: _Show) -> _Show:
            for name in class_names:
                self._shows[name] = show
            return show

        return register

    @property
    def registered(self) -> Mapping[str, Callable[[Any], Any]]:
        return dict(self._shows)

    def _find(self, cls: type) -> Callable[[Any], Any] | None:
        for klass in cls.__mro__:
            show = self._shows.get(f"{klass.__module__}.{klass.__qualname__}")
            if show is not None:
                return show
        return None

    def __call__(self, obj: object) -> Any:
        show = self._find(type(obj))
        if show is None:
            importlib.import_module(DISPLAY_PACKAGE)  # registers every display
            show = self._find(type(obj))
        if show is None:
            raise LookupError(f"{DISPLAY_PACKAGE} has no {self.what} display for {type(obj).__qualname__}")
        return show(obj)


HTML: Final = DisplayHook("html")
PREVIEW: Final = DisplayHook("preview")


class Displayable:
    """Mixin of a core type a notebook shows: ``_repr_html_`` through the hook (:data:`HTML`)."""

    __slots__ = ()

    def _repr_html_(self) -> str:
        html: str = HTML(self)
        return html
