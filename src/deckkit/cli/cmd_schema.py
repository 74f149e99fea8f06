"""``deckkit schema``: the JSON Schema (draft 2020-12) of data.json."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any


def register(verbs: Any) -> None:
    parser: argparse.ArgumentParser = verbs.add_parser(
        "schema",
        help="print the JSON Schema of data.json",
        description="Print the JSON Schema (draft 2020-12) of data.json, for editors and other validators.",
    )
    parser.add_argument("--indent", type=int, default=2, help="indentation of the JSON (default: 2)")
    parser.set_defaults(run=run, ends_process=True)


def run(args: argparse.Namespace) -> int:
    # The data model (pydantic) loads when this verb runs, not for ``deckkit --help``.
    from deckkit.model.schema import data_json_schema

    try:
        print(json.dumps(data_json_schema(), indent=args.indent or None, ensure_ascii=False))
    except BrokenPipeError:  # `deckkit schema | head`: the reader has what it wanted
        sys.stderr.close()
    return 0
