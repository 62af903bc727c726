"""Easy's and Medium's bids calibrated to the table they sit at, read from the view alone.

Easy and Medium bid from their own hand (a rough count; a table estimate checked by a quick look
ahead in which every seat plays our kernel).  A table that plays otherwise moves what they take: three
players who bid every king and throw their high cards early leave tricks that land on us, so at that
table Easy and Medium took 0.9 and 0.75 tricks a deal more than they bid (docs/BOTS.md).  The view
shows what our own seat bid and took in every finished deal (``view["deals"]``); this module reads
from it how many tricks more (or fewer) than its *own raw bid* the seat takes at this table, per card
of the deal, and the level moves its bid by that much (Easy) or its look ahead's count of our tricks
(Medium, :meth:`joker.bots.search.Searcher.analyse_bid`).

The raw bid is what the level would have bid without the correction: the bid of a past deal less the
correction applied then.  That correction is itself a function of the deals before it, so it is
recomputed here in one pass — the estimate does not fade once the bids are corrected (a correction read
from the corrected bids alone would shrink to nothing and the drift would come back), and a fresh bot
given the view corrects exactly as one that watched the game.  (If someone else played the seat in
the deals before — a person who handed it to a bot — their bids are read as the seat's record: the
table's lean on that seat is the same.)

The reading starts from a prior (the level's usual drift at a table of its like) worth
``PRIOR_CARDS`` cards of evidence, so one lucky deal does not move the bids much.

>>> deals = [{"cards": 9, "bids": [2, 3, 3, 3], "taken": [4, 2, 2, 1]}] * 6
>>> c = table_drift({"deals": deals}, 0, 9, lambda x: 0.0)
>>> 1.0 < c < 2.0
True
>>> table_drift({"deals": []}, 0, 9, lambda x: 0.0, prior=0.03)
0.27
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: Weight of the prior, in cards of evidence (two 9-card deals): a game of nines has 144 cards per
#: seat, so the reading is mostly the table's after a few deals; a 9-card deal's miss scatters by about
#: a trick, so a single deal should not move the bid by more than about a third of its miss.
PRIOR_CARDS = 18.0
#: The correction is kept within this many tricks per card (2.25 per 9-card deal): beyond that the
#: table is playing something the rest of our bidding does not model anyway.
MAX_RATE = 0.25
#: Medium leaves a reading under this many tricks per card (0.15 a 9-card deal) out of its look ahead
#: and uses the part beyond it: at a table that plays like our kernel the reading scatters around 0 by
#: a few tenths a deal, and moving the rollouts by that noise made Medium's bids there less exact
#: (docs/BOTS.md, "Medium's reading inside its look ahead").
DEAD_ZONE = 0.15 / 9


def table_drift(view: dict[str, Any], seat: int, n: int, applied: Callable[[float], float],
                prior: float = 0.0, prior_cards: float = PRIOR_CARDS, dead: float = 0.0) -> float:
    """Tricks ``seat`` is expected to take above its raw bid in a deal of ``n`` cards at this table.

    ``applied(c)`` is what the level adds to its raw bid for a correction ``c`` (rounded, or ``c``
    itself when the level rounds at random: its expected value); ``prior`` is the level's usual
    drift per card (taken - raw bid) before the table has shown anything; ``dead`` a rate per card the
    level leaves out (the reading moved toward 0 by it, and 0 inside it), in the past deals as now.
    """
    total = prior * prior_cards
    cards = prior_cards
    for d in view.get("deals") or []:
        k = d["cards"]
        c = _rate(total / cards, dead) * k            # the correction this seat applied in that deal
        bid = d["bids"][seat]
        a = applied(c)
        # a bid of 0 cannot have been moved down (nor one of every card up): read it as the raw bid,
        # else a table that keeps us at 0 would read as ever more overbidding and push further down
        raw = bid if (bid == 0 and a < 0) or (bid == k and a > 0) else bid - a
        total += d["taken"][seat] - raw
        cards += k
    return round(_rate(total / cards, dead) * n, 6)


def _rate(rate: float, dead: float) -> float:
    """The rate per card the level applies: beyond the dead zone, within ±MAX_RATE."""
    r = max(0.0, min(MAX_RATE, abs(rate)) - dead)
    return r if rate >= 0 else -r


