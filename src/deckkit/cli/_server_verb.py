"""The verbs the server package provides (serve, token, account): one way to register them.

Each is declared by the ``deckkit`` CLI so that ``deckkit --help`` lists it, but its arguments
come from ``deckkit_server.cli`` (``add_<verb>_arguments``, light) and its work from
``deckkit_server.verbs`` (``run_<verb>``, loaded when the verb runs). Without the ``server`` extra
the verb is still listed and says how to install it.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable
from typing import Any

from deckkit.errors import DeckkitError

__all__ = ["register_server_verb"]


def register_server_verb(subparsers: Any, verb: str, *, help: str, description: str) -> None:
    parser: argparse.ArgumentParser = subparsers.add_parser(verb, help=help, description=description)
    try:
        server_cli = importlib.import_module("deckkit_server.cli")
    except ImportError:  # the server package is not installed
        parser.set_defaults(run=_missing)
        return
    getattr(server_cli, f"add_{verb}_arguments")(parser)
    parser.set_defaults(run=_runner(verb))


def _runner(verb: str) -> Callable[[argparse.Namespace], int]:
    def run(args: argparse.Namespace) -> int:
        server_cli = importlib.import_module("deckkit_server.verbs")
        result: int = getattr(server_cli, f"run_{verb}")(args)
        return result

    return run


def _missing(args: argparse.Namespace) -> int:
    raise DeckkitError("the server is not installed: pip install 'deckkit[server]'")
