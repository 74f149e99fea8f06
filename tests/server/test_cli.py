"""``deckkit token create|list|revoke`` and the ``deckkit-server`` entry point."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from deckkit.cli import main as deckkit_main
from deckkit_server.cli import main as server_main
from deckkit_server.clock import system_clock
from deckkit_server.store import open_store


def served(data: Path) -> str:
    """A data folder as ``deckkit serve`` leaves it: the verbs manage a server's store, never make one."""
    data.mkdir(parents=True, exist_ok=True)
    open_store(f"sqlite:///{data / 'deckkit.sqlite3'}").close()
    return str(data)


def test_token_create_list_revoke(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = served(tmp_path / "data")
    assert deckkit_main(["token", "--data-dir", data, "create", "--name", "ci"]) == 0
    token = re.search(r"^(dk_\S+)$", capsys.readouterr().out, flags=re.M)
    assert token
    store = open_store(f"sqlite:///{tmp_path / 'data' / 'deckkit.sqlite3'}")
    try:
        assert store.authenticate(token.group(1), system_clock()) is not None
        token_id = store.list_tokens()[0].id
        assert deckkit_main(["token", "--data-dir", data, "list"]) == 0
        listing = capsys.readouterr().out
        assert token_id in listing
        assert "ci" in listing
        assert token.group(1) not in listing
        assert server_main(["token", "--data-dir", data, "revoke", token_id]) == 0
        assert store.authenticate(token.group(1), system_clock()) is None
        assert server_main(["token", "--data-dir", data, "revoke", token_id]) == 1
        assert "no active token" in capsys.readouterr().err
    finally:
        store.close()


def test_token_create_for_unknown_account(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert deckkit_main(["token", "--data-dir", served(tmp_path), "create", "--account", "nope"]) == 1
    assert "no account nope" in capsys.readouterr().err


def test_serve_help_lists_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        deckkit_main(["serve", "--help"])
    out = capsys.readouterr().out
    assert "--port" in out
    assert "--data-dir" in out


def test_account_create_list_disable(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """issue 13: only the first account could be made; a team needs one per person, and to disable them."""
    data = served(tmp_path / "data")
    assert deckkit_main(["account", "--data-dir", data, "create", "Ada Lovelace", "--token"]) == 0
    out = capsys.readouterr().out
    account_id = re.search(r"^account ([0-9a-f]{32}) \(Ada Lovelace\)$", out, flags=re.M)
    token = re.search(r"^(dk_\S+)$", out, flags=re.M)
    assert account_id
    assert token
    assert deckkit_main(["token", "--data-dir", data, "create", "--account", account_id.group(1)]) == 0
    second = re.search(r"^(dk_\S+)$", capsys.readouterr().out, flags=re.M)
    assert second
    assert deckkit_main(["account", "--data-dir", data, "create", "Grace Hopper"]) == 0
    capsys.readouterr()
    assert deckkit_main(["account", "--data-dir", data, "list"]) == 0
    listing = capsys.readouterr().out
    assert account_id.group(1) in listing
    assert "Ada Lovelace" in listing
    assert "Grace Hopper" in listing
    store = open_store(f"sqlite:///{tmp_path / 'data' / 'deckkit.sqlite3'}")
    try:
        ada = store.authenticate(token.group(1), system_clock())
        assert ada is not None
        assert ada.id == account_id.group(1)
        assert server_main(["account", "--data-dir", data, "disable", account_id.group(1)]) == 0
        assert store.authenticate(token.group(1), system_clock()) is None
        assert store.authenticate(second.group(1), system_clock()) is None
        assert deckkit_main(["token", "--data-dir", data, "create", "--account", account_id.group(1)]) == 1
        assert "is disabled" in capsys.readouterr().err
        assert deckkit_main(["account", "--data-dir", data, "list"]) == 0
        ada_line = next(line for line in capsys.readouterr().out.splitlines() if "Ada" in line)
        assert not ada_line.rstrip().endswith("-")  # the disabled time is shown
        assert server_main(["account", "--data-dir", data, "disable", "nope"]) == 1
    finally:
        store.close()
