"""How many sampled deals Hard and Insane really get per decision at their default time budgets on
this machine (a tool, not shipped): the arena's fixed counts (``hard@40w``, ``insane@160w``) are
meant to stand for them.

    nice -n 15 python3 tools/bench_worlds.py [--games 2] [--deals 2]

It plays the first ``--deals`` deals of ``--games`` nines games with four ``hard@10w`` bots, and at
every decision of seat 0 with a choice lets a fresh bot of each level decide at its default budget,
reporting the mean of ``stats["worlds"]`` per phase and hand size.
"""
from __future__ import annotations

import argparse
import collections
import dataclasses
import os
import sys
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from joker.bots import SearchBot, make_bot  # noqa: E402
from joker.game import Game  # noqa: E402
from joker.rules import PRESETS  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--deals", type=int, default=2)
    args = ap.parse_args()
    rules = dataclasses.replace(PRESETS["standard"], premium="bonus")
    views: list[dict[str, Any]] = []
    for seed in range(args.games):
        g = Game(rules, "nines", seed=100 + seed)
        bots = [make_bot("hard", seed=s, worlds=10) for s in range(4)]
        while g.phase != "over" and len(g.deals) < args.deals:
            s = g.to_act
            assert s is not None
            v = g.view(s)
            if v["phase"] in ("bid", "play") and len(v["legal"]) > 1 and s == 0:
                views.append(v)
            g.apply(bots[s].act(v))
    for level in ("hard", "insane"):
        per: dict[str, list[float]] = collections.defaultdict(list)
        for v in views:
            b = make_bot(level, seed=1)
            b.act(v)
            key = "bid" if v["phase"] == "bid" else f"play {len(v['hand'])}"
            assert isinstance(b, SearchBot)
            per[key].append(b.stats["worlds"])
        allw = [x for xs in per.values() for x in xs]
        print(level, {k: round(sum(x) / len(x)) for k, x in sorted(per.items())},
              "all decisions", round(sum(allw) / len(allw)))


if __name__ == "__main__":
    main()
