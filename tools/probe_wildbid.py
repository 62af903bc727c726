"""A probe style for the random-play reading: random bids, purposeful play.  A diagnostic, not shipped.

The opponent model reads a seat as playing at random from how far its results scatter (docs/BOTS.md,
*Thirteenth pass*).  A seat that bids at random but plays with purpose scatters as far, and its play
is not random: this probe seats such players (``wildbid``: a uniformly random legal bid, then Medium's
card play) so the reading can be checked where it could mislead.  It runs ``python -m joker arena``
(any of its arguments) with the style registered beside the pool's, e.g.

    nice -n 10 python3 tools/probe_wildbid.py --pool --mode nines --rules standard --premium bonus \\
        --games 10 --seed 801 --jobs 1 --levels insane@160w --styles wildbid

Our reading of "random bid": uniform over the bids the game offers the seat (the dealer's rule
included), as :class:`joker.bots.RandomBot` bids.
"""
from __future__ import annotations

import os
import random
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import joker.arena as arena  # noqa: E402
import joker.bots as bots  # noqa: E402
import joker.bots.styles as styles  # noqa: E402
from joker.bots.info import Info  # noqa: E402


class WildBid(styles.StyleBot):
    """A uniformly random legal bid; Medium's card play."""

    level = "wildbid"

    def style_bid(self, view: dict[str, Any], info: Info, rng: random.Random) -> str:
        return str(rng.choice(view["legal"]))


@contextmanager
def wildbid_style() -> Iterator[None]:
    """While active, ``wildbid`` is a style: ``make_bot`` and the arena (``--styles``) know it."""
    saved = styles.STYLES, bots.STYLES, bots.PSEUDO_LEVELS, arena.PSEUDO_LEVELS
    styles._STYLES["wildbid"] = WildBid
    styles.STYLES = bots.STYLES = saved[0] + ("wildbid",)
    bots.PSEUDO_LEVELS = arena.PSEUDO_LEVELS = saved[2] + ("wildbid",)
    try:
        yield
    finally:
        del styles._STYLES["wildbid"]
        styles.STYLES, bots.STYLES, bots.PSEUDO_LEVELS, arena.PSEUDO_LEVELS = saved


def main(argv: list[str] | None = None) -> int:
    with wildbid_style():
        return arena.main(argv)


if __name__ == "__main__":
    sys.exit(main())
