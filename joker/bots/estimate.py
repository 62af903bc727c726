"""Hand estimates and the guesses of bids: what a hand is worth in tricks, and what a seat will bid.

Every level stands on these: Easy and Medium bid from them, the search levels weigh sampled hands by
them (:mod:`joker.bots.sampling`) and guess from them the bids still to come (:mod:`joker.bots.bidsearch`).
Cards are in the canonical encoding of :mod:`joker.cards` (``suit*9 + rank``, jokers 36/37);
``trump`` is -1 (no trump) or 0..3.

>>> from joker.cards import parse_hand
>>> round(est_tricks(parse_hand("X1 AH KH AS"), 3, 4), 1)
3.6
>>> choose_trump(parse_hand("AS KS 7D"))
'S'
>>> hands = [parse_hand("AS KS"), parse_hand("6H 7H"), 0, 0]   # two cards each, spades trump
>>> estimated_bids(hands, 0, 2, [0, 0, 0, 0], [0, 1], dealer=1)   # the dealer may not make it 2
[2, 1, 0, 0]
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import JOKER_MASK, SUITS

# Trick value of a card by rank (index 0..8 = 6..A): trumps, and side cards in a suit of 2+ / 1 card.
_TRUMP = (0.25, 0.25, 0.25, 0.28, 0.32, 0.4, 0.6, 0.8, 1.0)
_SIDE_LONG = (0.0, 0.0, 0.0, 0.0, 0.0, 0.03, 0.15, 0.4, 0.85)
_SIDE_SHORT = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.03, 0.15, 0.85)


def est_tricks(hand: int, trump: int, n: int) -> float:
    """Expected tricks of a hand of ``n`` cards with ``trump`` (a quick table estimate)."""
    e = 0.95 * (hand & JOKER_MASK).bit_count()
    # In short deals the few cards out are spread thin: every trump counts for more.
    short = n <= 3
    for s in range(4):
        m = hand >> 9 * s & 0x1FF
        if not m:
            continue
        k = m.bit_count()
        if s == trump:
            for r in range(9):
                if m >> r & 1:
                    e += max(_TRUMP[r], 0.5) if short else _TRUMP[r]
            if k >= 4:
                e += 0.3 * (k - 3)
        else:
            table = _SIDE_LONG if k >= 2 else _SIDE_SHORT
            damp = 1.0 if k <= 4 else 0.75   # long side suits get ruffed
            i = 0
            for r in range(8, -1, -1):
                if m >> r & 1:
                    if i < 3:
                        e += table[r] * (damp if r < 8 else 1.0) * (0.6 if i == 2 else 1.0)
                    i += 1
    return min(e, float(n))


def rough_count(hand: int, trump: int, n: int) -> int:
    """Easy's bid basis: jokers, aces, and trumps from the queen up."""
    c = (hand & JOKER_MASK).bit_count()
    for s in range(4):
        m = hand >> 9 * s & 0x1FF
        c += m >> 8 & 1
        if s == trump:
            c += (m >> 6 & 3).bit_count()
    return min(c, n)


def choose_trump(first3: int) -> str:
    """Trump named from the chooser's first three cards: the suit with the most weight, else no trump."""
    best, best_s = 0.0, -1
    for s in range(4):
        m = first3 >> 9 * s & 0x1FF
        v = sum(1.0 + r / 8.0 for r in range(9) if m >> r & 1)
        if v > best:
            best, best_s = v, s
    if best_s < 0 or best < 1.6:
        return "-"
    return SUITS[best_s]


def pick_bid(e: float, legal: list[str], bias: float = 0.0) -> str:
    """The legal bid closest to ``e + bias`` (ties to the lower: passes are cheap)."""
    target = e + bias
    return min(legal, key=lambda a: (abs(int(a) - target), int(a)))


#: How much a searching player's bid falls per trick that the bids it has heard exceed an even share
#: of the cards, its hand's estimate held fixed: 0.23 ± 0.04 (Hard at 40 sampled deals, 1,024 bids),
#: 0.20 ± 0.05 (at 100, 768 bids; ``tools/probe_bidguess.py``).  Insane's guesses of the bids still to
#: come answer the bids before them by this much (docs/BOTS.md, "Twenty-fourth pass").
BID_REACT = 0.23


@dataclass(frozen=True)
class BidGuess:
    """How a search guesses a bid still to come from a sampled hand's estimate ``e`` (``est_tricks``).

    ``react``: the seat bids this much less per trick that the bids before it exceed an even share of
    the cards (``n / 4`` a seat) — a searching player, having heard high bids, expects fewer tricks of
    its own, and with it a later seat's guess answers the bid being chosen.
    ``zero_below``: an estimate (after the reaction) under this bids 0; from it up the bid is
    ``scale * e + offset``.  Then the seat's habit (bid − taken) is added, and the bid is the whole
    number at or below ``e + rounding``.  The defaults are the plain table guess, ``int(e + 0.4)``.

    >>> shaped = BidGuess(zero_below=1.6, scale=1.2, offset=-0.5, rounding=0.5)
    >>> BidGuess().bid(1.3, 0.0, 9), shaped.bid(1.3, 0.0, 9), shaped.bid(4.5, 0.0, 9)
    (1, 0, 5)
    """
    react: float = 0.0
    zero_below: float = 0.0
    scale: float = 1.0
    offset: float = 0.0
    rounding: float = 0.4

    def value(self, e: float, habit: float, n: int) -> float:
        """The guessed bid before rounding (0..n)."""
        e = 0.0 if self.zero_below and e < self.zero_below else self.scale * e + self.offset
        return min(float(n), max(0.0, e + habit))

    def bid(self, e: float, habit: float, n: int) -> int:
        return int(self.value(e, habit, n) + self.rounding)


#: The plain guess: the table estimate rounded (Hard's).
PLAIN_GUESS = BidGuess()
#: Insane's guess: it answers the bids before the seat.  A guess with the shape of a searching
#: player's bids (0 below 1.6 tricks of estimate, 1.2 × the estimate − 0.5 above: right 48% of the
#: time in nines where this one is 37%) lost to it at the table of Hards — more 0-bidders guessed, whom the
#: rollouts let duck every trick, and Insane overbids (docs/BOTS.md, "Twenty-fifth pass").
SEARCH_GUESS = BidGuess(react=BID_REACT)


def estimated_bids(hands: Sequence[int], trump: int, n: int, bids: list[int], seats: Sequence[int],
                   dealer: int, bias: Sequence[float] = (0.0, 0.0, 0.0, 0.0),
                   guess: BidGuess = PLAIN_GUESS) -> list[int]:
    """``bids`` with the bids of ``seats`` (in bidding order, still to come) guessed from their hands
    and habits (``bias``: bid - taken in this deal) by ``guess``; the dealer obeys the forced-dealer
    rule."""
    total = sum(bids[s] for s in range(4) if s not in seats)
    before = 4 - len(seats)
    react = guess.react
    for k, s in enumerate(seats, before):
        r = react * (total - k * n / 4) if react else 0.0
        e = guess.value(est_tricks(hands[s], trump, n) - r, bias[s], n)
        x = int(e + guess.rounding)
        if s == dealer and total + x == n:
            x = x + 1 if e > x and x < n else (x - 1 if x > 0 else x + 1)
        bids[s] = x
        total += x
    return bids
