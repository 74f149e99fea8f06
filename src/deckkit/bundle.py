"""The input zip: template.pptx, data.json (at the root or in a folder), the media it names and
the other templates its slides name (``"template": "templates/appendix.pptx#3"``).

Reading is defensive, because the zip comes from anyone who can upload: the zip is at most
``MAX_ZIP_BYTES``; the entries are at most ``MAX_ENTRIES`` and ``MAX_UNCOMPRESSED_BYTES`` in
total, counted while decompressing (declared sizes can lie); names must be relative paths with
forward slashes, without ``..``, drive letters, symlinks or duplicates; every media file the
data names must be in the zip and be what its extension says (its bytes are checked).
Every problem is a :class:`deckkit.errors.BundleError`; data problems are a DataError.
"""

from __future__ import annotations

import io
import json
import posixpath
import re
import stat
import zipfile
import zlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from itertools import chain
from pathlib import Path
from typing import Any

from deckkit.errors import BundleError, DataError, Problem
from deckkit.model import DeckData, Image, Video, format_path, parse_data
from deckkit.model.limits import MAX_JSON_BYTES
from deckkit.model.media_bytes import mismatch
from deckkit.safezip import RefusedEntryError, directory_size, read_entry
from deckkit.suggest import closest

__all__ = [
    "MAX_ENTRIES",
    "MAX_UNCOMPRESSED_BYTES",
    "MAX_ZIP_BYTES",
    "Bundle",
    "media_references",
    "read_bundle",
    "template_references",
    "write_bundle",
]

MAX_ZIP_BYTES = 50 * 1024 * 1024
"""The interface's limit on the input zip, 50 MB, read as 50 MiB: the one limit the server's signed
upload policy (S3 ``content-length-range``) and this reader share."""
MAX_UNCOMPRESSED_BYTES = 400_000_000
"""All entries together, decompressed: a zip bomb stops here."""
MAX_ENTRIES = 2_000
"""Entries in the zip (folders included)."""

DATA_NAME = "data.json"
TEMPLATE_NAME = "template.pptx"
# Written by macOS's "Compress": resource forks that are never part of the deck.
_JUNK = re.compile(r"(^|/)(__MACOSX/|\._[^/]*$|\.DS_Store$)")
_FIXED_TIME = (2000, 1, 1, 0, 0, 0)


@dataclass(frozen=True)
class Bundle:
    """A read input zip. ``media`` maps paths relative to data.json's folder (as the data names them) to bytes."""

    template: bytes
    data: DeckData
    media: Mapping[str, bytes] = field(default_factory=dict)
    data_path: str = DATA_NAME


@dataclass(frozen=True)
class MediaReference:
    """A file the data names: where in the data (``slides[2].logo.src``) and which path."""

    path: str
    src: str
    held: bytes | None = None
    """The bytes when the element holds them (a picture given as a data: URI), not the zip."""


def media_references(data: DeckData) -> Iterator[MediaReference]:
    """Every local media file the data names (video-site URLs are not files)."""
    for i, slide in enumerate(data.slides):
        for key, value in slide.values.items():
            where = format_path(["slides", i, key])
            if isinstance(value, Image):
                yield MediaReference(f"{where}.src", value.src, value.media.get(value.src))
            elif isinstance(value, Video):
                if not value.is_online:
                    yield MediaReference(f"{where}.src", value.src)
                if value.thumbnail is not None:
                    yield MediaReference(
                        f"{where}.thumbnail", value.thumbnail, value.media.get(value.thumbnail)
                    )


def template_references(data: DeckData) -> Iterator[MediaReference]:
    """The other templates the slides name (template.pptx, the base, is not one), each once."""
    seen: set[str] = set()
    for i, slide in enumerate(data.slides):
        if slide.template_file is not None and slide.template_file not in seen:
            seen.add(slide.template_file)
            yield MediaReference(f"slides[{i}].template", slide.template_file)


def _fail(problems: list[str]) -> BundleError:
    if len(problems) == 1:
        return BundleError(problems[0])
    return BundleError("the zip has problems:\n" + "\n".join("  " + p for p in problems))


# -- reading ------------------------------------------------------------------------------


def _unsafe_name_reason(name: str) -> str | None:
    if "\\" in name:
        return "has a backslash (zip names use /)"
    if name.startswith("/"):
        return "is an absolute path"
    if re.match(r"^[A-Za-z]:", name):
        return "starts with a drive letter"
    if ".." in name.split("/"):
        return 'contains ".."'
    if "\x00" in name:
        return "contains a NUL character"
    return None


def _is_symlink(info: zipfile.ZipInfo) -> bool:
    return info.create_system == 3 and stat.S_ISLNK(info.external_attr >> 16)


def _check_directory_size(raw: bytes) -> None:
    """Refuse a central directory too large for ``MAX_ENTRIES`` before zipfile parses all of it.

    zipfile builds one object per entry before the count can be checked; a 50 MB zip of empty
    entries is some 600,000 of them (seconds and hundreds of MB). An entry needs 46 bytes plus
    its name, so ``MAX_ENTRIES`` entries with names up to ~1 KB fit the bound.
    """
    size = directory_size(raw)  # 0 for what is not a zip: ZipFile says so below
    if size > MAX_ENTRIES * 1024:
        raise BundleError(
            f"the zip lists too many entries (its directory is {size:,} bytes); at most {MAX_ENTRIES} "
            "entries are accepted"
        )


