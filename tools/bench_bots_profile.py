#!/usr/bin/env python3
"""Rollouts per second: the bots' kernel against the engine's random playout, and per decision of
Hard and Insane at their default budgets (a tool, not a test).

    nice -n 15 python3 tools/bench_bots_profile.py [--seconds 3] [--games 3]

It times ``rollout`` on 256 fixed 9-card deals (per second of CPU time; also with three seats given
the option ``over``), then lets each search
level decide at seat 0 over the first two deals of ``--games`` nines games (Medium at the other seats)
and prints, per phase and hand size, the rollouts and sampled deals per decision and the time spent.
"""
from __future__ import annotations

import argparse
import collections
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from joker.bots import SearchBot, make_bot  # noqa: E402
from joker.bots.kernel import rollout, to_kernel  # noqa: E402
from joker.cards import DECK  # noqa: E402
from joker.game import Game, Shuffler  # noqa: E402
from joker.playout import random_playout  # noqa: E402


def fixed_deals(count: int) -> list[list[int]]:
    sh = Shuffler(1)
    deals = []
    for _ in range(count):
        hands = [0, 0, 0, 0]
        for i, c in enumerate(sh.shuffled(DECK)):
            hands[i & 3] |= 1 << c
        deals.append(hands)
    return deals


def rate(seconds: float, step: int, work: Callable[[int], None]) -> float:
    """Calls of ``work`` per second of this process's CPU time (a shared machine's load, which
    deschedules the process, does not count)."""
    t = time.process_time()
    n = 0
    while time.process_time() - t < seconds:
        for i in range(step):
            work(i)
        n += step
    return n / (time.process_time() - t)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--games", type=int, default=3)
    args = ap.parse_args(argv)
    deals = fixed_deals(256)
    rng = random.Random(1)
    bids = [[rng.randrange(4) for _ in range(4)] for _ in range(256)]

    def kernel(i: int) -> None:
        kh, _, tm = to_kernel(deals[i & 255], [], i % 5 - 1)
        rollout(kh, i & 3, [], [0, 0, 0, 0], tm, bool(i & 8), bids[i & 255])

    gb = random.Random(1).getrandbits

    def engine(i: int) -> None:
        random_playout(deals[i & 255], i % 5 - 1, i & 3, (), (0, 0, 0, 0), bool(i & 8), gb)

    def over(i: int) -> None:
        kh, _, tm = to_kernel(deals[i & 255], [], i % 5 - 1)
        rollout(kh, i & 3, [], [0, 0, 0, 0], tm, bool(i & 8), bids[i & 255], over=15 & ~(1 << (i >> 2 & 3)))

    # alternated, so a shared machine's load falls on each alike
    k1, o1, k2, o2 = (rate(args.seconds / 2, 500, f) for f in (kernel, over) * 2)
    print(f"kernel: {(k1 + k2) / 2:,.0f} bid-seeking 9-card rollouts/s")
    print(f"kernel, three seats taking tricks past their bid (option over): {(o1 + o2) / 2:,.0f} rollouts/s")
    print(f"engine random_playout: {rate(args.seconds, 500, engine):,.0f} random 9-card playouts/s")
    for level in ("hard", "insane"):
        bot = make_bot(level, seed=1)
        assert isinstance(bot, SearchBot)
        med = make_bot("medium", seed=1)
        agg: dict[tuple[str, int], list[tuple[float, float, float]]] = collections.defaultdict(list)
        for gs in range(args.games):
            g = Game(mode="nines", seed=gs)
            while g.phase != "over" and len(g.deals) < 2:
                s = g.to_act
                assert s is not None
                v = g.view(s)
                if s == 0 and len(v["legal"]) > 1 and v["phase"] in ("bid", "play"):
                    st = dict(bot.stats)
                    t0 = time.perf_counter()
                    a = bot.act(v)
                    dt = time.perf_counter() - t0
                    agg[(v["phase"], v["hand_counts"][0])].append(
                        (bot.stats["rollouts"] - st["rollouts"], bot.stats["worlds"] - st["worlds"], dt))
                    g.apply(a)
                else:
                    g.apply(med.act(v))
        for (phase, cards), xs in sorted(agg.items()):
            ro = sum(x[0] for x in xs)
            w = sum(x[1] for x in xs)
            dt = sum(x[2] for x in xs)
            k = len(xs)
            print(f"{level} {phase:4} cards in hand {cards}: {k} decisions, {ro / k:.0f} rollouts and "
                  f"{w / k:.0f} worlds per decision, {ro / dt:,.0f} rollouts/s, {1000 * dt / k:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
