"""Write docs/cli.md from the CLI's own help, so the docs cannot drift (tests/api/test_cli_docs.py checks)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

DOC = Path(__file__).resolve().parents[1] / "docs" / "cli.md"


def cli_reference() -> str:
    from deckkit.cli import build_parser

    parser = build_parser()
    parser.prog = "deckkit"
    parts = [
        "# Command line reference",
        "",
        "Generated from `deckkit --help` by `scripts/cli_docs.py`; do not edit.",
        "",
    ]
    parts += ["```text", parser.format_help().rstrip(), "```", ""]
    verbs = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for name, sub in sorted(verbs.choices.items()):
        parts += [f"## deckkit {name}", "", "```text", sub.format_help().rstrip(), "```", ""]
    return "\n".join(parts)


if __name__ == "__main__":
    import os

    os.environ["COLUMNS"] = "100"
    DOC.write_text(cli_reference())
    print(f"wrote {DOC}", file=sys.stderr)
