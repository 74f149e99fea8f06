"""``deckkit serve``: run the session API server (needs the ``server`` extra)."""

from __future__ import annotations

import argparse
from typing import Any

__all__ = ["register"]


def register(subparsers: Any) -> None:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "serve",
        help="run the session API server",
        description="Run the deckkit session API server on this machine.",
    )
    try:
        from deckkit_server.cli import add_serve_arguments
    except ImportError:  # the server package is not installed
        parser.set_defaults(run=_missing)
        return
    add_serve_arguments(parser)
    parser.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    from deckkit_server.cli import run_serve

    return run_serve(args)


def _missing(args: argparse.Namespace) -> int:
    from deckkit.errors import DeckkitError

    raise DeckkitError("the server is not installed: pip install 'deckkit[server]'")
