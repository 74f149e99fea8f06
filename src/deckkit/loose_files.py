"""data.json as loose files: the pictures, videos and other templates it names, read from its folder.

The input zip's unzipped form (``deckkit render template.pptx data.json``, ``deckkit validate
data.json --template template.pptx``): both read the same files, so that validation and the
render agree about what is there. A file that is missing is said in the words of loose files
(where it was looked for, and the file meant when one looks like it), not "not in the zip".
"""

from __future__ import annotations

import posixpath
from collections.abc import Sequence
from itertools import chain
from pathlib import Path

from deckkit.bundle import media_references, template_references, write_bundle
from deckkit.errors import DataError, Problem
from deckkit.model import DeckData, parse_data
from deckkit.suggest import closest

__all__ = ["LooseFiles", "read_loose_files"]


class LooseFiles:
    """data.json parsed, the files it names that exist (path as data.json gives it -> bytes), and
    a problem for each named file that is not there, by its data path."""

    def __init__(self, deck: DeckData, media: dict[str, bytes], missing: dict[str, Problem]) -> None:
        self.deck = deck
        self.media = media
        self.missing = missing

    def said_as_loose_files(self, problems: Sequence[Problem]) -> list[Problem]:
        """A render's problems, each missing file said as loose files have it (not "in the zip").

        A problem at the data path of a missing file is about that file: nothing else about it
        can be checked."""
        return [self.missing.get(p.path, p) for p in problems]

    def zipped(self, template: bytes, data_path: Path) -> bytes:
        """The input zip of ``template``, the data and its files (for the service); DataError when
        a file is missing (the server would say "not in the zip": said where it was looked for)."""
        if self.missing:
            raise DataError(
                list(self.missing.values()), summary=f"{data_path} names files that are not there"
            )
        return write_bundle(template, self.deck, self.media)


def read_loose_files(data_path: Path) -> LooseFiles:
    """Parse ``data_path`` (DataError when it is not valid) and read what it names beside it."""
    deck = parse_data(data_path.read_bytes())
    folder = data_path.parent
    media: dict[str, bytes] = {}
    missing: dict[str, Problem] = {}
    for reference in chain(media_references(deck), template_references(deck)):
        key = posixpath.normpath(reference.src)
        file = folder / key
        if key in media:
            continue
        if reference.held is not None:  # a picture inside data.json (a data: URI)
            media[key] = reference.held
        elif file.is_file():
            media[key] = file.read_bytes()
        elif not reference.src.startswith(("http://", "https://")):
            missing[reference.path] = Problem(reference.path, _missing_file(folder, reference.src))
    return LooseFiles(deck, media, missing)


def _missing_file(folder: Path, src: str) -> str:
    """The loose files' own message: no zip here, and the file meant when one looks like it."""
    where = folder.resolve()
    present = [p.relative_to(where).as_posix() for p in where.rglob("*") if p.is_file()][:5000]
    same = [name for name in present if name.lower() == src.lower()]
    close = same[0] if same else closest(src, present)
    message = f'"{src}" is not a file in {where} (the files data.json names are found relative to its folder)'
    if close:
        message += f'; did you mean "{close}"?' + (" (names are case-sensitive)" if same else "")
    return message
