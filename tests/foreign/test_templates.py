"""The committed foreign templates are what their authoring scripts write (./dev foreign-templates).

python-pptx's set is written again here and compared part by part (zip entry times and the
embedded workbooks' creation times differ from run to run, the rest does not). PptxGenJS's needs node and npm, which the suite does not: its file
is checked to be PptxGenJS's, at the version package-lock.json pins.
"""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

from tests.foreign.matrix import TEMPLATES
from tests.foreign.python_pptx_templates import build

HERE = Path(__file__).resolve().parent


def _parts(path: Path | io.BytesIO) -> dict[str, bytes]:
    """The parts of a package; an embedded workbook's parts in its place, but for its creation time."""
    parts = {}
    with zipfile.ZipFile(path) as z:
        for name in z.namelist():
            data = z.read(name)
            if name.endswith(".xlsx"):
                inner = _parts(io.BytesIO(data))
                inner.pop("docProps/core.xml", None)  # XlsxWriter dates it now
                parts.update({f"{name}/{part}": blob for part, blob in inner.items()})
            else:
                parts[name] = data
    return parts


def test_the_python_pptx_templates_are_what_the_script_writes(tmp_path: Path) -> None:
    written = _parts(build(tmp_path / "python-pptx.pptx"))
    committed = _parts(TEMPLATES["python-pptx"])
    assert sorted(written) == sorted(committed)
    changed = [name for name in written if written[name] != committed[name]]
    assert changed == [], f"run ./dev foreign-templates and commit tests/foreign/templates: {changed} differ"


def test_the_pptxgenjs_templates_come_from_the_pinned_pptxgenjs() -> None:
    package = json.loads((HERE / "pptxgenjs" / "package.json").read_text())
    lock = json.loads((HERE / "pptxgenjs" / "package-lock.json").read_text())
    pinned = package["dependencies"]["pptxgenjs"]
    assert pinned[0].isdigit(), f"pin an exact version of pptxgenjs, not {pinned!r}"
    assert lock["packages"]["node_modules/pptxgenjs"]["version"] == pinned
    parts = _parts(TEMPLATES["pptxgenjs"])
    assert b"<dc:subject>PptxGenJS Presentation</dc:subject>" in parts["docProps/core.xml"]
    assert sum(1 for name in parts if name.startswith("ppt/slides/slide")) == 8
