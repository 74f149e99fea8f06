"""ISO/IEC 29500 Strict packages, read as Transitional.

Strict differs from Transitional (the form PowerPoint saves by default, and the one the
renderer writes) in its namespace and relationship-type URIs; the markup inside is the same
vocabulary. Strict value forms that Transitional also accepts (percentages such as ``50%``)
need no change. So a Strict package is read by translating the URIs of every XML part as it is
read, and written as a Transitional package.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["STRICT_RELATIONSHIPS", "is_strict_relationship", "to_transitional"]

STRICT_RELATIONSHIPS: Final = "http://purl.oclc.org/ooxml/officeDocument/relationships"

_EXACT: Final = (
    (
        b"http://purl.oclc.org/ooxml/officeDocument/relationships/extendedProperties",
        b"http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties",
    ),
    (
        b"http://purl.oclc.org/ooxml/officeDocument/relationships/customProperties",
        b"http://schemas.openxmlformats.org/officeDocument/2006/relationships/custom-properties",
    ),
    (
        b"http://purl.oclc.org/ooxml/officeDocument/relationships/metadata/thumbnail",
        b"http://schemas.openxmlformats.org/package/2006/relationships/metadata/thumbnail",
    ),
    (
        b"http://purl.oclc.org/ooxml/officeDocument/relationships/metadata/core-properties",
        b"http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties",
    ),
    (
        b"http://purl.oclc.org/ooxml/officeDocument/relationships",
        b"http://schemas.openxmlformats.org/officeDocument/2006/relationships",
    ),
    (
        b"http://purl.oclc.org/ooxml/officeDocument/extendedProperties",
        b"http://schemas.openxmlformats.org/officeDocument/2006/extended-properties",
    ),
    (
        b"http://purl.oclc.org/ooxml/officeDocument/customProperties",
        b"http://schemas.openxmlformats.org/officeDocument/2006/custom-properties",
    ),
    (
        b"http://purl.oclc.org/ooxml/officeDocument/",
        b"http://schemas.openxmlformats.org/officeDocument/2006/",
    ),
)
# drawingml/main, drawingml/chart, presentationml/main, spreadsheetml/main ...
_VOCABULARY: Final = re.compile(
    rb"http://purl\.oclc\.org/ooxml/(drawingml|presentationml|spreadsheetml|wordprocessingml)/"
)
_CONFORMANCE: Final = re.compile(rb'\s+conformance="strict"')


def is_strict_relationship(reltype: str) -> bool:
    return reltype.startswith(STRICT_RELATIONSHIPS)


def to_transitional(xml: bytes) -> bytes:
    """The XML of a Strict part with Transitional namespace and relationship-type URIs."""
    if b"purl.oclc.org/ooxml" not in xml:
        return xml
    for strict, transitional in _EXACT:
        xml = xml.replace(strict, transitional)
    xml = _VOCABULARY.sub(rb"http://schemas.openxmlformats.org/\1/2006/", xml)
    return _CONFORMANCE.sub(b"", xml, count=1)
