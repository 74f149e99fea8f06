#!/usr/bin/env python3
"""Check that a renderer change leaves the output unchanged, part for part.

Usage:
  python bench/render/check_parts.py [--base REV] [--slides 200]   # this tree against REV (default HEAD)
  python bench/render/check_parts.py A.pptx B.pptx                  # two files, part for part

The standard workload (``bench/workload/make_workload.py``) is built once and rendered twice in
fresh processes: with the source of git revision REV (``git archive``, nothing checked out) and
with this working tree. Every part's bytes (decompressed) must be the same; an embedded package
(the chart workbooks) is compared part by part inside too. The zip containers (compression level,
entry order, timestamps) may differ; the parts may not. Exit status 1 lists every part that
differs, is missing or is new.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from _workload import build_workload

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
_PACKAGES = (".xlsx", ".xlsm", ".docx", ".pptx")

_RENDER = """
import json, sys
from pathlib import Path
from deckkit.renderer import render
folder, out = Path(sys.argv[1]), Path(sys.argv[2])
media = {f"images/{p.name}": p.read_bytes() for p in (folder / "images").iterdir()}
data = json.loads((folder / "data.json").read_text())
out.write_bytes(render((folder / "template.pptx").read_bytes(), data, media).pptx)
"""


def part_digests(package: bytes, prefix: str = "") -> dict[str, str]:
    """Part name -> SHA-256 of its bytes; an embedded package's parts as ``outer!inner``."""
    out: dict[str, str] = {}
    with zipfile.ZipFile(io.BytesIO(package)) as z:
        for name in sorted(z.namelist()):
            data = z.read(name)
            if name.lower().endswith(_PACKAGES) and zipfile.is_zipfile(io.BytesIO(data)):
                out.update(part_digests(data, f"{prefix}{name}!"))
            else:
                out[prefix + name] = hashlib.sha256(data).hexdigest()
    return out


def differences(expected: dict[str, str], actual: dict[str, str]) -> list[str]:
    out = [f"missing: {n}" for n in sorted(expected.keys() - actual.keys())]
    out += [f"new: {n}" for n in sorted(actual.keys() - expected.keys())]
    out += [f"differs: {n}" for n in sorted(expected.keys() & actual.keys()) if expected[n] != actual[n]]
    return out


def _render_with(source: Path, workload: Path, out: Path) -> bytes:
    env_path = f"{source / 'src'}:{source / 'server'}"
    subprocess.run(
        [sys.executable, "-c", _RENDER, str(workload), str(out)],
        check=True,
        env={"PYTHONPATH": env_path, "PATH": "/usr/bin:/bin"},
    )
    return out.read_bytes()


def compare_with_revision(base: str, slides: int) -> tuple[dict[str, str], dict[str, str]]:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        build_workload(folder / "w", slides)
        old = folder / "old"
        old.mkdir()
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", base, "src", "server"], check=True, capture_output=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", str(old)], input=archive, check=True)
        before = _render_with(old, folder / "w", folder / "before.pptx")
        after = _render_with(ROOT, folder / "w", folder / "after.pptx")
        return part_digests(before), part_digests(after)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path, help="two .pptx files to compare instead")
    parser.add_argument("--base", default="HEAD", help="git revision whose output is the reference")
    parser.add_argument("--slides", type=int, default=200)
    args = parser.parse_args()
    if args.files:
        if len(args.files) != 2:
            parser.error("give two files, or none")
        expected, actual = (part_digests(p.read_bytes()) for p in args.files)
        label = f"{args.files[1]} against {args.files[0]}"
    else:
        expected, actual = compare_with_revision(args.base, args.slides)
        label = f"this tree against {args.base} on the workload ({args.slides} slides)"
    found = differences(expected, actual)
    for line in found:
        print(line)
    print(f"{label}: {len(expected)} parts, {len(found)} differences")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
