"""Model class methods that are ``deckkit.frames`` functions (``Table.from_dataframe``), loaded on first use.

Each such method is defined once, in frames: frames builds model objects, so it imports the
model, and the model cannot import frames while it loads (nor make ``import deckkit`` pay for
it). A class names the function with :class:`FramesFunction`; mypy and IDEs read the frames
function itself through an ``if TYPE_CHECKING:`` branch (``ClassVar``: pydantic's mypy plugin
would take the name for a field)::

    if TYPE_CHECKING:
        from_dataframe: ClassVar = staticmethod(table_from_dataframe)
    else:
        from_dataframe = FramesFunction("deckkit.frames.table", "table_from_dataframe")
"""

from __future__ import annotations

import functools
import importlib
import inspect
from collections.abc import Callable
from typing import Any

__all__ = ["FramesFunction"]


class FramesFunction:
    """A class attribute that is the frames function ``module.name``, imported when first read.

    What it gives is a thin wrapper, so that the method has its own name (``Table.from_dataframe``)
    and a docstring that ends by naming the function; ``inspect.signature`` follows
    ``__wrapped__`` to the function's own signature (``help()``, notebook completion).
    """

    def __init__(self, module: str, name: str) -> None:
        self._module, self._name = module, name
        self._qualname = name
        self._method: Callable[..., Any] | None = None

    def __set_name__(self, owner: type, attribute: str) -> None:
        self._qualname = f"{owner.__qualname__}.{attribute}"

    def __get__(self, instance: object, owner: type | None = None) -> Callable[..., Any]:
        if self._method is None:
            function = getattr(importlib.import_module(self._module), self._name)

            @functools.wraps(function)
            def method(*args: Any, **kwargs: Any) -> Any:
                return function(*args, **kwargs)

            method.__qualname__ = self._qualname
            doc = inspect.cleandoc(function.__doc__ or "")
            method.__doc__ = f"{doc}\n\nThe same as :func:`deckkit.frames.{self._name}`."
            self._method = method
        return self._method
