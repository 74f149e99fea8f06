"""``./dev`` says what it installs, and roughly how long it takes, before it starts (issue 27).

The first ``./dev serve`` on a fresh clone printed nothing for about five minutes while pip
worked. Here ``./dev`` runs against a stand-in Python (DECKKIT_PYTHON) that records what it is
asked to do, so the order of messages and installs is seen without installing anything.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

STAND_IN = """#!/usr/bin/env bash
# A stand-in for python3 and for the venv's python: it says what it was asked to do.
case "$1" in
  --version) echo "Python 3.11 (stand-in)";;
  -m)
    case "$2" in
      venv) mkdir -p "$3/bin"; cp "$0" "$3/bin/python"; printf '#!/usr/bin/env bash\\necho "deckkit $*"\\n' > "$3/bin/deckkit"; chmod +x "$3/bin/deckkit";;
      pip) echo "PIP $*" >&2;;
      compileall) ;;
    esac;;
  -c) echo "stamp-of-pyproject";;
esac
"""


def run_dev(folder: Path, *args: str) -> str:
    env = {**os.environ, "DECKKIT_PYTHON": str(folder / "python3")}
    env.pop("DECKKIT_VENV", None)
    done = subprocess.run(
        ["bash", str(folder / "dev"), *args], cwd=folder, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stderr + done.stdout


def test_dev_serve_says_what_it_installs_before_installing(tmp_path: Path) -> None:
    shutil.copy(REPO / "dev", tmp_path / "dev")
    shutil.copy(REPO / "pyproject.toml", tmp_path / "pyproject.toml")
    python = tmp_path / "python3"
    python.write_text(STAND_IN)
    python.chmod(python.stat().st_mode | stat.S_IXUSR)

    first = run_dev(tmp_path, "serve", "--port", "8123")
    lines = first.splitlines()
    install = next(i for i, line in enumerate(lines) if line.startswith("PIP ") and "-e" in line)
    said = "\n".join(lines[:install])
    assert "creating the virtualenv .venv" in said
    assert "installing deckkit[all]" in said
    assert "about 3 minutes" in said
    assert "deckkit serve --port 8123" in lines[-1]

    again = run_dev(tmp_path, "serve")
    assert "PIP" not in again
    assert "installing" not in again
