"""The ``%deckkit`` line magic: one verb per call, and every failure one line (never a traceback).

- ``%deckkit browse template.pptx``: the template browser;
- ``%deckkit keys template.pptx``: the keys of every slide, as a table;
- ``%deckkit skeleton template.pptx`` (``--python`` for ready-to-run SDK code): a skeleton;
- ``%deckkit validate data.json|input.zip``: every problem, or "valid";
- ``%deckkit preview out.pptx``: thumbnails of a deck (LibreOffice, or wireframes);
- ``%deckkit strict [on|off]``: deckkit warnings become errors (``deckkit.options.strict``).
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Any

from IPython.display import HTML, JSON, Code, Markdown

from deckkit.display.result import PptxPreview
from deckkit.errors import DeckkitError
from deckkit.options import options
from deckkit.template.inspect import Template
from deckkit.template.skeleton import python_skeleton
from deckkit.template.validate import validate_path

__all__ = ["MagicError", "deckkit_magic"]

USAGE = (
    "usage: %deckkit browse|keys|skeleton [--python] TEMPLATE.pptx | validate DATA.json|INPUT.zip"
    " | preview DECK.pptx | strict [on|off]"
)


class MagicError(DeckkitError):
    """A ``%deckkit`` line that cannot run (usage, a file that does not exist)."""


def deckkit_magic(line: str) -> Any:
    """Run one ``%deckkit`` command; return what the notebook should display (None after a failure).

    A failure prints one line on stderr (``deckkit: …``) instead of raising: a magic is typed
    by hand, and a stack trace would bury the one thing to fix.
    """
    try:
        return _run(shlex.split(line, comments=True))  # a notebook line may end in a # comment
    except (DeckkitError, OSError, ValueError) as error:
        print(one_line(error), file=sys.stderr)
        return None


def one_line(error: BaseException) -> str:
    """The message of a failure a user caused, without a traceback."""
    if isinstance(error, OSError) and error.filename is not None:
        return f"deckkit: {error.filename}: {error.strerror or error}"
    return f"deckkit: {error}"


def _run(words: list[str]) -> Any:
    if not words:
        raise MagicError(USAGE)
    verb, rest = words[0], words[1:]
    if verb == "strict":
        return _strict(rest)
    python = "--python" in rest
    rest = [w for w in rest if w != "--python"]
    if len(rest) != 1 or (python and verb != "skeleton"):
        raise MagicError(USAGE)
    path = rest[0]
    if verb == "browse":
        # The browser (and ipywidgets) loads when a browser is asked for, not with the magic.
        from deckkit.notebook.browser import browse

        return browse(_existing(path))
    if verb in ("keys", "skeleton"):
        template = Template.open(_existing(path))
        if verb == "keys":
            return HTML(template.keys_html())
        if python:
            return Code(python_skeleton(template, path), language="python")
        return JSON(template.skeleton(), expanded=True)
    if verb == "validate":
        return _validate(_existing(path))
    if verb == "preview":
        return PptxPreview(_existing(path))
    raise MagicError(f"unknown command {verb!r}; {USAGE}")


def _existing(path: str) -> Path:
    source = Path(path)
    if not source.is_file():
        raise MagicError(f"{path}: no such file")
    return source


def _strict(rest: list[str]) -> Any:
    if rest not in ([], ["on"], ["off"]):
        raise MagicError("usage: %deckkit strict [on|off]")
    options.strict = rest != ["off"]
    state = "on: deckkit warnings are errors" if options.strict else "off: deckkit warnings are warnings"
    return Markdown(f"deckkit strict mode {state}")


def _validate(source: Path) -> Any:
    report = validate_path(source)
    return Markdown(f"`{source}`: {report}")
