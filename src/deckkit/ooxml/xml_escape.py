"""Text as XML character data, for the parts deckkit writes as text rather than through lxml."""

from __future__ import annotations

import re

__all__ = ["escape_text", "xml_safe"]

_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def escape_text(text: str) -> str:
    """Text as XML character data (``&``, ``<``, ``>`` escaped, as xml.sax.saxutils.escape does)."""
    # Not saxutils itself: importing it imports urllib.request, http.client and ssl.
    if "&" in text or "<" in text or ">" in text:
        return text.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")
    return text


def xml_safe(text: str) -> str:
    """Text without the control characters XML 1.0 cannot hold."""
    return _ILLEGAL.sub("", text)
