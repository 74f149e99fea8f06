"""Model class methods that are ``deckkit.frames`` functions (``Table.from_dataframe``), loaded on first use.

Each such method is defined once, in frames: frames builds model objects, so it imports the
model, and the model never imports frames (the layers point one way; nor may ``import deckkit``
pay for pandas support). A class names the function, by module and name, with
:class:`FramesFunction`: a declared hook, read when the method is first used::

    from_dataframe: ClassVar[FramesFunction[Table]] = FramesFunction(
        "deckkit.frames.table", "table_from_dataframe"
    )

mypy sees a callable that returns the class (``ClassVar``: pydantic takes it for no field);
``help()``, notebook completion and ``inspect.signature`` show the frames function's own
signature, every keyword with its default (tests/frames/test_signatures.py holds them together).
"""

from __future__ import annotations

import functools
import importlib
import inspect
from collections.abc import Callable
from typing import Any, Generic, TypeVar

__all__ = ["FramesFunction"]

T = TypeVar("T")


class FramesFunction(Generic[T]):
    """A class attribute that is the frames function ``module.name``, imported when first read.

    What it gives is a thin wrapper, so that the method has its own name (``Table.from_dataframe``)
    and a docstring that ends by naming the function; ``inspect.signature`` follows
    ``__wrapped__`` to the function's own signature (``help()``, notebook completion).
    """

    def __init__(self, module: str, name: str) -> None:
        self._module, self._name = module, name
        self._qualname = name
        self._method: Callable[..., T] | None = None

    def __set_name__(self, owner: type, attribute: str) -> None:
        self._qualname = f"{owner.__qualname__}.{attribute}"

    def __get__(self, instance: object, owner: type | None = None) -> Callable[..., T]:
        if self._method is None:
            function = getattr(importlib.import_module(self._module), self._name)

            @functools.wraps(function)
            def method(*args: Any, **kwargs: Any) -> T:
                made: T = function(*args, **kwargs)
                return made

            method.__qualname__ = self._qualname
            doc = inspect.cleandoc(function.__doc__ or "")
            method.__doc__ = f"{doc}\n\nThe same as :func:`deckkit.frames.{self._name}`."
            self._method = method
        return self._method