class _Archive:
    """The zip's entries after the name checks, read with a running bound on decompressed bytes."""

    def __init__(self, raw: bytes) -> None:
        _check_directory_size(raw)
        try:
            self.zip = zipfile.ZipFile(io.BytesIO(raw))
            infos = self.zip.infolist()
        except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError) as e:
            raise BundleError(f"the upload is not a readable zip file ({e})") from None
        if len(infos) > MAX_ENTRIES:
            raise BundleError(f"the zip has {len(infos)} entries; at most {MAX_ENTRIES} are accepted")
        problems: list[str] = []
        self.entries: dict[str, zipfile.ZipInfo] = {}
        for info in infos:
            name = info.filename
            reason = _unsafe_name_reason(name)
            if reason is None and _is_symlink(info):
                reason = "is a symbolic link"
            if reason is None and info.flag_bits & 0x1:
                reason = "is encrypted"
            if reason is not None:
                problems.append(f'zip entry "{name}" {reason}; rejected')
                continue
            if info.is_dir():
                continue
            key = posixpath.normpath(name)
            if key in self.entries:
                problems.append(f'zip entry "{name}" appears more than once')
                continue
            self.entries[key] = info
        declared = sum(i.file_size for i in infos)
        if declared > MAX_UNCOMPRESSED_BYTES:
            problems.append(
                f"the zip unpacks to {declared:,} bytes; at most {MAX_UNCOMPRESSED_BYTES:,} are accepted"
            )
        if problems:
            raise _fail(problems)
        self.read_total = 0

    def read(self, name: str) -> bytes:
        info = self.entries[name]
        budget = MAX_UNCOMPRESSED_BYTES - self.read_total
        try:
            # Declared sizes can lie: the bound holds on what really comes out.
            data = read_entry(self.zip, info, budget, MAX_UNCOMPRESSED_BYTES)
        except RefusedEntryError as e:
            raise BundleError(f'zip entry "{info.filename}" {e}; rejected') from None
        except (zipfile.BadZipFile, NotImplementedError, OSError, EOFError, ValueError, zlib.error) as e:
            raise BundleError(f'zip entry "{info.filename}" cannot be read ({e})') from None
        self.read_total += len(data)
        return data


def _find(entries: Mapping[str, Any], filename: str) -> list[str]:
    return sorted(n for n in entries if posixpath.basename(n) == filename and not _JUNK.search(n))


def _near_miss(entries: Mapping[str, Any], filename: str) -> str:
    """What to say when no entry is called ``filename``: the entry meant, when one looks like it."""
    names = [n for n in entries if not n.endswith("/") and not _JUNK.search(n)]
    same = [n for n in names if posixpath.basename(n).lower() == filename]
    if same:
        return f'; it has "{same[0]}": names are case-sensitive, rename it to {filename}'
    by_name = {posixpath.basename(n): n for n in names}
    close = closest(filename, by_name)
    if close:
        return f'; did you mean "{by_name[close]}"? Rename it to {filename}'
    return ""


def _locate(archive: _Archive) -> tuple[str, str]:
    """(data.json's entry, template.pptx's entry): data.json may sit in a folder; the template beside it."""
    data_names = _find(archive.entries, DATA_NAME)
    if not data_names:
        hint = _near_miss(archive.entries, DATA_NAME)
        raise BundleError(
            f"the zip has no {DATA_NAME}{hint or f' (it needs {TEMPLATE_NAME} and {DATA_NAME})'}"
        )
    if len(data_names) > 1:
        raise BundleError(f"the zip has more than one {DATA_NAME}: {', '.join(data_names)}; keep one")
    folder = posixpath.dirname(data_names[0])
    beside = posixpath.join(folder, TEMPLATE_NAME) if folder else TEMPLATE_NAME
    if beside in archive.entries:
        return data_names[0], beside
    templates = _find(archive.entries, TEMPLATE_NAME)
    if len(templates) == 1:
        return data_names[0], templates[0]
    if not templates:
        hint = _near_miss(archive.entries, TEMPLATE_NAME)
        raise BundleError(
            f"the zip has no {TEMPLATE_NAME}{hint or f' (it needs {TEMPLATE_NAME} and {DATA_NAME})'}"
        )
    raise BundleError(
        f"the zip has several {TEMPLATE_NAME} and none beside {data_names[0]}: {', '.join(templates)}"
    )


def _media_hint(archive: _Archive, folder: str, src: str) -> str:
    """Did you mean: the zip entry the misspelt name means (case first), as data.json names it."""
    prefix = f"{folder}/" if folder else ""
    names = [n[len(prefix) :] for n in archive.entries if n.startswith(prefix) and not n.endswith("/")]
    same = [n for n in names if n.lower() == src.lower()]
    close = same[0] if same else closest(src, names)
    if close:
        return (
            f'; did you mean "{close}"? (names are case-sensitive)' if same else f'; did you mean "{close}"?'
        )
    if folder:
        return f' (paths are relative to "{folder}/", the folder of {DATA_NAME})'
    return ""


