"""Every Python and shell block of README.md and docs/*.md runs, in page order, in a fresh folder.

Sybil (https://sybil.readthedocs.io) finds the blocks and runs each page as one document: its
blocks become test items in page order, sharing one namespace. The repository's root
conftest.py hands pytest the ``pytest_collect_file`` hook made here; docs/README.md explains
the conventions to writers.

- ``python`` blocks run in the page's namespace (names made by one block serve the next);
  ``ipython`` blocks (a notebook's magics) run in an IPython shell over that namespace, and a
  ``deckkit: ...`` line on stderr (a magic's way of failing) fails them.
- ``bash``/``sh`` blocks run in ``bash -euo pipefail``; their variables and functions carry to the
  page's next shell block, as they would in one terminal.
- ``console`` blocks run their ``$ `` lines (a line ending in ``\\`` continues); the other lines
  show output and are not compared.

Each page runs in a new empty folder (the working directory while its blocks run), with
``deckkit`` on PATH and no ``DECKKIT_*`` variables from outside. Words after the block's
language say how it runs in the test:

- ``server``: a live ``deckkit serve`` is started for the page (in its folder, on a free port)
  and the block gets ``DECKKIT_BASE_URL`` and ``DECKKIT_API_TOKEN``;
- ``serve``: the block's ``deckkit serve`` / ``./dev serve`` command starts that live server (with
  ``--port`` on a free port added) instead of blocking; its other commands run as written;
- ``exit=N``: the block ends with exit status N (a command shown failing on purpose);
- ``ci``: the block is the test suite itself (``./dev test``); the test checks that CI's
  ``.ci/run`` runs it, rather than running the suite inside itself.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sybil import Document, Example, Region, Sybil
from sybil.parsers.markdown.lexers import RawFencedCodeBlockLexer

from tests.serve_process import ServeProcess, deckkit_serve, free_port

REPO = Path(__file__).resolve().parents[2]
LANGUAGES = ("python", "ipython", "bash", "sh", "console")
OPTIONS = re.compile(r"^(server|serve|ci|exit=\d+)$")
_INFO = re.compile(
    r"(?P<language>python|ipython|bash|sh|console)(?:[ \t]+(?P<options>[^\n`]*))?$\n", re.MULTILINE
)
_SERVE = re.compile(r"^(\./dev|deckkit) serve\b")


@dataclass(frozen=True)
class Block:
    language: str
    options: frozenset[str]
    source: str

    def expected_exit(self) -> int:
        return next((int(o.split("=", 1)[1]) for o in self.options if o.startswith("exit=")), 0)


@dataclass
class PageRun:
    """One page's run: its folder, its shell state, its live server (started when first needed)."""

    folder: Path
    state: Path
    stack: ExitStack = field(default_factory=ExitStack)
    server: ServeProcess | None = None

    def live_server(self, command: list[str] | None = None) -> ServeProcess:
        if self.server is None:
            self.server = self.stack.enter_context(
                deckkit_serve(
                    self.folder, port=free_port(), command=command, data_dir=self.folder / "deckkit-data"
                )
            )
        return self.server

    def environment(self, block: Block) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith("DECKKIT_")}
        env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
        if "server" in block.options:
            server = self.live_server()
            env["DECKKIT_BASE_URL"] = server.base_url
            env["DECKKIT_API_TOKEN"] = server.token
        return env


def parse_blocks(document: Document) -> list[Region]:
    lexer = RawFencedCodeBlockLexer(info_pattern=_INFO)
    regions = []
    for region in lexer(document):
        words = frozenset((region.lexemes["options"] or "").split())
        unknown = sorted(w for w in words if not OPTIONS.match(w))
        if unknown:
            raise ValueError(f"{document.path}: unknown words after a block's language: {', '.join(unknown)}")
        block = Block(region.lexemes["language"], words, str(region.lexemes["source"]))
        regions.append(Region(region.start, region.end, parsed=block, evaluator=evaluate))
    return regions


def _page(example: Example) -> PageRun:
    run: PageRun = example.namespace["__page__"]
    return run


def evaluate(example: Example) -> str | None:
    block: Block = example.parsed
    run = _page(example)
    where = f"{Path(example.path).relative_to(REPO)}, line {example.line}"
    if block.language == "python":
        return _python(block, run, example.namespace, where)
    if block.language == "ipython":
        return _ipython(block, example.namespace, where)
    if "ci" in block.options:
        return _ci(block, where)
    script = _console_script(block.source) if block.language == "console" else block.source
    if "serve" in block.options:
        script = _start_serve_commands(script, run)
    return _shell(block, script, run, where)


def _python(block: Block, run: PageRun, namespace: dict[str, Any], where: str) -> str | None:
    env = run.environment(block)
    saved = dict(os.environ)
    os.environ.clear()
    os.environ.update(env)
    try:
        exec(compile(block.source, where, "exec"), namespace)
    finally:
        os.environ.clear()
        os.environ.update(saved)
    return None


