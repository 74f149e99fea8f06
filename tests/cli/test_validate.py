"""``deckkit validate`` and ``deckkit schema``: exit status and every problem listed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from tests.bundle.conftest import PNG, TEMPLATE, data_json, make_zip

from deckkit.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_valid_data_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "data.json"
    path.write_text(data_json("x", {"delete": True}))
    status, out, err = run(capsys, "validate", str(path))
    assert (status, err) == (0, "")
    assert out == f"{path}: valid, 1 slide (the format only: no template to check against)\n"


def test_invalid_data_json_lists_every_problem(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "data.json"
    path.write_text(
        json.dumps(
            [
                {"template": 1},
                {"template": 1},
                {
                    "template": 0,
                    "t": {
                        "type": "table",
                        "rows": [
                            ["a"],
                            ["b"],
                            ["c", {"value": "d", "databar": {"ratio": 1.4, "color": "darkBlue"}}],
                        ],
                    },
                },
            ]
        )
    )
    status, out, err = run(capsys, "validate", str(path))
    assert status == 1
    assert out == ""
    assert err.splitlines() == [
        f"{path}: 3 problems",
        "  slides[2].template: must be at least 1, got 0",
        "  slides[2].t.rows[2][1].databar.ratio: must be between 0.0 and 1.0, got 1.4",
        '  slides[2].t.rows[2][1].databar.color: "darkBlue": unknown color, did you mean "dkBlue"?',
    ]


def test_invalid_json_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "data.json"
    path.write_text('{"slides": [}')
    status, _, err = run(capsys, "validate", str(path))
    assert status == 1
    assert "data.json is not valid JSON: Expecting value at line 1 column 13" in err


def _picture_template() -> bytes:
    """One slide with a picture whose alt text is "k0"."""
    import io

    from pptx import Presentation

    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    picture = slide.shapes.add_picture(io.BytesIO(PNG), 0, 0)
    picture._element.xpath("./*[1]/p:cNvPr")[0].set("descr", "k0")
    out = io.BytesIO()
    prs.save(out)
    return out.getvalue()


def test_valid_zip(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "in.zip"
    path.write_bytes(
        make_zip(
            {
                "template.pptx": _picture_template(),
                "data.json": data_json({"type": "image", "src": "a.png"}),
                "a.png": PNG,
            }
        )
    )
    status, out, _ = run(capsys, "validate", str(path))
    assert status == 0
    assert out == f"{path} (data.json, template.pptx, 1 media files): valid, 1 slide\n"


def test_zip_with_missing_media(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "in.zip"
    path.write_bytes(
        make_zip(
            {
                "template.pptx": TEMPLATE,
                "data.json": data_json({"type": "image", "src": "a.png"}, {"type": "image", "src": "b.png"}),
            }
        )
    )
    status, out, err = run(capsys, "validate", str(path))
    assert (status, out) == (1, "")
    assert err.splitlines() == [
        f"{path}: the zip has problems:",
        '  slides[0].k0.src: "a.png" is not in the zip',
        '  slides[0].k1.src: "b.png" is not in the zip',
    ]


def test_unsafe_zip(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "in.zip"
    path.write_bytes(make_zip([("template.pptx", TEMPLATE), ("data.json", data_json()), ("../x", "x")]))
    status, _, err = run(capsys, "validate", str(path))
    assert status == 1
    assert err == f'{path}: zip entry "../x" contains ".."; rejected\n'


def test_missing_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "validate", str(tmp_path / "nope.zip"))
    assert status == 1
    assert "no such file" in err


def test_schema_prints_the_json_schema(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "schema")
    assert status == 0
    schema = json.loads(out)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    assert validator.is_valid(json.loads(data_json("x")))
    assert not validator.is_valid(
        [
            {
                "template": 1,
                "t": {"type": "table", "rows": [[{"value": "", "databar": {"ratio": 1.4, "color": "red"}}]]},
            }
        ]
    )


def test_the_installed_command_runs(tmp_path: Path) -> None:
    path = tmp_path / "data.json"
    path.write_text('[{"template": "1"}]')
    done = subprocess.run(
        [sys.executable, "-m", "deckkit", "validate", str(path)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 1
    assert 'slides[0].template: must be a whole number, got string "1"' in done.stderr
    assert "Traceback" not in done.stderr


def test_a_typo_is_never_valid_alone_and_strict_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import deckkit

    template = tmp_path / "template.pptx"
    template.write_bytes(deckkit.examples.template().read_bytes())
    data = tmp_path / "typo.json"
    data.write_text(json.dumps([{"template": 1, "titel": "Q3", "subtitle": "2026"}]))
    status, out, err = run(capsys, "validate", str(data), "--template", str(template))
    assert status == 0
    assert out == f"{data}: valid, 1 slide, 2 warnings\n"
    assert "  warning: slides[0].titel: template slide 1 has no key `titel`; did you mean `title`?" in err
    assert "  warning: slides[0]: {title} on template slide 1 is not filled (the data gives `titel`" in err
    status, _, _ = run(capsys, "validate", str(data), "--template", str(template), "--strict")
    assert status == 1
    # The render says the same, line for line.
    status, _, render_err = run(capsys, "render", str(template), str(data), "-o", str(tmp_path / "o.pptx"))
    assert status == 0
    assert [line.removeprefix("warning: ") for line in render_err.splitlines()] == [
        line.strip().removeprefix("warning: ") for line in err.splitlines()
    ]


def test_a_template_refused_is_named_as_given(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--template brand.pptx`` that cannot be used is called brand.pptx, as ``deckkit render``
    calls it, not the input zip's template.pptx (a file the user does not have)."""
    from tests.readers import CORPUS

    template = tmp_path / "brand.pptx"
    template.write_bytes((CORPUS / "open-xml-sdk" / "TestFiles_encrypted_pptx.pptx").read_bytes())
    path = tmp_path / "data.json"
    path.write_text(json.dumps({"slides": [{"template": 1}]}))
    status, out, err = run(capsys, "validate", "--template", str(template), str(path))
    assert (status, out) == (1, "")
    assert f"  {template}: {template} is password-protected (encrypted)" in err, err
    assert "template.pptx" not in err, err
