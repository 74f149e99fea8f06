"""The filled tables open in all three readers, LibreOffice included (one conversion for all)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.readers import assert_readable
from tests.renderer.table.gallery import SCENARIOS, build_gallery


@pytest.mark.slow
@pytest.mark.soffice
def test_every_table_scenario_opens_in_the_three_readers(tmp_path: Path) -> None:
    template, out = build_gallery(tmp_path)
    assert_readable(out, template, pages=len(SCENARIOS))
