"""Which slide of the new deck is which slide of the old one.

A rendered slide is a copy of a template slide: it keeps the template slide's layout and the
names of its shapes, whatever data filled them. So two slides can be the same slide only if they
share a layout and most shape names (their template slide); among those, identical content
pairs first, then the most alike content (the share of shapes showing the same thing, among the
nearest slides of the layout), then the nearest position. Slides left over were added or removed; matched slides out of their old order
(not on the longest run kept in order) were moved.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence

from deckkit.compare.read import SlideContent

__all__ = ["Pair", "match_slides", "moved"]

Pair = tuple[int, int]
"""(index of the old slide, index of the new slide), counted from 0."""

# Shape names two copies of one template slide share at least (a Delete element removes a shape).
_SAME_TEMPLATE = 0.5
# A changed slide is looked for among this many slides of its layout nearest its place: a deck of
# thousands of slides of one layout is matched in time linear in its length, not quadratic.
_NEAREST = 64


def _same_template(old: SlideContent, new: SlideContent) -> bool:
    if old.layout != new.layout:
        return False
    names_old, names_new = set(old.shapes), set(new.shapes)
    union = names_old | names_new
    return not union or len(names_old & names_new) / len(union) >= _SAME_TEMPLATE


def _alike(old: SlideContent, new: SlideContent) -> float:
    """The share of shapes (by name) that show the same thing on both slides."""
    names = set(old.shapes) | set(new.shapes)
    if not names:
        return 1.0
    return sum(old.shapes.get(n) == new.shapes.get(n) for n in names) / len(names)


def match_slides(old: Sequence[SlideContent], new: Sequence[SlideContent]) -> list[Pair]:
    """The matched slides, by the new slide's order."""
    pairs: dict[int, int] = {}
    identical: dict[tuple[object, ...], list[int]] = {}
    for i, slide in enumerate(old):
        identical.setdefault(slide.fingerprint, []).append(i)
    for j, slide in enumerate(new):  # identical slides first, each taken once, the nearest first
        same = identical.get(slide.fingerprint)
        if same:
            best = min(same, key=lambda i: abs(i - j))
            same.remove(best)
            pairs[j] = best
    free = sorted(set(range(len(old))) - set(pairs.values()))
    by_layout: dict[str, list[int]] = {}
    for i in free:
        by_layout.setdefault(old[i].layout, []).append(i)
    for j, slide in enumerate(new):
        if j in pairs:
            continue
        same_layout = by_layout.get(slide.layout, [])  # in old order
        at = bisect_left(same_layout, j)
        window = same_layout[max(0, at - _NEAREST) : at + _NEAREST]
        near = sorted(window, key=lambda i: abs(i - j))[:_NEAREST]
        candidates = [i for i in near if _same_template(old[i], slide)]
        if candidates:
            best = max(candidates, key=lambda i: (_alike(old[i], slide), -abs(i - j), -i))
            pairs[j] = best
            by_layout[slide.layout].remove(best)
    return [(pairs[j], j) for j in sorted(pairs)]


def moved(pairs: Sequence[Pair]) -> set[Pair]:
    """The pairs off the longest run of matched slides that kept their old order."""
    if not pairs:
        return set()
    # Longest increasing subsequence of the old indices, taken in the new order (patience sort).
    tails: list[int] = []  # old index ending the best run of each length
    tail_at: list[int] = []  # position in pairs of that run's last pair
    previous: list[int] = [-1] * len(pairs)
    for position, (i, _) in enumerate(pairs):
        length = bisect_left(tails, i)
        if length == len(tails):
            tails.append(i)
            tail_at.append(position)
        else:
            tails[length] = i
            tail_at[length] = position
        previous[position] = tail_at[length - 1] if length else -1
    kept: set[int] = set()
    position = tail_at[-1]
    while position != -1:
        kept.add(position)
        position = previous[position]
    return {pair for position, pair in enumerate(pairs) if position not in kept}
