"""A deck diff shown: each slide that differs, old and new pictures side by side, its changes marked.

The notebook display (``deckkit.diff(old, new)`` at the end of a cell) is bounded like every
display: the first ``deckkit.options.thumbnails`` slides that differ, each with at most
``MAX_CHANGES`` changes. ``deckkit diff --html`` writes :func:`diff_page`, the whole report.
"""

from __future__ import annotations

from collections.abc import Sequence

from deckkit.compare import Area, Change, DeckDiff, SlideDiff
from deckkit.display.html import box, esc
from deckkit.display.thumbnails import slide_pictures
from deckkit.display_hook import HTML
from deckkit.options import options
from deckkit.words import counted

__all__ = ["MAX_CHANGES", "deck_diff_html", "diff_page"]

MAX_CHANGES = 30
"""Changes listed per slide in a notebook (the page lists them all)."""

_OLD_STYLE = "background:#ffd7d5;text-decoration:line-through"
_NEW_STYLE = "background:#ccffd8;text-decoration:none"
_OLD_MARK, _NEW_MARK = "#cf222e", "#1a7f37"  # changed shapes framed: red on the old slide, green on the new
_PICTURE_WIDTH = 320


@HTML.register("deckkit.compare.report.DeckDiff")
def deck_diff_html(diff: DeckDiff) -> str:
    return box(
        esc(diff.summary_line()), _body(diff, limit=options.thumbnails, changes=MAX_CHANGES, any_length=False)
    )


def diff_page(diff: DeckDiff) -> str:
    """The whole diff as a page of its own (``deckkit diff --html``): every slide and change."""
    body = box(esc(diff.summary_line()), _body(diff, limit=None, changes=None, any_length=True))
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{esc(diff.old_name)} → {esc(diff.new_name)}</title></head>"
        f'<body style="margin:16px">{body}</body></html>\n'
    )


def _body(diff: DeckDiff, *, limit: int | None, changes: int | None, any_length: bool) -> str:
    if diff.identical:
        return f"<p>The decks show the same {counted(diff.new_count, 'slide')}.</p>"
    differing = diff.differences
    shown = differing if limit is None else differing[:limit]
    old_pictures, note = slide_pictures(
        diff.old_pptx,
        [s.old for s in shown if s.old is not None],
        width=_PICTURE_WIDTH,
        any_length=any_length,
    )
    new_pictures, new_note = slide_pictures(
        diff.new_pptx,
        [s.new for s in shown if s.new is not None],
        width=_PICTURE_WIDTH,
        any_length=any_length,
    )
    rows = "".join(_slide_rows(s, old_pictures, new_pictures, changes) for s in shown)
    same = diff.count("same") - sum(s.status == "same" for s in differing)
    notes = [f"{counted(same, 'slide')} the same, in the same place, not shown."] if same else []
    if len(shown) < len(differing):
        notes.append(f"… and {counted(len(differing) - len(shown), 'more slide')} that differ.")
    notes.append(note or new_note)
    return (
        '<table style="border-collapse:collapse;margin-top:6px">'
        f"<tr><th>{esc(diff.old_name)}</th><th>{esc(diff.new_name)}</th></tr>{rows}</table>"
        + "".join(f'<div style="font-size:11px;color:#777">{esc(n)}</div>' for n in notes if n)
    )


def _picture(
    pictures: dict[int, str], number: int | None, missing: str, marks: Sequence[Area], colour: str
) -> str:
    """The slide's picture, each changed shape framed in ``colour`` over it."""
    if number is None or number not in pictures:
        return f'<i style="color:#777">{esc(missing)}</i>'
    frames = "".join(
        f'<div style="position:absolute;left:{x:.2%};top:{y:.2%};width:{w:.2%};height:{h:.2%};'
        f'outline:2px solid {colour};background:{colour}22"></div>'
        for x, y, w, h in marks
    )
    return (
        f'<div style="position:relative;display:inline-block;line-height:0">'
        f'<img src="{pictures[number]}" width="{_PICTURE_WIDTH}" style="border:1px solid #ccc"/>{frames}</div>'
    )


def _slide_rows(slide: SlideDiff, old: dict[int, str], new: dict[int, str], limit: int | None) -> str:
    colour = {"added": "#1a7f37", "removed": "#cf222e"}.get(slide.status, "#333")
    cell = 'style="padding:4px 8px;vertical-align:top;border-top:1px solid #ddd"'
    return (
        f'<tr><td colspan="2" {cell}><b style="color:{colour}">{esc(slide.headline)}</b></td></tr>'
        f"<tr><td {cell}>{_picture(old, slide.old, 'not in the old deck', slide.old_marks, _OLD_MARK)}</td>"
        f"<td {cell}>{_picture(new, slide.new, 'not in the new deck', slide.new_marks, _NEW_MARK)}</td></tr>"
        + (
            f'<tr><td colspan="2" {cell}>{_changes_html(slide.changes, limit)}</td></tr>'
            if slide.changes
            else ""
        )
    )


def _changes_html(changes: Sequence[Change], limit: int | None) -> str:
    shown = changes if limit is None else changes[:limit]
    items = "".join(f"<li>{_change_html(c)}</li>" for c in shown)
    more = (
        f"<li>… and {counted(len(changes) - len(shown), 'more change')}</li>"
        if len(shown) < len(changes)
        else ""
    )
    return f'<ul style="margin:0;padding-left:18px">{items}{more}</ul>'


def _change_html(change: Change) -> str:
    where = f"<b>{esc(change.kind)}</b> {esc(change.where)}: "
    if change.kind == "picture":
        return where + "replaced"
    if change.kind == "shape" or (change.kind == "table" and change.column is None):  # one side only
        if change.old is None:
            return where + f'added <ins style="{_NEW_STYLE}">{_text(change.new)}</ins>'
        if change.new is None:
            return where + f'removed <del style="{_OLD_STYLE}">{_text(change.old)}</del>'
    old = f'<del style="{_OLD_STYLE}">{_text(change.old)}</del>'
    new = f'<ins style="{_NEW_STYLE}">{_text(change.new)}</ins>'
    return f"{where}{old} → {new}"


def _text(text: str | None) -> str:
    return "<i>(none)</i>" if text is None else esc(text).replace("\n", "<br/>")
