"""``deckkit tag TEMPLATE --slide N --shape NAME_OR_ID --key KEY``: give a shape the alt text of a key."""

from __future__ import annotations

import argparse
from typing import Any

from deckkit.cli._template import open_template

_HELP = "give a table, chart or picture of a template the alt text that names its key"
_DESCRIPTION = (
    "Set the alt text of one shape on a template slide to KEY, so that data.json fills it by that key. "
    "`deckkit inspect TEMPLATE` lists the shapes that have none, each with the command that tags it."
)


def register(verbs: Any) -> None:
    parser: argparse.ArgumentParser = verbs.add_parser("tag", help=_HELP, description=_DESCRIPTION)
    parser.add_argument("template", help="path of template.pptx")
    parser.add_argument("--slide", type=int, required=True, help="template slide number (from 1)")
    parser.add_argument(
        "--shape", required=True, help='the shape\'s name ("Table 3", as the selection pane shows it) or id'
    )
    parser.add_argument("--key", required=True, help="the key data.json names it by")
    parser.add_argument(
        "-o", "--output", help="where to write the tagged template (default: change TEMPLATE in place)"
    )
    parser.set_defaults(run=run, ends_process=True)


def run(args: argparse.Namespace) -> int:
    template = open_template(args.template)
    template.tag(args.slide, args.shape, args.key)
    output = args.output or args.template
    template.save(output)
    print(f"{output}: slide {args.slide}, shape {args.shape!r} is now {args.key}")
    return 0
