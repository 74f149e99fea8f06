"""``deckkit render``: fill a template with data, on this machine or on a deckkit server.

    deckkit render input.zip -o out.pptx
    deckkit render template.pptx data.json -o out.pptx
    deckkit render input.zip -o out.pptx --remote [--base-url URL] [--token TOKEN]
    deckkit render input.zip -o out.pptx --pdf out.pdf --png pictures/ [--dpi 96]

Pictures, videos and other templates named in data.json are read relative to data.json's
folder (``deckkit.loose_files``, as ``deckkit validate data.json --template`` reads them). Problems are
listed one per line and the exit status is 1; warnings go to stderr and do not fail the render
unless ``--strict`` is given.
"""

from __future__ import annotations

import argparse
import os
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from deckkit.cli._export import add_export_arguments, export, wants_export
from deckkit.errors import DeckkitError, Problem, RenderError, RenderWarning
from deckkit.gc_pause import collector_paused
from deckkit.words import counted

__all__ = ["register"]

_HELP = "fill a template with data and write the pptx"
_DESCRIPTION = "Fill template.pptx with data.json (or render an input zip holding both) and write the pptx."


def register(subparsers: Any) -> None:
    parser: argparse.ArgumentParser = subparsers.add_parser("render", help=_HELP, description=_DESCRIPTION)
    parser.add_argument("input", help="input.zip (template.pptx + data.json + media), or template.pptx")
    parser.add_argument("data", nargs="?", help="data.json, when the first argument is template.pptx")
    parser.add_argument("-o", "--output", required=True, help="where to write the rendered pptx")
    parser.add_argument(
        "--strict", action="store_true", help="treat warnings (unused keys, unfilled placeholders) as errors"
    )
    parser.add_argument("--remote", action="store_true", help="render on a deckkit server instead of locally")
    parser.add_argument(
        "--base-url", default=None, help="server URL for --remote (default: $DECKKIT_BASE_URL)"
    )
    parser.add_argument("--token", default=None, help="API token for --remote (default: $DECKKIT_API_TOKEN)")
    add_export_arguments(parser, paths_optional=False)
    parser.set_defaults(run=run, ends_process=True)


def run(args: argparse.Namespace) -> int:
    source = Path(args.input)
    if not source.is_file():
        raise DeckkitError(f"{source}: no such file")
    is_zip = args.data is None
    if is_zip and source.suffix.lower() == ".pptx":
        raise DeckkitError(
            f"{source} is a template: give data.json too (deckkit render template.pptx data.json -o out.pptx)"
        )
    if not is_zip and not Path(args.data).is_file():
        raise DeckkitError(f"{args.data}: no such file")
    if args.remote:
        if wants_export(args):
            raise DeckkitError(
                "--pdf and --png export a local render; with --remote, render first, then "
                f"deckkit convert {args.output} --pdf (or --png)"
            )
        return _render_remote(args, source, is_zip)
    return _render_local(args, source, is_zip)


def _render_local(args: argparse.Namespace, source: Path, is_zip: bool) -> int:
    # The imports and the writing too: the collector would walk all they allocate again and
    # again, and the process ends right after (deckkit.cli.console).
    with collector_paused():
        # The renderer loads when this verb runs (``deckkit --help`` and the other verbs never load it).
        from deckkit.loose_files import read_loose_files
        from deckkit.renderer import render, render_bundle

        if is_zip:
            result = render_bundle(source, strict=args.strict)
        else:
            loose = read_loose_files(Path(args.data))
            try:
                result = render(source, loose.deck, loose.media, strict=args.strict)
            except RenderError as error:
                raise RenderError(loose.said_as_loose_files(error.problems), summary=error.summary) from None
        _print_warnings(result.warnings)
        Path(args.output).write_bytes(result.pptx)
    print(f"wrote {args.output} ({counted(result.slide_count, 'slide')})")
    export(result, args, Path(args.output))
    return 0


def _print_warnings(problems: Sequence[Problem]) -> None:
    """A render's warnings, one per line on stderr: the same lines for a local and a remote render."""
    for warning in problems:
        print(f"warning: {warning}", file=sys.stderr)


def _render_remote(args: argparse.Namespace, source: Path, is_zip: bool) -> int:
    # The client (and httpx) loads for --remote only.
    from deckkit.client import Client, TqdmProgress

    base_url = args.base_url or os.environ.get("DECKKIT_BASE_URL")
    token = args.token or os.environ.get("DECKKIT_API_TOKEN")
    # Said in the command line's words: the client's own message names its Python arguments.
    if not base_url:
        raise DeckkitError(
            "--remote needs the server's address: give --base-url URL or set DECKKIT_BASE_URL "
            "(deckkit serve prints it, e.g. http://127.0.0.1:8000)"
        )
    if not token:
        raise DeckkitError(
            "--remote needs an API token: give --token TOKEN or set DECKKIT_API_TOKEN "
            "(deckkit token create, or the web console, makes one)"
        )
    if is_zip:
        payload: bytes | str = str(source)
    else:
        payload = _bundle_bytes(source, Path(args.data))
    with TqdmProgress() as bars, Client(base_url, token) as client, warnings.catch_warnings():
        # The client gives them as Python warnings; here they are listed as a local render's are.
        warnings.simplefilter("ignore", RenderWarning)
        rendered = client.render(payload, to=Path(args.output), progress=bars, strict=args.strict)
    _print_warnings(rendered.warnings)
    print(f"wrote {args.output} ({counted(rendered.slide_count or 0, 'slide')})")
    return 0


def _bundle_bytes(template: Path, data_path: Path) -> bytes:
    """The input zip for template + data.json and the files the data names."""
    # The data model (pydantic) loads when the data is read, not for ``deckkit --help``.
    from deckkit.loose_files import read_loose_files

    return read_loose_files(data_path).zipped(template.read_bytes(), data_path)
