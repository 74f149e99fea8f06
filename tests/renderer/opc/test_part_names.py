"""assign_names and relationships_part_name against the posixpath forms they were written from."""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass

import pytest

from deckkit.ooxml.opc.part_names import (
    assign_names,
    relationships_part_name,
    relative_target,
    relative_target_from,
    source_folder,
)


@dataclass
class _Part:
    name: str | None
    name_hint: str


_NAME_NUMBER = re.compile(r"^(.*?)(\d*)(\.[^./]*)?$")


def _assign_names_general(parts: list[_Part]) -> None:
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


_HINTS = [
    "ppt/slides/slide.xml",
    "ppt/slides/slide7.xml",
    "ppt/charts/chart.xml",
    "ppt/embeddings/Microsoft_Excel_Worksheet.xlsx",
    "ppt/media/image.png",
    "ppt//media/image.png",
    "/ppt/media/image.jpeg",
    "/image.png",
    "slide.xml",
    "noextension",
    "ppt/media/archive.tar.gz",
]


def test_assign_names_as_with_posixpath() -> None:
    kept = ["ppt/slides/slide1.xml", "ppt/slides/slide3.xml", "ppt/media/image1.png", "slide1.xml"]

    def parts() -> list[_Part]:
        return [_Part(name, name) for name in kept] + [_Part(None, hint) for hint in _HINTS * 3]

    mine, general = parts(), parts()
    assign_names(mine)
    _assign_names_general(general)
    assert [p.name for p in mine] == [p.name for p in general]
    assert len({p.name for p in mine}) == len(mine)


@pytest.mark.parametrize("name", [None, *_HINTS])
def test_relationships_part_name(name: str | None) -> None:
    expected = (
        "_rels/.rels"
        if name is None
        else posixpath.join(posixpath.split(name)[0], "_rels", posixpath.split(name)[1] + ".rels")
    )
    assert relationships_part_name(name) == expected


@pytest.mark.parametrize("source", [None, "", "ppt/presentation.xml", "ppt/slides/slide1.xml"])
def test_relative_target_from_its_folder(source: str | None) -> None:
    for target in ["ppt/slideLayouts/slideLayout1.xml", "ppt/slides/slide2.xml", "docProps/app.xml"]:
        assert relative_target_from(source_folder(source), target) == relative_target(source, target)
        if source:
            assert relative_target(source, target) == posixpath.relpath(target, posixpath.dirname(source))


_TARGETS = [
    "ppt/slides/slide1.xml",
    "ppt/slideLayouts/slideLayout2.xml",
    "ppt/media/image1.png",
    "docProps/app.xml",
    "a.xml",
    "ppt",
    "ppt/x/./y.xml",
    "ppt//slides/s.xml",
    "ppt/slides/../media/i.png",
    "../up.xml",
    "/abs/x.xml",
]
_FOLDERS = [
    "ppt",
    "ppt/slides",
    "ppt/slides/_rels",
    "docProps",
    "x/y/z",
    ".",
    "ppt/",
    "ppt/a/../charts",
    "../q",
    "/ppt",
]


@pytest.mark.parametrize("folder", _FOLDERS)
def test_relative_target_from_is_posixpath_relpath(folder: str) -> None:
    # Computed without the working directory; every spelling, odd ones too, as posixpath has it.
    for target in _TARGETS:
        assert relative_target_from(folder, target) == posixpath.relpath(target, folder), (target, folder)
