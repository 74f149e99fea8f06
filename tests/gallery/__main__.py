"""``./dev gallery``: re-render every case, update the goldens, write the contact sheet.

A golden is rewritten only when its page changed beyond the tolerance (so LibreOffice noise
does not churn the repository); goldens of removed cases are deleted. Review
docs/gallery/index.html, then commit the goldens and the page together.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from tests.gallery.compare import compare, diff_picture
from tests.gallery.contact_sheet import Entry, write
from tests.gallery.discover import discover, golden_pages, orphan_goldens
from tests.gallery.render import render_all

ROOT = Path(__file__).resolve().parents[2]
SHEET = ROOT / "docs" / "gallery" / "index.html"


def _png(image: object) -> bytes:
    import io

    out = io.BytesIO()
    image.save(out, "PNG")  # type: ignore[attr-defined]
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="./dev gallery", description=__doc__)
    parser.add_argument("--sheet", type=Path, default=SHEET, help="where to write the contact sheet")
    args = parser.parse_args(argv)
    cases = discover()
    entries: list[Entry] = []
    with tempfile.TemporaryDirectory(prefix="deckkit-gallery-") as tmp:
        results = render_all(cases, Path(tmp))
        for case in cases:
            rendered = results[case.id]
            old = golden_pages(case)
            if rendered.error is not None:
                entries.append(Entry(case.id, 0, "failed", case.description, rendered.error.splitlines()[-1]))
                print(f"FAILED {case.id}: {rendered.error}", file=sys.stderr)
                continue
            for page, png in enumerate(rendered.pages, start=1):
                golden = case.golden(page)
                after = png.read_bytes()
                if not golden.exists():
                    entries.append(Entry(case.id, page, "new", case.description, after=after))
                else:
                    before = golden.read_bytes()
                    result = compare(golden, png)
                    if result.same:
                        entries.append(Entry(case.id, page, "same", case.description, after=before))
                        continue
                    diff = _png(diff_picture(golden, png))
                    entries.append(
                        Entry(
                            case.id,
                            page,
                            "changed",
                            case.description,
                            result.describe(),
                            before=before,
                            after=after,
                            diff=diff,
                        )
                    )
                golden.parent.mkdir(parents=True, exist_ok=True)
                golden.write_bytes(after)
            for extra in old[len(rendered.pages) :]:
                page = int(extra.stem.rsplit("-", 1)[1])
                entries.append(Entry(case.id, page, "removed", case.description, before=extra.read_bytes()))
                extra.unlink()
    for orphan in orphan_goldens(cases):
        entries.append(
            Entry(
                f"{orphan.parent.name}/{orphan.stem}",
                0,
                "removed",
                "(case removed)",
                before=orphan.read_bytes(),
            )
        )
        orphan.unlink()
    args.sheet.parent.mkdir(parents=True, exist_ok=True)
    args.sheet.write_text(write(entries), encoding="utf-8")
    counts = {s: sum(e.status == s for e in entries) for s in ("failed", "new", "changed", "removed", "same")}
    print(f"gallery: {counts}; review {args.sheet}")
    return 1 if counts["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
