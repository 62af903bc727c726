"""``python -m joker arena``: duplicate matches between bots.

Every game seed (one sequence of deals) is played four times with the line-up rotated through the
four seats, so each entry of the line-up gets every seat's cards once and the luck of the deal cancels.

    python -m joker arena --bots insane,medium,medium,medium --games 400 --rules standard \\
        --mode full --seed 1 --budget-ms 100 --jobs 2

An entry may carry its own budget, ``hard@50`` (ms per decision), or a fixed number of sampled deals,
``hard@200w`` (reproducible, independent of the machine).  Per entry of the line-up it prints the
mean total per game with a 95% confidence interval (over game seeds, each averaged over its four
rotations), the first-place rate, exact-bid rate, mean bid − mean taken per deal, khishti per game,
and mean / p95 decision time; then per level the paired difference against every other level in the
line-up (mean ± 95% CI), which is the test of "A is stronger than B".

``--pool`` plays every level 1-vs-3 against every style of the opponent pool on the same deals (see
:mod:`joker.arena_pool`).
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import random
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from .arena_stats import format_summary, summarize
from .bots import LEVELS, PSEUDO_LEVELS, Bot, make_bot
from .game import Game
from .rules import PRESETS, Rules

SEARCHING = ("hard", "insane")
T = TypeVar("T")
R = TypeVar("R")


@dataclasses.dataclass(frozen=True)
class Entry:
    """One seat of a line-up: a level or style, with a search budget or fixed world count."""

    name: str
    budget_ms: float | None = None
    worlds: int | None = None

    @property
    def label(self) -> str:
        if self.name not in SEARCHING:
            return self.name
        if self.worlds is not None:
            return f"{self.name}@{self.worlds}w"
        return f"{self.name}@{self.budget_ms:g}" if self.budget_ms is not None else self.name

    def make(self, seed: int) -> Bot:
        return make_bot(self.name, seed=seed, budget_ms=self.budget_ms, worlds=self.worlds)


def parse_entry(text: str, budget_ms: float | None = None, worlds: int | None = None) -> Entry:
    """``"hard"``, ``"hard@50"`` (ms) or ``"hard@200w"`` (sampled deals per decision)."""
    name, _, spec = text.strip().partition("@")
    known = LEVELS + PSEUDO_LEVELS
    if name not in known:
        raise ValueError(f"unknown bot {name!r}; expected one of {', '.join(known)}")
    if spec:
        try:
            if spec.endswith("w"):
                return Entry(name, None, int(spec[:-1]))
            return Entry(name, float(spec), None)
        except ValueError:
            raise ValueError(f"bad budget in {text!r}: use name@MS or name@Nw") from None
    return Entry(name, budget_ms, worlds)


def seat_bots(lineup: Sequence[Entry], rotation: int, bot_seed: int) -> tuple[list[int], list[Bot]]:
    """Entry ``i`` of the line-up sits in seat ``(i + rotation) % 4`` with its bot seeded
    ``bot_seed * 16 + i``: per seat, the entry sitting there and its bot.  The probe tools seat their
    line-ups through this too, so with the arena's seeds they replay the arena's games.

    >>> seat_bots([Entry("easy"), Entry("medium"), Entry("random"), Entry("overbid")], 1, 0)[0]
    [3, 0, 1, 2]
    """
    entry_at = [(s - rotation) % 4 for s in range(4)]
    return entry_at, [lineup[i].make(bot_seed * 16 + i) for i in entry_at]


def play_game(lineup: Sequence[Entry], rules_d: dict[str, Any], mode: str, game_seed: int,
              rotation: int, bot_seed: int) -> dict[str, Any]:
    """One game; entry ``i`` of the line-up sits in seat ``(i + rotation) % 4``."""
    g = Game(Rules.from_dict(rules_d), mode, seed=game_seed)
    entry_at, bots = seat_bots(lineup, rotation, bot_seed)
    times: list[list[float]] = [[], [], [], []]
    while g.phase != "over":
        s = g.to_act
        assert s is not None
        v = g.view(s)
        t0 = time.perf_counter()
        a = bots[s].act(v)
        times[s].append(time.perf_counter() - t0)
        if a not in v["legal"]:
            raise AssertionError(f"{lineup[entry_at[s]].label} played an illegal action {a!r}")
        g.apply(a, events=False)  # bots read the view, never the events: faster
    scores = g.scores()
    places = g.view(0)["places"]
    out = []
    for i in range(4):
        s = entry_at.index(i)
        st: dict[str, float] = getattr(bots[s], "stats", {})
        out.append({"total": scores[s], "first": places[s] == 1,
                    "exact": sum(1 for d in g.deals if d["bids"][s] == d["taken"][s]),
                    "khishti": sum(1 for d in g.deals if d["bids"][s] >= 1 and d["taken"][s] == 0),
                    "bid": sum(d["bids"][s] for d in g.deals), "taken": sum(d["taken"][s] for d in g.deals),
                    "deals": len(g.deals), "by_bid": _by_bid(g.deals, s), "by_cards": _by_cards(g.deals, s),
                    "times": times[s],
                    "rollouts": st.get("rollouts", 0), "search_s": st.get("seconds", 0.0)})
    return {"seed": game_seed, "rotation": rotation, "entries": out}


def _by_bid(deals: Sequence[dict[str, Any]], seat: int) -> list[list[int]]:
    """Per bid (0 to the most cards in a deal): [deals bid so, of them made exactly].  The overall
    exact rate hides a change to one kind of bid (0-bids are about a quarter of a bot's bids), so
    the saves keep it per bid.

    >>> _by_bid([{"bids": [0, 1, 2, 0], "taken": [0, 1, 0, 0]},
    ...          {"bids": [0, 1, 0, 0], "taken": [1, 0, 0, 0]}], 0)
    [[2, 1]]
    """
    out: list[list[int]] = []
    for d in deals:
        b = d["bids"][seat]
        while len(out) <= b:
            out.append([0, 0])
        out[b][0] += 1
        out[b][1] += d["taken"][seat] == b
    return out


def _by_cards(deals: Sequence[dict[str, Any]], seat: int) -> list[list[float]]:
    """Per deal size (index: cards dealt, 0 to the most): [own deal points, the others' mean deal
    points], summed over the game's deals of that size.  A full game mixes 1- to 9-card deals, and
    the total does not say in which a level gains (premiums are left out: they belong to a pulka).

    >>> _by_cards([{"cards": 1, "points": [50, -10, 10, 30]},
    ...            {"cards": 2, "points": [100, 50, 50, 50]}, {"cards": 1, "points": [10, 10, 10, 40]}], 0)
    [[0, 0.0], [60, 30.0], [100, 50.0]]
    """
    out: list[list[float]] = []
    for d in deals:
        n, pts = d["cards"], d["points"]
        while len(out) <= n:
            out.append([0, 0.0])
        out[n][0] += pts[seat]
        out[n][1] += (sum(pts) - pts[seat]) / 3
    return out


def play_seed(lineup: Sequence[Entry], rules_d: dict[str, Any], mode: str, game_seed: int,
              k: int) -> list[dict[str, Any]]:
    """The four rotations of one game seed."""
    return [play_game(lineup, rules_d, mode, game_seed, r, k * 4 + r) for r in range(4)]


def run_tasks(fn: Callable[[T], R], tasks: Sequence[T], jobs: int,
              progress: Callable[[int, int], None] | None = None) -> Iterable[R]:
    """``fn`` over ``tasks`` in order, in ``jobs`` processes (fork) when more than one."""
    if jobs > 1 and len(tasks) > 1:
        import multiprocessing as mp
        with mp.get_context("fork" if sys.platform != "win32" else "spawn").Pool(jobs) as pool:
            for i, res in enumerate(pool.imap(fn, tasks)):
                if progress:
                    progress(i + 1, len(tasks))
                yield res
    else:
        for i, t in enumerate(tasks):
            res = fn(t)
            if progress:
                progress(i + 1, len(tasks))
            yield res


def _lineup_task(args: tuple[list[Entry], dict[str, Any], str, int, int]) -> list[dict[str, Any]]:
    return play_seed(*args)


def game_seeds(seed: int, games: int) -> list[int]:
    rng = random.Random(seed)
    return [rng.getrandbits(48) for _ in range(games)]


def rules_from_args(args: argparse.Namespace) -> Rules:
    rules = PRESETS[args.rules]
    if args.khishti == "off":
        rules = dataclasses.replace(rules, khishti=None)
    elif args.khishti == "on" and rules.khishti is None:
        rules = dataclasses.replace(rules, khishti=(200, 500))
    if args.premium:
        rules = dataclasses.replace(rules, premium=args.premium)
    return rules


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m joker arena", description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--bots", default="medium,random,random,random",
                    help="four comma-separated bots (levels, styles or random), each optionally @MS or @Nw")
    ap.add_argument("--pool", action="store_true", help="every level 1-vs-3 against every style (arena_pool)")
    ap.add_argument("--levels", default=",".join(LEVELS), help="--pool: the levels on trial")
    ap.add_argument("--styles", default=None,
                    help="--pool: the tables, one style or three joined by + (default: every style, level)")
    ap.add_argument("--save", help="--pool: append every game seed's result to this JSON-lines file")
    ap.add_argument("--report", nargs="+", metavar="FILE", help="--pool: print the table of saved results")
    ap.add_argument("--games", type=int, default=20, help="game seeds; each is played 4 times (rotated)")
    ap.add_argument("--rules", default="standard", choices=sorted(PRESETS))
    ap.add_argument("--khishti", choices=("on", "off"), help="override the preset's khishti (off = none)")
    ap.add_argument("--premium", choices=("bonus", "georgian", "folk"), help="override the preset's premium")
    ap.add_argument("--mode", default="full", choices=("full", "nines"))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--skip", type=int, default=0,
                    help="play only the game seeds after the first SKIP of --games (split a run across "
                         "processes: the seeds and the bots' seeds are those of the whole run)")
    ap.add_argument("--budget-ms", type=float, default=None,
                    help="time budget per decision of the search levels")
    ap.add_argument("--worlds", type=int, default=None,
                    help="fixed sampled deals per decision (search levels)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--json", action="store_true", help="print the summary as JSON")
    args = ap.parse_args(argv)
    if args.pool or args.report:
        from .arena_pool import pool_main
        return pool_main(args, ap)
    try:
        lineup = [parse_entry(x, args.budget_ms, args.worlds) for x in args.bots.split(",")]
    except ValueError as e:
        ap.error(str(e))
    if len(lineup) != 4:
        ap.error(f"--bots needs four entries, got {len(lineup)}")
    rules = rules_from_args(args)
    seeds = game_seeds(args.seed, args.games)
    tasks = [(lineup, rules.to_dict(), args.mode, s, k + args.seed * 100003) for k, s in enumerate(seeds)
             if k >= args.skip]
    t0 = time.perf_counter()
    results = list(run_tasks(_lineup_task, tasks, args.jobs, progress(t0)))
    summary = summarize(lineup, results)
    summary.update({"bots": args.bots, "rules": args.rules, "rules_options": rules.to_dict(),
                    "mode": args.mode,
                    "seed": args.seed, "budget_ms": args.budget_ms, "worlds": args.worlds,
                    "seconds": time.perf_counter() - t0})
    print(json.dumps(summary, indent=1) if args.json else format_summary(summary))
    return 0


def progress(t0: float) -> Callable[[int, int], None]:
    def show(done: int, total: int) -> None:
        dt = time.perf_counter() - t0
        end = "" if done < total else "\n"
        print(f"\r{done}/{total} tasks {dt:.0f}s", end=end, file=sys.stderr, flush=True)
    return show


if __name__ == "__main__":
    sys.exit(main())
