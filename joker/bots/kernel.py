"""The search bots' rollout kernel: play a deal to its end with every seat playing toward its bid.

Same encoding as :func:`joker.playout.random_playout`: the trump suit is swapped into the top
slot (bits 27..35) so one integer key per play decides a trick:

* plain card of the led suit or a trump: ``2·card + 2``; a high joker lead 80 (55 when it can be
  trumped); a low joker lead 1; a high joker in response ``100 + position``; anything else 0.

A card ``c`` beats the best key ``k`` iff it is of the led suit or trump and ``c >= k >> 1``.

The policy is deterministic (the sampled deal is the randomness; only a seat the opponent model
reads as playing at random draws, see ``wild``): a seat that still needs tricks
takes them as cheaply as it can (last to play: the cheapest winner; earlier: its best card in the
suit), uses a joker high when nothing else wins, and leads its sure winners; a seat whose bid is
made ducks with its highest losing card, plays a joker low when every card would win, and leads
the card most likely to be beaten.
"""
from __future__ import annotations

from collections.abc import Sequence

from ..cards import JOKER_MASK, SUIT_MASKS
from ..playout import swap_play, swap_suits, trick_state

_TOP = 3
TMASK = SUIT_MASKS[_TOP]
SM = SUIT_MASKS
JM = JOKER_MASK
RANKMASK = 0x1FF


def to_kernel(hands: Sequence[int], trick: Sequence[int], trump: int) -> tuple[list[int], list[int], int]:
    """Canonical hands and trick -> kernel encoding (trump on top) and the trump mask."""
    if trump >= 0 and trump != _TOP:
        return [swap_suits(x, trump, _TOP) for x in hands], [swap_play(p, trump, _TOP) for p in trick], TMASK
    return list(hands), list(trick), (TMASK if trump == _TOP else 0)


def _low_rank(m: int, tm: int) -> int:
    """Bit of the lowest-ranked card of ``m`` (no jokers), plain suits before trumps."""
    p = m & ~tm
    if not p:
        p = m
    r = (p | p >> 9 | p >> 18 | p >> 27) & RANKMASK
    r &= -r
    for s in (0, 9, 18, 27):
        if p >> s & r:
            return r << s
    return p & -p  # pragma: no cover


def _high_rank(m: int, tm: int) -> int:
    """Bit of the highest-ranked card of ``m`` (no jokers), plain suits before trumps."""
    p = m & ~tm
    if not p:
        p = m
    r = (p | p >> 9 | p >> 18 | p >> 27) & RANKMASK
    r = 1 << r.bit_length() - 1
    for s in (0, 9, 18, 27):
        if p >> s & r:
            return r << s
    return p & -p  # pragma: no cover


def _fullest_suit(m: int) -> int:
    """The suit with the most cards in ``m`` (the lowest suit index on ties)."""
    su, k = 0, -1
    for q in range(4):
        c = (m & SM[q]).bit_count()
        if c > k:
            su, k = q, c
    return su


#: The kernel's own random stream (a 64-bit LCG, Knuth's MMIX constants): only seats that play at
#: random draw from it, and a rollout started from the same ``seed`` draws the same numbers, so every
#: candidate of a decision meets the same random plays (common random numbers).
_MUL, _INC, _M64 = 6364136223846793005, 1442695040888963407, (1 << 64) - 1
#: ``wild`` thresholds are chances scaled to this (a chance p is ``int(p * WILD_ONE)``).
WILD_ONE = 1 << 24


def _nth(m: int, k: int) -> int:
    """The bit of the ``k``-th card (from the lowest) of ``m``."""
    for _ in range(k):
        m &= m - 1
    return m & -m


