"""The arena's opponent pool: players whose styles are unlike our bid-seeking kernel.

They sit at the table only in the arena (``python -m joker arena --pool``); each is seeded, legal and,
like every bot, a pure function of the view and its seed.

* ``overbid`` — bids every joker, ace and king and every high trump (queen, jack); while it needs
  tricks it plays its highest card, once its bid is made its lowest; it keeps its jokers to the end.
* ``underbid`` — cautious: bids about two thirds of what its hand is worth, then plays like Medium.
* ``sloppy`` — Medium with lapses: a random legal action a quarter of the time, and a bid one off
  (up or down) a third of the time.
* ``jokerearly`` — bids like Medium, but spends a joker at its first chance: high while it needs
  tricks, low once its bid is made.
* ``spoiler`` — the kitchen table's spoiler: bids and plays like Medium while its own bid can still
  be made exactly, and once it cannot (overtaken, or too many tricks short) plays against the others'
  bids: it takes every trick it can from a seat that needs it (spending its jokers to do so) and leaves
  a trick with a seat whose bid is already made, so that seat goes over.  Our kernel assumes every seat
  plays for its own bid to the end; this one stops doing so halfway through many deals.
* ``montecarlo`` — the search most people write first: flat Monte Carlo with random playouts.  It
  samples the unseen cards, plays every deal out at random, and bids (and plays) what scores best for
  its own seat on average.  Its picture of the others is random play, not our kernel.

>>> from joker.game import Game
>>> g = Game(mode="nines", seed=2)
>>> all(make_style(s, seed=1).act(g.view(g.to_act)) in g.legal_actions() for s in STYLES)
True
"""
from __future__ import annotations

import random
from typing import Any

from ..cards import HIGH, JOKER_MASK, LOW, SUIT_MASKS, X1, parse_play, play_text
from ..playout import random_playout
from ..rules import winner_index
from ..scoring import deal_score
from .base import Bot
from .estimate import est_tricks, pick_bid
from .greedyread import greedy_power
from .heuristic import HeuristicPlayer, wins_now
from .info import Info, rules_of
from .sampling import Sampler

SM = SUIT_MASKS
STYLES = ("overbid", "underbid", "sloppy", "jokerearly", "spoiler", "montecarlo")


def _longest_suit(hand: int, trump: int) -> int:
    return max(range(4), key=lambda s: ((hand & SM[s]).bit_count(), s == trump, -s))


def _joker_play(info: Info, plays: list[int], high: bool) -> int | None:
    """One of ``plays``: a joker played high or low (leading, naming trump or our longest suit)."""
    mode = HIGH if high else LOW
    jokers = [p for p in plays if p & 63 >= X1 and p >> 6 & 3 == mode]
    if not jokers:
        return None
    if info.trick:
        return jokers[0]
    hand, trump = info.hand & ~JOKER_MASK, info.trump
    if high and trump >= 0 and hand & SM[trump]:
        suit = trump
    elif hand:
        suit = _longest_suit(hand, trump)
    else:
        suit = 0 if trump != 0 else 1
    named = [p for p in jokers if (p >> 8) - 1 == suit]
    return named[0] if named else jokers[0]


class StyleBot(Bot):
    """Base of the pool styles: Medium's bidding and play unless a style says otherwise."""

    level = "style"

    def bid(self, view: dict[str, Any]) -> str:
        return self.style_bid(view, Info.from_view(view), self._rng(view))

    def play(self, view: dict[str, Any]) -> str:
        info = Info.from_view(view)
        lead = not info.trick
        plays = [parse_play(a, lead=lead) for a in view["legal"]]
        return play_text(self.style_play(view, info, plays, self._rng(view)))

    def style_bid(self, view: dict[str, Any], info: Info, rng: random.Random) -> str:
        return HeuristicPlayer(rng).bid(view, info)

    def style_play(self, view: dict[str, Any], info: Info, plays: list[int], rng: random.Random) -> int:
        return parse_play(HeuristicPlayer(rng).play(view, info), lead=not info.trick)


class Overbidder(StyleBot):
    level = "overbid"

    def style_bid(self, view: dict[str, Any], info: Info, rng: random.Random) -> str:
        hand, trump = info.hand, info.trump
        count = (hand & JOKER_MASK).bit_count()
        for s in range(4):
            m = hand >> 9 * s & 0x1FF
            count += (m >> 7 & 3).bit_count()                    # king, ace
            if s == trump:
                count += (m >> 5 & 3).bit_count()                # jack, queen of trumps
        count = min(count, info.n)
        return str(min(view["legal"], key=lambda a: (abs(int(a) - count), -int(a))))

    def style_play(self, view: dict[str, Any], info: Info, plays: list[int], rng: random.Random) -> int:
        need = info.need(info.seat)
        cards = [p for p in plays if p & 63 < X1]
        if not cards:                                            # only jokers left: now they go
            j = _joker_play(info, plays, high=need > 0)
            return j if j is not None else plays[0]
        if need > 0:
            return max(cards, key=lambda p: greedy_power(p, info.trump))
        return min(cards, key=lambda p: greedy_power(p, info.trump))


