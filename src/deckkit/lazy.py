"""Names a package exposes but imports on first use (PEP 562), for ``deckkit`` and its subpackages."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["lazy_names"]


def lazy_names(
    namespace: dict[str, Any], homes: Mapping[str, str], renamed: Mapping[str, str] | None = None
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The module's ``__getattr__`` and ``__dir__``: ``homes`` maps a name to the module that
    defines it (under ``renamed[name]`` there, for a former name); the first use imports it and
    keeps it in ``namespace``."""
    package = namespace["__name__"]

    def __getattr__(name: str) -> Any:  # noqa: N807 (the PEP 562 hook)
        module = homes.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), (renamed or {}).get(name, name))
        namespace[name] = value
        return value

    def __dir__() -> list[str]:  # noqa: N807
        return sorted(set(namespace) | set(namespace.get("__all__", ())))

    return __getattr__, __dir__
