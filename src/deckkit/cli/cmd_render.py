"""``deckkit render``: fill a template with data, on this machine or on a deckkit server.

    deckkit render input.zip -o out.pptx
    deckkit render template.pptx data.json -o out.pptx
    deckkit render input.zip -o out.pptx --remote [--base-url URL] [--token TOKEN]
    deckkit render input.zip -o out.pptx --pdf out.pdf --png pictures/ [--dpi 96]

Pictures and videos named in data.json are read relative to data.json's folder. Problems are
listed one per line and the exit status is 1; warnings go to stderr and do not fail the render
unless ``--strict`` is given.
"""

from __future__ import annotations

import argparse
import os
import posixpath
import sys
import warnings
from collections.abc import Sequence
from itertools import chain
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckkit.cli._export import add_export_arguments, export, wants_export
from deckkit.errors import DataError, DeckkitError, Problem, RenderError, RenderWarning
from deckkit.gc_pause import collector_paused
from deckkit.suggest import closest
from deckkit.words import counted

if TYPE_CHECKING:
    from deckkit.model import DeckData

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
        from deckkit.renderer import render, render_bundle

        if is_zip:
            result = render_bundle(source, strict=args.strict)
        else:
            deck, media, missing = _read_data_and_media(Path(args.data))
            try:
                result = render(source, deck, media, strict=args.strict)
            except RenderError as error:
                raise _with_missing_files(error, missing) from None
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
    """The input zip for template + data.json and the media the data names."""
    # The data model (pydantic) loads when the data is read, not for ``deckkit --help``.
    from deckkit.bundle import write_bundle

    deck, media, missing = _read_data_and_media(data_path)
    if missing:  # the server would say "not in the zip": say where they were looked for
        raise DataError(list(missing.values()), summary=f"{data_path} names files that are not there")
    return write_bundle(template.read_bytes(), deck, media)


def _read_data_and_media(data_path: Path) -> tuple[DeckData, dict[str, bytes], dict[str, Problem]]:
    """data.json parsed, the files its images, videos and other templates name (those that
    exist), and a problem for each named file that is not there, by its data path, in the words
    of loose files."""
    # The data model (pydantic) loads when the data is read, not for ``deckkit --help``.
    from deckkit.bundle import media_references, template_references
    from deckkit.model import parse_data

    deck = parse_data(data_path.read_bytes())
    folder = data_path.parent
    media: dict[str, bytes] = {}
    missing: dict[str, Problem] = {}
    for reference in chain(media_references(deck), template_references(deck)):
        key = posixpath.normpath(reference.src)
        file = folder / key
        if key in media:
            continue
        if reference.held is not None:  # a picture inside data.json (a data: URI)
            media[key] = reference.held
        elif file.is_file():
            media[key] = file.read_bytes()
        elif not _is_url(reference.src):
            missing[reference.path] = Problem(reference.path, _missing_file(folder, reference.src))
    return deck, media, missing


def _with_missing_files(error: RenderError, missing: dict[str, Problem]) -> RenderError:
    """The render's problems, a missing file said as loose files have it (not "in the zip")."""
    if not missing:
        return error
    problems = [missing.get(p.path, p) if "not in the zip" in p.message else p for p in error.problems]
    return RenderError(problems, summary=error.summary)


def _is_url(src: str) -> bool:
    return src.startswith(("http://", "https://"))


def _missing_file(folder: Path, src: str) -> str:
    """The loose files' own message: no zip here, and the file meant when one looks like it."""
    where = folder.resolve()
    present = [p.relative_to(where).as_posix() for p in where.rglob("*") if p.is_file()][:5000]
    same = [name for name in present if name.lower() == src.lower()]
    close = same[0] if same else closest(src, present)
    message = f'"{src}" is not a file in {where} (pictures and videos are found relative to data.json)'
    if close:
        message += f'; did you mean "{close}"?' + (" (names are case-sensitive)" if same else "")
    return message
