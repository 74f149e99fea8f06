"""The ``deckkit`` command line.

Each verb lives in its own module ``deckkit/cli/cmd_<verb>.py`` exposing
``register(subparsers)``; the parser is assembled from whatever verb modules exist, so a part
of deckkit adds its verb without touching this file. Verb modules import heavy packages inside
their run functions, so ``deckkit --help`` stays fast.
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

from deckkit.errors import DeckkitError
from deckkit.version import __version__

__all__ = ["build_parser", "console", "main"]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="deckkit",
        description="Fill a PowerPoint template with data, locally or through a deckkit server.",
    )
    parser.add_argument("--version", action="version", version=f"deckkit {__version__}")
    verbs = parser.add_subparsers(dest="command", metavar="COMMAND")
    names = sorted(m.name for m in pkgutil.iter_modules(__path__) if m.name.startswith("cmd_"))
    for name in names:
        importlib.import_module(f"{__name__}.{name}").register(verbs)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; exit status 0 on success, 1 when the input has problems, 2 on usage errors."""
    return _run(argv)[0]


def console() -> NoReturn:
    """The ``deckkit`` command and ``python -m deckkit``: :func:`main`, then the process ends.

    A verb that leaves nothing behind to close (it says so with ``ends_process=True`` in its
    defaults: render, validate, inspect, schema) ends the process as soon as stdout and stderr
    are flushed; the files it wrote are closed already. Tearing the interpreter down would free
    a render's objects one by one, a wait that nobody asked for. The server's verbs hold database connections and exit the ordinary way.
    Such a verb also starts with the allocator as a warm process has it (:mod:`._allocator`).
    """
    # Pydantic looks through every installed package's entry points for plugins before it builds
    # the data model's first validator (more, the more packages are installed). Its plugins
    # observe validation in long-running programs; the command's one validation needs none.
    # An explicit setting, even an empty one, is kept.
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    status, ends_process = _run(None, one_shot=True)
    if ends_process:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (BrokenPipeError, ValueError):  # a reader gone, or a stream a verb closed
                pass
            except OSError:  # a full disk under a redirect: fail as Python's own exit would
                status = status or 120
        os._exit(status)
    raise SystemExit(status)


def _run(argv: Sequence[str] | None, *, one_shot: bool = False) -> tuple[int, bool]:
    """(exit status, whether the verb may end the process at once).

    ``one_shot``: the process is the command's alone (``console``), and a verb that ends it
    may set the allocator up for its single run (:mod:`deckkit.cli._allocator`).
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        parser.print_help()
        return 2, False
    ends_process = bool(getattr(args, "ends_process", False))
    if one_shot and ends_process:
        # ctypes and libc load only for a verb that renders and then ends the process.
        from deckkit.cli._allocator import warm_allocator

        warm_allocator()
    return _status(args), ends_process


def _work(args: argparse.Namespace) -> Callable[[argparse.Namespace], int]:
    """The verb's ``run``: a function, or ``"module:function"`` naming where the verb's work lives.

    A verb whose work needs a heavier layer (the diff needs the OOXML library and the displays)
    names it, and the module loads when the verb runs, its imports at its top: ``deckkit --help``
    loads none of it, as :mod:`deckkit.cli._server_verb` does for the server's verbs.
    """
    run = args.run
    if isinstance(run, str):
        module, _, name = run.partition(":")
        found: Callable[[argparse.Namespace], int] = getattr(importlib.import_module(module), name)
        return found
    named: Callable[[argparse.Namespace], int] = run
    return named


def _status(args: argparse.Namespace) -> int:
    try:
        status: int = _work(args)(args)
    except DeckkitError as error:
        print(f"deckkit: {error}", file=sys.stderr)
        return 1
    except OSError as error:
        if isinstance(error, BrokenPipeError):
            return _reader_went_away()
        # A file that does not exist or cannot be read: the user's input, not a bug.
        where = f"{error.filename}: " if error.filename is not None else ""
        print(f"deckkit: {where}{error.strerror or error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    try:
        sys.stdout.flush()  # a pipe closed early shows here, not at interpreter exit
    except BrokenPipeError:
        return _reader_went_away()
    return status


def _reader_went_away() -> int:
    """``deckkit inspect --skeleton t.pptx | head``: the reader stopped; that is not an error.

    Python would report the pipe at exit when flushing stdout again, so stdout is pointed at
    devnull first (the recipe of the Python docs, "Note on SIGPIPE").
    """
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)
    return 0


if __name__ == "__main__":
    console()
