"""The one-shot command starts glibc's allocator as a warm process has it (``deckkit.cli._allocator``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from deckkit.examples import template

glibc = pytest.mark.skipif(
    not (hasattr(os, "confstr") and "glibc" in (os.confstr("CS_GNU_LIBC_VERSION") or "")),
    reason="the thresholds are glibc's; other C libraries keep their own policy",
)

# A render's pattern: many blocks too large for Python's own allocator, freed together, again
# and again. The page faults of the rounds after the first are the memory given back and
# taken again.
_CHURN = """
import resource, sys
if sys.argv[1] == "warm":
    from deckkit.cli._allocator import warm_allocator
    warm_allocator()
def faults():
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt
blocks = [b"x" * 1000 + bytes([i % 256]) for i in range(2000)]
del blocks
before = faults()
for _ in range(20):
    blocks = [b"x" * 1000 + bytes([i % 256]) for i in range(2000)]
    del blocks
print(faults() - before)
"""


def _churn_faults(mode: str) -> int:
    done = subprocess.run([sys.executable, "-c", _CHURN, mode], capture_output=True, text=True, check=True)
    return int(done.stdout)


@glibc
def test_memory_freed_between_slides_is_kept_for_the_next() -> None:
    cold, warm = _churn_faults("cold"), _churn_faults("warm")
    # 20 rounds of 2 MB: cold, the heap's top goes back each round (about 9,000 faults here);
    # warm, the rounds reuse the memory the first one took.
    assert cold > 5_000
    assert warm < cold / 5


def test_the_block_costs_no_memory_touched() -> None:
    # calloc'd: glibc maps fresh zero pages and never writes them; the process's resident
    # size does not grow by the 16 MB.
    probe = (
        "from deckkit.cli._allocator import warm_allocator, WARM_BLOCK\n"
        "import resource\n"
        "before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "warm_allocator()\n"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before, WARM_BLOCK // 1024)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    grown_kb, block_kb = map(int, done.stdout.split())
    assert grown_kb < block_kb / 8


def _verb_probe(tmp_path: Path, argv: list[str], entry: str) -> str:
    """Which of the command's verbs warmed the allocator, run through ``entry`` (console or main)."""
    probe = tmp_path / "probe.py"
    probe.write_text(
        "import sys\n"
        f"sys.argv = {['deckkit', *argv]!r}\n"
        "import deckkit.cli._allocator as allocator\n"
        "allocator.warm_allocator = lambda: print('warmed', file=sys.stderr)\n"
        "import deckkit.cli\n"
        f"deckkit.cli.{entry}({'sys.argv[1:]' if entry == 'main' else ''})\n"
    )
    done = subprocess.run([sys.executable, str(probe)], capture_output=True, text=True)
    return done.stderr


def test_the_render_command_warms_it_and_main_does_not(tmp_path: Path) -> None:
    data = tmp_path / "data.json"
    data.write_text('[{"template": 1}]')
    render = ["render", str(template()), str(data), "-o", str(tmp_path / "out.pptx")]
    assert "warmed" in _verb_probe(tmp_path, render, "console")
    # main() serves tests and programs that embed the command: their process goes on.
    assert "warmed" not in _verb_probe(tmp_path, render, "main")
    # Without a verb that ends the process (here none: the help is printed) it is left alone.
    assert "warmed" not in _verb_probe(tmp_path, [], "console")
