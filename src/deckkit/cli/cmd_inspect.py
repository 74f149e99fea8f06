"""``deckkit inspect TEMPLATE.pptx``: the keys on every template slide, or a data.json skeleton."""

from __future__ import annotations

import argparse
import json
from typing import Any

from deckkit.cli._template import open_template

_HELP = "list the keys a template expects (or print a data.json skeleton)"
_DESCRIPTION = "List every template slide with the keys on it and what each accepts."


def register(verbs: Any) -> None:
    parser: argparse.ArgumentParser = verbs.add_parser("inspect", help=_HELP, description=_DESCRIPTION)
    parser.add_argument("template", help="path of template.pptx")
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--skeleton", action="store_true", help="print a data.json that fills every key once")
    output.add_argument("--json", action="store_true", help="print the slides and keys as JSON")
    output.add_argument(
        "--schema",
        action="store_true",
        help="print a JSON Schema of data.json for this template (keys and kinds per slide)",
    )
    output.add_argument(
        "--python", action="store_true", help="print ready-to-run Python that fills every slide"
    )
    parser.set_defaults(run=run, ends_process=True)


def run(args: argparse.Namespace) -> int:
    template = open_template(args.template)
    if args.skeleton:
        print(template.skeleton_json())
        return 0
    if args.schema:
        print(json.dumps(template.json_schema(), indent=2, ensure_ascii=False))
        return 0
    if args.python:
        print(template.python_skeleton(args.template), end="")
        return 0
    if args.json:
        slides = [
            {
                "template": s.number,
                "layout": s.layout,
                "placeholders": [
                    {"key": p.key, "kind": p.kind, "where": p.detail, "accepts": list(p.accepts)}
                    for p in s.placeholders
                ],
                "untagged": [
                    {
                        "kind": u.kind,
                        "name": u.name,
                        "id": u.shape_id,
                        "command": u.command(args.template, s.number),
                    }
                    for u in s.untagged
                ],
            }
            for s in template.slides
        ]
        links = [
            {"part": link.part, "what": link.what, "target": link.target} for link in template.external_links
        ]
        print(json.dumps({"slides": slides, "external_links": links}, indent=2, ensure_ascii=False))
        return 0
    for s in template.slides:
        print(f"slide {s.number}" + (f" ({s.layout})" if s.layout else ""))
        for p in s.placeholders:
            print(f"  {p.key:<24} {p.kind:<14} {p.detail}")
        if not s.placeholders:
            print("  (no keys)")
        for u in s.untagged:
            print(f'  untagged {u.kind} "{u.name}" (id {u.shape_id}): {u.command(args.template, s.number)}')
    if template.external_links:
        allowed = " (allowed by the template: renders keep quiet)" if template.external_links_allowed else ""
        print(f"external links: PowerPoint may fetch or open them where a deck is opened{allowed}")
        for link in template.external_links:
            print(f"  {link}")
    return 0