def _raw_bytes(source: bytes | str | Path) -> bytes:
    if isinstance(source, bytes | bytearray | memoryview):
        raw = bytes(source)
        if len(raw) > MAX_ZIP_BYTES:
            raise BundleError(
                f"the zip is {len(raw):,} bytes; at most {MAX_ZIP_BYTES:,} (50 MB) are accepted"
            )
        return raw
    path = Path(source)
    try:
        size = path.stat().st_size
        if size > MAX_ZIP_BYTES:
            raise BundleError(
                f"{path}: the zip is {size:,} bytes; at most {MAX_ZIP_BYTES:,} (50 MB) are accepted"
            )
        return path.read_bytes()
    except OSError as e:
        raise BundleError(f"{path}: cannot read the zip ({e.strerror or e})") from None


def read_bundle(source: bytes | str | Path) -> Bundle:
    """Read and check an input zip (bytes or a path).

    Raises BundleError for an unsafe or incomplete zip (listing every media problem at once) and
    DataError when data.json breaks the format.
    """
    archive = _Archive(_raw_bytes(source))
    data_name, template_name = _locate(archive)
    declared = archive.entries[data_name].file_size
    if declared > MAX_JSON_BYTES:  # refused before it is read (what is read stops at the declared size)
        raise DataError(
            [
                Problem(
                    "", f"{data_name} is {declared:,} bytes; at most {MAX_JSON_BYTES:,} (64 MiB) are accepted"
                )
            ]
        )
    try:
        data = parse_data(archive.read(data_name))
    except DataError as e:
        raise DataError(e.problems, summary=f"{data_name} has problems") from None
    template = archive.read(template_name)
    folder = posixpath.dirname(data_name)
    media: dict[str, bytes] = {}
    problems: list[str] = []
    templates = {ref.src for ref in template_references(data)}
    for ref in chain(media_references(data), template_references(data)):
        if ref.src in media:
            continue
        if ref.held is not None:  # checked when data.json was read
            media[ref.src] = ref.held
            continue
        entry = posixpath.normpath(posixpath.join(folder, ref.src)) if folder else ref.src
        if entry not in archive.entries:
            problems.append(
                f'{ref.path}: "{ref.src}" is not in the zip{_media_hint(archive, folder, ref.src)}'
            )
            continue
        content = archive.read(entry)
        # A template is checked when the renderer opens it, as the base is.
        wrong = mismatch(content, ref.src) if ref.src not in templates else None
        if wrong:
            problems.append(f'{ref.path}: "{ref.src}" {wrong}')
            continue
        media[ref.src] = content
    if problems:
        raise _fail(problems)
    return Bundle(template=template, data=data, media=media, data_path=data_name)


# -- writing ------------------------------------------------------------------------------


def write_bundle(
    template: bytes | str | Path,
    data: DeckData | dict[str, Any] | list[Any],
    media: Mapping[str, bytes] | None = None,
) -> bytes:
    """The input zip for a template, the data and the media it names (src -> bytes).

    data.json is written in the current form at the zip's root; each media file under its src.
    Raises BundleError when a file the data names is missing or is not what its name says.
    """
    template_bytes = template if isinstance(template, bytes) else Path(template).read_bytes()
    deck = parse_data(data) if not isinstance(data, DeckData) else data
    media = dict(media or {})
    problems: list[str] = []
    for ref in media_references(deck):
        if ref.held is not None:
            media.setdefault(ref.src, ref.held)
        if ref.src not in media:
            problems.append(
                f'{ref.path}: "{ref.src}" has no bytes: add the file (Deck.add_media) or use Image.from_path'
            )
        else:
            wrong = mismatch(media[ref.src], ref.src)
            if wrong:
                problems.append(f'{ref.path}: "{ref.src}" {wrong}')
    for ref in template_references(deck):
        if ref.src not in media:
            problems.append(
                f'{ref.path}: "{ref.src}" has no bytes: give the template (Deck(..., extra=...)) with the media'
            )
    if problems:
        raise _fail(problems)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        _add(archive, TEMPLATE_NAME, template_bytes, zipfile.ZIP_STORED)
        text = json.dumps(deck.to_json_dict(), ensure_ascii=False, indent=2) + "\n"
        _add(archive, DATA_NAME, text.encode("utf-8"), zipfile.ZIP_DEFLATED)
        for name in sorted(media):
            if name in (TEMPLATE_NAME, DATA_NAME) or _unsafe_name_reason(name):
                raise BundleError(f'media name "{name}" cannot be used in the zip')
            # Images and videos are compressed already; deflating them again gains nothing.
            _add(archive, name, media[name], zipfile.ZIP_STORED)
    return out.getvalue()


def _add(archive: zipfile.ZipFile, name: str, content: bytes, method: int) -> None:
    info = zipfile.ZipInfo(name, date_time=_FIXED_TIME)
    info.compress_type = method
    info.external_attr = 0o644 << 16
    archive.writestr(info, content)
