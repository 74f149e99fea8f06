"""The check of a part the package writes without having parsed it (copied byte for byte).

Parsed parts are checked when they are parsed (:func:`deckkit.ooxml.safexml.parse_xml`);
the others would reach the output unread. A DOCTYPE in an XML part, or in a part of an embedded
Office package (a chart's workbook), or an embedded package entry that zipfile cannot read within
bounds, is refused here with a TemplateError naming the template part, so that no output carries
what the readers reject. The search is a byte scan (parts are in memory already), so the check
costs little next to the compression that writing does anyway.
"""

from __future__ import annotations

import io
import zipfile
import zlib

from deckkit.errors import TemplateError
from deckkit.ooxml.safexml import doctype_refusal, has_doctype, parse_xml
from deckkit.safezip import RefusedEntryError, read_entry

__all__ = ["MAX_EMBEDDED_UNPACKED_BYTES", "check_unparsed_part"]

MAX_EMBEDDED_UNPACKED_BYTES = 100_000_000
"""An embedded Office package (a chart's workbook), all entries decompressed, as the check reads it."""

_EMBEDDED_SUFFIXES = (".xlsx", ".xlsm", ".docx", ".docm", ".pptx", ".pptm")
_MEDIA_TYPES = ("image/", "video/", "audio/")


def is_xml_part(name: str, content_type: str) -> bool:
    """A package part holding XML (an SVG picture is an image, not a part of the package's XML)."""
    if content_type.startswith(_MEDIA_TYPES):
        return False
    return name.endswith((".xml", ".rels")) or content_type.endswith("xml")


def check_unparsed_part(name: str, content_type: str, blob: bytes) -> None:
    """Raise TemplateError when the part, or an XML entry of an embedded package, has a DOCTYPE."""
    if is_xml_part(name, content_type):
        # Parsed whole (not only searched): a part that is not well-formed would be a success
        # that no reader opens. parse_xml refuses a DOCTYPE too.
        parse_xml(blob, name)
    elif name.lower().endswith(_EMBEDDED_SUFFIXES) and blob[:4] == b"PK\x03\x04":
        _check_embedded(name, blob)


def _check_embedded(name: str, blob: bytes) -> None:
    try:
        archive = zipfile.ZipFile(io.BytesIO(blob))
        infos = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, EOFError, ValueError):
        return  # not a package zipfile reads: the template's own, kept as it is and never opened
    read = 0
    for info in infos:
        if info.is_dir() or not is_xml_part(info.filename, ""):
            continue
        try:
            data = read_entry(archive, info, MAX_EMBEDDED_UNPACKED_BYTES - read, MAX_EMBEDDED_UNPACKED_BYTES)
        except RefusedEntryError as e:
            raise TemplateError(
                f"template.pptx cannot be used: entry {info.filename} of the embedded file {name} {e}"
            ) from None
        except (zipfile.BadZipFile, OSError, EOFError, ValueError, zlib.error):
            continue  # damaged: kept as it is, as above
        read += len(data)
        if has_doctype(data):
            raise doctype_refusal(f"{info.filename} of the embedded file {name}")
