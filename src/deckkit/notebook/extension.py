"""``%load_ext deckkit``: the ``%deckkit`` magic (deckkit.notebook.magic) and clean errors.

With the extension loaded, a DeckkitError raised in a cell shows its message as a list of
problems, each with its path, instead of a stack trace: it is the user's input speaking, not a
bug.
"""

from __future__ import annotations

from typing import Any

from IPython.display import display

from deckkit.display.html import esc, problems_html
from deckkit.errors import DeckkitError
from deckkit.notebook.magic import deckkit_magic

__all__ = ["ErrorDisplay", "load_ipython_extension", "unload_ipython_extension"]


class ErrorDisplay:
    """A deckkit error as a notebook shows it: a red list of problems with paths (text: one per line)."""

    def __init__(self, error: BaseException) -> None:
        self.error = error

    def __repr__(self) -> str:
        return f"{type(self.error).__name__}: {self.error}"

    def _repr_html_(self) -> str:
        problems = getattr(self.error, "problems", ())
        name = type(self.error).__name__
        if len(problems) > 1:
            summary = getattr(self.error, "summary", None) or f"{len(problems)} problems"
            return problems_html(problems, heading="problems", color="#a94442").replace(
                f"<b>{len(problems)} problems</b>", f"<b>{esc(name)}: {esc(summary)}</b>", 1
            )
        return f'<div style="color:#a94442"><b>{esc(name)}</b>: {esc(self.error)}</div>'


def _show_deckkit_error(
    shell: Any, etype: type[BaseException], value: BaseException, tb: Any, tb_offset: int | None = None
) -> None:
    display(ErrorDisplay(value))


def load_ipython_extension(ipython: Any) -> None:
    """Called by ``%load_ext deckkit``."""
    ipython.register_magic_function(deckkit_magic, magic_kind="line", magic_name="deckkit")
    ipython.set_custom_exc((DeckkitError,), _show_deckkit_error)


def unload_ipython_extension(ipython: Any) -> None:
    ipython.set_custom_exc((), None)
