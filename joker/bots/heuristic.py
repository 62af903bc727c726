"""The rule-of-thumb players (Easy, Medium) and the card-play helpers they share.

What a hand is worth and what a seat will bid live in :mod:`joker.bots.estimate`.

>>> from joker.cards import card_text, parse_card
>>> cards = [parse_card(c) for c in ("AS", "7S", "8H")]
>>> card_text(lowest_rank(cards, 0)), card_text(lowest_rank(cards, -1))   # a trump goes last
('8H', '7S')
"""
from __future__ import annotations

import random
from typing import Any

from ..cards import HIGH, JOKER_MASK, LOW, SUIT_MASKS, X1, X2, make_play, parse_play, play_text
from ..rules import winner_index
from .estimate import est_tricks, pick_bid, rough_count
from .info import Info

SM = SUIT_MASKS

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
