"""A skip for a missing file or tool fails the run; only the reasons tests/skips.py lists stay skips."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

TESTS = """
import pytest

pytest.importorskip("a_package_dev_would_install")
"""

CASES = """
import pytest

def test_missing_file():
    pytest.skip("tests/corpus/decks is absent")

@pytest.mark.skipif(True, reason="LibreOffice is not installed")
def test_missing_tool():
    pass

def test_service_of_the_machine():
    pytest.skip("Redis at 127.0.0.1:6379 is unreachable (connection refused)")

@pytest.mark.xfail(reason="known")
def test_expected_failure():
    assert False
"""


def run_pytest(folder: Path) -> str:
    (folder / "conftest.py").write_text(
        "from tests.skips import pytest_make_collect_report, pytest_runtest_makereport\n"
    )
    (folder / "pytest.ini").write_text("[pytest]\n")
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "no:cacheprovider",
            "-p",
            "no:randomly",
            "-rA",
            "--continue-on-collection-errors",
            str(folder),
        ],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    return done.stdout + done.stderr


def test_skips_for_missing_things_fail_and_permitted_ones_stay(tmp_path: Path) -> None:
    (tmp_path / "test_cases.py").write_text(textwrap.dedent(CASES))
    (tmp_path / "test_module.py").write_text(textwrap.dedent(TESTS))
    out = run_pytest(tmp_path)
    assert "FAILED test_cases.py::test_missing_file" in out, out
    assert "ERROR test_cases.py::test_missing_tool" in out, out
    assert "SKIPPED [1] test_cases.py" in out, out
    assert "Redis at 127.0.0.1:6379 is unreachable" in out, out
    assert "XFAIL test_cases.py::test_expected_failure" in out, out
    assert "ERROR test_module.py" in out, out
    assert "a_package_dev_would_install" in out, out
    assert "run the suite through ./dev test" in out
