"""Hand evaluation and the rule-of-thumb players (Easy, Medium).

Cards are in the canonical encoding of :mod:`joker.cards` (``suit*9 + rank``, jokers 36/37);
``trump`` is -1 (no trump) or 0..3.

>>> from joker.cards import parse_hand
>>> round(est_tricks(parse_hand("X1 AH KH AS"), 3, 4), 1)
3.6
>>> choose_trump(parse_hand("AS KS 7D"))
'S'
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..cards import HIGH, JOKER_MASK, LOW, SUIT_MASKS, SUITS, X1, X2, make_play, parse_play, play_text
from ..rules import winner_index
from .info import Info

SM = SUIT_MASKS

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


def estimated_bids(hands: Sequence[int], trump: int, n: int, bids: list[int], seats: Sequence[int],
                   dealer: int, bias: Sequence[float] = (0.0, 0.0, 0.0, 0.0),
                   react: float = 0.0) -> list[int]:
    """``bids`` with the bids of ``seats`` (in bidding order, still to come) guessed from their hands
    and habits (``bias``: bid - taken in this deal); the dealer obeys the forced-dealer rule.

    ``react``: each guessed seat bids this much less per trick that the bids before it exceed an even
    share of the cards (``n / 4`` a seat) — a searching player, having heard high bids, expects fewer
    tricks of its own, and with it a later seat's guess answers the bid being chosen.
    """
    total = sum(bids[s] for s in range(4) if s not in seats)
    before = 4 - len(seats)
    for k, s in enumerate(seats, before):
        r = react * (total - k * n / 4) if react else 0.0
        e = min(float(n), max(0.0, est_tricks(hands[s], trump, n) + bias[s] - r))
        x = int(e + 0.4)
        if s == dealer and total + x == n:
            x = x + 1 if e > x and x < n else (x - 1 if x > 0 else x + 1)
        bids[s] = x
        total += x
    return bids


# ---- card-play helpers -------------------------------------------------------------------

def rank(c: int) -> int:
    return c % 9


def higher_in_suit(c: int) -> int:
    """Mask of the cards of ``c``'s suit that outrank it."""
    s = c // 9
    return SM[s] & ~((2 << c) - 1)


