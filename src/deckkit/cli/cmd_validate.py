"""``deckkit validate INPUT``: check an input zip or a data.json; every problem, one per line.

An input zip is checked against its own template.pptx by the renderer's plan (slide numbers,
keys, kinds of value, tables, charts, media), writing nothing; a data.json alone is checked
against the format, or against ``--template``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from deckkit.errors import BundleError


def register(verbs: Any) -> None:
    parser: argparse.ArgumentParser = verbs.add_parser(
        "validate",
        help="check an input zip (or a data.json) against the format and the template",
        description=(
            "Check an input zip (template.pptx, data.json, media) against its template as a render "
            "would, or a data.json alone against the format (or against --template). Prints every "
            "problem with its path and exits 1 when there is one, 0 when the input would render; "
            "warnings (keys the template lacks, placeholders left unfilled, text or tables that "
            "leave the slide) are counted and listed, and with --strict they exit 1 too."
        ),
    )
    parser.add_argument(
        "--strict", action="store_true", help="exit 1 when there are warnings too, as render --strict fails"
    )
    parser.add_argument("input", help="path of the input zip or of data.json")
    parser.add_argument("--template", help="for a data.json: the template.pptx to check it against")
    parser.set_defaults(run=run, ends_process=True)


def run(args: argparse.Namespace) -> int:
    # The renderer's plan loads when this verb runs, not for ``deckkit --help``.
    from deckkit.template.validate import validate_path

    path = Path(args.input)
    if not path.is_file():
        print(f"deckkit: {path}: no such file", file=sys.stderr)
        return 1
    if args.template is not None and not Path(args.template).is_file():
        print(f"deckkit: {args.template}: no such file", file=sys.stderr)
        return 1
    try:
        report = validate_path(path, template=args.template)
    except BundleError as error:
        print(f"{path}: {error}", file=sys.stderr)
        return 1
    if report.problems:
        print(f"{path}: {report.headline()}", file=sys.stderr)
        for problem in report.problems:
            print(f"  {problem}", file=sys.stderr)
        return 1
    print(f"{report.what}: {report.headline()}")
    for warning in report.warnings:
        print(f"  warning: {warning}", file=sys.stderr)
    return 1 if args.strict and report.warnings else 0
