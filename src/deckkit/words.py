"""A count with its noun in the right number: "1 slide", "2 slides", "0 media files"."""

from __future__ import annotations

__all__ = ["counted"]


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``counted(1, "slide")`` is "1 slide"; ``counted(3, "media file")`` is "3 media files"."""
    return f"{n:,} {noun if n == 1 else plural or noun + 's'}"
