"""The one declared hook between the core types and their rich display (deckkit.display_hook)."""

from __future__ import annotations

import importlib
import pkgutil

import pytest

import deckkit
import deckkit.display
from deckkit.display_hook import HTML, PREVIEW, Displayable, DisplayHook


def _class_named(full_name: str) -> type:
    module, _, name = full_name.rpartition(".")
    found: type = getattr(importlib.import_module(module), name)
    return found


def _displayable_classes() -> set[type]:
    for info in pkgutil.walk_packages(deckkit.__path__, "deckkit."):
        if not info.name.startswith(("deckkit.notebook", "deckkit.cli", "deckkit.__main__")):
            importlib.import_module(info.name)
    found: set[type] = set()
    todo = [Displayable]
    while todo:
        for sub in todo.pop().__subclasses__():
            # A dataclass with slots is made anew: the first class it was made from is no type of deckkit's.
            real = getattr(importlib.import_module(sub.__module__), sub.__qualname__, None) is sub
            if sub.__module__.startswith("deckkit.") and real and sub not in found:
                found.add(sub)
                todo.append(sub)
    return found


@pytest.mark.parametrize("hook", [HTML, PREVIEW], ids=lambda h: h.what)
def test_every_registered_name_is_a_displayable_class(hook: DisplayHook) -> None:
    for name in hook.registered:
        cls = _class_named(name)
        assert issubclass(cls, Displayable), name
        assert f"{cls.__module__}.{cls.__qualname__}" == name


def test_every_displayable_core_type_has_an_html_display() -> None:
    registered = {_class_named(name) for name in HTML.registered}
    for cls in _displayable_classes():
        assert any(base in registered for base in cls.__mro__), f"{cls.__qualname__} has no display"


def test_a_type_without_a_display_says_so() -> None:
    class Unshown(Displayable):
        pass

    with pytest.raises(LookupError, match=r"deckkit.display has no html display for .*Unshown"):
        Unshown()._repr_html_()
