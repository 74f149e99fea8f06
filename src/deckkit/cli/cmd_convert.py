"""``deckkit convert``: a PDF, or PNG pictures, of a deck.

    deckkit convert deck.pptx --pdf [deck.pdf]
    deckkit convert deck.pptx --png [deck/] [--dpi 96]

LibreOffice makes them (and poppler's pdftoppm the pictures), and it is only ever given
deckkit's own output: the deck is first read and written again by deckkit, every slide kept as
it is (the reader refuses what is not a sound pptx, as it refuses such a template).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import deckkit
from deckkit.cli._export import add_export_arguments, export, wants_export
from deckkit.errors import DeckkitError

__all__ = ["register"]

_HELP = "write a PDF or PNG pictures of a deck (LibreOffice)"
_DESCRIPTION = (
    "Write a PDF of deck.pptx (--pdf) or a PNG picture of each slide (--png), made by LibreOffice. "
    "deckkit render takes the same options, to export what it renders."
)


def register(subparsers: Any) -> None:
    parser: argparse.ArgumentParser = subparsers.add_parser("convert", help=_HELP, description=_DESCRIPTION)
    parser.add_argument("deck", help="the deck, a .pptx file")
    add_export_arguments(parser, paths_optional=True)
    parser.set_defaults(run=run, ends_process=True)


def run(args: argparse.Namespace) -> int:
    if not wants_export(args):
        raise DeckkitError("say what to write: --pdf [PATH], --png [DIR], or both")
    source = Path(args.deck)
    if not source.is_file():
        raise DeckkitError(f"{source}: no such file")
    # Read and written again by deckkit (the renderer loads now, through the package's lazy
    # names): LibreOffice gets deckkit's writing, never the file as it came.
    result = deckkit.read_deck(source)
    export(result, args, source)
    return 0
