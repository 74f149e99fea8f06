"""LibreOffice and poppler, run headless: a deck deckkit wrote -> PDF -> PNG pictures.

The one place deckkit starts them (slide previews, ``RenderResult.to_pdf`` / ``to_pngs``,
``deckkit convert`` and the service's PDFs all come here). They are only ever given deckkit's
own output: a rendered deck, or a deck deckkit read and wrote again first (``read_deck``:
``deckkit convert`` and the previews of a template do so).

- Each conversion has a LibreOffice profile (``-env:UserInstallation``) of its own: LibreOffice
  locks its profile, and a second conversion in the same one waits for the first, or hands its
  work to it and exits with nothing written. A profile is kept for the next conversion of the same
  process (a fresh one is set up again by LibreOffice at every start), and never lent to two
  conversions at a time; a process forked from this one makes profiles of its own.
- soffice is a shell script that starts ``soffice.bin``: each tool runs in a process group of its
  own, killed whole when its time is up, and with an address-space limit when one is given.
- A missing tool is a :class:`ConversionError` naming the Debian package that provides it.
"""

from __future__ import annotations

import atexit
import os
import shutil
import signal
import subprocess
import tempfile
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path

from deckkit.errors import ConversionError

__all__ = [
    "PACKAGES",
    "ConversionError",
    "discard_profiles",
    "libreoffice_available",
    "pdf_to_pngs",
    "pptx_to_pdf",
    "require",
]

PACKAGES = {
    "soffice": "libreoffice-impress",
    "pdftoppm": "poppler-utils",
}
"""The Debian package that provides each tool."""

_WHAT = {"soffice": "LibreOffice (soffice)", "pdftoppm": "poppler (pdftoppm)"}

# Every page of the deck, hidden slides too: page n is slide n, as to_pngs(slides=...) counts them.
_PDF_FILTER = 'pdf:impress_pdf_Export:{"ExportHiddenSlides":{"type":"boolean","value":"true"}}'


def _which(tool: str) -> str | None:
    if tool == "soffice":
        return shutil.which("soffice") or shutil.which("libreoffice")
    return shutil.which(tool)


def require(tool: str, purpose: str) -> str:
    """The path of ``tool`` ("soffice" or "pdftoppm"), or a ConversionError saying what to install."""
    path = _which(tool)
    if path is None:
        package = PACKAGES[tool]
        raise ConversionError(
            f"{purpose} needs {_WHAT[tool]}, which is not installed (or not on PATH): install the "
            f"Debian package {package} (apt-get install {package})",
            cause="missing",
        )
    return path


def libreoffice_available() -> bool:
    """Whether both LibreOffice and pdftoppm are installed (what slide pictures need)."""
    return _which("soffice") is not None and _which("pdftoppm") is not None


def pptx_to_pdf(pptx: bytes, *, timeout: float = 180.0, memory_mb: int | None = None) -> bytes:
    """The PDF of a deck deckkit wrote, one page per slide (hidden slides too).

    ``timeout`` seconds for LibreOffice, ``memory_mb`` its address-space limit (None: none).
    """
    soffice = require("soffice", "a PDF of the deck")
    with tempfile.TemporaryDirectory(prefix="deckkit-pdf-") as tmp, _profile() as profile:
        work = Path(tmp)
        deck = work / "deck.pptx"
        deck.write_bytes(pptx)
        command = [
            soffice,
            f"-env:UserInstallation={profile.as_uri()}",
            "--headless",
            "--norestore",
            "--convert-to",
            _PDF_FILTER,
            "--outdir",
            str(work),
            str(deck),
        ]
        _run(command, "LibreOffice", timeout, memory_mb)
        pdf = work / "deck.pdf"
        if not pdf.is_file():
            limit = f" or ran out of its {memory_mb} MB of memory" if memory_mb else ""
            raise ConversionError(
                f"LibreOffice wrote no PDF of the deck (it could not open it{limit})", cause="failed"
            )
        return pdf.read_bytes()


