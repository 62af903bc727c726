"""The bid and trump searches of Hard and Insane (and of Medium's bids): each candidate scored by rolling
out sampled deals, with the bids still to come guessed from each sampled hand.

These are :class:`joker.bots.search.Searcher`'s :meth:`~joker.bots.search.Searcher.analyse_bid` and
:meth:`~joker.bots.search.Searcher.analyse_trump`, kept in a module of their own so that the searcher's
module holds the sampling loop and card play; they use the searcher's own loop, draws and opponent
model (its underscored helpers), so every phase of a decision samples and scores alike.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..cards import DECK, SUITS
from .choices import Choice
from .estimate import estimated_bids
from .info import Info
from .kernel import rollout, to_kernel
from .sampling import World
from .utility import Utility

if TYPE_CHECKING:
    from .search import Searcher


def bid_values(searcher: Searcher, view: dict[str, Any], legal: Sequence[str] | None = None,
               drift: float = 0.0) -> list[Choice]:
    """Every bid of ``legal`` (default: every legal bid) with its value, best first.

    ``drift`` is how many tricks more than the rollouts say our seat is expected to take at this
    table (Medium's reading, :mod:`joker.bots.calibrate`): each rollout's count for our seat is
    moved by its whole part and, with the chance of its fraction, by one more, before the bid is
    scored.  Moving the rollouts rather than the bid found keeps the spread of outcomes: a bid of
    0 whose rollouts hover at 0 and a bid of 3 that is sure are not shifted alike.
    """
    info = Info.from_view(view, hl_inference=searcher.hl_inference)
    legal = view["legal"] if legal is None else legal
    me, trump, hlt, n = info.seat, info.trump, info.hlt, info.n
    dealer = info.dealer
    leader = (dealer + 1) & 3
    order = [(leader + k) & 3 for k in range(4)]
    after = order[order.index(me) + 1:]
    cand = [int(a) for a in legal]
    known = [x if x is not None else 0 for x in info.bids]
    habits = searcher._habits(n)
    aims = searcher._aims(n)
    targets, draws, greedy = searcher._targets, searcher._draws, searcher._greedy
    over = searcher._over(me)
    wild = searcher._wild(me)
    guess = searcher.bid_guess
    whole = math.floor(drift)
    frac = drift - whole
    rng = searcher.rng
    utils = []
    for b in cand:
        bids = list(known)
        bids[me] = b
        utils.append(Utility(view, info, bids, searcher.harm))
    stats = searcher.stats

    def evaluate(hands: World, totals: list[float], points: list[float]) -> None:
        kh, _, tm = to_kernel(hands, [], trump)
        u = draws()
        gm = greedy(u)
        # one draw per world, shared by every candidate bid (their values stay comparable)
        shift = whole + (1 if frac and rng.random() < frac else 0) if drift else 0
        seed = rng.getrandbits(64) if wild else 0
        for i, b in enumerate(cand):
            bids = list(known)
            bids[me] = b
            estimated_bids(hands, trump, n, bids, after, dealer, habits, guess)
            tg = targets(bids, me, n, aims, u, gm)
            t = rollout(list(kh), leader, [], [0, 0, 0, 0], tm, hlt, tg, gm, over, wild, seed)
            if shift:
                t[me] = max(0, min(n, t[me] + shift))
            util = utils[i]
            util.set_bids(bids)
            v, pt = util(t)
            totals[i] = v
            points[i] = pt
        stats["rollouts"] += len(cand)

    totals, points, count = searcher._loop(len(cand), searcher._world_source(info), evaluate)
    return searcher._ranked(legal, list(range(len(cand))), totals, points, count, [float(b) for b in cand])


def trump_values(searcher: Searcher, view: dict[str, Any]) -> list[Choice]:
    """Each suit (or no trump) scored by dealing the rest of the deck at random, guessing every
    seat's bid from its hand under that trump (ours included) and rolling the deal out."""
    info = Info.from_view(view)
    legal = view["legal"]
    me, hlt, n = info.seat, info.hlt, info.n
    dealer = info.dealer
    leader = (dealer + 1) & 3
    order = [(leader + k) & 3 for k in range(4)]
    trumps = [-1 if a == "-" else SUITS.index(a) for a in legal]
    habits = searcher._habits(n)
    habits[me] = 0.0
    aims = searcher._aims(n)
    guess = searcher.bid_guess
    rest = [c for c in DECK if not info.hand >> c & 1]
    per_seat = len(DECK) // 4
    rng = searcher.rng
    utils = [Utility(view, info, [0, 0, 0, 0], searcher.harm) for _ in trumps]
    stats = searcher.stats

    def world() -> tuple[World, float]:
        cs = list(rest)
        rng.shuffle(cs)
        hands = [0, 0, 0, 0]
        i = 0
        for s in range(4):
            take = per_seat - (info.hand.bit_count() if s == me else 0)
            for c in cs[i:i + take]:
                hands[s] |= 1 << c
            i += take
        hands[me] |= info.hand
        return hands, 1.0

    wild = searcher._wild(me)

    def evaluate(hands: World, totals: list[float], points: list[float]) -> None:
        draw = searcher._draws()
        gm = searcher._greedy(draw)
        seed = rng.getrandbits(64) if wild else 0
        for i, t in enumerate(trumps):
            kh, _, tm = to_kernel(hands, [], t)
            bids = estimated_bids(hands, t, n, [0, 0, 0, 0], order, dealer, habits, guess)
            tg = searcher._targets(bids, me, n, aims, draw, gm)
            taken = rollout(kh, leader, [], [0, 0, 0, 0], tm, hlt, tg, gm, 0, wild, seed)
            u = utils[i]
            u.set_bids(bids)
            v, pt = u(taken)
            totals[i] = v
            points[i] = pt
        stats["rollouts"] += len(trumps)

    totals, points, count = searcher._loop(len(trumps), world, evaluate)
    return searcher._ranked(legal, list(range(len(trumps))), totals, points, count)


__all__ = ["bid_values", "trump_values"]
