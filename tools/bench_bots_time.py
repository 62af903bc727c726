#!/usr/bin/env python3
"""Decision time of a bot level at its default budget (a tool, not a test).

    nice -n 15 python3 tools/bench_bots_time.py LEVEL N [--seed 5]

Plays full games over the three rule presets with Medium at three seats and times the bot of
``LEVEL`` at seat 0 on about a quarter of its decisions (trump, bids and cards, forced ones
included) until ``N`` are timed; prints the mean, p95 and max.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from joker.bots import LEVELS, make_bot  # noqa: E402
from joker.game import Game  # noqa: E402
from joker.rules import PRESETS  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("level", choices=LEVELS)
    ap.add_argument("n", type=int)
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    med = make_bot("medium", seed=1)
    presets = list(PRESETS.values())
    times: list[float] = []
    gs = 0
    while len(times) < args.n:
        g = Game(presets[gs % len(presets)], "full", seed=100 + gs)
        gs += 1
        bot = make_bot(args.level, seed=gs)
        while g.phase != "over" and len(times) < args.n:
            s = g.to_act
            assert s is not None
            v = g.view(s)
            if s == 0 and rng.random() < 0.25:
                t = time.perf_counter()
                a = bot.act(v)
                times.append(time.perf_counter() - t)
            else:
                a = med.act(v)
            g.apply(a)
    times.sort()
    print(f"{args.level}: {len(times)} decisions (all phases, forced ones included), "
          f"mean {1000 * sum(times) / len(times):.2f} ms, p95 {1000 * times[int(0.95 * len(times))]:.2f} ms, "
          f"max {1000 * times[-1]:.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
