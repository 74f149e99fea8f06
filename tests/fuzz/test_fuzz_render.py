"""Issue 13, point 9: structure-aware fuzzing of the render, through the bundle reader.

Each example takes a real deck (the standard bench workload, or a deck of tests/corpus/decks/ with
data for its slides), applies a few seeded mutations (tests/fuzz/mutate.py: zip entries,
relationships, content types, XML attributes and elements, alt texts, compression, embedded
workbooks; data types, sizes, depth, numbers, text, keys, the JSON text) and renders the input
zip with ``render_bundle``, as the server does. The property:

- a DeckkitError whose message is for the user (not "please report it", not "a deckkit bug"), or
- an output that python-pptx reopens and in which tests/ooxml/check.py finds nothing new against the
  mutated template;
- never another exception, and never a hang (each example has ``DECKKIT_FUZZ_SECONDS``, 60).

CI runs ``DECKKIT_FUZZ_EXAMPLES`` (30) examples from the fixed ``DECKKIT_FUZZ_SEED`` (13), in
well under a minute. The longer run, with a fresh seed each time:

    DECKKIT_FUZZ_EXAMPLES=2000 DECKKIT_FUZZ_SEED=$RANDOM DECKKIT_FUZZ_OUT=/tmp/fuzz \\
        PYTHONPATH=src:server pytest -p no:xdist -q tests/fuzz

Every failure is listed with its seed and steps (and, with ``DECKKIT_FUZZ_OUT``, saved as the
input zip that reproduces it).
"""

from __future__ import annotations

import io
import os
import random
import signal
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from deckkit.errors import DeckkitError
from deckkit.ooxml.locate import locate_placeholders
from deckkit.ooxml.opc.package import open_package
from deckkit.renderer import render_bundle
from tests.fuzz.mutate import Example, Mutator, read_zip
from tests.readers import CORPUS, reopen_with_python_pptx, schema_problems

EXAMPLES = int(os.environ.get("DECKKIT_FUZZ_EXAMPLES", "30"))
SEED = int(os.environ.get("DECKKIT_FUZZ_SEED", "13"))
SECONDS = int(os.environ.get("DECKKIT_FUZZ_SECONDS", "60"))
OUT = os.environ.get("DECKKIT_FUZZ_OUT")
# Small, varied corpus decks (charts, tables, media, notes, Strict, SmartArt); more in a long run.
CORPUS_SEEDS = 12
NOT_FOR_USERS = ("please report", "deckkit bug", "Traceback")


class HangError(Exception):
    pass


@contextmanager
def time_limit(seconds: int) -> Iterator[None]:
    def stop(signum: int, frame: Any) -> None:
        raise HangError(f"no answer after {seconds} s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _workload(folder: Path) -> Example:
    script = Path(__file__).resolve().parents[2] / "bench" / "workload" / "make_workload.py"
    subprocess.run(
        [sys.executable, str(script), str(folder), "--slides", "7"], check=True, capture_output=True
    )
    bundle = read_zip((folder / "input.zip").read_bytes())
    import json

    data = json.loads(bundle.pop("data.json"))
    return Example(read_zip(bundle.pop("template.pptx")), data, bundle)


def _corpus_example(path: Path) -> Example | None:
    template = path.read_bytes()
    try:
        package = open_package(template)
        slides = [
            {"template": n, **{key: f"<{key}>" for key in locate_placeholders(slide.xml).text}}
            for n, slide in enumerate(package.slides(), start=1)
        ]
    except DeckkitError:
        return None
    return Example(read_zip(template), {"slides": slides}, {})


@pytest.fixture(scope="module")
def seeds(tmp_path_factory: pytest.TempPathFactory) -> list[Example]:
    found = [_workload(tmp_path_factory.mktemp("workload"))]
    files = sorted((p for p in CORPUS.glob("*/*.pptx") if p.stat().st_size < 200_000), key=lambda p: p.name)
    limit = CORPUS_SEEDS if EXAMPLES <= 100 else len(files)
    for path in random.Random(SEED).sample(files, min(limit, len(files))):
        example = _corpus_example(path)
        if example is not None:
            found.append(example)
    return found


def _copy(seed: Example) -> Example:
    import copy

    return Example(dict(seed.entries), copy.deepcopy(seed.data), dict(seed.media))


def run_example(example: Example, workdir: Path) -> str | None:
    """None when the property holds, else what went wrong."""
    bundle = example.bundle()
    try:
        with time_limit(SECONDS):
            result = render_bundle(bundle)
    except DeckkitError as error:
        message = str(error)
        if not message or any(bad in message for bad in NOT_FOR_USERS):
            return f"{type(error).__name__} not for a user: {message[:500]}"
        return None
    except HangError as hang:
        return f"hang: {hang}"
    except Exception as error:
        return f"{type(error).__name__}: {str(error)[:500]}"
    out, baseline = workdir / "out.pptx", workdir / "template.pptx"
    out.write_bytes(result.pptx)
    baseline.write_bytes(example.template())
    try:
        reopen_with_python_pptx(out)
    except Exception as error:
        return f"success that python-pptx cannot open: {type(error).__name__}: {str(error)[:300]}"
    try:
        problems = schema_problems(out, baseline)
    except (zipfile.BadZipFile, KeyError, OSError):
        problems = schema_problems(out, None)
    if problems:
        return "success with new ECMA-376 problems: " + "; ".join(problems[:5])
    return None


def test_mutated_decks_render_or_are_refused_clearly(seeds: list[Example], tmp_path: Path) -> None:
    failures: list[str] = []
    for number in range(EXAMPLES):
        seed = SEED * 1_000_003 + number
        rng = random.Random(seed)
        example = _copy(rng.choice(seeds))
        Mutator(rng).mutate(example, rng.choice([1, 1, 2, 3]))
        problem = run_example(example, tmp_path)
        if problem is None:
            continue
        failures.append(f"seed {seed}: {problem}\n    steps: {example.steps}")
        if OUT:
            Path(OUT).mkdir(parents=True, exist_ok=True)
            (Path(OUT) / f"fuzz-{seed}.zip").write_bytes(example.bundle())
    assert not failures, f"{len(failures)} of {EXAMPLES} examples broke the property:\n" + "\n".join(failures)


def test_the_seeds_render_unmutated(seeds: list[Example], tmp_path: Path) -> None:
    """Without a mutation every seed renders to a file the readers accept (so mutations are what fail)."""
    for seed in seeds:
        assert run_example(_copy(seed), tmp_path) is None
        assert render_bundle(seed.bundle()).slide_count == len(seed.data["slides"])


def test_a_hang_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    def slow(_: bytes) -> None:
        time.sleep(5)

    monkeypatch.setattr(sys.modules[__name__], "SECONDS", 1)
    monkeypatch.setattr(sys.modules[__name__], "render_bundle", slow)
    example = Example({}, {}, {})
    monkeypatch.setattr(Example, "bundle", lambda self: b"")
    assert run_example(example, tmp_path) == "hang: no answer after 1 s"


def test_zip_helpers_round_trip() -> None:
    entries = {"a.xml": b"<a/>", "b.bin": b"\x00"}
    assert read_zip(Example(entries, {}, {}).template()) == entries
    assert zipfile.ZipFile(io.BytesIO(Example(entries, [], {}).bundle())).namelist()[:2] == [
        "template.pptx",
        "data.json",
    ]
