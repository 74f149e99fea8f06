"""Copy an element with its subtree (and tail), as ``copy.deepcopy`` does, without its machinery.

lxml's ``__deepcopy__`` is its ``__copy__``: both copy the whole subtree in C. ``copy.deepcopy``
adds a memo dictionary, a dispatch lookup and a keep-alive list per call, which costs more than
copying a small element (a run's properties, a paragraph's end) does; fillers copy thousands.
"""

from __future__ import annotations

from typing import TypeVar

from lxml import etree

__all__ = ["copy_tree"]

_E = TypeVar("_E", bound=etree._Element)


def copy_tree(element: _E) -> _E:
    """A deep copy of ``element``, the same as ``copy.deepcopy(element)``."""
    # lxml-stubs leave __copy__ out of _Element.
    copied: _E = element.__copy__()  # type: ignore[attr-defined]
    return copied
