"""The rollout kernel's next play from a position, as a play (card, and a joker's mode and suit).

The kernel (:func:`joker.bots.kernel.rollout`) plays a whole deal in one loop, for speed; the exact
endgame and the tree search need its choice at one position only, to play a seat as the rollouts
would.  Rather than restate its rules, the kernel itself is run on the position and stopped at the
first card it takes out of a hand (:class:`_Probe`), so the card is exactly the rollouts' own.  A
joker's mode follows the kernel's rule: high while the seat still needs tricks, low once its bid
is made; led high it names trump when the seat holds trumps, else its longest suit, and led low the
suit the others hold most of.

>>> from joker.cards import parse_hand
>>> from joker.bots.kernel import to_kernel
>>> hands, _, tm = to_kernel([parse_hand("AS 7S"), parse_hand("KS 8S"), parse_hand("QS 9S"),
...                           parse_hand("JS TS")], [], 3)
>>> first_play(hands, 0, [], [0, 0, 0, 0], tm, False, [1, 0, 0, 0]) == hands[0].bit_length() - 1
True
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import HIGH, JOKER_MASK, LOW, X1
from .kernel import _fullest_suit, rollout


class _Moved(Exception):
    """Raised by :class:`_Probe` at the kernel's first play."""


class _Probe(list[int]):
    """Hands that record the first card the kernel takes out of one of them, and stop it there."""

    moved = 0

    def __setitem__(self, i: Any, v: Any) -> None:
        self.moved = self[i] ^ v
        raise _Moved


def first_card(hands: Sequence[int], leader: int, trick: Sequence[int], taken: Sequence[int], tm: int,
               hlt: bool, bids: Sequence[int], greedy: int = 0) -> int:
    """The card (bit) the kernel plays for the seat to move (kernel encoding, as :func:`rollout`)."""
    probe = _Probe(hands)
    try:
        rollout(probe, leader, list(trick), list(taken), tm, hlt, bids, greedy)
    except _Moved:
        return probe.moved
    raise AssertionError("the kernel made no play")  # pragma: no cover


def first_play(hands: Sequence[int], leader: int, trick: Sequence[int], taken: Sequence[int], tm: int,
               hlt: bool, bids: Sequence[int], greedy: int = 0) -> int:
    """The play the kernel makes for the seat to move: a card, or a joker with its mode (and, led,
    the suit it names) in the kernel encoding of :func:`joker.playout.trick_state`."""
    b = first_card(hands, leader, trick, taken, tm, hlt, bids, greedy)
    c = b.bit_length() - 1
    if c < X1:
        return c
    seat = (leader + len(trick)) & 3
    need = bids[seat] > taken[seat]
    if trick:
        return c | (HIGH if need else LOW) << 6
    h = hands[seat]
    if need:
        return c | HIGH << 6 | ((3 if tm and h & tm else _fullest_suit(h & ~JOKER_MASK)) + 1) << 8
    return c | LOW << 6 | (_fullest_suit((hands[0] | hands[1] | hands[2] | hands[3]) & ~h) + 1) << 8


__all__ = ["first_card", "first_play"]
