"""Hard and Insane: determinized sampling (PIMC) over deals consistent with what the table has shown.

Each decision samples the unseen cards into the other hands (respecting revealed voids; Insane also
the cards a high joker lead forced out and, by importance resampling, each seat's bid), then scores
every candidate — every legal card, every joker mode and named suit — by a rollout of the deal with
the fast bid-seeking kernel (:mod:`joker.bots.kernel`).  The same sampled deals serve every candidate
(common random numbers), and the loop runs until the time budget is spent.
"""
from __future__ import annotations

import math
import random
import time
from typing import Any, Callable, Sequence

from ..cards import SUIT_MASKS, X1, cards_of, parse_play, play_text
from ..game import PULKA_OF
from ..rules import winner_index
from ..scoring import _score
from .heuristic import est_tricks
from .info import Info
from .kernel import rollout, to_kernel, swap_play

SM = SUIT_MASKS


# ---- sampling ------------------------------------------------------------------------------

class Sampler:
    """Deals the unseen cards to the other seats (and out of play) consistently with ``info``.

    ``excl[s]`` are the cards seat ``s`` cannot hold; a card nobody may hold goes out of play (short
    deals) or, if that is impossible, the constraints are dropped for that sample.
    """

    def __init__(self, info: Info, rng: random.Random) -> None:
        self.info = info
        self.rng = rng
        me = info.seat
        self.others = [s for s in range(4) if s != me]
        self.caps = [0, 0, 0, 0, max(0, info.out_count)]
        for s in self.others:
            self.caps[s] = info.counts[s] - info.known[s].bit_count()
        groups: dict[tuple[int, ...], list[int]] = {}
        for c in cards_of(info.pool):
            allowed = tuple([s for s in self.others if not info.excl[s] >> c & 1] + ([4] if self.caps[4] else []))
            groups.setdefault(allowed, []).append(c)
        # most constrained first
        self.groups = sorted(groups.items(), key=lambda kv: len(kv[0]))
        self.relaxed = tuple(self.others + ([4] if self.caps[4] else []))
        self.failures = 0

    def sample(self) -> list[int]:
        """Hands of all four seats (ours as it is)."""
        for attempt in range(12):
            hands = self._try(attempt >= 10)
            if hands is not None:
                return hands
        self.failures += 1
        hands = self._try(True)
        assert hands is not None
        return hands

    def _try(self, relax: bool) -> list[int] | None:
        info = self.info
        rand = self.rng.random
        caps = list(self.caps)
        hands = [info.known[s] for s in range(4)]
        hands[info.seat] = info.hand
        items = self.groups
        if relax:
            allc = [c for _, cs in items for c in cs]
            items = [(self.relaxed, allc)]
        for allowed, cs in items:
            cs = list(cs)
            self.rng.shuffle(cs)
            for c in cs:
                tot = 0
                for s in allowed:
                    tot += caps[s]
                if tot <= 0:
                    return None
                r = rand() * tot
                for s in allowed:
                    r -= caps[s]
                    if r < 0 and caps[s]:
                        break
                caps[s] -= 1
                if s < 4:
                    hands[s] |= 1 << c
        return hands


def bid_loglik(bid: int, hand: int, trump: int, n: int) -> float:
    """log P(bid | hand) under a rounded-estimate model with unit spread (Insane's bid reading)."""
    e = est_tricks(hand, trump, n)
    sigma = 0.55 + 0.12 * n
    d = bid - e
    return -d * d / (2 * sigma * sigma)


# ---- utilities ----------------------------------------------------------------------------

class Utility:
    """Value of a deal outcome (tricks taken per seat) for the bot's seat.

    Hard: its own deal score (khishti included).  Insane: its own change of total — at a pulka's last
    deal with the premium and struck deals worked out exactly — minus ``harm`` times the opponents'
    mean change, so that stopping a rival's bid or premium counts when it is worth more than a small gain.
    """

    def __init__(self, view: dict[str, Any], info: Info, bids: Sequence[int], harm: float) -> None:
        self.me = info.seat
        self.n = info.n
        self.k = info.khishti
        self.bids = list(bids)
        self.harm = harm
        self.cache: dict[tuple[int, ...], float] = {}
        self.premium = info.rules.premium
        self.last = False
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

    def __call__(self, taken: Sequence[int]) -> float:
        key = tuple(taken)
        v = self.cache.get(key)
        if v is not None:
            return v
        n, k, bids, me = self.n, self.k, self.bids, self.me
        if not self.harm:
            v = float(_score(bids[me], taken[me], n, k))
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
            v = delta[me] - self.harm * (sum(delta) - delta[me]) / 3.0
        self.cache[key] = v
        return v


# ---- the searcher -------------------------------------------------------------------------

def _candidates(info: Info, legal: list[str]) -> list[int]:
    """Legal plays with equivalent cards merged (touching cards of a suit, the two jokers)."""
    lead = not info.trick
    plays = [parse_play(a, lead=lead) for a in legal]
    unseen = info.unseen()
    out: list[int] = []
    seen_joker = -1
    kept: list[int] = []
    for p in plays:
        c = p & 63
        if c >= X1:
            if seen_joker >= 0 and seen_joker != c:
                continue
            seen_joker = c
            out.append(p)
            continue
        # equivalent to a kept card of the same suit if nobody else holds a card between them
        dup = False
        for k in kept:
            if k // 9 == c // 9:
                lo, hi = min(k, c), max(k, c)
                between = ((1 << hi) - 1) & ~((2 << lo) - 1)
                if not between & unseen:
                    dup = True
                    break
        if not dup:
            kept.append(c)
            out.append(p)
    return out