def _draw(rs: int, cm: int, jm: int, per_joker: int) -> tuple[int, int, int]:
    """A wild seat's random legal action: ``(next state, card bit, joker action)``, drawn uniformly
    among the plain cards ``cm`` and ``per_joker`` actions of each joker in ``jm``; the joker action
    is -1 for a plain card, else its index (0 .. per_joker - 1)."""
    rs = (rs * _MUL + _INC) & _M64
    nc = cm.bit_count()
    k = (rs >> 32) % (nc + per_joker * jm.bit_count())
    if k < nc:
        return rs, _nth(cm, k), -1
    k -= nc
    return rs, _nth(jm, k // per_joker), k % per_joker


def rollout(hands: list[int], leader: int, trick: list[int], taken: list[int], tm: int, hlt: bool,
            bids: Sequence[int], greedy: int = 0, over: int = 0, wild: Sequence[int] = (),
            seed: int = 0) -> list[int]:
    """Play to the end (kernel encoding; ``hands``/``taken`` are modified in place); tricks per seat.

    Seats in the bitmask ``greedy`` play the simple way instead: while they need tricks their highest
    card (trumps above all), once their bid is made their lowest, and a joker only when nothing else
    is left (high while they need tricks).  Seats in the bitmask ``over`` play, once past their bid,
    as seats that need tricks (every further trick is worth 10 to them): a searching player takes
    them where the made bid's rule ducks.  ``wild`` (per seat, a chance out of :data:`WILD_ONE`, or
    empty) is how often a seat plays a random legal action instead — uniform over the actions the game
    offers, so a joker counts twice following (high, low) and eight times leading (each mode and named
    suit), as a player picking a random button would; the draws come from ``seed``.
    """
    n_in = len(trick)
    seat = (leader + n_in) & 3
    if n_in:
        ledmask, hl, best, bi = trick_state(trick, tm, hlt)
        bestseat = (leader + bi) & 3
    else:
        ledmask, hl, best, bestseat = 0, False, 0, leader
    hl_key = 55 if hlt and tm else 80
    alive = hands[0] | hands[1] | hands[2] | hands[3]
    rs = seed
    wn = False
    while True:
        h = hands[seat]
        if not h:
            break
        if wild:
            w = wild[seat]
            if w:
                rs = (rs * _MUL + _INC) & _M64
                wn = rs >> 40 < w
            else:
                wn = False
        need = bids[seat] - taken[seat]
        if need < 0 and over >> seat & 1:
            need = 9   # past its bid every trick is worth 10 more to it: it takes them (*Eighth pass*)
        if n_in:
            s = h & ledmask
            if s:
                if hl:
                    s = 1 << s.bit_length() - 1
                m = s | h & JM
            else:
                s = h & tm
                m = s | h & JM if s else h
            cm = m & ~JM
            if wn or greedy >> seat & 1:
                if wn:
                    rs, low, mode = _draw(rs, cm, m & JM, 2)     # a joker: low (0) or high (1)
                    if mode < 0:
                        key = 2 * low.bit_length() if low & (ledmask | tm) else 0
                    else:
                        key = 100 + n_in if mode else 0
                elif cm:
                    if need > 0:
                        x = cm & tm
                        low = 1 << x.bit_length() - 1 if x else _high_rank(cm, tm)
                    else:
                        low = _low_rank(cm, tm)
                    key = 2 * low.bit_length() if low & (ledmask | tm) else 0
                else:
                    low = m & JM
                    low &= -low
                    key = 100 + n_in if need > 0 else 0
                hands[seat] = h ^ low
                if key > best:
                    best = key
                    bestseat = seat
                alive ^= low
                n_in += 1
                if n_in == 4:
                    taken[bestseat] += 1
                    seat = bestseat
                    n_in = 0
                else:
                    seat = (seat + 1) & 3
                continue
            win = cm & (ledmask | tm) & -(1 << (best >> 1))
            if need > 0:
                if win:
                    if n_in == 3:
                        low = win & -win
                    else:
                        w = win & ledmask
                        low = 1 << w.bit_length() - 1 if w else win & -win
                    key = 2 * low.bit_length()
                elif m & JM:
                    low = m & JM
                    low &= -low
                    key = 100 + n_in
                else:
                    low = _low_rank(cm, tm)
                    key = 0
            else:
                lose = cm & ~win
                if lose:
                    low = _high_rank(lose, tm)
                    key = 2 * low.bit_length() if low & (ledmask | tm) else 0
                elif m & JM:
                    low = m & JM
                    low &= -low
                    key = 0
                else:
                    low = 1 << win.bit_length() - 1 if n_in == 3 else win & -win
                    key = 2 * low.bit_length()
            hands[seat] = h ^ low
            if key > best:
                best = key
                bestseat = seat
        else:
            bestseat = seat
            cm = h & ~JM
            low = 0
            if wn:
                rs, low, mode = _draw(rs, cm, h & JM, 8)        # a joker: named suit, low or high
                if mode >= 0:
                    su = mode & 3
                    ledmask = SM[su]
                    hl = bool(mode & 4)
                    best = (80 if su == 3 else hl_key) if hl else 1
                    hands[seat] = h ^ low
                    alive ^= low
                    n_in = 1
                    seat = (seat + 1) & 3
                    continue
            elif greedy >> seat & 1 and cm:
                if need > 0:
                    x = cm & tm
                    low = 1 << x.bit_length() - 1 if x else _high_rank(cm, tm)
                else:
                    low = _low_rank(cm, tm)
            elif need > 0:
                # a sure winner: the top live card of a suit (trumps first, then side aces)
                others = alive & ~h
                for sb in (27, 0, 9, 18):
                    x = cm >> sb & RANKMASK
                    if x:
                        top = x.bit_length() - 1
                        if not (others >> sb & RANKMASK) >> top:
                            if (sb == 27 or not tm or not (others & tm)
                                    or (others >> sb & RANKMASK).bit_count() >= 3):
                                low = 1 << sb + top
                                break
                if not low and h & JM:
                    low = h & JM
                    low &= -low
                    # high joker: name trump when we hold trumps (draws theirs), else our longest suit
                    su = 3 if tm and h & tm else _fullest_suit(cm)
                    ledmask = SM[su]
                    hl = True
                    best = 80 if su == 3 else hl_key
                    hands[seat] = h ^ low
                    alive ^= low
                    n_in = 1
                    seat = (seat + 1) & 3
                    continue
                if not low:
                    low = _low_rank(cm, tm)
            else:
                if cm:
                    low = _low_rank(cm, tm)
                else:
                    low = h & JM
                    low &= -low
                    # low joker: name the suit the others hold most of
                    su = _fullest_suit(alive & ~h)
                    ledmask = SM[su]
                    hl = False
                    best = 1
                    hands[seat] = h ^ low
                    alive ^= low
                    n_in = 1
                    seat = (seat + 1) & 3
                    continue
            hands[seat] = h ^ low
            c = low.bit_length() - 1
            ledmask = SM[c // 9]
            hl = False
            best = 2 * c + 2
        alive ^= low
        n_in += 1
        if n_in == 4:
            taken[bestseat] += 1
            seat = bestseat
            n_in = 0
        else:
            seat = (seat + 1) & 3
    return taken
