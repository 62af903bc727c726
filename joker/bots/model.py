"""Opponent modelling: each seat's habits, read from the view alone.

Our search assumed every other seat bids what its hand is worth and plays our bid-seeking kernel.
People (and other programs) do not: some bid every king and miss, some bid low and take more, some
are careless.  What the view shows about a seat is, in the finished deals (``view["deals"]``), what it
bid and what it took: its habit of bidding over or under what it takes (``bias``, in tricks per card
of the deal, so it scales from 1-card deals to nines), and how far its results scatter around that
habit (``spread``).  (The view keeps the cards of the current deal only; what a seat played in it is
read by :mod:`joker.bots.info`.)

Each estimate starts from a prior (a seat that bids what it takes, as our kernel does) worth
``PRIOR_CARDS`` cards of evidence, so the first deal reads every seat as the kernel, and a habit
shows only once several deals confirm it.  Everything is a pure function of the view: a fresh bot
given the view models the table exactly as one that watched the whole game.

The search (:mod:`joker.bots.search`) uses it three ways: the bid reading samples a seat's hand from
its bid *corrected by its habit* and trusts the bid less when the seat is erratic; the bids still to
come are guessed with each seat's habit; and the rollouts play each other seat as the model reads it
(toward its bid less its habit, the greedy way, or at random: ``greedy`` and ``wild``).  Our own
seat's habit is not used: Insane reading its own drift was measured and not kept (docs/BOTS.md,
*Thirteenth pass*).

>>> deals = [{"cards": 9, "bids": [3, 1, 2, 2], "taken": [2, 2, 2, 3]}] * 6
>>> m = TableModel.from_view({"deals": deals})
>>> m.bias_for(0, 9) > 0.5, m.bias_for(2, 9), m.bias_for(1, 9) < -0.5
(True, 0.0, True)
"""
from __future__ import annotations

import math
from typing import Any

from .greedyread import greedy_evidence

#: The chance that a seat plays the simple greedy way (its highest card while it needs tricks, its
#: lowest once made, jokers last) before its plays in this deal are read: small for a seat that takes
#: what it bids, up to GREEDY_MAX for one that habitually bids a trick or more above what it takes.
#: Our reading of the table: a seat that keeps bidding more than it takes is playing worse than our
#: kernel, and the greedy way is the simplest model of that; its plays in the deal confirm or refute it.
GREEDY_FLOOR = 0.03
GREEDY_MAX = 0.9

#: A seat whose results scatter this far (its spread, in multiples of a careful player's, read with
#: a prior of WILD_PRIOR deals) and more is read as playing at random part of the time, all of it
#: from WILD_FROM + WILD_SPAN on.  A random player's bids and tricks are unrelated; measured over
#: whole nines games (2026-12-04, 4 games per style, the reading before every deal), this reads a
#: random seat as 82% wild on average (96% from the fifth deal on), and every seat of the pool's
#: styles, of Medium and of Hard as 0 at every deal but Easy's, at most 10% (it plays a careless card
#: 30% of the time).  The heavier prior than ``spread``'s keeps one early miss by four or five tricks
#: (which read a Hard as a third random with three deals' prior) from reading as random play; the
#: steep span, because a random seat read as partly purposeful still leaves our seat tricks in the
#: rollouts that it takes (WILD_SPAN 1.0: Insane 57.8% exact at a table of random players, 0.5: 61.4%).
#: Our reading: nothing else in the view tells random play apart, and the rollouts need it — a
#: random player spends its jokers high at random and takes tricks a purposeful seat would leave
#: (docs/BOTS.md, *Thirteenth pass*).
WILD_PRIOR = 8.0
WILD_FROM = 2.2
WILD_SPAN = 0.5

#: Insane's hedge (``SearchBot.wild_floor``): in its rollouts every other seat plays a random legal
#: action at least this often, whatever the reading above says.  Our reading: no player at a real
#: table is our kernel, and nothing in the view tells how far it is from it (the Monte Carlo players
#: of the pool scatter no more than a Hard, 2026-12-05); a rollout that trusts the kernel's picture
#: completely lets our 0-bids escape tricks real players leave to them and lets the kernel's seats
#: overtake our high cards as they rarely do.  Random plays mixed in widen the rollouts' outcomes where
#: the picture is least sure.  Measured for Insane (docs/BOTS.md, *Twentieth pass: Insane's hedge*, 24
#: game seeds a table, against Insane without it): 0.15 gains at the Monte Carlo table (+114 ± 106 a
#: nines game) and at the table of Hards (+137 ± 117, exact 58.5% -> 61.8%), both significant; 0.25
#: gained more at the first (+180 ± 112) and lost at the second (-68 ± 135; 0.15 - 0.25 there +205 ±
#: 130), and was within the noise at the random (+84), underbidding (+36) and overbidding (-70) tables.
#: Hard keeps 0: the hedge is what puts Insane above it at the table of Hards (+183 ± 148).
#: A seat read as playing the greedy way gets the floor times what is left of that reading
#: (``TableModel.hedge``): at the overbidding table, whose seats the model reads as greedy, the full
#: floor lost (-112 ± 193) and the scaled one gains over it +234 ± 176 (*Twenty-first pass*).
WILD_FLOOR = 0.15

