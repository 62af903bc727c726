"""Sampled deals: the unseen cards dealt to the other seats consistently with what the table showed.

``Sampler`` respects the counts, the dealer's shown trump card and every revealed void (and, for
Insane, the cards a high joker lead forced out).  Reading the bids is importance resampling on top
of it: several proposals per kept deal, weighted by ``P(bid | hand)`` of every seat that has bid.

>>> from joker.cards import parse_hand
>>> bid_loglik(2, parse_hand("X1 AH AS 7D"), 3, 4) > bid_loglik(0, parse_hand("X1 AH AS 7D"), 3, 4)
True
"""
from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from ..cards import cards_of
from .estimate import est_tricks
from .info import Info

World = list[int]


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
            allowed = tuple([s for s in self.others if not info.excl[s] >> c & 1]
                            + ([4] if self.caps[4] else []))
            groups.setdefault(allowed, []).append(c)
        # most constrained first
        self.groups = sorted(groups.items(), key=lambda kv: len(kv[0]))
        self.relaxed = tuple(self.others + ([4] if self.caps[4] else []))
        self.failures = 0

    def sample(self) -> World:
        """Hands of all four seats (ours as it is)."""
        for attempt in range(12):
            hands = self._try(attempt >= 10)
            if hands is not None:
                return hands
        self.failures += 1
        hands = self._try(True)
        assert hands is not None
        return hands

    def _try(self, relax: bool) -> World | None:
        info = self.info
        rand = self.rng.random
        caps = list(self.caps)
        hands = [info.known[s] for s in range(4)]
        hands[info.seat] = info.hand
        items = self.groups
        if relax:
            allc = [c for _, cs in items for c in cs]
            items = [(self.relaxed, allc)]
        for allowed, group in items:
            cs = list(group)
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


def bid_loglik(bid: int, hand: int, trump: int, n: int, bias: float = 0.0, spread: float = 1.0) -> float:
    """log P(bid | hand): a normal around ``est_tricks(hand) + bias`` (the seat's habit of bidding
    over or under what it takes), its width ``spread`` times the usual scatter of bids around it."""
    e = est_tricks(hand, trump, n) + bias
    sigma = (0.55 + 0.12 * n) * spread
    d = bid - e
    return -d * d / (2 * sigma * sigma)


def bid_reader(info: Info, sampler: Sampler, rng: random.Random, bias: Sequence[float],
               spread: Sequence[float], proposals: int = 6) -> Callable[[], tuple[World, float]]:
    """Sampled deals with their weights, reading every other seat's bid through its ``bias``/``spread``
    (an opponent model; zeros/ones trust every bid).

    ``proposals`` > 1: importance resampling, that many consistent deals per kept one (weight 1);
    ``proposals`` == 0: importance weighting, every consistent deal kept with weight ``P(bids | hands)``
    (cheaper per deal; the search averages with the weights); 1: no reading (weight 1).
    """
    bidders = [s for s in range(4) if s != info.seat and info.bids[s] is not None]
    sample = sampler.sample
    if not bidders or proposals == 1:
        return lambda: (sample(), 1.0)
    trump, n = info.trump, info.n
    played_by = info.played_by
    bids = info.bids

    def loglik(hands: World) -> float:
        return sum(bid_loglik(bids[s] or 0, hands[s] | played_by[s], trump, n, bias[s], spread[s])
                   for s in bidders)

    if proposals == 0:
        def weighted() -> tuple[World, float]:
            hands = sample()
            return hands, math.exp(loglik(hands))
        return weighted
    k = proposals

    def sir() -> tuple[World, float]:
        cands = [sample() for _ in range(k)]
        logw = [loglik(c) for c in cands]
        top = max(logw)
        return cands[drawn([math.exp(x - top) for x in logw], rng)], 1.0
    return sir


def drawn(weights: Sequence[float], rng: random.Random) -> int:
    """The index of one of ``weights`` drawn in proportion to it (the last when they sum to 0): the
    resampling step every reader shares, so a diagnostic's resampler draws exactly as the bots' does.

    >>> drawn([0.0, 1.0, 0.0], random.Random(5)), drawn([0.0, 0.0], random.Random(5))
    (1, 1)
    """
    r = rng.random() * sum(weights)
    for j, w in enumerate(weights):
        r -= w
        if r < 0:
            return j
    return len(weights) - 1
