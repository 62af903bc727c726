"""``python -m joker arena``: duplicate matches between bot levels.

Every game seed (one sequence of deals) is played four times with the line-up rotated through the
four seats, so each entry of the line-up gets every seat's cards once and the luck of the deal cancels.

    python -m joker arena --bots insane,medium,medium,medium --games 400 --rules standard \\
        --mode full --seed 1 --budget-ms 100 --jobs 2

An entry may carry its own budget: ``hard@50``.  Per entry of the line-up it prints the mean total
per game with a 95% confidence interval (over game seeds, each averaged over its four rotations),
the first-place rate, exact-bid rate, khishti rate, and mean / p95 decision time; then per level the
paired difference against every other level in the line-up (mean ± 95% CI), which is the test of
"A is stronger than B".
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import math
import random
import sys
import time
from typing import Any

from .bots import LEVELS, PSEUDO_LEVELS, Bot, make_bot
from .game import Game
from .rules import PRESETS


def parse_entry(text: str, budget_ms: float | None) -> tuple[str, float | None]:
    name, _, ms = text.strip().partition("@")
    if name not in LEVELS + PSEUDO_LEVELS:
        raise ValueError(f"unknown bot {name!r}; expected one of {', '.join(LEVELS + PSEUDO_LEVELS)}")
    return name, float(ms) if ms else budget_ms


def play_game(lineup: list[tuple[str, float | None]], rules_d: dict[str, Any], mode: str, game_seed: int,
              rotation: int, bot_seed: int) -> dict[str, Any]:
    """One game; entry ``i`` of the line-up sits in seat ``(i + rotation) % 4``."""
    from .rules import Rules
    rules = Rules.from_dict(rules_d)
    g = Game(rules, mode, seed=game_seed)
    seat_of = [(i + rotation) % 4 for i in range(4)]
    bots: list[Bot] = [make_bot("random")] * 4
    for i, (name, ms) in enumerate(lineup):
        seed = bot_seed * 16 + i
        bots[seat_of[i]] = make_bot(name, seed=seed, budget_ms=ms) if name in ("hard", "insane") \
            else make_bot(name, seed=seed)
    times: list[list[float]] = [[], [], [], []]
    while g.phase != "over":
        s = g.to_act
        assert s is not None
        v = g.view(s)
        t0 = time.perf_counter()
        a = bots[s].act(v)
        times[s].append(time.perf_counter() - t0)
        if a not in v["legal"]:
            raise AssertionError(f"{lineup[seat_of.index(s)][0]} bot played an illegal action {a!r}")
        g.apply(a)
    scores = g.scores()
    places = g.view(0)["places"]
    out = []
    for i in range(4):
        s = seat_of[i]
        exact = sum(1 for d in g.deals if d["bids"][s] == d["taken"][s])
        khishti = sum(1 for d in g.deals if d["bids"][s] >= 1 and d["taken"][s] == 0)
        st = getattr(bots[s], "stats", None)
        out.append({"total": scores[s], "first": places[s] == 1, "exact": exact, "khishti": khishti,
                    "deals": len(g.deals), "times": times[s],
                    "rollouts": st["rollouts"] if st else 0, "search_s": st["seconds"] if st else 0.0})
    return {"seed": game_seed, "rotation": rotation, "entries": out}


def _task(args: tuple[list[tuple[str, float | None]], dict[str, Any], str, int, int]) -> list[dict[str, Any]]:
    lineup, rules_d, mode, game_seed, k = args
    return [play_game(lineup, rules_d, mode, game_seed, r, k * 4 + r) for r in range(4)]


def mean_ci(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    if n == 0:
        return 0.0, 0.0
    m = sum(xs) / n
    if n < 2:
        return m, float("inf")
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, 1.96 * math.sqrt(var / n)


def summarize(lineup: list[tuple[str, float | None]], results: list[list[dict[str, Any]]]) -> dict[str, Any]:
    """``results``: per game seed, its four rotated games."""
    entries = []
    per_seed = [[sum(g["entries"][i]["total"] for g in games) / len(games) for games in results]
                for i in range(4)]
    for i, (name, ms) in enumerate(lineup):
        rows = [g["entries"][i] for games in results for g in games]
        times = sorted(t for r in rows for t in r["times"])
        m, ci = mean_ci(per_seed[i])
        deals = sum(r["deals"] for r in rows) or 1
        ro = sum(r["rollouts"] for r in rows)
        ss = sum(r["search_s"] for r in rows)
        entries.append({
            "entry": i, "bot": name, "budget_ms": ms, "mean_total": m, "ci95": ci,
            "first_rate": sum(r["first"] for r in rows) / max(1, len(rows)),
            "exact_rate": sum(r["exact"] for r in rows) / deals,
            "khishti_rate": sum(r["khishti"] for r in rows) / deals,
            "decisions": len(times),
            "mean_ms": 1000 * sum(times) / max(1, len(times)),
            "p95_ms": 1000 * times[min(len(times) - 1, int(0.95 * len(times)))] if times else 0.0,
            "rollouts_per_s": ro / ss if ss else None,
        })
    names = sorted({n for n, _ in lineup}, key=lambda n: [x for x, _ in lineup].index(n))
    diffs = []
    for j, a in enumerate(names):
        for b in names[j + 1:]:
            ia = [i for i, (n, _) in enumerate(lineup) if n == a]
            ib = [i for i, (n, _) in enumerate(lineup) if n == b]
            d = [sum(per_seed[i][k] for i in ia) / len(ia) - sum(per_seed[i][k] for i in ib) / len(ib)
                 for k in range(len(results))]
            m, ci = mean_ci(d)
            diffs.append({"a": a, "b": b, "diff": m, "ci95": ci, "significant": m - ci > 0 or m + ci < 0})
    return {"games": len(results), "entries": entries, "diffs": diffs}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m joker arena", description=__doc__.split("\n\n")[0])
    ap.add_argument("--bots", default="medium,random,random,random",
                    help="four comma-separated levels (easy, medium, hard, insane, random), "
                         "optionally level@ms")
    ap.add_argument("--games", type=int, default=20, help="game seeds; each is played 4 times (rotated)")
    ap.add_argument("--rules", default="standard", choices=sorted(PRESETS))
    ap.add_argument("--khishti", choices=("on", "off"), help="override the preset's khishti (off = none)")
    ap.add_argument("--premium", choices=("bonus", "georgian", "folk"), help="override the preset's premium")
    ap.add_argument("--mode", default="full", choices=("full", "nines"))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget-ms", type=float, default=None,
                    help="time budget per decision of the search levels")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--json", action="store_true", help="print the summary as JSON")
    args = ap.parse_args(argv)
    try:
        lineup = [parse_entry(x, args.budget_ms) for x in args.bots.split(",")]
    except ValueError as e:
        ap.error(str(e))
    if len(lineup) != 4:
        ap.error(f"--bots needs four entries, got {len(lineup)}")
    rules = PRESETS[args.rules]
    if args.khishti == "off":
        rules = dataclasses.replace(rules, khishti=None)
    elif args.khishti == "on" and rules.khishti is None:
        rules = dataclasses.replace(rules, khishti=(200, 500))
    if args.premium:
        rules = dataclasses.replace(rules, premium=args.premium)
    rng = random.Random(args.seed)
    seeds = [rng.getrandbits(48) for _ in range(args.games)]
    tasks = [(lineup, rules.to_dict(), args.mode, s, k + args.seed * 100003) for k, s in enumerate(seeds)]
    results: list[list[dict[str, Any]]] = []
    t0 = time.perf_counter()
    if args.jobs > 1:
        import multiprocessing as mp
        with mp.get_context("fork" if sys.platform != "win32" else "spawn").Pool(args.jobs) as pool:
            for res in pool.imap(_task, tasks):
                results.append(res)
                _progress(len(results), len(tasks), t0)
    else:
        for t in tasks:
            results.append(_task(t))
            _progress(len(results), len(tasks), t0)
    summary = summarize(lineup, results)
    summary.update({"bots": args.bots, "rules": args.rules, "rules_options": rules.to_dict(),
                    "mode": args.mode,
                    "seed": args.seed, "budget_ms": args.budget_ms, "seconds": time.perf_counter() - t0})
    if args.json:
        print(json.dumps(summary, indent=1))
    else:
        print(format_summary(summary))
    return 0


def _progress(done: int, total: int, t0: float) -> None:
    dt = time.perf_counter() - t0
    print(f"\r{done}/{total} game seeds ({4 * done} games) {dt:.0f}s", end="" if done < total else "\n",
          file=sys.stderr, flush=True)


def format_summary(s: dict[str, Any]) -> str:
    lines = [f"{s['games']} game seeds x 4 rotations, rules {s['rules']}, mode {s['mode']}, "
             f"seed {s['seed']}, "
             f"{s['seconds']:.0f}s"]
    lines.append(f"{'#':>2} {'bot':<10} {'mean total':>18} {'1st':>6} {'exact':>6} {'khishti':>7} "
                 f"{'mean ms':>8} {'p95 ms':>8} {'rollouts/s':>10}")
    for e in s["entries"]:
        searching = e["budget_ms"] and e["bot"] in ("hard", "insane")
        label = e["bot"] + (f"@{e['budget_ms']:g}" if searching else "")
        rps = f"{e['rollouts_per_s']:,.0f}" if e["rollouts_per_s"] else "-"
        lines.append(f"{e['entry']:>2} {label:<10} {e['mean_total']:>9.0f} ± {e['ci95']:<6.0f} "
                     f"{100 * e['first_rate']:>5.1f}% {100 * e['exact_rate']:>5.1f}% "
                     f"{100 * e['khishti_rate']:>6.1f}% "
                     f"{e['mean_ms']:>8.2f} {e['p95_ms']:>8.1f} {rps:>10}")
    for d in s["diffs"]:
        lines.append(f"{d['a']} - {d['b']}: {d['diff']:+.0f} ± {d['ci95']:.0f} per game"
                     f"{'  (significant at 95%)' if d['significant'] else ''}")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
