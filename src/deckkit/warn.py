"""Give a deckkit warning at the user's own line, or raise it when ``deckkit.options.strict`` is on.

``warnings.warn(stacklevel=N)`` with a fixed N points at whichever deckkit function happens to
be N frames up, which changes with every refactoring and with the route a call takes
(``Table.from_dataframe`` or ``table_from_dataframe``). Here the level is counted: the frames
inside the deckkit package are walked out of, so the warning names the notebook cell or script
line that called deckkit.
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Sequence

from deckkit.errors import (
    DataError,
    DeckkitWarning,
    DroppedLinkWarning,
    DummyDataWarning,
    ExternalLinkWarning,
    OffSlideWarning,
    OverlapWarning,
    Problem,
    RenderError,
    RenderWarning,
    TextOverflowWarning,
    UnfilledPlaceholderWarning,
    UnusedKeyWarning,
    WarningKind,
)
from deckkit.options import options

__all__ = [
    "MAX_RENDER_WARNINGS",
    "problem_from_wire",
    "render_warning_category",
    "user_stacklevel",
    "warn",
    "warn_render",
    "warning_code",
]

_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__)) + os.sep

MAX_RENDER_WARNINGS = 10
"""Render warnings given one by one; more are summed up in one last warning (result.warnings has all)."""


def _inside_deckkit(filename: str) -> bool:
    return os.path.abspath(filename).startswith(_PACKAGE_DIR)


def user_stacklevel() -> int:
    """The ``stacklevel`` that makes ``warnings.warn``, called by our caller, name the first frame
    outside the deckkit package (1 would be the caller of ``warnings.warn`` itself)."""
    frame = sys._getframe(1)  # whoever called user_stacklevel(): the frame that calls warnings.warn
    level = 1
    while frame is not None and _inside_deckkit(frame.f_code.co_filename):
        frame = frame.f_back  # type: ignore[assignment]
        level += 1
    return level


def warn(problem: Problem | str, category: type[DeckkitWarning]) -> None:
    """Warn at the user's line; in strict mode raise the matching error instead."""
    problem = problem if isinstance(problem, Problem) else Problem("", problem)
    if options.strict:
        error = RenderError if issubclass(category, RenderWarning) else DataError
        raise error(
            [Problem(problem.path, f"{problem.message} (an error because deckkit.options.strict is on)")]
        )
    warning = category(str(problem))
    warning.problem = problem
    warnings.warn(warning, stacklevel=user_stacklevel())


# The class of each kind of renderer warning (Problem.kind, set where the renderer makes it).
_CATEGORY: dict[WarningKind, type[RenderWarning]] = {
    "unused key": UnusedKeyWarning,
    "unfilled placeholder": UnfilledPlaceholderWarning,
    "dummy data": DummyDataWarning,
    "off slide": OffSlideWarning,
    "overlap": OverlapWarning,
    "text overflow": TextOverflowWarning,
    "dropped link": DroppedLinkWarning,
    "external link": ExternalLinkWarning,
}


def render_warning_category(problem: Problem) -> type[RenderWarning]:
    """Which RenderWarning a renderer warning is, by the kind the renderer gave it."""
    return _CATEGORY.get(problem.kind, RenderWarning)


# A warning's code on the wire (the service's ``render_warnings``): its kind in one word.
_CODES: dict[WarningKind, str] = {kind: kind.replace(" ", "_") for kind in _CATEGORY}
_KINDS: dict[str, WarningKind] = {code: kind for kind, code in _CODES.items()}
GENERIC_CODE = "render_warning"


def warning_code(problem: Problem) -> str:
    """The code of a renderer warning (``unused_key``, ``off_slide``, ...; ``render_warning``
    for a warning of no particular kind)."""
    return _CODES.get(problem.kind, GENERIC_CODE)


def problem_from_wire(code: str, path: str, message: str) -> Problem:
    """The Problem a ``{"code", "path", "message"}`` of the service stands for (an unknown code,
    from a newer server, is a warning of no particular kind)."""
    return Problem(path, message, _KINDS.get(code, ""))


def warn_render(problems: Sequence[Problem]) -> None:
    """The warnings of a finished render, each at the user's line (at most MAX_RENDER_WARNINGS)."""
    level = user_stacklevel()
    for problem in problems[:MAX_RENDER_WARNINGS]:
        warning = render_warning_category(problem)(str(problem))
        warning.problem = problem
        warnings.warn(warning, stacklevel=level)
    more = len(problems) - MAX_RENDER_WARNINGS
    if more > 0:
        warnings.warn(
            RenderWarning(f"… and {more} more render warnings (result.warnings lists them all)"),
            stacklevel=level,
        )
