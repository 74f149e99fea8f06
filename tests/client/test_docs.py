"""docs/client.md names only options the command line has (its examples run in tests/docs)."""

from __future__ import annotations

import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "client.md"


def test_cli_options_named_in_the_docs_exist() -> None:
    from deckkit.cli import build_parser

    section = DOC.read_text(encoding="utf-8").split("## The command line", 1)[1]
    named = set(re.findall(r"--[a-z][a-z-]+", section))
    assert named >= {"--remote", "--base-url", "--token"}
    render = build_parser()._subparsers._group_actions[0].choices["render"]  # type: ignore[union-attr]
    known = {option for action in render._actions for option in action.option_strings}
    assert named <= known
