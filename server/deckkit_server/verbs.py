"""What the server's verbs do: ``deckkit serve``, ``deckkit token``, ``deckkit account``.

Their arguments are declared in :mod:`deckkit_server.cli`, which ``deckkit --help`` imports; this
module is loaded only when a verb runs, so it imports what the verbs need at the top.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import uvicorn

from deckkit.errors import DeckkitError
from deckkit_server.app import create_app
from deckkit_server.bootstrap import ensure_first_account
from deckkit_server.clock import format_timestamp, system_clock
from deckkit_server.serving import startup_warnings, uvicorn_config
from deckkit_server.settings import Settings, load_settings
from deckkit_server.store import Account, Store, open_store
from deckkit_server.supervisor import AddressInUseError, claim_port, run_workers

__all__ = ["run_account", "run_serve", "run_token"]


def _settings(args: argparse.Namespace) -> Settings:
    return load_settings(
        data_dir=getattr(args, "data_dir", None),
        host=getattr(args, "host", None),
        port=getattr(args, "port", None),
        workers=getattr(args, "workers", None),
    )


def run_serve(args: argparse.Namespace) -> int:
    settings = _settings(args)
    _check_port(settings)  # before the address is printed: a taken port must not look like a start
    store = open_store(settings.resolved_database_url)
    try:
        token = ensure_first_account(store, system_clock)
    finally:
        store.close()
    base_url = settings.public_url or f"http://{settings.host}:{settings.port}"
    print(f"deckkit server: {base_url}  (console: {base_url}/console)", flush=True)
    for warning in startup_warnings(settings):
        print(f"deckkit server: warning: {warning}", file=sys.stderr, flush=True)
    if token:
        print(f"API token (shown once, keep it): {token}", flush=True)
    if settings.workers > 1:
        try:
            return run_workers(settings, log_level=args.log_level)
        except AddressInUseError as error:
            print(f"deckkit server: {error}", file=sys.stderr, flush=True)
            return 1
    else:
        uvicorn.Server(uvicorn_config(create_app(settings), settings, log_level=args.log_level)).run()
    return 0


def _check_port(settings: Settings) -> None:
    if settings.port == 0:  # any free port: nothing to check
        return
    try:
        claim_port(settings.host, settings.port)
    except AddressInUseError as error:
        other = settings.port + 1
        raise DeckkitError(
            f"{error}: another server (an earlier deckkit serve?) listens there. Stop it, or start "
            f"this one on another port: deckkit serve --port {other} (or ./dev serve --port {other}, "
            "or DECKKIT_PORT)"
        ) from None


def _time(micros: int | None) -> str:
    return format_timestamp(micros) or "-"


_STORE_FILE = "deckkit.sqlite3"


def _server_database_url(args: argparse.Namespace) -> str:
    """The store of the server these verbs manage, found, never made.

    DECKKIT_DATABASE_URL names it outright; ``--data-dir`` (or DECKKIT_DATA_DIR) names the data
    folder whose SQLite file ``deckkit serve`` created. Otherwise the default data folder is looked
    for here and in every folder above, as git looks for ``.git``, so that the verbs work anywhere
    inside the folder the server runs in. Creating a store is ``deckkit serve``'s first start: a
    token put into a new, empty store would be one the running server refuses.
    """

    settings = _settings(args)
    if settings.database_url:
        return settings.resolved_database_url
    explicit = getattr(args, "data_dir", None) or os.environ.get("DECKKIT_DATA_DIR")
    if explicit:
        folder = Path(explicit).resolve()
        if (folder / _STORE_FILE).is_file():
            return settings.resolved_database_url
        raise DeckkitError(
            f"no deckkit server store in {folder} (no {_STORE_FILE} there): give the data folder "
            f"'deckkit serve' uses (its first start creates the store: deckkit serve --data-dir {explicit})"
        )
    here = Path.cwd().resolve()
    looked = []
    for folder in (here, *here.parents):
        candidate = folder / settings.data_dir
        looked.append(str(candidate))
        if (candidate / _STORE_FILE).is_file():
            return f"sqlite:///{candidate / _STORE_FILE}"
    shown = "\n  ".join(looked[:6] + (["..."] if len(looked) > 6 else []))
    raise DeckkitError(
        f"found no deckkit server store: looked for {settings.data_dir}/{_STORE_FILE} in\n  {shown}\n"
        "Run this in the folder where 'deckkit serve' (or ./dev serve) runs, or name the server's "
        "store: --data-dir FOLDER, DECKKIT_DATA_DIR or DECKKIT_DATABASE_URL, as the server has them"
    )


@contextmanager
def _open_store(args: argparse.Namespace) -> Iterator[Store]:
    """The server's store (see ``_server_database_url``), closed afterwards."""

    store = open_store(_server_database_url(args))
    try:
        yield store
    finally:
        store.close()


def run_token(args: argparse.Namespace) -> int:
    with _open_store(args) as store:
        if args.token_action == "create":
            account_id = args.account
            if account_id is None:
                accounts = store.list_accounts()
                account_id = (
                    accounts[0].id if accounts else store.create_account("default", system_clock()).id
                )
            elif store.get_account(account_id) is None:
                print(f"deckkit: no account {account_id}", file=sys.stderr)
                return 1
            if (store.get_account(account_id) or Account("", "", 0)).disabled_at is not None:
                print(f"deckkit: account {account_id} is disabled", file=sys.stderr)
                return 1
            record, token = store.create_token(account_id, args.name, system_clock())
            print(f"token id {record.id} for account {account_id} (the token is shown once):")
            print(token)
        elif args.token_action == "list":
            print(f"{'id':16}  {'account':32}  {'name':20}  {'created':27}  {'last used':27}  revoked")
            for t in store.list_tokens():
                print(
                    f"{t.id:16}  {t.account_id:32}  {t.name[:20]:20}  {_time(t.created_at):27}  "
                    f"{_time(t.last_used_at):27}  {_time(t.revoked_at)}"
                )
        else:
            if not store.revoke_token(args.token_id, system_clock()):
                print(f"deckkit: no active token {args.token_id}", file=sys.stderr)
                return 1
            print(f"revoked {args.token_id}")
    return 0


def run_account(args: argparse.Namespace) -> int:
    with _open_store(args) as store:
        if args.account_action == "create":
            name = args.name.strip()[:200]
            if not name:
                print("deckkit: an account needs a name", file=sys.stderr)
                return 1
            account = store.create_account(name, system_clock())
            print(f"account {account.id} ({name})")
            if args.token:
                record, token = store.create_token(account.id, "first token", system_clock())
                print(f"token id {record.id} (the token is shown once):")
                print(token)
            else:
                print(f"create its tokens with: deckkit token create --account {account.id} --name NAME")
        elif args.account_action == "list":
            print(f"{'id':32}  {'name':24}  {'created':27}  disabled")
            for a in store.list_accounts():
                print(f"{a.id:32}  {a.name[:24]:24}  {_time(a.created_at):27}  {_time(a.disabled_at)}")
        else:
            token_ids = store.disable_account(args.account_id, system_clock())
            if token_ids is None:
                print(f"deckkit: no account {args.account_id}", file=sys.stderr)
                return 1
            print(
                f"disabled {args.account_id}: its {len(token_ids)} tokens and its console sign-ins no longer work"
            )
    return 0
