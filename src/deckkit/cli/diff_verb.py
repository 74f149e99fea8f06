"""The work of ``deckkit diff`` (its arguments are :mod:`deckkit.cli.cmd_diff`'s)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from deckkit.compare import diff
from deckkit.display.diff import diff_page
from deckkit.errors import DeckkitError

__all__ = ["run"]


def run(args: argparse.Namespace) -> int:
    """0 when the decks are the same, 1 when they differ, 2 when one cannot be read or written."""
    try:
        result = diff(Path(args.old), Path(args.new))
        if args.html:
            Path(args.html).write_text(diff_page(result), encoding="utf-8")
    except (DeckkitError, OSError) as error:
        where = f"{error.filename}: " if isinstance(error, OSError) and error.filename else ""
        text = error.strerror if isinstance(error, OSError) and error.strerror else error
        print(f"deckkit: {where}{text}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result.to_json(), ensure_ascii=False, indent=2))
    else:
        print(result.summary())
    if args.html:
        print(f"wrote {args.html}", file=sys.stderr)
    return 0 if result.identical else 1
