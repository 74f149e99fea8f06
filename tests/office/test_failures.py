"""What a user hears when LibreOffice or poppler is missing, hangs or runs out of memory."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

import deckkit
from deckkit import office
from deckkit.errors import ConversionError

pytestmark = [pytest.mark.slow, pytest.mark.soffice]


@pytest.fixture(scope="module")
def result() -> deckkit.RenderResult:
    deck = deckkit.Deck(deckkit.examples.template())
    deck.add_slide(1, title="Failures", subtitle="one slide")
    return deck.render()


def _path_without(tool: str, tmp_path: Path) -> str:
    """PATH with every folder that holds ``tool`` left out (the other tools kept)."""
    folders = [f for f in os.environ["PATH"].split(os.pathsep) if f and not (Path(f) / tool).exists()]
    return os.pathsep.join(folders)


def test_without_libreoffice_the_error_names_the_package(
    result: deckkit.RenderResult, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", _path_without("soffice", tmp_path))
    monkeypatch.setenv("PATH", _path_without("libreoffice", tmp_path))
    assert not office.libreoffice_available()
    with pytest.raises(ConversionError) as caught:
        result.to_pdf()
    assert caught.value.cause == "missing"
    assert str(caught.value) == (
        "a PDF of the deck needs LibreOffice (soffice), which is not installed (or not on PATH): "
        "install the Debian package libreoffice-impress (apt-get install libreoffice-impress)"
    )
    with pytest.raises(ConversionError, match="libreoffice-impress"):
        result.to_pngs()


def test_without_poppler_the_error_names_the_package(
    result: deckkit.RenderResult, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    result.to_pdf()  # made while LibreOffice is on PATH
    monkeypatch.setenv("PATH", _path_without("pdftoppm", tmp_path))
    with pytest.raises(ConversionError, match=r"needs poppler \(pdftoppm\).*poppler-utils") as caught:
        result.to_pngs()
    assert caught.value.cause == "missing"


def _hanging_soffice(folder: Path) -> Path:
    """A stand-in soffice that starts a child of its own and hangs, as a stuck LibreOffice does."""
    folder.mkdir()
    script = folder / "soffice"
    pids = folder / "pids"
    script.write_text(f"#!/bin/sh\nsleep 600 &\necho $! >> {pids}\necho $$ >> {pids}\nwait\n")
    script.chmod(0o755)
    return pids


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


def test_a_conversion_past_its_time_is_killed_with_its_children(
    result: deckkit.RenderResult, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pids = _hanging_soffice(tmp_path / "bin")
    monkeypatch.setenv("PATH", f"{tmp_path / 'bin'}{os.pathsep}{os.environ['PATH']}")
    started = time.monotonic()
    with pytest.raises(ConversionError) as caught:
        office.pptx_to_pdf(result.pptx, timeout=1.5)
    assert time.monotonic() - started < 30
    assert caught.value.cause == "timeout"
    assert str(caught.value) == "LibreOffice took longer than 1.5 seconds and was stopped"
    started_pids = [int(line) for line in pids.read_text().split()]
    assert len(started_pids) == 2
    deadline = time.monotonic() + 5
    while any(_alive(pid) for pid in started_pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(_alive(pid) for pid in started_pids), "the script or its child outlived the timeout"


def test_a_conversion_out_of_memory_says_so(result: deckkit.RenderResult) -> None:
    with pytest.raises(ConversionError) as caught:
        office.pptx_to_pdf(result.pptx, memory_mb=100)
    assert caught.value.cause == "failed"
    assert "LibreOffice" in str(caught.value)
    assert "more than its 100 MB of memory" in str(caught.value)


def test_profiles_of_processes_that_ended_without_cleaning_up_are_swept() -> None:
    """A command ends with os._exit, a notebook kernel may be killed: the next process's first
    conversion deletes their profiles, never those of a process still running."""
    dead = subprocess.Popen(["true"])
    dead.wait()
    left = Path(tempfile.mkdtemp(prefix=f"deckkit-office-{dead.pid}-"))
    (left / "profile-x").mkdir()
    living = Path(tempfile.mkdtemp(prefix=f"deckkit-office-{os.getpid()}-"))
    try:
        code = "from deckkit import office; print(office._profiles_root())"
        made = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
        assert not left.exists()
        assert living.exists()
        assert not Path(made.stdout.strip()).exists()  # that process removed its own at exit
    finally:
        shutil.rmtree(left, ignore_errors=True)
        shutil.rmtree(living, ignore_errors=True)
