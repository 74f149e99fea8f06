"""Every gallery case looks like its reviewed golden (./dev gallery regenerates them for review)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.gallery.compare import compare
from tests.gallery.discover import Case, discover, golden_pages, orphan_goldens
from tests.gallery.render import Rendered, render_all
from tests.readers import soffice

CASES = discover()
REVIEW = (
    "run ./dev gallery, look at docs/gallery/index.html, and commit the goldens if the pictures are right"
)

# One xdist worker renders the whole gallery once (a few LibreOffice starts for all cases).
pytestmark = [pytest.mark.slow, pytest.mark.soffice, pytest.mark.xdist_group("gallery")]


@pytest.fixture(scope="session")
def gallery(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Rendered]:
    assert soffice() is not None, "the gallery needs LibreOffice (soffice): ./dev test installs it"
    assert shutil.which("pdftoppm") is not None, (
        "the gallery needs poppler (pdftoppm): ./dev test installs it"
    )
    return render_all(CASES, tmp_path_factory.mktemp("gallery"))


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_case_matches_its_golden(case: Case, gallery: dict[str, Rendered]) -> None:
    rendered = gallery[case.id]
    assert rendered.error is None, f"{case.id}: {rendered.error}"
    goldens = golden_pages(case)
    assert goldens, f"{case.id} has no golden yet; {REVIEW}"
    assert len(rendered.pages) == len(goldens), (
        f"{case.id} now draws {len(rendered.pages)} pages, its goldens have {len(goldens)}; {REVIEW}"
    )
    changed = []
    for page, (png, golden) in enumerate(zip(rendered.pages, goldens, strict=True), start=1):
        result = compare(golden, png)
        if not result.same:
            changed.append(f"page {page}: {result.describe()}")
    assert not changed, f"{case.id} ({case.description}) changed: {'; '.join(changed)}; {REVIEW}"


def test_every_golden_has_a_case() -> None:
    orphans = orphan_goldens(CASES)
    assert not orphans, f"goldens without a case: {[str(p) for p in orphans]}; {REVIEW}"


def test_every_case_says_what_to_look_at() -> None:
    assert CASES, "the gallery has no cases"
    assert all(len(c.description) > 10 for c in CASES)


def test_contact_sheet_is_committed() -> None:
    sheet = Path(__file__).resolve().parents[2] / "docs" / "gallery" / "index.html"
    assert sheet.exists(), f"docs/gallery/index.html is missing; {REVIEW}"
