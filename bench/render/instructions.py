#!/usr/bin/env python3
"""Instructions per warm render of the standard workload (valgrind callgrind), against other revisions.

Usage:
  python bench/render/instructions.py [--base REV ...] [--slides 200] [--jobs N] [--keep DIR]

Counting instructions instead of timing makes the figure steady on a shared machine: the same
work gives about the same count whatever else runs. Each tree renders the workload
(``bench/workload/make_workload.py``) under ``valgrind --tool=callgrind`` in two fresh processes,
one rendering it once and one three times; the difference, halved, is what one warm render costs
(the imports, the cold first render and the interpreter's start and end cancel out). Every thread
of the process is counted (the packing thread's deflating too).

``--base REV`` (repeatable) measures revision REV in the same run: it is checked out into a
temporary ``git worktree`` and run with ``PYTHONPATH=<worktree>/src:<worktree>/server`` and this
Python, so that only the source differs. Each tree's modules are byte-compiled first, as an
installed package's are. ``--jobs N`` runs N of the processes at once (a count does not
depend on what runs beside it). The last lines give each tree's count as a ratio to the first
``--base`` (to this tree when none is given). ``--keep DIR`` keeps the callgrind files for
``callgrind_annotate``.

Each tree gets a font cache of its own (``DECKKIT_CACHE_DIR`` in the run's temporary folder),
filled by one render outside valgrind before its two processes are counted: the cache in the
home folder is shared by every deckkit process on the machine, and another revision writing it
in another format (or a concurrent write dropping entries) made one of the two processes read
every installed font again, a few hundred million instructions that did not cancel out.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from _workload import build_workload

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]

_RENDER = """
import json, sys
from pathlib import Path
import deckkit
from deckkit.renderer import render
folder, renders, expected = Path(sys.argv[1]), int(sys.argv[2]), Path(sys.argv[3])
if Path(deckkit.__file__).resolve().parents[1] != expected.resolve():
    sys.exit(f"deckkit imported from {deckkit.__file__}, not from {expected}")
media = {f"images/{p.name}": p.read_bytes() for p in (folder / "images").iterdir()}
data = json.loads((folder / "data.json").read_text())
template = (folder / "template.pptx").read_bytes()
for _ in range(renders):
    render(template, data, media)
"""

_TOTALS = re.compile(rb"^(?:totals|summary): (\d+)", re.MULTILINE)


def _environment(tree: Path, cache: Path) -> dict[str, str]:
    """The environment of tree's processes: its source, fixed hashing and its own font cache."""
    env = dict(os.environ)
    env["PYTHONPATH"] = f"{tree / 'src'}:{tree / 'server'}"
    env["PYTHONHASHSEED"] = "0"  # the same dict and set orders in every process
    env["DECKKIT_CACHE_DIR"] = str(cache)
    return env


def _render_command(tree: Path, workload: Path, renders: int) -> list[str]:
    return [sys.executable, "-c", _RENDER, str(workload), str(renders), str(tree / "src")]


def _warm_cache(tree: Path, workload: Path, cache: Path) -> None:
    """tree's font cache filled with what the workload reads, so that every counted process finds it."""
    subprocess.run(
        _render_command(tree, workload, 1),
        check=True,
        env=_environment(tree, cache),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )


def _instructions(tree: Path, workload: Path, renders: int, cache: Path, out: Path) -> int:
    """Instructions of a fresh process importing the renderer of tree and rendering ``renders`` times."""
    subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            f"--callgrind-out-file={out}",
            *_render_command(tree, workload, renders),
        ],
        check=True,
        env=_environment(tree, cache),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    found = _TOTALS.search(out.read_bytes())
    if found is None:
        raise RuntimeError(f"no totals in {out}")
    return int(found.group(1))


def _prepared(tree: Path) -> Path:
    """tree, its modules byte-compiled (as an installed package's are)."""
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", str(tree / "src"), str(tree / "server")], check=True
    )
    return tree


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--base", action="append", default=[], help="a git revision to measure too (repeatable)"
    )
    parser.add_argument("--slides", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=1, help="processes under valgrind at once")
    parser.add_argument("--keep", type=Path, help="keep the callgrind files in this folder")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        parser.error("valgrind is not installed (apt-get install valgrind)")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        build_workload(folder / "w", args.slides)
        keep = args.keep or folder
        keep.mkdir(parents=True, exist_ok=True)
        trees: list[tuple[str, Path]] = []
        try:
            for number, rev in enumerate(args.base):
                checkout = folder / f"base-{number}"
                subprocess.run(
                    ["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet", str(checkout), rev],
                    check=True,
                )
                trees.append((rev, _prepared(checkout)))
            trees.append(("this tree", _prepared(ROOT)))
            caches = {label: folder / f"cache-{number}" for number, (label, _) in enumerate(trees)}
            for label, tree in trees:
                _warm_cache(tree, folder / "w", caches[label])
            runs = [(label, tree, renders) for label, tree in trees for renders in (1, 3)]

            def count(run: tuple[str, Path, int]) -> int:
                label, tree, renders = run
                name = re.sub(r"[^A-Za-z0-9_.-]", "_", label)
                return _instructions(
                    tree, folder / "w", renders, caches[label], keep / f"callgrind.{name}.{renders}"
                )

            with ThreadPoolExecutor(max_workers=max(args.jobs, 1)) as pool:
                counts = dict(zip(((r[0], r[2]) for r in runs), pool.map(count, runs), strict=True))
        finally:
            for number in range(len(args.base)):
                checkout = folder / f"base-{number}"
                if checkout.exists():
                    subprocess.run(
                        ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(checkout)], check=True
                    )
    results = [(label, (counts[label, 3] - counts[label, 1]) // 2) for label, _ in trees]
    for label, per in results:
        print(f"{label:>12}  {per / 1e6:10.1f} M instructions a render")
    reference_label, reference = results[0]
    print(f"ratios to {reference_label} ({args.slides} slides, one warm render each, measured in this run):")
    for label, per in results:
        print(f"{label:>12}  {per / reference:.3f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
