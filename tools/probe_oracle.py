"""Insane told the true deal: how far can better sampling take it?  A diagnostic, not shipped.

Runs ``python -m joker arena`` (any of its arguments) with every Insane's sampled deals replaced by the
true deal: the others' real hands, every sampled deal the same (the rollouts still draw, per sample,
which seats play the simple greedy way and round the others' targets, so a few samples are kept).
Hard and the other levels are untouched. If Insane's weakness were in *what it believes about the
hands* (sampling, bid reading, the high-joker inference), the oracle would bid and play far better;
if it is in *how it values a candidate* (the rollout kernel's picture of how the deal goes on), the
oracle gains little — or loses, since one deal's rollouts are trusted with no averaging over hands.

    nice -n 15 python3 tools/probe_oracle.py arena --pool --mode nines --rules standard \\
        --premium bonus --jobs 1 --levels insane@16w --styles hard@40w --games 6 --seed 801
    nice -n 15 python3 tools/probe_oracle.py --harm 0 arena ...     # and the harm term off
    nice -n 15 python3 tools/probe_oracle.py --phases play arena ... # only the card play told

Our reading of "the true deal" in play: the cards still in the hands (the played ones are on the
table), exactly what a sampled deal holds at that moment.
"""
from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from joker import bots as levels  # noqa: E402
from joker.bots.info import Info  # noqa: E402
from joker.bots.sampling import World  # noqa: E402
from joker.bots.search import Searcher  # noqa: E402
from joker.game import Game  # noqa: E402


@contextmanager
def oracle(harm: float | None = None, seen: list[World] | None = None,
           phases: tuple[str, ...] = ("trump", "bid", "play")) -> Iterator[None]:
    """While active, every searcher with the high-joker inference (Insane's) samples the true deal
    of the game whose view was taken last (the arena takes the acting seat's view just before it
    asks the bot), in the game's ``phases`` only (the others sample as shipped). ``seen`` collects the
    deal each such search was given, for tests.
    """
    game: list[Game] = []
    view, world_source, old_harm = Game.view, Searcher._world_source, levels.InsaneBot.harm

    def recording_view(self: Game, seat: int) -> dict[str, Any]:
        game[:] = [self]
        return view(self, seat)

    def true_deal(self: Searcher, info: Info) -> Callable[[], tuple[World, float]]:
        if not self.hl_inference or game[0].phase not in phases:
            return world_source(self, info)
        hands = list(game[0].hands)
        if seen is not None:
            seen.append(list(hands))
        return lambda: (list(hands), 1.0)

    Game.view = recording_view  # type: ignore[method-assign]
    Searcher._world_source = true_deal  # type: ignore[method-assign]
    if harm is not None:
        levels.InsaneBot.harm = harm
    try:
        yield
    finally:
        Game.view = view  # type: ignore[method-assign]
        Searcher._world_source = world_source  # type: ignore[method-assign]
        levels.InsaneBot.harm = old_harm


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--harm", type=float, default=None, help="Insane's harm weight (default: as shipped)")
    ap.add_argument("--phases", default="trump,bid,play",
                    help="the decisions told the true deal, comma-separated (default: all)")
    ap.add_argument("command", nargs=argparse.REMAINDER, help="python -m joker's arguments, e.g. arena ...")
    args = ap.parse_args(argv)
    from joker.__main__ import main as joker_main
    with oracle(args.harm, phases=tuple(args.phases.split(","))):
        return joker_main(args.command)


if __name__ == "__main__":
    sys.exit(main())
