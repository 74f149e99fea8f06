"""``%load_ext deckkit``: the ``%deckkit`` magic and clean display of deckkit errors.

- ``%deckkit browse template.pptx``: the template browser;
- ``%deckkit keys template.pptx``: the keys of every slide, as a table;
- ``%deckkit skeleton template.pptx``: a data.json skeleton for the template;
- ``%deckkit validate data.json|input.zip``: every problem, or "valid".

With the extension loaded, a DeckkitError raised in a cell shows its message (every problem with
its path) instead of a stack trace.
"""

from __future__ import annotations

import shlex
from typing import Any

from deckkit.errors import DeckkitError

__all__ = ["load_ipython_extension", "unload_ipython_extension"]

_USAGE = "usage: %deckkit browse|keys|skeleton TEMPLATE.pptx  or  %deckkit validate DATA.json|INPUT.zip"


def deckkit_magic(line: str) -> Any:
    """Run one ``%deckkit`` command and return what the notebook should display."""
    words = shlex.split(line)
    if len(words) != 2:
        return _usage()
    verb, path = words
    if verb == "browse":
        from deckkit.notebook.browser import browse

        return browse(path)
    if verb in ("keys", "skeleton"):
        from deckkit.inspect import Template

        template = Template.open(path)
        if verb == "keys":
            return template
        from IPython.core.display import JSON

        return JSON(template.skeleton(), expanded=True)
    if verb == "validate":
        return _validate(path)
    return _usage()


def _usage() -> Any:
    from IPython.core.display import Markdown

    return Markdown(f"`{_USAGE}`")


def _validate(path: str) -> Any:
    from pathlib import Path

    from IPython.core.display import Markdown

    from deckkit.model import parse_data

    source = Path(path)
    if source.suffix.lower() == ".zip":
        from deckkit.bundle import read_bundle

        read_bundle(source.read_bytes())
    else:
        parse_data(source.read_bytes())
    return Markdown(f"`{path}`: valid")


def _show_deckkit_error(shell: Any, etype: type[BaseException], value: BaseException, tb: Any,
                        tb_offset: int | None = None) -> None:  # fmt: skip
    # A deckkit error is the user's input speaking, not a bug: show the message, not the frames.
    import sys

    print(f"{etype.__name__}: {value}", file=sys.stderr)


def load_ipython_extension(ipython: Any) -> None:
    """Called by ``%load_ext deckkit``."""
    ipython.register_magic_function(deckkit_magic, magic_kind="line", magic_name="deckkit")
    ipython.set_custom_exc((DeckkitError,), _show_deckkit_error)


def unload_ipython_extension(ipython: Any) -> None:
    ipython.set_custom_exc((), None)