def _ipython(block: Block, namespace: dict[str, Any], where: str) -> str | None:
    import contextlib
    import io

    from IPython.core.interactiveshell import InteractiveShell

    if not InteractiveShell.initialized():
        namespace["__ipython_made__"] = True  # made for this page: cleared when the page ends
    shell = InteractiveShell.instance()
    shell.user_ns.update({k: v for k, v in namespace.items() if not k.startswith("__")})
    errors = io.StringIO()
    with contextlib.redirect_stderr(errors):
        result = shell.run_cell(block.source, store_history=False, silent=False)
    said = errors.getvalue()
    if not result.success or "deckkit: " in said:
        failure = result.error_before_exec or result.error_in_exec
        return f"{where}: the IPython block failed: {failure!r}\n{said}"
    return None


def _console_script(text: str) -> str:
    """The commands of a console transcript: ``$ `` lines and their ``\\`` continuations."""
    commands: list[str] = []
    continuing = False
    for line in text.splitlines():
        if continuing:
            commands.append(line)
        elif line.startswith("$ "):
            commands.append(line[2:])
        else:
            continue
        continuing = line.rstrip().endswith("\\")
    return "\n".join(commands) + "\n"


def _start_serve_commands(script: str, run: PageRun) -> str:
    """Each ``deckkit serve`` / ``./dev serve`` line becomes the page's live server, started here."""
    kept = []
    for line in script.splitlines():
        command = line.split("#", 1)[0].strip()
        if _SERVE.match(command):
            words = shlex.split(command)
            if words[0] == "./dev":
                words[0] = str(REPO / "dev")
            run.live_server(words)
        else:
            kept.append(line)
    return "\n".join(kept) + "\n"


_SAVE_STATE = r"""
{
  for __name in $(compgen -v); do
    case " $__base " in *" $__name "*) continue;; esac
    case "$__name" in BASH*|_|__*|PIPESTATUS|FUNCNAME|OLDPWD|PWD|COLUMNS|LINES) continue;; esac
    declare -p "$__name"
  done
  declare -f
} > "$__state"
"""


def _shell(block: Block, script: str, run: PageRun, where: str) -> str | None:
    wrapped = (
        "set -euo pipefail\n"
        f"__state={shlex.quote(str(run.state))}\n"
        '__base="$(compgen -v | tr "\\n" " ")"\n'
        'if [ -f "$__state" ]; then source "$__state"; fi\n'
        f"{script}\n"
        f"{_SAVE_STATE}"
    )
    done = subprocess.run(
        ["bash", "-c", wrapped],
        cwd=run.folder,
        env=run.environment(block),
        capture_output=True,
        text=True,
        timeout=600,
    )
    expected = block.expected_exit()
    if done.returncode != expected:
        return (
            f"{where}: the block ended with exit status {done.returncode}, not {expected}\n"
            f"--- block ---\n{block.source}--- stdout ---\n{done.stdout}--- stderr ---\n{done.stderr}"
        )
    return None


def _ci(block: Block, where: str) -> str | None:
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    for line in block.source.splitlines():
        command = line.split("#", 1)[0].strip()
        if command and not re.search(rf"(^|\s){re.escape(command)}(\s|$)", ci, re.MULTILINE):
            return f"{where}: `{command}` is marked ci, but .ci/run does not run it"
    return None


def setup(namespace: dict[str, Any]) -> None:
    folder = Path(tempfile.mkdtemp(prefix="deckkit-docs-"))
    state = Path(tempfile.mkdtemp(prefix="deckkit-docs-shell-")) / "state.sh"
    namespace["__page__"] = PageRun(folder, state)
    namespace["__cwd__"] = os.getcwd()
    os.chdir(folder)


def teardown(namespace: dict[str, Any]) -> None:
    run: PageRun = namespace["__page__"]
    os.chdir(namespace["__cwd__"])
    if namespace.get("__ipython_made__"):  # an ipython block's shell must not outlive its page
        from IPython.core.interactiveshell import InteractiveShell

        InteractiveShell.clear_instance()
    try:
        run.stack.close()
    finally:
        shutil.rmtree(run.folder, ignore_errors=True)
        shutil.rmtree(run.state.parent, ignore_errors=True)


class _Pages(Sybil):
    """README.md and the pages of docs/, nothing else (pytest visits them through ``testpaths``)."""

    def should_parse(self, path: Path) -> bool:
        try:
            relative = path.resolve().relative_to(REPO)
        except ValueError:
            return False
        return relative == Path("README.md") or (relative.parent == Path("docs") and relative.suffix == ".md")


DOCS = _Pages(parsers=[parse_blocks], path="../..", setup=setup, teardown=teardown, name="docs")
pytest_collect_file = DOCS.pytest()