class Searcher:
    def __init__(self, rng: random.Random, budget_ms: float, hl_inference: bool, bid_reading: bool,
                 harm: float, worlds: int | None = None, min_worlds: int = 6) -> None:
        self.rng = rng
        self.budget = budget_ms / 1000.0
        self.hl_inference = hl_inference
        self.bid_reading = bid_reading
        self.harm = harm
        self.worlds = worlds
        self.min_worlds = min_worlds
        # diminishing returns: a few hundred deals per millisecond-of-budget/5 settle the choice
        self.max_worlds = max(50, int(5 * budget_ms))
        self.stats: dict[str, float] = {"rollouts": 0, "seconds": 0.0, "worlds": 0}

    def _world_source(self, info: Info) -> Callable[[], list[int]]:
        sampler = Sampler(info, self.rng)
        if not self.bid_reading:
            return sampler.sample
        bidders = [s for s in range(4) if s != info.seat and info.bids[s] is not None]
        if not bidders:
            return sampler.sample
        trump, n = info.trump, info.n
        played_by = info.played_by
        rng = self.rng
        k = 6

        def sir() -> list[int]:
            cands = [sampler.sample() for _ in range(k)]
            logw = [sum(bid_loglik(info.bids[s], cands[j][s] | played_by[s], trump, n) for s in bidders)
                    for j in range(k)]
            top = max(logw)
            w = [math.exp(x - top) for x in logw]
            r = rng.random() * sum(w)
            for j in range(k):
                r -= w[j]
                if r < 0:
                    return cands[j]
            return cands[-1]
        return sir

    def _loop(self, n_cands: int, world: Callable[[], list[int]], evaluate: Callable[[list[int], list[float]], None]
              ) -> list[float]:
        totals = [0.0] * n_cands
        start = time.perf_counter()
        deadline = start + self.budget
        count = 0
        while True:
            evaluate(world(), totals)
            count += 1
            if self.worlds is not None:
                if count >= self.worlds:
                    break
            elif count >= self.min_worlds and (count >= self.max_worlds or time.perf_counter() >= deadline):
                break
        self.stats["worlds"] += count
        self.stats["seconds"] += time.perf_counter() - start
        return totals

    # ---- card play ------------------------------------------------------------------------

    def play(self, view: dict[str, Any]) -> str:
        info = Info.from_view(view, hl_inference=self.hl_inference)
        legal = view["legal"]
        cands = _candidates(info, legal)
        if len(cands) == 1:
            return play_text(cands[0])
        me, trump, hlt = info.seat, info.trump, info.hlt
        bids = [b if b is not None else 0 for b in info.bids]
        util = Utility(view, info, bids, self.harm)
        prep = []
        for p in cands:
            trick = info.trick + [p]
            taken = list(info.taken)
            leader = info.leader
            if len(trick) == 4:
                w = (leader + winner_index(trick, trump, hlt)) & 3
                taken[w] += 1
                leader = w
                trick = []
            _, ktrick, _ = to_kernel([], trick, trump)
            cbit = 1 << swap_play(p & 63, trump, 3) if trump >= 0 else 1 << (p & 63)
            prep.append((cbit, leader, ktrick, taken))
        stats = self.stats

        def evaluate(hands: list[int], totals: list[float]) -> None:
            kh, _, tm = to_kernel(hands, [], trump)
            for i, (cbit, leader, ktrick, taken) in enumerate(prep):
                hs = list(kh)
                hs[me] ^= cbit
                t = rollout(hs, leader, list(ktrick), list(taken), tm, hlt, bids)
                totals[i] += util(t)
            stats["rollouts"] += len(prep)

        totals = self._loop(len(cands), self._world_source(info), evaluate)
        best = max(range(len(cands)), key=lambda i: totals[i])
        return play_text(cands[best])

    # ---- bidding -----------------------------------------------------------------------

    def bid(self, view: dict[str, Any]) -> str:
        info = Info.from_view(view, hl_inference=self.hl_inference)
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        me, trump, hlt, n = info.seat, info.trump, info.hlt, info.n
        dealer = info.dealer
        leader = (dealer + 1) & 3
        order = [(leader + k) & 3 for k in range(4)]
        after = order[order.index(me) + 1:]
        cand = [int(a) for a in legal]
        utils = []
        for b in cand:
            bids = [x if x is not None else 0 for x in info.bids]
            bids[me] = b
            utils.append(Utility(view, info, bids, self.harm))
        stats = self.stats

        def evaluate(hands: list[int], totals: list[float]) -> None:
            kh, _, tm = to_kernel(hands, [], trump)
            est = {s: est_tricks(hands[s], trump, n) for s in after}
            for i, b in enumerate(cand):
                bids = [x if x is not None else 0 for x in info.bids]
                bids[me] = b
                total = sum(bids[s] for s in range(4) if s not in after)
                for s in after:
                    e = est[s]
                    x = int(e + 0.4)
                    if s == dealer and total + x == n:
                        x = x + 1 if e > x and x < n else (x - 1 if x > 0 else x + 1)
                    bids[s] = x
                    total += x
                t = rollout(list(kh), leader, [], [0, 0, 0, 0], tm, hlt, bids)
                u = utils[i]
                u.bids = bids
                u.cache.clear() if after else None
                totals[i] += u(t)
            stats["rollouts"] += len(cand)

        totals = self._loop(len(cand), self._world_source(info), evaluate)
        best = max(range(len(cand)), key=lambda i: (totals[i], -cand[i]))
        return str(cand[best])
