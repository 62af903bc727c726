"""What a search chooses among, and how it reports them: legal plays with equivalent ones merged
(:func:`candidates`, so the rollouts are not spent twice on the same card), and every legal action
with its value, best first (:func:`ranked`, the form of every analysis the hints and reviews show).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import X1, parse_play
from .info import Info

Choice = dict[str, Any]


def candidates(info: Info, legal: Sequence[str]) -> tuple[list[int], list[int]]:
    """Legal plays with equivalent ones merged, and for every legal play the index of its stand-in.

    Touching cards of a suit (nobody else holds a card between them) are equivalent, and so are the
    two jokers played the same way.
    """
    lead = not info.trick
    plays = [parse_play(a, lead=lead) for a in legal]
    unseen = info.unseen()
    out: list[int] = []
    rep: list[int] = []
    for p in plays:
        c = p & 63
        j = -1
        for i, k in enumerate(out):
            kc = k & 63
            if c >= X1:
                if kc >= X1 and k >> 6 == p >> 6:
                    j = i
                    break
                continue
            if kc < X1 and kc // 9 == c // 9:
                lo, hi = min(kc, c), max(kc, c)
                between = ((1 << hi) - 1) & ~((2 << lo) - 1)
                if not between & unseen:
                    j = i
                    break
        if j < 0:
            j = len(out)
            out.append(p)
        rep.append(j)
    return out, rep


def ranked(actions: Sequence[str], rep: Sequence[int], totals: Sequence[float], points: Sequence[float],
           count: float, order: Sequence[float] | None = None) -> list[Choice]:
    """Every legal action with its mean value and points, best first.

    Ties go to the earlier candidate (``order``, if given, breaks them first: lower is preferred), so
    the first entry is exactly the candidate the search picks.
    """
    keyed = []
    count = count or 1.0
    for i, a in enumerate(actions):
        j = rep[i]
        keyed.append(((-totals[j], order[j] if order is not None else 0, j, i),
                      {"action": a, "value": totals[j] / count, "points": points[j] / count}))
    keyed.sort(key=lambda kv: kv[0])
    return [c for _, c in keyed]
