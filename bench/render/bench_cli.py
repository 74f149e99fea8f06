#!/usr/bin/env python3
"""The command line: ``deckkit --help`` start-up against ``python -c pass``, ``deckkit render`` against in-process.

Usage: python bench/render/bench_cli.py [--runs 10] [--slides 200] [--phases]

Start-up: the median wall time of --runs fresh ``deckkit --help`` processes, next to the median
of as many ``python -c pass`` (the interpreter's own start, measured in the same loop, turn
about). Render: the median of ``deckkit render input.zip -o out.pptx`` (a fresh process each
time: interpreter, imports, reading the zip, rendering, writing) against the median in-process
``render_bundle`` of the same zip after a warm-up.

``--phases`` splits the command's fixed cost (the command less the warm render) in fresh
processes taking turns: the interpreter (``python -c pass``); the modules of others that the
command loads (pydantic, lxml, the standard library: everything in ``sys.modules`` after a
render that is not deckkit's, imported and nothing else); all of them and deckkit's own; the
whole command. Differences of medians, so the parts add up to the command.

deckkit's modules are byte-compiled first, as ``pip install`` does for an installed package:
an editable install in an environment with PYTHONDONTWRITEBYTECODE set (this machine's) would
otherwise compile about 110 modules from source in every process (80 ms of each command).
"""

from __future__ import annotations

import argparse
import compileall
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _workload import build_workload

DECKKIT = [sys.executable, "-m", "deckkit"]

# A fresh process renders the bundle once and lists the modules it then holds.
_LOADED = """
import json, os, sys
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")  # as the command sets it
from deckkit.renderer import render_bundle
render_bundle(sys.argv[1])
print(json.dumps([m for m in sys.modules if m != "__main__"]))
"""
# Imports the modules named in a file (the order a render first loaded them in), then ends as
# the command does (deckkit.cli.console: os._exit once flushed).
_IMPORTS = """
import importlib, json, os, sys
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
for name in json.loads(open(sys.argv[1]).read()):
    try:
        importlib.import_module(name)
    except ImportError:  # a platform's alias that only its parent sets (os.path, typing.io)
        pass
os._exit(0)
"""


def _wall(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def _phase_probes(bundle: Path) -> dict[str, list[str]]:
    """The commands that split the fixed cost: the interpreter, the modules of others, all modules."""
    folder = bundle.parent
    listed = subprocess.run([sys.executable, "-c", _LOADED, str(bundle)], check=True, capture_output=True)
    loaded = [m for m in json.loads(listed.stdout) if m not in sys.builtin_module_names]
    theirs, everything = folder / "theirs.json", folder / "everything.json"
    theirs.write_text(json.dumps([m for m in loaded if m.split(".")[0] not in ("deckkit", "deckkit_server")]))
    everything.write_text(json.dumps(loaded))
    return {
        "interpreter": [sys.executable, "-c", "pass"],
        "theirs": [sys.executable, "-c", _IMPORTS, str(theirs)],
        "all modules": [sys.executable, "-c", _IMPORTS, str(everything)],
    }


def _print_phases(median: dict[str, float], command: float, warm: float) -> None:
    parts = [
        ("interpreter (python -c pass)", median["interpreter"]),
        ("modules of others (pydantic, lxml, stdlib)", median["theirs"] - median["interpreter"]),
        ("deckkit's modules", median["all modules"] - median["theirs"]),
        ("first render less the warm one", command - median["all modules"] - warm),
    ]
    print(f"fixed cost          {(command - warm) * 1000:.0f} ms (the command less the warm render)")
    for label, seconds in parts:
        print(f"  {label:<44} {seconds * 1000:6.0f} ms")
    floor = median["theirs"] + warm
    print(
        f"without deckkit's own fixed cost: {floor:.3f} s ({floor / warm:.2f}x in process); "
        f"at 2x, deckkit's modules and first render could take {(warm - median['theirs']) * 1000:.0f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--slides", type=int, default=200)
    parser.add_argument("--phases", action="store_true", help="split the command's fixed cost (see above)")
    args = parser.parse_args()
    import deckkit
    import deckkit_server

    for package in (deckkit, deckkit_server):
        compileall.compile_dir(Path(package.__file__).parent, quiet=1)
    from deckkit.renderer import render_bundle

    help_times, pass_times = [], []
    for _ in range(args.runs):
        pass_times.append(_wall([sys.executable, "-c", "pass"]))
        help_times.append(_wall([*DECKKIT, "--help"]))
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        build_workload(folder, args.slides)
        bundle = folder / "input.zip"
        render_bundle(bundle)
        probes = _phase_probes(bundle) if args.phases else {}
        cli_times, local_times = [], []
        probe_times: dict[str, list[float]] = {name: [] for name in probes}
        for _ in range(max(3, args.runs // 2)):  # all in turn: the figures move with the machine's load
            start = time.perf_counter()
            render_bundle(bundle)
            local_times.append(time.perf_counter() - start)
            cli_times.append(_wall([*DECKKIT, "render", str(bundle), "-o", str(folder / "out.pptx")]))
            for name, command in probes.items():
                probe_times[name].append(_wall(command))
        python, helps = statistics.median(pass_times), statistics.median(help_times)
        local, cli = statistics.median(local_times), statistics.median(cli_times)
        print(f"python -c pass      {python:.3f} s")
        print(
            f"deckkit --help      {helps:.3f} s  ({helps - python:.3f} s more than the interpreter's start)"
        )
        print(f"render in process   {local:.3f} s  (render_bundle, {args.slides} slides, warm)")
        print(f"deckkit render      {cli:.3f} s  ({cli / local:.2f}x in process)")
    if probes:
        _print_phases({name: statistics.median(t) for name, t in probe_times.items()}, cli, local)


if __name__ == "__main__":
    main()
