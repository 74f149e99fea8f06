"""The examples of docs/client.md run, in order, against the bundled server on loopback."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("deckkit_server.app", reason="the bundled server (deckkit_server) is not importable")

from tests.client.live_server import LiveServer, make_bundle, make_template, run_live_server
from tests.readers import assert_readable

pytestmark = pytest.mark.slow

DOC = Path(__file__).resolve().parents[2] / "docs" / "client.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.DOTALL)


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with run_live_server(tmp_path_factory.mktemp("docs-server")) as server:
        yield server


@pytest.fixture
def workdir(tmp_path: Path, live: LiveServer, monkeypatch: pytest.MonkeyPatch) -> Path:
    template = make_template(tmp_path / "template.pptx")
    (tmp_path / "bundle.zip").write_bytes(make_bundle(template, ["Hello", "World"]))
    (tmp_path / "broken.zip").write_bytes(make_bundle(template, ["x"], template_slide=7))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DECKKIT_BASE_URL", live.base_url)
    monkeypatch.setenv("DECKKIT_API_TOKEN", live.token)
    return tmp_path


def test_docs_have_examples() -> None:
    assert len(BLOCKS) >= 6


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_doc_example_runs(index: int, workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(BLOCKS[index], f"{DOC.name}[{index}]", "exec"), {"__name__": "__docs__"})
    printed = capsys.readouterr().out
    if 'to="deck.pptx"' in BLOCKS[index]:
        assert printed.startswith("2 slides written to deck.pptx")
        # LibreOffice reads the live tests' output already; a second run here would add nothing.
        assert_readable(workdir / "deck.pptx", workdir / "template.pptx", pages=2, libreoffice=False)
    if "broken.zip" in BLOCKS[index]:
        assert printed.startswith("the data does not fit the template: ")
        assert "slides[0].template" in printed
    if "review.pptx" in BLOCKS[index]:
        assert printed == "2 True\n"
        assert_readable(workdir / "review.pptx", workdir / "template.pptx", pages=2, libreoffice=False)


def test_cli_options_named_in_the_docs_exist() -> None:
    from deckkit.cli import build_parser

    section = DOC.read_text(encoding="utf-8").split("## The command line", 1)[1]
    named = set(re.findall(r"--[a-z][a-z-]+", section))
    assert named >= {"--remote", "--base-url", "--token"}
    render = build_parser()._subparsers._group_actions[0].choices["render"]  # type: ignore[union-attr]
    known = {option for action in render._actions for option in action.option_strings}
    assert named <= known
