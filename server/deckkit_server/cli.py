"""``deckkit-server`` (and ``deckkit serve`` / ``token`` / ``account``): the verbs' arguments.

``deckkit --help`` imports this module to list the verbs' arguments, so it imports nothing of the
server; what each verb does lives in :mod:`deckkit_server.verbs`, loaded when one runs.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from deckkit.errors import DeckkitError

__all__ = ["add_account_arguments", "add_serve_arguments", "add_token_arguments", "main"]


def add_serve_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", help="interface to listen on (DECKKIT_HOST, default 127.0.0.1)")
    parser.add_argument("--port", type=int, help="port to listen on (DECKKIT_PORT, default 8000)")
    parser.add_argument(
        "--data-dir", type=Path, help="data folder (DECKKIT_DATA_DIR, default ./deckkit-data)"
    )
    parser.add_argument("--workers", type=int, help="server processes (DECKKIT_WORKERS, default 1)")
    parser.add_argument("--log-level", default="info", help="uvicorn log level (default info)")


def add_token_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--data-dir", type=Path, help="data folder (DECKKIT_DATA_DIR, default ./deckkit-data)"
    )
    actions = parser.add_subparsers(dest="token_action", metavar="ACTION", required=True)
    create = actions.add_parser("create", help="create an API token (shown once)")
    create.add_argument("--name", default="token", help="a name to recognise the token by")
    create.add_argument("--account", help="account id (default: the first account; created if none)")
    actions.add_parser("list", help="list tokens (never their secret)")
    revoke = actions.add_parser("revoke", help="revoke a token by id")
    revoke.add_argument("token_id", help="the id shown by 'deckkit token list'")


def add_account_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--data-dir", type=Path, help="data folder (DECKKIT_DATA_DIR, default ./deckkit-data)"
    )
    actions = parser.add_subparsers(dest="account_action", metavar="ACTION", required=True)
    create = actions.add_parser("create", help="create an account (and, with --token, its first API token)")
    create.add_argument("name", help="a name to recognise the account by (a person or a team)")
    create.add_argument("--token", action="store_true", help="also create an API token for it (shown once)")
    actions.add_parser("list", help="list accounts")
    disable = actions.add_parser(
        "disable", help="disable an account: its tokens and console sign-ins stop at once"
    )
    disable.add_argument("account_id", help="the id shown by 'deckkit account list'")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="deckkit-server", description="The deckkit session API server.")
    verbs = parser.add_subparsers(dest="verb", metavar="COMMAND")
    add_serve_arguments(verbs.add_parser("serve", help="run the server (the default)"))
    add_token_arguments(verbs.add_parser("token", help="create, list and revoke API tokens"))
    add_account_arguments(verbs.add_parser("account", help="create, list and disable accounts"))
    arguments = list(sys.argv[1:] if argv is None else argv)
    if not arguments or (arguments[0].startswith("-") and arguments[0] not in {"-h", "--help"}):
        arguments.insert(0, "serve")
    args = parser.parse_args(arguments)

    # Loaded when a verb runs: the server, its store and uvicorn are not needed to parse arguments.
    from deckkit_server import verbs as run

    try:
        runs = {"serve": run.run_serve, "token": run.run_token, "account": run.run_account}
        return runs[args.verb](args)
    except DeckkitError as error:
        print(f"deckkit-server: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
