"""``deckkit diff OLD.pptx NEW.pptx``: what changed between two decks (exit 0 same, 1 different, 2 error).

The arguments only: the work is :mod:`deckkit.cli.diff_verb`, loaded when the verb runs.
"""

from __future__ import annotations

import argparse
from typing import Any


def register(verbs: Any) -> None:
    parser: argparse.ArgumentParser = verbs.add_parser(
        "diff",
        help="what changed between two decks (slides, text, table cells, chart values, pictures)",
        description=(
            "Compare two .pptx files slide by slide: slides are matched by their template slide and "
            "content; prints the slides added, removed and moved, and per slide the text, table cells, "
            "chart values (from the chart caches) and pictures that changed. Exit status 0 when the decks "
            "are the same, 1 when they differ, 2 when one cannot be read."
        ),
    )
    parser.add_argument("old", help="the earlier deck (.pptx)")
    parser.add_argument("new", help="the later deck (.pptx)")
    parser.add_argument("--json", action="store_true", help="print the diff as JSON instead of a summary")
    parser.add_argument(
        "--html",
        metavar="REPORT.html",
        help="also write an HTML report: old and new slides side by side, the changes marked "
        "(pictures of the slides from LibreOffice when it is installed)",
    )
    parser.set_defaults(run="deckkit.cli.diff_verb:run", ends_process=True)
