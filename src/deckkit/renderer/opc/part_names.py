"""Part names: where a part's relationships live, relative targets, and names for new parts.

New parts get their names only when the package is written, from per-(folder, stem, extension)
counters that skip the names kept from the template: constant time per part.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable
from functools import lru_cache
from typing import Protocol

__all__ = ["assign_names", "relationships_part_name", "relative_target", "resolve_target"]

_NAME_NUMBER = re.compile(r"^(.*?)(\d*)(\.[^./]*)?$")


class _Nameable(Protocol):
    name: str | None
    name_hint: str


def relationships_part_name(part_name: str | None) -> str:
    """``ppt/slides/_rels/slide1.xml.rels`` for ``ppt/slides/slide1.xml``; None is the package."""
    if part_name is None:
        return "_rels/.rels"
    folder, base = posixpath.split(part_name)
    return posixpath.join(folder, "_rels", base + ".rels")


def resolve_target(folder: str, target: str) -> str:
    """The part name a relationship's Target means, read from a part in ``folder``."""
    return (
        target.lstrip("/") if target.startswith("/") else posixpath.normpath(posixpath.join(folder, target))
    )


def relative_target(source: str | None, target: str) -> str:
    """The Target to write in ``source``'s relationships for the part named ``target``."""
    folder = posixpath.dirname(source) if source else ""
    return _relpath(target, folder) if folder else target


# Slides of a deck point at the same few layouts, media and charts from the same folder.
@lru_cache(maxsize=4096)
def _relpath(target: str, folder: str) -> str:
    return posixpath.relpath(target, folder)


def assign_names(parts: Iterable[_Nameable]) -> None:
    """Name new parts with per-(folder, stem, extension) counters that skip the kept names."""
    parts = list(parts)
    taken = {p.name for p in parts if p.name is not None}
    counters: dict[tuple[str, str, str], int] = {}
    for part in parts:
        if part.name is not None:
            continue
        folder, base = posixpath.split(part.name_hint)
        match = _NAME_NUMBER.match(base)
        stem, ext = (match.group(1), match.group(3) or "") if match else (base, "")
        key = (folder, stem, ext)
        n = counters.get(key, 1)
        while posixpath.join(folder, f"{stem}{n}{ext}") in taken:
            n += 1
        part.name = posixpath.join(folder, f"{stem}{n}{ext}")
        taken.add(part.name)
        counters[key] = n + 1
