"""What a deal outcome (tricks taken per seat) is worth to the searching bot.

Hard: its own deal score (khishti included).  Insane: its own change of total — at a pulka's last
deal with the premium and struck deals worked out exactly — minus ``harm`` times the opponents'
mean change, so that stopping a rival's bid or premium counts when it is worth more than a small gain.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..dealing import PULKA_OF
from ..scoring import _score
from .info import Info


class Utility:
    """``u(taken) -> (value, points)``: the value the search maximises and the bot's own deal points."""

    def __init__(self, view: dict[str, Any], info: Info, bids: Sequence[int], harm: float) -> None:
        self.me = info.seat
        self.n = info.n
        self.k = info.khishti
        self.bids = list(bids)
        self.harm = harm
        self.cache: dict[tuple[int, ...], tuple[float, float]] = {}
        self.premium = info.rules.premium
        self.last = False
        self.claim = [False] * 4
        self.best = [0] * 4
        self.remaining = 0
        if harm:
            mode = view.get("mode", "full")
            deal_no = view.get("deal_no", 1)
            pulkas = PULKA_OF.get(mode, PULKA_OF["full"])
            i = deal_no - 1
            if 0 <= i < len(pulkas):
                p = pulkas[i]
                self.last = i + 1 == len(pulkas) or pulkas[i + 1] != p
                mine = [d for d in view.get("deals", []) if d.get("pulka") == p + 1]
                self.claim = [all(d["bids"][s] == d["taken"][s] for d in mine) for s in range(4)]
                self.best = [max([d["points"][s] for d in mine], default=-10 ** 9) for s in range(4)]
                # deals of the pulka still to come after this one
                self.remaining = sum(1 for j in range(i + 1, len(pulkas)) if pulkas[j] == p)

    def set_bids(self, bids: Sequence[int]) -> None:
        """New bids for the same deal (the bid search varies the bids still to come per sample)."""
        if list(bids) != self.bids:
            self.bids = list(bids)
            self.cache.clear()

    def __call__(self, taken: Sequence[int]) -> tuple[float, float]:
        key = tuple(taken)
        v = self.cache.get(key)
        if v is not None:
            return v
        n, k, bids, me = self.n, self.k, self.bids, self.me
        own = float(_score(bids[me], taken[me], n, k))
        if not self.harm:
            v = (own, own)
        else:
            pts = [_score(bids[s], taken[s], n, k) for s in range(4)]
            delta = [float(x) for x in pts]
            claim = [self.claim[s] and bids[s] == taken[s] for s in range(4)]
            best = [max(self.best[s], pts[s]) for s in range(4)]
            ncl = sum(claim)
            if self.last:
                for s in range(4):
                    if claim[s] and (self.premium != "folk" or ncl == 1):
                        delta[s] += best[s]
                    if ncl == 1 and not claim[s] and self.premium in ("georgian", "folk") and best[s] > 0:
                        delta[s] -= best[s]
            else:
                # an open premium chance is worth part of the best deal (it may still be lost)
                q = 0.55 ** self.remaining
                for s in range(4):
                    if claim[s]:
                        delta[s] += q * best[s] * (0.6 if self.premium != "bonus" else 0.5)
            v = (delta[me] - self.harm * (sum(delta) - delta[me]) / 3.0, own)
        self.cache[key] = v
        return v
