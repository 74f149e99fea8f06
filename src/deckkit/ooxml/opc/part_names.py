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

__all__ = [
    "assign_names",
    "relationships_part_name",
    "relative_target",
    "relative_target_from",
    "resolve_target",
    "source_folder",
]

_NAME_NUMBER = re.compile(r"^(.*?)(\d*)(\.[^./]*)?$")


class _Nameable(Protocol):
    name: str | None
    name_hint: str


# Every part of a deck is asked for once per render, and a server renders the same names again.
@lru_cache(maxsize=8192)
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
    return relative_target_from(source_folder(source), target)


def source_folder(source: str | None) -> str:
    """The folder relative targets of ``source`` start from ("" for the package)."""
    return posixpath.dirname(source) if source else ""


def relative_target_from(folder: str, target: str) -> str:
    """:func:`relative_target` for a source in ``folder`` (see :func:`source_folder`)."""
    return _relpath(target, folder) if folder else target


# Slides of a deck point at the same few layouts, media and charts from the same folder.
@lru_cache(maxsize=4096)
def _relpath(target: str, folder: str) -> str:
    # posixpath.relpath makes both absolute from the working directory first (two getcwd calls);
    # part names are already rooted at the package, so the common folders are simply dropped.
    to, start = posixpath.normpath(target), posixpath.normpath(folder)
    if to.startswith(("/", "..")) or start.startswith(("/", "..")):
        return posixpath.relpath(target, folder)
    to_parts = [] if to == "." else to.split("/")
    start_parts = [] if start == "." else start.split("/")
    common = 0
    for mine, theirs in zip(to_parts, start_parts, strict=False):
        if mine != theirs:
            break
        common += 1
    return "/".join([".."] * (len(start_parts) - common) + to_parts[common:]) or "."


def assign_names(parts: Iterable[_Nameable]) -> None:
    """Name new parts with per-(folder, stem, extension) counters that skip the kept names."""
    parts = list(parts)
    taken = {p.name for p in parts if p.name is not None}
    counters: dict[tuple[str, str, str], int] = {}
    for part in parts:
        if part.name is not None:
            continue
        key = _name_pattern(part.name_hint)
        prefix, stem, ext = key
        n = counters.get(key, 1)
        while f"{prefix}{stem}{n}{ext}" in taken:
            n += 1
        part.name = f"{prefix}{stem}{n}{ext}"
        taken.add(part.name)
        counters[key] = n + 1


# A deck's new parts have a handful of hints (ppt/slides/slide.xml, ppt/charts/chart.xml...).
@lru_cache(maxsize=1024)
def _name_pattern(name_hint: str) -> tuple[str, str, str]:
    """(what ``posixpath.join(folder, ...)`` puts before a name in the hint's folder, stem, extension)."""
    folder, base = posixpath.split(name_hint)
    match = _NAME_NUMBER.match(base)
    stem, ext = (match.group(1), match.group(3) or "") if match else (base, "")
    # The base holds no "/", so joining it to the folder is this concatenation.
    return (folder if not folder or folder.endswith("/") else folder + "/"), stem, ext
