"""The ``deckkit`` command as a process: ``console()`` ends it once the verb's output is flushed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from deckkit.examples import template

DECKKIT = [sys.executable, "-m", "deckkit"]


def test_a_render_writes_everything_before_the_process_ends(tmp_path: Path) -> None:
    data = tmp_path / "data.json"
    data.write_text('[{"template": 1, "nowhere": "x"}]')
    out = tmp_path / "out.pptx"
    done = subprocess.run(
        [*DECKKIT, "render", str(template()), str(data), "-o", str(out)], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"wrote {out} (1 slide)\n"  # stdout flushed into a pipe before os._exit
    assert "warning: slides[0].nowhere:" in done.stderr
    from pptx import Presentation

    assert len(Presentation(str(out)).slides) == 1


def test_problems_give_status_1_and_usage_status_2(tmp_path: Path) -> None:
    data = tmp_path / "data.json"
    data.write_text('[{"template": 99}]')
    done = subprocess.run(
        [*DECKKIT, "render", str(template()), str(data), "-o", str(tmp_path / "o.pptx")],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 1
    assert "slides[0].template: template slide 99 does not exist" in done.stderr
    assert not (tmp_path / "o.pptx").exists()
    assert subprocess.run(DECKKIT, capture_output=True).returncode == 2  # no verb: the help, status 2


def test_a_reader_that_stops_early_is_not_an_error() -> None:
    # `deckkit schema | head -1`: the pipe closes, the command still ends with status 0.
    shell = f"{sys.executable} -m deckkit schema | head -1"
    done = subprocess.run(["bash", "-o", "pipefail", "-c", shell], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "{\n"
    assert "Traceback" not in done.stderr


def test_the_plugin_search_is_off_unless_set(tmp_path: Path) -> None:
    # What the environment holds when the verb runs (the verb itself replaced by a probe).
    import os

    probe = tmp_path / "probe.py"
    probe.write_text(
        "import os, sys\n"
        "sys.argv = ['deckkit', 'schema']\n"
        "import deckkit.cli\n"
        "deckkit.cli._run = lambda argv, **_: (print(os.environ['PYDANTIC_DISABLE_PLUGINS'], file=sys.stderr), (0, True))[1]\n"
        "deckkit.cli.console()\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYDANTIC_DISABLE_PLUGINS"}
    unset = subprocess.run([sys.executable, str(probe)], capture_output=True, text=True, env=env)
    kept = subprocess.run(
        [sys.executable, str(probe)],
        capture_output=True,
        text=True,
        env={**env, "PYDANTIC_DISABLE_PLUGINS": ""},
    )
    assert (unset.stderr, kept.stderr) == ("__all__\n", "\n")
