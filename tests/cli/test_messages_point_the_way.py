"""Messages that point the right way (issue 27): the file at fault, what it really is, the name
meant, the flag to give, the store looked for, the port to choose.

Each test here failed on 90a7f2a, where the message named the wrong file, a content type, no
near miss, a Python argument, created a second store, or printed the address before failing.
"""

from __future__ import annotations

import io
import json
import socket
import zipfile
from pathlib import Path

import pytest

from deckkit import examples
from deckkit.bundle import read_bundle
from deckkit.cli import main
from deckkit.errors import BundleError

OK = {"slides": [{"template": 1, "title": "Hello", "subtitle": "World"}]}


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def office_file(main_content_type: str) -> bytes:
    """The smallest Office Open XML package whose main part has this content type."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr(
            "[Content_Types].xml",
            '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            f'<Override PartName="/word/document.xml" ContentType="{main_content_type}"/></Types>',
        )
        archive.writestr(
            "_rels/.rels",
            '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" '
            'Target="word/document.xml"/></Relationships>',
        )
        archive.writestr("word/document.xml", "<document/>")
    return buffer.getvalue()


WORD = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"
EXCEL = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"


def bundle(entries: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def test_the_template_at_fault_is_named_not_template_pptx(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("template.pptx").write_bytes(examples.template_bytes())  # a good one sits beside it
    Path("txt-as.pptx").write_text("these are my notes, not a deck\n")
    Path("ok.json").write_text(json.dumps(OK))
    status, _, err = run(["render", "txt-as.pptx", "ok.json", "-o", "o.pptx"], capsys)
    assert status == 1
    assert err.startswith("deckkit: txt-as.pptx is a text file, not a PowerPoint file"), err
    assert "template.pptx" not in err
    assert not Path("o.pptx").exists()


@pytest.mark.parametrize(
    ("content_type", "kind"), [(WORD, "a Word document (.docx)"), (EXCEL, "an Excel workbook (.xlsx)")]
)
def test_an_office_file_is_called_what_it_is(
    content_type: str, kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    document = tmp_path / "report.pptx"
    document.write_bytes(office_file(content_type))
    (tmp_path / "ok.json").write_text(json.dumps(OK))
    status, _, err = run(
        ["render", str(document), str(tmp_path / "ok.json"), "-o", str(tmp_path / "o.pptx")], capsys
    )
    assert status == 1
    assert f"report.pptx is {kind}, not a PowerPoint file" in err, err
    assert "vnd.openxmlformats" not in err
    # Inside an input zip the template is template.pptx, and it is called what it is there too.
    zipped = tmp_path / "input.zip"
    zipped.write_bytes(
        bundle({"template.pptx": office_file(content_type), "data.json": json.dumps(OK).encode()})
    )
    status, _, err = run(["render", str(zipped), "-o", str(tmp_path / "o.pptx")], capsys)
    assert f"deckkit: template.pptx is {kind}, not a PowerPoint file" in err, err


def test_data_json_spelt_differently_is_pointed_at() -> None:
    raw = bundle({"template.pptx": examples.template_bytes(), "Data.JSON": json.dumps(OK).encode()})
    with pytest.raises(BundleError) as caught:
        read_bundle(raw)
    assert str(caught.value) == (
        'the zip has no data.json; it has "Data.JSON": names are case-sensitive, rename it to data.json'
    )
    raw = bundle({"Template.pptx": examples.template_bytes(), "data.json": json.dumps(OK).encode()})
    with pytest.raises(BundleError, match=r'it has "Template\.pptx": names are case-sensitive'):
        read_bundle(raw)
    raw = bundle({"template.pptx": examples.template_bytes(), "deta.json": json.dumps(OK).encode()})
    with pytest.raises(BundleError, match=r'did you mean "deta\.json"'):
        read_bundle(raw)


def _with_picture(src: str) -> dict[str, object]:
    return {"slides": [{"template": 5, "heading": "Plot", "plot": {"type": "image", "src": src}}]}


def test_a_media_name_spelt_differently_in_the_zip_is_pointed_at() -> None:
    from tests.renderer.media.builders import picture

    raw = bundle(
        {
            "template.pptx": examples.template_bytes(),
            "data.json": json.dumps(_with_picture("img/Logo.png")).encode(),
            "img/logo.png": picture(40, 30),
        }
    )
    with pytest.raises(BundleError) as caught:
        read_bundle(raw)
    assert 'slides[0].plot.src: "img/Logo.png" is not in the zip; did you mean "img/logo.png"?' in str(
        caught.value
    )


def test_a_missing_picture_beside_data_json_is_not_said_to_be_in_a_zip(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.renderer.media.builders import picture

    (tmp_path / "template.pptx").write_bytes(examples.template_bytes())
    (tmp_path / "data.json").write_text(json.dumps(_with_picture("Chart.png")))
    (tmp_path / "chart.png").write_bytes(picture(40, 30))
    argv = [
        "render",
        str(tmp_path / "template.pptx"),
        str(tmp_path / "data.json"),
        "-o",
        str(tmp_path / "o.pptx"),
    ]
    status, _, err = run(argv, capsys)
    assert status == 1
    assert "zip" not in err, err
    assert f'slides[0].plot.src: "Chart.png" is not a file in {tmp_path.resolve()}' in err, err
    assert 'did you mean "chart.png"?' in err


def test_remote_rendering_names_the_command_line_flags(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DECKKIT_BASE_URL", raising=False)
    monkeypatch.setenv("DECKKIT_API_TOKEN", "dk_x_y")
    zipped = tmp_path / "input.zip"
    zipped.write_bytes(
        bundle({"template.pptx": examples.template_bytes(), "data.json": json.dumps(OK).encode()})
    )
    status, _, err = run(["render", str(zipped), "-o", str(tmp_path / "o.pptx"), "--remote"], capsys)
    assert status == 1
    assert "--base-url" in err, err
    assert "base_url=" not in err
    monkeypatch.setenv("DECKKIT_BASE_URL", "http://127.0.0.1:9")
    monkeypatch.delenv("DECKKIT_API_TOKEN")
    status, _, err = run(["render", str(zipped), "-o", str(tmp_path / "o.pptx"), "--remote"], capsys)
    assert "--token" in err, err
    assert "token=" not in err


def test_token_verbs_find_the_servers_store_or_refuse(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("deckkit_server")
    for name in ("DECKKIT_DATA_DIR", "DECKKIT_DATABASE_URL"):
        monkeypatch.delenv(name, raising=False)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    status, out, err = run(["token", "create", "--name", "ci"], capsys)
    assert status == 1
    assert "found no deckkit server store" in err, err
    assert str(elsewhere / "deckkit-data") in err
    assert "--data-dir" in err
    assert list(elsewhere.iterdir()) == [], "a refused verb must not leave a new store behind"
    status, _, err = run(["account", "list"], capsys)
    assert status == 1
    assert "found no deckkit server store" in err

    # The server's folder (as its first start leaves it), and a folder inside it: both find it.
    server = tmp_path / "server"
    from deckkit_server.bootstrap import ensure_first_account
    from deckkit_server.clock import system_clock
    from deckkit_server.store import open_store

    (server / "deckkit-data").mkdir(parents=True)
    store = open_store(f"sqlite:///{server / 'deckkit-data' / 'deckkit.sqlite3'}")
    ensure_first_account(store, system_clock)
    account = store.list_accounts()[0].id
    store.close()
    (server / "notes").mkdir()
    monkeypatch.chdir(server / "notes")
    status, out, err = run(["token", "create", "--name", "ci"], capsys)
    assert status == 0, err
    assert f"for account {account}" in out
    assert not (server / "notes" / "deckkit-data").exists()
    status, _, err = run(["token", "--data-dir", str(elsewhere), "list"], capsys)
    assert status == 1
    assert f"no deckkit server store in {elsewhere}" in err


def test_a_taken_port_is_refused_before_the_address_is_printed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pytest.importorskip("deckkit_server")
    holder = socket.socket()
    holder.bind(("127.0.0.1", 0))
    holder.listen()
    port = holder.getsockname()[1]
    try:
        status, out, err = run(["serve", "--port", str(port), "--data-dir", str(tmp_path / "data")], capsys)
    finally:
        holder.close()
    assert status == 1
    assert "http://" not in out, out
    assert f"127.0.0.1:{port}" in err
    assert f"--port {port + 1}" in err, err
    assert "Errno" not in err
