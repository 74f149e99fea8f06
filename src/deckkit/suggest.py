"""The "did you mean" of every message: the closest of some names to a misspelt one.

difflib is imported on the first misspelling, not with the data model and the renderer that
name it: a command that never meets one never pays for it.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["closest"]


def closest(word: str, names: Iterable[str], cutoff: float = 0.6) -> str | None:
    """The name most like ``word`` (difflib's ratio of at least ``cutoff``), or None."""
    import difflib  # on the first misspelling (see above)

    matches = difflib.get_close_matches(word, list(names), n=1, cutoff=cutoff)
    return matches[0] if matches else None
