"""Fast playouts: play a deal to its end from any position, millions of times for the bots.

Positions are bitsets (see :mod:`joker.cards`).  Inside the random kernel the trump suit is
swapped into the top suit slot (bits 27..35), so every trump outranks every plain card as an
integer and a trick resolves by comparing one integer key per play:

* plain card of the led suit or trump: ``2·card + 2`` (trumps are the largest of these);
* a high ("want") joker lead: 80, or 55 when ``high_lead_trumpable`` and it names a plain suit
  (above every plain card, below every trump);
* a low ("under") joker lead: 1 (wins only if nobody follows the named suit or trumps);
* a high joker in response: ``100 + position`` (a later one beats an earlier one);
* anything else (off-suit card, low joker in response): 0.

:func:`playout` is the slower general path that asks a ``policy`` for every play; its results
are the rules' own (:func:`joker.rules.legal_mask`, :func:`joker.rules.winner_index`), and the
tests check the kernel against it.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from .cards import HIGH, JOKER_MASK, LOW, SUIT_MASKS, X1
from .rules import legal_mask, winner_index

_TOP = 3
_TMASK = SUIT_MASKS[_TOP]
_SM = SUIT_MASKS


def swap_suits(mask: int, a: int, b: int) -> int:
    """Exchange the bits of suits ``a`` and ``b`` in a bitset (jokers untouched)."""
    if a == b:
        return mask
    sa = mask >> 9 * a & 0x1FF
    sb = mask >> 9 * b & 0x1FF
    mask &= ~(0x1FF << 9 * a | 0x1FF << 9 * b)
    return mask | sa << 9 * b | sb << 9 * a


def swap_play(play: int, a: int, b: int) -> int:
    """Exchange suits ``a`` and ``b`` in a play (its card, or the suit a led joker names)."""
    card = play & 63
    if card >= X1:
        suit = (play >> 8) - 1
        if suit >= 0:
            suit = b if suit == a else a if suit == b else suit
            return card | (play & 0xC0) | (suit + 1) << 8
        return play
    s = card // 9
    s2 = b if s == a else a if s == b else s
    return s2 * 9 + card % 9


def trick_state(plays: Sequence[int], tmask: int, hlt: bool) -> tuple[int, bool, int, int]:
    """(led-suit mask, high lead?, best key, index of best) of a trick in kernel encoding."""
    lead = plays[0]
    c = lead & 63
    if c >= X1:
        suit = (lead >> 8) - 1
        ledmask = _SM[suit]
        if lead >> 6 & 3 == HIGH:
            hl = True
            best = 55 if hlt and tmask and suit != _TOP else 80
        else:
            hl = False
            best = 1
    else:
        ledmask = _SM[c // 9]
        hl = False
        best = 2 * c + 2
    bi = 0
    for i in range(1, len(plays)):
        p = plays[i]
        c = p & 63
        if c >= X1:
            key = 100 + i if p >> 6 & 3 == HIGH else 0
        elif (ledmask | tmask) >> c & 1:
            key = 2 * c + 2
        else:
            key = 0
        if key > best:
            best, bi = key, i
    return ledmask, hl, best, bi


def random_playout(hands: Sequence[int], trump: int, leader: int, trick: Sequence[int], taken: Sequence[int],
                   high_lead_trumpable: bool,
                   getrandbits: Callable[[int], int] = random.getrandbits) -> list[int]:
    """Play the deal to its end with random legal plays; returns tricks taken per seat.

    ``hands`` hold the cards still in hand, ``trick`` the plays of the trick in progress
    (led by ``leader``), ``taken`` the tricks taken so far.  Jokers get a random mode (and suit,
    when led).  Plays are random but not exactly uniform: a card is picked by a random start bit
    and the next card at or above it, which costs O(1) instead of a popcount and select.
    """
    if trump >= 0 and trump != _TOP:
        h = [swap_suits(x, trump, _TOP) for x in hands]
        trick = [swap_play(p, trump, _TOP) for p in trick]
        tm = _TMASK
    else:
        h = list(hands)
        tm = _TMASK if trump == _TOP else 0
    return _kernel(h, leader, list(trick), list(taken), tm, high_lead_trumpable, getrandbits)


def _kernel(hands: list[int], leader: int, trick: list[int], taken: list[int], tm: int, hlt: bool,
            getrandbits: Callable[[int], int]) -> list[int]:
    JM = JOKER_MASK
    SM = _SM
    n_in = len(trick)
    seat = (leader + n_in) & 3
    if n_in:
        ledmask, hl, best, bi = trick_state(trick, tm, hlt)
        bestseat = (leader + bi) & 3
    else:
        ledmask, hl, best, bestseat = 0, False, 0, leader
    hl_key = 55 if hlt and tm else 80
    while True:
        h = hands[seat]
        if not h:
            break
        if n_in:
            s = h & ledmask
            if s:
                if hl:
                    s = 1 << s.bit_length() - 1
                m = s | h & JM
            else:
                s = h & tm
                m = s | h & JM if s else h
            r = getrandbits(6)
            x = m >> r << r
            low = (x or m) & -(x or m)
            hands[seat] = h ^ low
            if low >> 36:
                key = 100 + n_in if getrandbits(1) else 0
            elif low & (ledmask | tm):
                key = 2 * low.bit_length()
            else:
                key = 0
            if key > best:
                best = key
                bestseat = seat
        else:
            r = getrandbits(6)
            x = h >> r << r
            low = (x or h) & -(x or h)
            hands[seat] = h ^ low
            bestseat = seat
            if low >> 36:
                b = getrandbits(3)
                ledmask = SM[b & 3]
                if b & 4:
                    hl = True
                    best = 80 if (b & 3) == 3 else hl_key
                else:
                    hl = False
                    best = 1
            else:
                c = low.bit_length() - 1
                ledmask = SM[c // 9]
                hl = False
                best = 2 * c + 2
        n_in += 1
        if n_in == 4:
            taken[bestseat] += 1
            seat = bestseat
            n_in = 0
        else:
            seat = (seat + 1) & 3
    return taken


Policy = Callable[[int, int, int, list[int]], int]
"""``policy(seat, hand, legal, trick) -> play int``: ``legal`` is a card bitset, ``trick`` the plays
so far."""


def playout(hands: Sequence[int], trump: int, leader: int, trick: Sequence[int], taken: Sequence[int],
            high_lead_trumpable: bool, policy: Policy) -> list[int]:
    """Play the deal to its end asking ``policy`` for every play (canonical encoding)."""
    hands = list(hands)
    trick = list(trick)
    taken = list(taken)
    seat = (leader + len(trick)) & 3
    while hands[seat] or trick:
        lead = trick[0] if trick else -1
        legal = legal_mask(hands[seat], lead, trump)
        play = policy(seat, hands[seat], legal, trick)
        card = play & 63
        if not legal >> card & 1:
            raise ValueError(f"policy played an illegal card {card} for seat {seat}")
        hands[seat] ^= 1 << card
        trick.append(play)
        if len(trick) == 4:
            w = (leader + winner_index(trick, trump, high_lead_trumpable)) & 3
            taken[w] += 1
            trick = []
            leader = seat = w
        else:
            seat = (seat + 1) & 3
    return taken


def random_policy(rng: random.Random) -> Policy:
    """A uniformly random legal policy (jokers get a random mode, and suit when led)."""
    def policy(seat: int, hand: int, legal: int, trick: list[int]) -> int:
        cards = [c for c in range(38) if legal >> c & 1]
        card = rng.choice(cards)
        if card < X1:
            return card
        mode = rng.choice((HIGH, LOW))
        if trick:
            return card | mode << 6
        return card | mode << 6 | (rng.randrange(4) + 1) << 8
    return policy


__all__ = ["random_playout", "playout", "random_policy", "swap_suits", "swap_play", "trick_state"]