def lowest_rank(cards: list[int], trump: int) -> int:
    """Lowest card by rank, keeping trumps back (a trump is the last thing to throw away)."""
    return min(cards, key=lambda c: (c // 9 == trump, rank(c)))


def highest_rank(cards: list[int], trump: int) -> int:
    return max(cards, key=lambda c: (c // 9 != trump, rank(c)))


def wins_now(trick: list[int], play: int, trump: int, hlt: bool) -> bool:
    return winner_index(trick + [play], trump, hlt) == len(trick)


def _joker(hand: int) -> int:
    return X1 if hand >> X1 & 1 else X2


class HeuristicPlayer:
    """Rule-of-thumb play shared by Easy (forgetful, careless) and Medium (counts every card)."""

    def __init__(self, rng: random.Random, memory: bool = True, careless: float = 0.0) -> None:
        self.rng = rng
        self.memory = memory
        self.careless = careless

    # ---- bidding ----------------------------------------------------------------------

    def bid(self, view: dict[str, Any], info: Info) -> str:
        legal = view["legal"]
        n = info.n
        if self.memory:
            e = est_tricks(info.hand, info.trump, n)
            # What the table already wants: if the earlier bids overbook the deal, tricks get scarce.
            made = [b for b in info.bids if b is not None]
            if made:
                left = n - sum(made)
                others_to_bid = 3 - len(made)
                if left < 0:
                    e -= 0.15 * min(-left, 2)
                elif others_to_bid == 0 and left > e + 1:
                    e += 0.2
            return pick_bid(e, legal, -0.1)
        return pick_bid(float(rough_count(info.hand, info.trump, n)), legal)

    # ---- play ---------------------------------------------------------------------------

    def play(self, view: dict[str, Any], info: Info) -> str:
        legal = view["legal"]
        lead = not info.trick
        plays = [parse_play(a, lead=lead) for a in legal]
        if self.careless and self.rng.random() < self.careless:
            choice = self._careless(info, plays)
            if choice is not None:
                return play_text(choice)
        return play_text(self._choose(info, plays))

    def _careless(self, info: Info, plays: list[int]) -> int | None:
        """A careless but not absurd card: a random plain card, never one that throws a made bid away."""
        need = info.need(info.seat)
        cands = [p for p in plays if p & 63 < X1]
        if not cands:
            return None
        if need <= 0 and info.trick:
            safe = [p for p in cands if not wins_now(info.trick, p, info.trump, info.hlt)]
            if not safe:
                return None
            cands = safe
        elif need <= 0:
            return None   # leading with a made bid: no random leads into a sure trick
        return self.rng.choice(cands)

    def _choose(self, info: Info, plays: list[int]) -> int:
        hand, trump, hlt = info.hand, info.trump, info.hlt
        need = info.need(info.seat)
        R = hand.bit_count()
        cards = [p for p in plays if p & 63 < X1]
        jokers = hand & JOKER_MASK
        unseen = info.unseen() if self.memory else (~(hand | info.played)) & ((1 << 38) - 1)
        if info.trick:
            trick = info.trick
            win = [p for p in cards if wins_now(trick, p, trump, hlt)]
            if need > 0:
                if win:
                    safe = [p for p in win if self._safe(info, p, unseen)]
                    if safe:
                        return min(safe, key=rank)
                if jokers and (not win or need >= R):
                    return make_play(_joker(hand), HIGH)
                if win:
                    return max(win, key=lambda c: (c // 9 != trump, rank(c)))
                return lowest_rank(cards, trump) if cards else make_play(_joker(hand), LOW)
            lose = [p for p in cards if p not in win]
            if lose:
                return max(lose, key=lambda c: (c // 9 != trump, rank(c)))
            if jokers:
                return make_play(_joker(hand), LOW)
            if len(trick) == 3:
                return max(cards, key=rank)
            return min(cards, key=rank)
        # leading
        if need > 0:
            boss = [c for c in cards if not (higher_in_suit(c) & unseen)]
            plain_boss = [c for c in boss if c // 9 != trump and self._lead_safe(info, c, unseen)]
            trump_boss = [c for c in boss if c // 9 == trump]
            if trump_boss and (hand & SM[trump]).bit_count() >= 2:
                return trump_boss[0]
            if plain_boss:
                return max(plain_boss, key=rank)
            if trump_boss:
                return trump_boss[0]
            if jokers:
                return make_play(_joker(hand), HIGH, self._draw_suit(info, unseen))
            if not cards:
                return plays[0]
            # lead low from the longest plain suit and keep the high cards for later
            return min(cards, key=lambda c: (c // 9 == trump, -(hand & SM[c // 9]).bit_count(), rank(c)))
        # a made bid: pass the lead cheaply
        if cards:
            def beatable(c: int) -> tuple[int, int]:
                return ((higher_in_suit(c) & unseen).bit_count() + (3 if c // 9 != trump else 0), -rank(c))
            c = max(cards, key=beatable)
            if (higher_in_suit(c) & unseen) or not jokers:
                return c
        if jokers:
            return make_play(_joker(hand), LOW, self._pass_suit(info, unseen))
        return plays[0]

    def _safe(self, info: Info, play: int, unseen: int) -> bool:
        """Will this winning card still win once the seats after us have played?"""
        c = play & 63
        pos = len(info.trick)
        if pos == 3:
            return True
        later = [(info.seat + k) & 3 for k in range(1, 4 - pos)]
        trump = info.trump
        lead = info.trick[0]
        ls = (lead >> 8) - 1 if lead & 63 >= X1 else (lead & 63) // 9
        higher = higher_in_suit(c) & unseen
        for s in later:
            may = unseen & ~info.excl[s] if self.memory else unseen
            if higher & may:
                return False
            if c // 9 != trump and trump >= 0 and info.excl[s] & SM[ls] and may & SM[trump]:
                return False
        return True

    def _lead_safe(self, info: Info, c: int, unseen: int) -> bool:
        s = c // 9
        if info.trump < 0:
            return True
        tm = SM[info.trump]
        if not unseen & tm:
            return True
        if (unseen & SM[s]).bit_count() < 3:
            return False
        for o in range(4):
            if o != info.seat and info.excl[o] & SM[s] and not info.excl[o] & tm:
                return False
        return True

    def _draw_suit(self, info: Info, unseen: int) -> int:
        """Suit to name leading a high joker: draw out the card over our best one."""
        hand, trump = info.hand, info.trump
        if trump >= 0 and hand & SM[trump] and unseen & SM[trump]:
            return trump
        best, best_s = -1, 0
        for s in range(4):
            m = hand & SM[s]
            if m and unseen & SM[s]:
                top = m.bit_length() - 1
                if rank(top) > best:
                    best, best_s = rank(top), s
        return best_s

    def _pass_suit(self, info: Info, unseen: int) -> int:
        """Suit to name leading a low joker: one the others still hold plenty of."""
        best, best_s = -1, 0
        for s in range(4):
            if s == info.trump:
                continue
            k = (unseen & SM[s]).bit_count()
            if k > best:
                best, best_s = k, s
        return best_s
