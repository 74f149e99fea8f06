#!/usr/bin/env python3
"""The chart side of a render, alone: the chart fills of one render of the standard workload, replayed.

Renders the workload once (``bench/workload/make_workload.py``), keeping a copy of every chart
part before it is filled, then fills those copies again ``replays`` times with
``filled_chart_bytes`` (warm: the plans and prepared workbook edits are made). Run it under
callgrind with 0 and 1 replays: the difference is the instructions one render spends on charts,
a deterministic figure on a loaded machine::

    for n in 0 1; do valgrind --tool=callgrind --callgrind-out-file=cg.$n \\
        python bench/chart/chart_replay.py --replays $n; done   # then Collected(1) - Collected(0)

``--digest`` prints a hash of the bytes of the first replay (chart parts and workbooks), to
compare two trees byte for byte on one built workload (``--folder``: a build stamps its zips
with the time it was made).
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "render"))

from _workload import build_workload, read_workload

from deckkit.model.elements import Chart, ScatterChart
from deckkit.renderer import render
from deckkit.renderer.chart import filler


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--replays", type=int, default=1)
    parser.add_argument("--slides", type=int, default=200)
    parser.add_argument("--digest", action="store_true")
    parser.add_argument("--folder", type=Path, help="a workload built before (else one is built)")
    args = parser.parse_args()
    if args.folder is not None:
        template, data, media = read_workload(args.folder)
    else:
        with tempfile.TemporaryDirectory() as tmp:
            build_workload(Path(tmp), args.slides)
            template, data, media = read_workload(Path(tmp))
    calls: list[tuple[object, Chart | ScatterChart, bytes | None, object]] = []
    fill = filler.filled_chart_bytes

    def spy(chart_space, chart, workbook, template=None):  # type: ignore[no-untyped-def]
        calls.append((copy.deepcopy(chart_space), chart, workbook, template))
        return fill(chart_space, chart, workbook, template)

    filler.filled_chart_bytes = spy  # type: ignore[assignment]
    render(template, data, media)
    filler.filled_chart_bytes = fill
    # The copies are made before any replay, so that runs of 0 and 1 replays differ by the fills only.
    rounds = [[(copy.deepcopy(c[0]), *c[1:]) for c in calls] for _ in range(max(args.replays, 1))]
    outputs = [[fill(*c) for c in round_] for round_ in rounds[: args.replays]]  # type: ignore[arg-type]
    if args.digest and outputs:
        digest = hashlib.sha256()
        for part, workbook in outputs[0]:
            digest.update(part)
            digest.update(workbook or b"")
        print(f"{len(calls)} charts, sha256 {digest.hexdigest()}")


if __name__ == "__main__":
    main()