class Underbidder(StyleBot):
    level = "underbid"

    def style_bid(self, view: dict[str, Any], info: Info, rng: random.Random) -> str:
        e = est_tricks(info.hand, info.trump, info.n)
        return pick_bid(0.65 * e - 0.25, view["legal"])


class Sloppy(StyleBot):
    level = "sloppy"

    def style_bid(self, view: dict[str, Any], info: Info, rng: random.Random) -> str:
        a = super().style_bid(view, info, rng)
        if rng.random() < 1 / 3:
            b = int(a) + rng.choice((-1, 1))
            if str(b) in view["legal"]:
                return str(b)
        return a

    def style_play(self, view: dict[str, Any], info: Info, plays: list[int], rng: random.Random) -> int:
        if rng.random() < 0.25:
            return rng.choice(plays)
        return super().style_play(view, info, plays, rng)


class JokerEarly(StyleBot):
    level = "jokerearly"

    def style_play(self, view: dict[str, Any], info: Info, plays: list[int], rng: random.Random) -> int:
        j = _joker_play(info, plays, high=info.need(info.seat) > 0)
        if j is not None:
            return j
        return super().style_play(view, info, plays, rng)


class Spoiler(StyleBot):
    level = "spoiler"

    def style_play(self, view: dict[str, Any], info: Info, plays: list[int], rng: random.Random) -> int:
        need = info.need(info.seat)
        if 0 <= need <= info.counts[info.seat]:                  # its own bid still stands: Medium
            return super().style_play(view, info, plays, rng)
        # Its bid is lost: every trick is worth 10 to it, and each one it takes or leaves is aimed at
        # the others' bids.
        trump, trick = info.trump, info.trick
        cards = [p for p in plays if p & 63 < X1]

        def power(p: int) -> tuple[int, int]:
            return greedy_power(p, trump)

        if not trick:                                            # lead its strongest card
            if cards:
                return max(cards, key=power)
            j = _joker_play(info, plays, high=True)
            return j if j is not None else plays[0]
        holder = info.trick_seats[winner_index(trick, trump, info.hlt)]
        win = [p for p in plays if wins_now(trick, p, trump, info.hlt)]
        lose = [p for p in cards if p not in win]
        if info.need(holder) == 0 and lose:                      # a made bid holds it: push it over
            return max(lose, key=power)
        win_cards = [p for p in win if p & 63 < X1]
        if win_cards:                                            # take it from whoever needs it
            return (min if len(trick) == 3 else max)(win_cards, key=power)
        if win:                                                  # a joker played high
            return win[0]
        return min(cards, key=power) if cards else plays[0]


class MonteCarlo(StyleBot):
    level = "montecarlo"
    #: Sampled deals per decision: every card (and joker mode) is played out once on each in card
    #: play; a bid reads the distribution of its tricks from BID_SAMPLES playouts of the whole deal.
    SAMPLES = 40
    BID_SAMPLES = 200

    def style_bid(self, view: dict[str, Any], info: Info, rng: random.Random) -> str:
        rules, n, me = rules_of(view), info.n, info.seat
        sampler = Sampler(info, rng)
        counts = [0] * (n + 1)
        for _ in range(self.BID_SAMPLES):
            t = random_playout(sampler.sample(), info.trump, (info.dealer + 1) & 3, [], [0, 0, 0, 0],
                               info.hlt, rng.getrandbits)
            counts[t[me]] += 1

        def value(a: str) -> tuple[int, int]:
            return sum(k * deal_score(int(a), t, n, rules) for t, k in enumerate(counts)), -int(a)
        return str(max(view["legal"], key=value))

    def style_play(self, view: dict[str, Any], info: Info, plays: list[int], rng: random.Random) -> int:
        rules, n, me, trump, hlt = rules_of(view), info.n, info.seat, info.trump, info.hlt
        score = [deal_score(info.bids[me] or 0, t, n, rules) for t in range(n + 1)]
        sampler = Sampler(info, rng)
        totals = [0] * len(plays)
        after = [info.after(p) for p in plays]        # random_playout copies trick and taken
        for _ in range(self.SAMPLES):
            hands = sampler.sample()
            for i, p in enumerate(plays):
                hs = list(hands)
                hs[me] ^= 1 << (p & 63)
                leader, trick, taken = after[i]
                totals[i] += score[random_playout(hs, trump, leader, trick, taken, hlt, rng.getrandbits)[me]]
        return plays[max(range(len(plays)), key=totals.__getitem__)]


_STYLES: dict[str, type[StyleBot]] = {"overbid": Overbidder, "underbid": Underbidder, "sloppy": Sloppy,
                                      "jokerearly": JokerEarly, "spoiler": Spoiler, "montecarlo": MonteCarlo}


def make_style(name: str, seed: int | None = None) -> StyleBot:
    """A pool player of style ``name`` (one of :data:`STYLES`)."""
    cls = _STYLES.get(name)
    if cls is None:
        raise ValueError(f"unknown style {name!r}; expected one of {STYLES}")
    return cls(seed)
