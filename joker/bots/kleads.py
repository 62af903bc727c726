"""The other seats' leads in the rollouts, drawn from the kinds a searching player leads.

Why: the rollout kernel (:mod:`joker.bots.kernel`) plays the card a searching player (Hard) plays
seven times in ten when it follows but only about half the time when it leads (docs/BOTS.md, seventh
and eighth passes).  Needing tricks, the kernel cashes every sure winner first (the top trump before
side aces); Hard, with cards to spare, leads a low card of a short side suit or a low trump about half
the time and prefers side bosses to trump ones.  With its bid made, the kernel leads its lowest card
of any suit; Hard the lowest of its shortest side suit.  No single rule fitted (the seventh pass tried
several), so a seat in the kernel's ``leads`` mask draws the *kind* of its lead in the proportions Hard
leads each kind in that state, measured by ``tools/kernel_replies.py leads`` on 16 games of four
``hard@40w`` (seed 703): the state is whether the seat needs tricks, holds a sure winner, how many cards
it has to spare (cards left less tricks still needed) and whether there are trumps.

The draw is a hash of the cards still out and the seat (no random generator to thread through): the
same sampled deal and position always lead the same card, so a bot stays a pure function of its view
and every candidate of a search is valued on the same draws.

Kernel encoding (trump suit in the top slot, bits 27..35).  :func:`lead_pick` returns the bit of the
card to lead: a joker bit means "the kernel's joker lead" (high while the seat needs tricks, low once
its bid is made), 0 "the kernel's own rule".
"""
from __future__ import annotations

from ..cards import JOKER_MASK

JM = JOKER_MASK
RANKMASK = 0x1FF
#: True: draw the kind in Hard's proportions (a hash of the position as the draw); False: lead the
#: kind Hard leads most often there among those the hand holds.  Measured (eighth pass): the draw
#: matches Hard's mix of kinds but not its cards, and its rollouts stray further from real play.
DRAW = False

# Kinds, in this order: trump boss, lowest trump (not a boss), side boss, lowest card of the shortest
# side suit, lowest card of a longer side suit, joker.  Weights per state (out of about 100), Hard's
# share of each kind among its leads there; kinds it leads that are none of these ("side other",
# "trump other": a middle card) are left out and the rest renormalised over what the hand holds.
# Index: needing tricks: 8 * sure winner + 2 * spare bucket (0 | 1-2 | 3-4 | 5+) + trump;
# bid made or 0-bid: 16 + trump.
WEIGHTS: tuple[tuple[int, ...], ...] = (
    (0, 0, 0, 71, 0, 29), (0, 6, 0, 71, 0, 24),  # needs tricks, no sure winner, spare 0: no trump / trump
    (0, 0, 0, 50, 10, 40), (0, 9, 0, 79, 12, 0),  # needs tricks, spare 1-2: no trump / trump
    (0, 0, 0, 6, 44, 50), (0, 9, 0, 48, 28, 15),  # needs tricks, spare 3-4: no trump / trump
    (0, 0, 0, 31, 44, 25), (0, 28, 0, 30, 25, 16),  # needs tricks, spare 5+: no trump / trump
    (0, 0, 99, 0, 1, 0), (39, 2, 52, 4, 1, 2),  # needs tricks, a sure winner, spare 0: no trump / trump
    (0, 0, 77, 3, 13, 7), (16, 7, 49, 21, 5, 1),  # needs tricks, spare 1-2: no trump / trump
    (0, 0, 76, 7, 11, 6), (29, 11, 30, 14, 9, 6),  # needs tricks, spare 3-4: no trump / trump
    (0, 0, 42, 24, 32, 3), (16, 25, 23, 18, 11, 7),  # needs tricks, spare 5+: no trump / trump
    (0, 0, 22, 59, 14, 4), (6, 9, 24, 46, 13, 2),  # bid made or 0-bid: no trump / trump
)

#: Per row, the kinds with a weight, the heaviest first (ties: the order above): what ``DRAW = False`` leads.
ORDER: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted((k for k in range(6) if w[k]), key=lambda k: -w[k])) for w in WEIGHTS)


def lead_pick(h: int, need: int, alive: int, tm: int, seat: int) -> int:
    """The card the seat with hand ``h`` leads (a bit; see the module's docstring): ``need`` tricks
    still to take (``<= 0``: its bid is made), ``alive`` every card still in a hand, ``tm`` the trump
    mask (0: no trumps)."""
    cm = h & ~JM
    if not cm:
        return 0                                   # only jokers: the kernel's joker lead
    others = alive & ~h
    tboss = tlow = sboss = 0
    short = long_ = 0
    slen, llen, sbo = 10, 0, -1
    for sb in (0, 9, 18, 27):
        x = cm >> sb & RANKMASK
        if not x:
            continue
        o = others >> sb & RANKMASK
        top = 1 << x.bit_length() - 1
        boss = o < top
        lo = x & -x
        if sb == 27 and tm:
            if boss:
                tboss = top << 27
            if o > lo:                             # the lowest trump, beaten by an unseen one
                tlow = lo << 27
            continue
        n = x.bit_count()
        if boss:
            oc = o.bit_count()                     # the boss of the suit the others hold most of
            if oc > sbo:
                sboss, sbo = top << sb, oc
        if o > lo:
            if n < slen:
                short, slen = lo << sb, n
            if n > llen:
                long_, llen = lo << sb, n
    if long_ == short or llen == slen:
        long_ = 0
    if need > 0:
        spare = h.bit_count() - need
        b = 0 if spare <= 0 else 1 if spare <= 2 else 2 if spare <= 4 else 3
        i = (8 if tboss or sboss else 0) + 2 * b + (1 if tm else 0)
    else:
        i = 17 if tm else 16
    cards = (tboss, tlow, sboss, short, long_, h & JM)
    if not DRAW:
        for k in ORDER[i]:
            c = cards[k]
            if c:
                return c & -c
        return 0
    w = WEIGHTS[i]
    total = 0
    for k in range(6):
        if cards[k]:
            total += w[k]
    if not total:
        return 0
    r = ((alive | seat << 40) * 0x9E3779B97F4A7C15 >> 40 & 0xFFFF) * total >> 16
    for k in range(6):
        if cards[k]:
            r -= w[k]
            if r < 0:
                c = cards[k]
                return c & -c
    return 0  # pragma: no cover
