#!/usr/bin/env python3
"""Instructions spent inside named functions during one warm render of the standard workload.

Usage:
  python bench/render/instructions_in.py [--slides 50] [--jobs N] FUNCTION [FUNCTION ...]

FUNCTION is ``module:name`` (``deckkit.renderer.fill.autofit:fit_text_boxes``), ``module:Class.method``,
or either followed by ``@module,module`` naming modules that imported the function by name and call
it from there (``...:fit_text_boxes@deckkit.renderer.assembly``). Join several with ``+`` to count
their sum (a call inside another counts once).

Where ``instructions.py`` says what a render costs, this says where: each FUNCTION is counted in a
process of its own under ``valgrind --tool=callgrind --collect-atstart=no``, which renders the
workload once (imports, caches), then wraps the function so that entering and leaving its outermost
call toggles collection (``CALLGRIND_TOGGLE_COLLECT``, from a two-line C helper built here with
``cc`` and valgrind's ``callgrind.h``, called through ctypes) and renders once more. The count
includes the wrapper's own call, a few thousand instructions a call. The tree is the one on
``PYTHONPATH``; the font cache is a folder of the run's own, filled first (see ``instructions.py``).
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

_TOGGLE_C = "#include <valgrind/callgrind.h>\nvoid toggle(void) { CALLGRIND_TOGGLE_COLLECT; }\n"

_RENDER = """
import ctypes, functools, importlib, json, sys
from pathlib import Path
from deckkit.renderer import render
toggle = ctypes.CDLL(sys.argv[2]).toggle
folder = Path(sys.argv[1])
media = {f"images/{p.name}": p.read_bytes() for p in (folder / "images").iterdir()}
data = json.loads((folder / "data.json").read_text())
template = (folder / "template.pptx").read_bytes()
render(template, data, media)
depth = [0]

def counted(function):
    @functools.wraps(function)
    def wrapper(*args, **kwargs):
        depth[0] += 1
        if depth[0] == 1:
            toggle()
        try:
            return function(*args, **kwargs)
        finally:
            if depth[0] == 1:
                toggle()
            depth[0] -= 1
    return wrapper

for spec in filter(None, sys.argv[3].split("+")):
    target, _, users = spec.partition("@")
    module, _, name = target.partition(":")
    *path, last = name.split(".")
    owner = importlib.import_module(module)
    for step in path:
        owner = getattr(owner, step)
    wrapped = counted(getattr(owner, last))
    setattr(owner, last, wrapped)
    for user in filter(None, users.split(",")):
        setattr(importlib.import_module(user), last, wrapped)
render(template, data, media)
"""

_TOTALS = re.compile(rb"^(?:totals|summary): (\d+)", re.MULTILINE)


def _count(spec: str, workload: Path, helper: Path, cache: Path, out: Path) -> int:
    env = dict(os.environ, PYTHONHASHSEED="0", DECKKIT_CACHE_DIR=str(cache))
    subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--collect-atstart=no",
            f"--callgrind-out-file={out}",
            sys.executable,
            "-c",
            _RENDER,
            str(workload),
            str(helper),
            spec,
        ],
        check=True,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    found = _TOTALS.search(out.read_bytes())
    return int(found.group(1)) if found is not None else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("functions", nargs="+", metavar="FUNCTION")
    parser.add_argument("--slides", type=int, default=50)
    parser.add_argument("--jobs", type=int, default=1, help="processes under valgrind at once")
    args = parser.parse_args()
    for tool in ("valgrind", "cc"):
        if shutil.which(tool) is None:
            parser.error(f"{tool} is not installed")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        build_workload(folder / "w", args.slides)
        source, helper = folder / "toggle.c", folder / "toggle.so"
        source.write_text(_TOGGLE_C)
        subprocess.run(["cc", "-O2", "-shared", "-fPIC", "-o", str(helper), str(source)], check=True)
        cache = folder / "cache"
        warm = dict(os.environ, DECKKIT_CACHE_DIR=str(cache))
        # The workload rendered once outside valgrind: the font cache every counted process reads.
        subprocess.run(
            [sys.executable, "-c", _RENDER, str(folder / "w"), str(helper), ""], check=True, env=warm
        )

        def count(numbered: tuple[int, str]) -> int:
            number, spec = numbered
            return _count(spec, folder / "w", helper, cache, folder / f"callgrind.{number}")

        with ThreadPoolExecutor(max_workers=max(args.jobs, 1)) as pool:
            counts = list(pool.map(count, enumerate(args.functions)))
    print(f"instructions inside each, one warm render of {args.slides} slides:")
    for spec, found in zip(args.functions, counts, strict=True):
        print(f"  {found / 1e6:9.1f} M  {spec}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
