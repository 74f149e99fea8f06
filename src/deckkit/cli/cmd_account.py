"""``deckkit account create|list|disable``: manage the server's accounts (operator commands)."""

from __future__ import annotations

import argparse
from typing import Any

__all__ = ["register"]


def register(subparsers: Any) -> None:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "account", help="create, list and disable accounts of the local server",
        description="Manage accounts in the server's store (DECKKIT_DATABASE_URL or the data folder).",
    )  # fmt: skip
    try:
        from deckkit_server.cli import add_account_arguments
    except ImportError:
        parser.set_defaults(run=_missing)
        return
    add_account_arguments(parser)
    parser.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    from deckkit_server.cli import run_account

    return run_account(args)


def _missing(args: argparse.Namespace) -> int:
    from deckkit.errors import DeckkitError

    raise DeckkitError("the server is not installed: pip install 'deckkit[server]'")
