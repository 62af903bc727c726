"""Our own seat in the rollouts, steering toward its bid from what it would know at the table.

Why: the rollouts play every seat with the kernel (:mod:`joker.bots.kernel`), our own included, and the
kernel follows its target weakly (needing tricks, it plays its highest card of the suit even when an
unseen card will beat it; with its bid made it ducks only under the card already best).  Real searched
play steers its tricks toward its bid two to three times more strongly (docs/BOTS.md, fifth pass).  A
seat that looked at the sampled hands to steer (branch ``steer-tried``, docs/BOTS.md sixth pass) made
Insane overbid: it overstated how well we land a bid.  This seat looks only at what a player in its
place knows — its own hand, the cards already played (so the union of the others' cards: ``alive``
less its own), every seat's card count, bids and tricks — never at who holds which unseen card.

From those it estimates whether a card holds the trick: each unseen card above it (of its suit; for a
ruff, the higher trumps at half weight, since only a seat void in the led suit can over-ruff; and the
unseen jokers when a later seat still needs tricks) lies in a later seat's hand with probability
``r`` = the later seats' cards / the unseen cards, so the card holds with about ``(1 - r) ** threats``.

* needing tricks (second or third to play): the cheapest winner that holds with ``HOLD`` or more
  (led suit before trumps); if no winner holds even ``DUCK``, its lowest card (it keeps the high card
  for a trick it can win); otherwise the kernel's move;
* bid made (second or third to play): a winner that a later seat *needing tricks* overtakes with
  ``1 - SHED`` or more counts as a losing card, so it is shed before it becomes a danger;
* bid made, leading: the highest plain card that a seat needing tricks overtakes with ``1 - SHED``;
* everything else (last to play, leading while needing, jokers, a high joker led): the kernel's rule
  (``known_pick`` returns ``(0, 0)``); the kernel's leads already judge boss cards by the unseen cards.
"""
from __future__ import annotations

from collections.abc import Sequence

from ..cards import JOKER_MASK, SUIT_MASKS
from .kernel import _high_rank, _low_rank

JM = JOKER_MASK
SM = SUIT_MASKS
HOLD = 0.6      # needing tricks: a winner this likely to hold is played (the cheapest such)
DUCK = 0.2      # needing tricks: when no winner holds this likely, the lowest card instead
SHED = 0.15     # bid made: a card at most this likely to hold counts as a losing card
RUFF_W = 0.5    # a higher unseen trump threatens a ruff at this weight (its holder must be void)


def _threats(c: int, unseen: int, ledmask: int, tm: int) -> float:
    """Unseen cards that beat ``c`` (a card that is best in the trick now), counted as threats."""
    q = (c.bit_length() - 1) // 9
    above = (unseen & SM[q] & -(c << 1)).bit_count()
    return above * RUFF_W if c & tm and not ledmask & tm else float(above)


def known_pick(hands: Sequence[int], seat: int, n_in: int, ledmask: int, hl: bool, best: int, tm: int,
               bids: Sequence[int], taken: Sequence[int], alive: int) -> tuple[int, int]:
    """Our seat's play (card bit, key) in the kernel's encoding, or ``(0, 0)``: the kernel's move."""
    if n_in == 3 or n_in and hl:
        return 0, 0
    h = hands[seat]
    need = bids[seat] - taken[seat]
    if not n_in:
        cm = h & ~JM
        if need > 0 or not cm:
            return 0, 0
        o1, o2, o3 = (seat + 1) & 3, (seat + 2) & 3, (seat + 3) & 3
        lneed = ((hands[o1].bit_count() if bids[o1] > taken[o1] else 0)
                 + (hands[o2].bit_count() if bids[o2] > taken[o2] else 0)
                 + (hands[o3].bit_count() if bids[o3] > taken[o3] else 0))
        if not lneed:
            return 0, 0
        unseen = alive & ~h
        keep = 1 - lneed / unseen.bit_count()
        j = (unseen & JM).bit_count()
        pick = pr = -1
        for q in (0, 1, 2, 3):
            x = cm & SM[q]
            while x:
                c = 1 << x.bit_length() - 1
                if keep ** ((unseen & SM[q] & -(c << 1)).bit_count() + j) <= SHED:
                    r = (c.bit_length() - 1) % 9
                    if r > pr:
                        pick, pr = c, r
                    break
                x ^= c
        return (pick, 2 * pick.bit_length()) if pick > 0 else (0, 0)
    s = h & ledmask
    if s:
        m = s | h & JM
    else:
        s = h & tm
        m = s | h & JM if s else h
    cm = m & ~JM
    lt = ledmask | tm
    win = cm & lt & -(1 << (best >> 1))
    if not win:
        return 0, 0
    o1 = (seat + 1) & 3
    lall = c1 = hands[o1].bit_count()
    lneed = c1 if bids[o1] > taken[o1] else 0
    if n_in == 1:
        o2 = (seat + 2) & 3
        c2 = hands[o2].bit_count()
        lall += c2
        if bids[o2] > taken[o2]:
            lneed += c2
    unseen = alive & ~h
    j = (unseen & JM).bit_count() if lneed else 0
    if need > 0:
        keep = 1 - lall / unseen.bit_count()
        top = 0.0
        for x in (win & ~tm, win & tm):
            while x:
                c = x & -x
                p = keep ** (_threats(c, unseen, ledmask, tm) + j)
                if p >= HOLD:
                    return c, 2 * c.bit_length()
                if p > top:
                    top = p
                x ^= c
        if top < DUCK:
            c = _low_rank(cm, tm)
            return c, 2 * c.bit_length() if c & lt else 0
        return 0, 0
    if not lneed:
        return 0, 0
    keep = 1 - lneed / unseen.bit_count()
    shed = 0
    x = win
    while x:
        c = x & -x
        if keep ** (_threats(c, unseen, ledmask, tm) + j) <= SHED:
            shed |= c
        x ^= c
    if not shed:
        return 0, 0
    c = _high_rank(cm & ~win | shed, tm)
    return c, 2 * c.bit_length() if c & lt else 0