def pdf_to_pngs(
    pdf: bytes,
    *,
    dpi: float | None = None,
    width: int | None = None,
    pages: Sequence[int] | None = None,
    timeout: float = 180.0,
) -> list[bytes]:
    """PNG pictures of the PDF's pages (numbered from 1; all when ``pages`` is None), in the order
    asked, at ``dpi`` dots per inch or ``width`` pixels wide (96 dpi when neither is given)."""
    pdftoppm = require("pdftoppm", "pictures of slides")
    with tempfile.TemporaryDirectory(prefix="deckkit-png-") as tmp:
        work = Path(tmp)
        source = work / "deck.pdf"
        source.write_bytes(pdf)
        command = [pdftoppm, "-png"]
        if width is not None:
            command += ["-scale-to-x", str(width), "-scale-to-y", "-1"]
        else:
            command += ["-r", f"{dpi if dpi is not None else 96:g}"]
        if pages:
            command += ["-f", str(min(pages)), "-l", str(max(pages))]
        _run([*command, str(source), str(work / "page")], "pdftoppm", timeout, None)
        made = {int(p.stem.rsplit("-", 1)[1]): p for p in work.glob("page-*.png")}
        wanted = list(pages) if pages else sorted(made)
        absent = [n for n in wanted if n not in made]
        if absent:
            raise ConversionError(
                f"pdftoppm made no picture of page {absent[0]} (the PDF has {len(made)} pages)",
                cause="failed",
            )
        return [made[n].read_bytes() for n in wanted]


def _run(command: list[str], name: str, timeout: float, memory_mb: int | None) -> None:
    """Run a tool in a process group of its own; the whole group is killed when time is up."""
    if memory_mb is not None:
        # The shell sets the limit and then becomes the tool: no Python code runs between fork
        # and exec (preexec_fn is unsafe in a process with threads).
        command = ["/bin/sh", "-c", f'ulimit -v {int(memory_mb) * 1024} && exec "$0" "$@"', *command]
    try:
        process = subprocess.Popen(
            command,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    except OSError as error:
        raise ConversionError(
            f"{name} could not be started: {error.strerror or error}", cause="failed"
        ) from None
    try:
        output, _ = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        _kill_group(process)
        raise ConversionError(
            f"{name} took longer than {timeout:g} seconds and was stopped", cause="timeout"
        ) from None
    except BaseException:
        _kill_group(process)
        raise
    finally:
        _kill_group(process)  # what it left running (soffice.bin when the script ended early)
    if process.returncode != 0:
        said = output.decode("utf-8", "replace").strip().splitlines()
        detail = f": {said[-1]}" if said else ""
        limit = f" (it may have needed more than its {memory_mb} MB of memory)" if memory_mb else ""
        raise ConversionError(
            f"{name} failed (exit status {process.returncode}){limit}{detail}", cause="failed"
        )


def _kill_group(process: subprocess.Popen[bytes]) -> None:
    with suppress(ProcessLookupError, PermissionError):  # the group is gone already
        os.killpg(process.pid, signal.SIGKILL)
    if process.returncode is None:
        process.communicate()


# profiles --------------------------------------------------------------------------------------

_lock = threading.Lock()
_idle: list[Path] = []
_root: list[tuple[int, Path]] = []  # (pid that made it, folder): a forked child makes its own


def _profiles_root() -> Path:
    pid = os.getpid()
    if not _root or _root[0][0] != pid:
        _idle.clear()  # a forked child must not use its parent's profiles
        _sweep_profiles_of_dead_processes()
        root = Path(tempfile.mkdtemp(prefix=f"{_ROOT_PREFIX}{pid}-"))
        _root[:] = [(pid, root)]
        atexit.register(_remove_profiles, pid, root)
    return _root[0][1]


_ROOT_PREFIX = "deckkit-office-"


def _sweep_profiles_of_dead_processes() -> None:
    """Delete the profiles of processes that ended without their atexit hooks (killed, os._exit)."""
    for folder in Path(tempfile.gettempdir()).glob(f"{_ROOT_PREFIX}*-*"):
        owner = folder.name.removeprefix(_ROOT_PREFIX).split("-", 1)[0]
        if owner.isdigit() and not _alive(int(owner)):
            shutil.rmtree(folder, ignore_errors=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process
        return True
    return True


def _remove_profiles(pid: int, root: Path) -> None:
    if os.getpid() == pid:
        shutil.rmtree(root, ignore_errors=True)


def discard_profiles() -> None:
    """Delete this process's profiles now (a process that leaves without atexit hooks calls it)."""
    with _lock:
        if _root and _root[0][0] == os.getpid():
            _remove_profiles(*_root[0])
            _root.clear()
            _idle.clear()


@contextmanager
def _profile() -> Iterator[Path]:
    """A profile folder no other conversion uses while this one runs; kept when it succeeds."""
    with _lock:
        root = _profiles_root()
        profile = _idle.pop() if _idle else Path(tempfile.mkdtemp(prefix="profile-", dir=root))
    try:
        yield profile
    except BaseException:
        # A conversion stopped part way may leave the profile locked or half-written.
        shutil.rmtree(profile, ignore_errors=True)
        raise
    with _lock:
        if _root and _root[0][1] == root:
            _idle.append(profile)
