"""The contact sheet: one static HTML page of before/after thumbnails, changed pages first.

Self-contained (thumbnails inline as data: URIs) so that it can be opened from anywhere and
committed under docs/gallery/ as the picture of what deckkit draws.
"""

from __future__ import annotations

import base64
import html
import io
from dataclasses import dataclass

from PIL import Image

THUMB_WIDTH = 360
# Review order: what needs a look comes first.
ORDER = {"failed": 0, "new": 1, "changed": 2, "removed": 3, "same": 4}


@dataclass
class Entry:
    case_id: str
    page: int
    status: str  # failed | new | changed | removed | same
    description: str
    note: str = ""
    before: bytes | None = None  # PNG bytes of the golden as it was
    after: bytes | None = None  # PNG bytes of the new picture
    diff: bytes | None = None  # PNG bytes: changed pixels in red


def _thumb(png: bytes | None) -> str:
    if png is None:
        return '<div class="none">none</div>'
    image = Image.open(io.BytesIO(png)).convert("RGB")
    height = round(image.height * THUMB_WIDTH / image.width)
    out = io.BytesIO()
    image.resize((THUMB_WIDTH, height), Image.Resampling.LANCZOS).save(out, "PNG", optimize=True)
    data = base64.b64encode(out.getvalue()).decode()
    return f'<img width="{THUMB_WIDTH}" height="{height}" src="data:image/png;base64,{data}">'


def write(entries: list[Entry]) -> str:
    entries = sorted(entries, key=lambda e: (ORDER[e.status], e.case_id, e.page))
    counts = {s: sum(e.status == s for e in entries) for s in ORDER}
    summary = ", ".join(f"{n} {s}" for s, n in counts.items() if n)
    rows = []
    for e in entries:
        same = e.status == "same"
        rows.append(
            f'<tr class="{e.status}"><td><b>{html.escape(e.case_id)}</b> page {e.page}<br>'
            f'<span class="status">{e.status}</span> {html.escape(e.note)}<p>{html.escape(e.description)}</p></td>'
            f"<td>{'' if same else _thumb(e.before)}</td><td>{_thumb(e.after)}</td>"
            f"<td>{_thumb(e.diff) if e.diff else ''}</td></tr>"
        )
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>What deckkit draws: the gallery</title>
<style>
body {{ font-family: sans-serif; margin: 1.5em; }}
table {{ border-collapse: collapse; }}
td {{ border-top: 1px solid #ccc; padding: 8px; vertical-align: top; max-width: 380px; }}
td p {{ color: #333; }}
img {{ border: 1px solid #999; }}
.status {{ font-weight: bold; text-transform: uppercase; font-size: 80%; }}
tr.failed .status, tr.changed .status {{ color: #c00; }}
tr.new .status {{ color: #06c; }}
tr.same .status {{ color: #080; }}
.none {{ color: #999; }}
</style></head><body>
<h1>What deckkit draws</h1>
<p>Every gallery case (<code>tests/gallery/cases/</code>) rendered by deckkit and drawn by LibreOffice.
Changed pages come first: check each against the sentence under its name, then commit the goldens
with this page. Regenerate with <code>./dev gallery</code>.</p>
<p>{html.escape(summary)}</p>
<table><tr><th>case</th><th>before (golden)</th><th>after</th><th>changed pixels</th></tr>
{"".join(rows)}
</table></body></html>
"""
