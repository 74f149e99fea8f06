"""``deckkit validate INPUT``: check an input zip or a data.json; every problem, one per line."""

from __future__ import annotations

import argparse
import sys
import zipfile
from pathlib import Path
from typing import Any

from deckkit.errors import BundleError, DataError


def register(verbs: Any) -> None:
    parser: argparse.ArgumentParser = verbs.add_parser(
        "validate",
        help="check an input zip or a data.json against the format",
        description=(
            "Check an input zip (template.pptx, data.json, media) or a data.json alone. Prints every "
            "problem with its path and exits 1 when there is one, 0 when the input is valid."
        ),
    )
    parser.add_argument("input", help="path of the input zip or of data.json")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from deckkit.bundle import read_bundle
    from deckkit.model import parse_data

    path = Path(args.input)
    if not path.is_file():
        print(f"deckkit: {path}: no such file", file=sys.stderr)
        return 1
    try:
        if zipfile.is_zipfile(path):
            bundle = read_bundle(path)
            data, what = (
                bundle.data,
                f"{path} ({bundle.data_path}, template.pptx, {len(bundle.media)} media files)",
            )
        else:
            data, what = parse_data(path.read_bytes()), str(path)
    except DataError as error:
        print(
            f"{path}: {len(error.problems)} problem{'s' if len(error.problems) != 1 else ''}", file=sys.stderr
        )
        for problem in error.problems:
            print(f"  {problem}", file=sys.stderr)
        return 1
    except BundleError as error:
        print(f"{path}: {error}", file=sys.stderr)
        return 1
    count = len(data.slides)
    print(f"{what}: valid, {count} slide{'s' if count != 1 else ''}")
    return 0
