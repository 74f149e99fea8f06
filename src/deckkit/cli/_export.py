"""``--pdf`` and ``--png``: a rendered deck exported through LibreOffice (``render`` and ``convert``)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from deckkit import office
from deckkit.errors import DeckkitError
from deckkit.words import counted

if TYPE_CHECKING:
    from deckkit.renderer.result import RenderResult

__all__ = ["add_export_arguments", "export", "wants_export"]


def _dpi(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of dots per inch") from None
    if not 0 < value <= 1200:
        raise argparse.ArgumentTypeError(f"{text} is not a resolution from 1 to 1200 dots per inch")
    return value


def add_export_arguments(parser: argparse.ArgumentParser, *, paths_optional: bool) -> None:
    """``--pdf PATH``, ``--png DIR`` and ``--dpi``; with ``paths_optional`` the path and folder
    may be left out (then they are named after the deck, beside it)."""
    beside = " (default: beside the deck, named after it)" if paths_optional else ""
    for flag, metavar, what in (
        ("--pdf", "PATH", "write a PDF of the deck"),
        ("--png", "DIR", "write a PNG picture of each slide into DIR (slide-1.png, ...)"),
    ):
        if paths_optional:
            parser.add_argument(flag, nargs="?", const="", metavar=metavar, help=what + beside)
        else:
            parser.add_argument(flag, metavar=metavar, help=what)
    parser.add_argument(
        "--dpi",
        type=_dpi,
        default=96.0,
        help="resolution of the PNG pictures (default: 96, 1280 px for 16:9)",
    )
    parser.add_argument(
        "--convert-timeout",
        type=float,
        default=180.0,
        metavar="SECONDS",
        help="stop LibreOffice after this long (default: 180)",
    )


def wants_export(args: argparse.Namespace) -> bool:
    return args.pdf is not None or args.png is not None


def export(result: RenderResult, args: argparse.Namespace, deck: Path) -> None:
    """Write what ``--pdf`` and ``--png`` ask for, saying each file written."""
    try:
        _write(result, args, deck)
    finally:
        office.discard_profiles()  # the command ends the process without running atexit hooks


def _write(result: RenderResult, args: argparse.Namespace, deck: Path) -> None:
    if args.pdf is not None:
        pdf = Path(args.pdf) if args.pdf else deck.with_suffix(".pdf")
        result.to_pdf(pdf, timeout=args.convert_timeout)
        print(f"wrote {pdf} ({counted(result.slide_count, 'page')})")
    if args.png is not None:
        folder = Path(args.png) if args.png else deck.with_suffix("")
        if folder.exists() and not folder.is_dir():
            raise DeckkitError(f"--png {folder}: that is a file; give a folder for the pictures")
        pngs = result.to_pngs(folder, dpi=args.dpi, timeout=args.convert_timeout)
        print(f"wrote {counted(len(pngs), 'PNG picture')} into {folder}/")