#: The tree search (:mod:`joker.bots.tree`) searches a seat's replies only while the model reads it as
#: playing for its bid the way our kernel does: a habit of bid - taken within SEARCH_FULL tricks per
#: 9-card deal always, beyond SEARCH_NONE never, in between in proportion.  Our reading: a seat that
#: keeps taking more (or fewer) tricks than it bids is not choosing its cards for its bid, so searching
#: its replies as a player who does mis-models it; the kernel's way (its bid less its habit) stays the
#: better guess.  Read over nines games (2026-12-05, three per style, two of Hards, at deals 4, 8 and
#: 12; mean per seat, and the extreme seat): the underbidders -0.3, -0.5, -0.6 tricks per 9-card deal
#: (-1.1 at most), Hard +0.12, +0.07, +0.05 (+0.38 at most), Medium +0.03 to +0.06, the Monte Carlo
#: players -0.14 to -0.20 (-0.58), sloppy, joker-early and spoiler +0.06 to +0.17 (+0.5); searching
#: the underbidders cost Insane 106 a nines game (docs/BOTS.md, *Seventeenth pass*).
SEARCH_FULL = 0.25
SEARCH_NONE = 0.5

#: A search bot's rollouts can play a seat that habitually takes more than it bids toward its bid plus
#: only the part of that habit beyond TAKES_MORE_DEAD tricks per 9-card deal (``SearchBot.
#: takes_more_dead``; the bid reading and the guesses of bids still to come keep the whole habit).
#: The reading behind it: a seat that takes a little more than it bids (the flat Monte Carlo
#: players, -0.14 to -0.20 a 9-card deal, see SEARCH_FULL) does not play *for* the extra trick, while
#: a rollout seat aiming at bid + 1 fights for tricks from the first card and overtakes our cards.
#: Measured for Insane (docs/BOTS.md, *Nineteenth pass*): Monte Carlo table +88 and +30 a nines game,
#: underbidding -8, random 0, table of Hards -54 (24 seeds each, none significant): no better
#: overall, so **off at every level** (0); the value is the one measured.
TAKES_MORE_DEAD = 0.25

#: Weight of the prior, in cards of evidence: four 9-card deals (a nines game has 144 cards per seat). A
#: careless player's bid - taken scatters by a trick or more per deal, so a habit must show over several.
PRIOR_CARDS = 36.0
#: Scatter of (bid - taken) that a careful player shows: its variance per card of the deal (a 9-card
#: deal made exactly about half the time, missed by one otherwise), and the prior's weight in deals.
BASE_VAR = 0.07
PRIOR_DEALS = 3.0


class TableModel:
    """Per-seat habits: ``bias`` (bid - taken per card) and ``spread`` (>= 1, scatter of results)."""

    __slots__ = ("bias", "spread", "greedy", "wild", "searched", "deals_seen", "read_wild")

    bias: list[float]
    spread: list[float]
    greedy: list[float]          # chance that a seat plays the simple greedy way (kernel.rollout)
    wild: list[float]            # chance that a play of the seat is a random legal action
    searched: list[float]        # chance that the tree searches the seat's replies (SEARCH_FULL)
    deals_seen: int
    read_wild: list[float] | None  # ``wild`` as read from the view, before :meth:`hedge` (None: unhedged)

    @classmethod
    def prior(cls) -> TableModel:
        """Every seat read as our kernel: bids what it takes, with a careful player's scatter."""
        self = cls()
        self.bias = [0.0] * 4
        self.spread = [1.0] * 4
        self.greedy = [0.0] * 4
        self.wild = [0.0] * 4
        self.searched = [1.0] * 4
        self.deals_seen = 0
        self.read_wild = None
        return self

    @classmethod
    def from_view(cls, view: dict[str, Any]) -> TableModel:
        self = cls.prior()
        deals = view.get("deals") or []
        self.deals_seen = len(deals)
        cards = sum(d["cards"] for d in deals)
        big = [d for d in deals if d["cards"] >= 4]
        for s in range(4):
            b = sum(d["bids"][s] - d["taken"][s] for d in deals) / (cards + PRIOR_CARDS)
            self.bias[s] = b
            # scatter per card around the habit (deals of 4+ cards), shrunk toward a careful player's
            sq = sum((d["bids"][s] - d["taken"][s] - b * d["cards"]) ** 2 / d["cards"] for d in big)
            var = (sq + BASE_VAR * PRIOR_DEALS) / (len(big) + PRIOR_DEALS)
            self.spread[s] = math.sqrt(max(1.0, var / BASE_VAR))
            wide = math.sqrt((sq + BASE_VAR * WILD_PRIOR) / (len(big) + WILD_PRIOR) / BASE_VAR)
            self.wild[s] = min(1.0, max(0.0, (wide - WILD_FROM) / WILD_SPAN))
            off = abs(9 * b)
            self.searched[s] = min(1.0, max(0.0, (SEARCH_NONE - off) / (SEARCH_NONE - SEARCH_FULL)))
        evidence = greedy_evidence(view)
        for s in range(4):
            p = min(GREEDY_MAX, max(GREEDY_FLOOR, (9 * self.bias[s] - 0.3) / 0.4))
            odds = p / (1 - p) * evidence[s]
            self.greedy[s] = odds / (1 + odds)
        return self

    def hedge(self, floor: float) -> None:
        """Read every seat as playing at random at least ``floor`` of the time (``WILD_FLOOR``), less
        the part of it the seat is read as playing the greedy way: that way is already a model unlike
        our kernel, and a fitting one (the overbidders' plays are nearly all greedy), so random plays
        on top of it only blur a picture that is right.

        >>> m = TableModel.prior()
        >>> m.greedy, m.wild = [0.0, 0.0, 0.9, 0.0], [0.0, 0.5, 0.0, 0.0]
        >>> m.hedge(0.2)
        >>> [round(w, 3) for w in m.wild]
        [0.2, 0.5, 0.02, 0.2]
        """
        self.read_wild = list(self.wild)
        self.wild = [max(floor * (1 - g), w) for w, g in zip(self.wild, self.greedy, strict=True)]

    def bias_for(self, seat: int, n: int) -> float:
        """Expected bid - taken of ``seat`` in a deal of ``n`` cards."""
        return self.bias[seat] * n
