"""``python -m joker arena --pool``: every level 1-vs-3 against every style of the opponent pool.

A *table* is three players of one style (``overbid``, ``underbid``, ``sloppy``, ``jokerearly``,
``spoiler``, ``montecarlo`` from :mod:`joker.bots.styles`, the pseudo-level ``random``, or one of our
own levels), or three different ones joined by ``+`` (``overbid+montecarlo+hard@40w``: a mixed table,
where the opponent model must read each seat apart, as at a real one; they sit in that order to the
level's left, and the four rotations move the whole line-up).  Each level on trial sits down at every
table for the same game seeds (duplicate: four rotations each), so the levels are compared on the same
deals against the same opponents.

    python -m joker arena --pool --mode nines --games 40 --seed 3 --jobs 2 \\
        --levels easy,medium,hard@25,insane@100 --styles overbid,underbid,sloppy,jokerearly \\
        --save pool.jsonl
    python -m joker arena --report pool.jsonl

Per (table, level) it reports the **margin** (the level's total minus the mean of the three others',
per game, ± 95% CI over game seeds), its mean total, exact-bid rate, mean bid − mean taken per deal,
khishti per game and decision times; per table the opponents' own exact rate and bid − taken, and
every step of the ladder present (paired difference of margins per game seed, ± 95% CI, ``*`` when
significant at 95%).  ``--save`` appends each game seed's result as soon as it is played, so a long
run can be stopped, resumed with other seeds, and reported from several files.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from typing import Any

from .arena import (
    Entry,
    game_seeds,
    parse_entry,
    play_seed,
    progress,
    rules_from_args,
    run_tasks,
)
from .arena_stats import entry_stats, mean_ci
from .bots import LEVELS, STYLES

Record = dict[str, Any]
Table = tuple[Entry, Entry, Entry]


def parse_table(text: str, budget_ms: float | None = None, worlds: int | None = None) -> Table:
    """One style for all three seats, or three joined by ``+`` (a mixed table, in seating order).

    >>> [e.label for e in parse_table("overbid+montecarlo+hard@40w")], table_label(parse_table("sloppy"))
    (['overbid', 'montecarlo', 'hard@40w'], 'sloppy')
    """
    parts = [parse_entry(x, budget_ms, worlds) for x in text.split("+")]
    if len(parts) == 1:
        return parts[0], parts[0], parts[0]
    if len(parts) != 3:
        raise ValueError(f"a table is one style or three joined by '+', not {text!r}")
    return parts[0], parts[1], parts[2]


def table_label(table: Table) -> str:
    """The table's name in saved records and reports: its style, or the three joined by ``+``."""
    labels = [e.label for e in table]
    return labels[0] if len(set(labels)) == 1 else "+".join(labels)


def _pool_task(args: tuple[Entry, Table, dict[str, Any], str, int, int]) -> Record:
    level, table, rules_d, mode, game_seed, k = args
    games = play_seed([level, *table], rules_d, mode, game_seed, k)
    for g in games:
        for i, e in enumerate(g["entries"]):
            ts = e.pop("times")
            e["n_times"] = len(ts)
            e["sum_times"] = sum(ts)
            if i == 0:
                e["times"] = [round(t, 5) for t in ts]
    return {"table": table_label(table), "level": level.label, "level_name": level.name, "seed": game_seed,
            "mode": mode, "rules": rules_d, "games": games}


def margins(rec: Record) -> tuple[float, float]:
    """(the level's mean total, its margin over the mean of the other three) over the four rotations."""
    tot = [sum(g["entries"][i]["total"] for g in rec["games"]) / len(rec["games"]) for i in range(4)]
    return tot[0], tot[0] - sum(tot[1:]) / 3


def deal_margins(rec: Record) -> list[float] | None:
    """Per deal size (index: cards), the level's deal points less the others' mean, per game (the mean
    over the rotations); ``None`` for a save made before ``by_cards`` was kept."""
    out: list[float] = []
    for g in rec["games"]:
        by = g["entries"][0].get("by_cards")
        if by is None:
            return None
        out.extend([0.0] * (len(by) - len(out)))
        for n, (own, others) in enumerate(by):
            out[n] += (own - others) / len(rec["games"])
    return out


def step_by_cards(pairs: list[tuple[Record, Record]]) -> list[dict[str, Any]]:
    """A step split by deal size: per size that was dealt, the paired difference of the two levels'
    deal-point margins (premiums aside), mean and 95% interval over the seeds."""
    raw = [(deal_margins(a), deal_margins(b)) for a, b in pairs]
    per = [(x, y) for x, y in raw if x is not None and y is not None]
    if not per or len(per) < len(raw):
        return []
    dealt = {n for a, b in pairs for r in (a, b) for g in r["games"]
             for n, x in enumerate(g["entries"][0]["by_cards"]) if x != [0, 0.0]}
    out = []
    for n in sorted(dealt):
        m, ci = mean_ci([(x[n] if n < len(x) else 0.0) - (y[n] if n < len(y) else 0.0)
                         for x, y in per])
        out.append({"cards": n, "diff": m, "ci95": ci})
    return out


def report(records: list[Record]) -> dict[str, Any]:
    cells: dict[tuple[str, str], dict[int, Record]] = defaultdict(dict)
    names: dict[str, str] = {}
    for r in records:
        cells[(r["table"], r["level"])][r["seed"]] = r
        names[r["level"]] = r["level_name"]
    tables = list(dict.fromkeys(r["table"] for r in records))
    levels = sorted(dict.fromkeys(r["level"] for r in records),
                    key=lambda lv: LEVELS.index(names[lv]) if names[lv] in LEVELS else 99)
    rows = []
    steps = []
    for t in tables:
        for lv in levels:
            recs = list(cells[(t, lv)].values())
            if not recs:
                continue
            tots = [margins(r) for r in recs]
            m, ci = mean_ci([x[1] for x in tots])
            mt, cit = mean_ci([x[0] for x in tots])
            mine = [g["entries"][0] for r in recs for g in r["games"]]
            opp = [g["entries"][i] for r in recs for g in r["games"] for i in (1, 2, 3)]
            st = entry_stats(mine)
            os_ = entry_stats(opp)
            rows.append({"table": t, "level": lv, "seeds": len(recs), "margin": m, "margin_ci95": ci,
                         "total": mt, "total_ci95": cit, **st,
                         "opp_exact_rate": os_["exact_rate"], "opp_bid_minus_taken": os_["bid_minus_taken"]})
        for lo, hi in zip(levels, levels[1:], strict=False):
            a, b = cells[(t, hi)], cells[(t, lo)]
            common = sorted(set(a) & set(b))
            if not common:
                continue
            d = [margins(a[s])[1] - margins(b[s])[1] for s in common]
            m, ci = mean_ci(d)
            steps.append({"table": t, "a": hi, "b": lo, "seeds": len(common), "diff": m, "ci95": ci,
                          "significant": m - ci > 0,
                          "by_cards": step_by_cards([(a[s], b[s]) for s in common])})
    return {"rows": rows, "steps": steps}


def format_report(rep: dict[str, Any]) -> str:
    w = max([12] + [len(r["table"]) for r in rep["rows"]])
    lines = [f"{'table (3 x)':<{w}} {'level':<12} {'seeds':>5} {'margin / game':>17} {'total':>6} "
             f"{'exact':>6} {'bid-tk':>6} {'khishti/g':>9} {'mean ms':>8} {'p95 ms':>7} | "
             f"{'opp exact':>9} {'opp bid-tk':>10}"]
    for r in rep["rows"]:
        lines.append(f"{r['table']:<{w}} {r['level']:<12} {r['seeds']:>5} "
                     f"{r['margin']:>+8.0f} ± {r['margin_ci95']:<6.0f} "
                     f"{r['total']:>6.0f} {100 * r['exact_rate']:>5.1f}% {r['bid_minus_taken']:>+6.2f} "
                     f"{r['khishti_per_game']:>9.2f} {r['mean_ms']:>8.1f} {r['p95_ms']:>7.1f} | "
                     f"{100 * r['opp_exact_rate']:>8.1f}% {r['opp_bid_minus_taken']:>+10.2f}")
    lines.append("steps (paired difference of margins per game, same deals):")
    for s in rep["steps"]:
        lines.append(f"  at {s['table']:<12} {s['a']} - {s['b']}: {s['diff']:+.0f} ± {s['ci95']:.0f} "
                     f"({s['seeds']} seeds){'  *' if s['significant'] else ''}")
        if len(s["by_cards"]) > 1:
            lines.append("    by deal size (deal points, premiums aside): " + ", ".join(
                f"{c['cards']}: {c['diff']:+.0f} ± {c['ci95']:.0f}" for c in s["by_cards"]))
    return "\n".join(lines)


def pool_main(args: argparse.Namespace, ap: argparse.ArgumentParser) -> int:
    records: list[Record] = []
    if args.report:
        for path in args.report:
            with open(path, encoding="utf-8") as f:
                records.extend(json.loads(line) for line in f if line.strip())
        rep = report(records)
        print(json.dumps(rep, indent=1) if args.json else format_report(rep))
        return 0
    try:
        levels = [parse_entry(x, args.budget_ms, args.worlds) for x in args.levels.split(",")]
        tables = [parse_table(x, args.budget_ms, args.worlds)
                  for x in (args.styles or ",".join(STYLES + LEVELS)).split(",")]
    except ValueError as e:
        ap.error(str(e))
    rules = rules_from_args(args).to_dict()
    seeds = game_seeds(args.seed, args.games)
    tasks = [(lv, t, rules, args.mode, s, k + args.seed * 100003)
             for k, s in enumerate(seeds) if k >= args.skip for t in tables for lv in levels]
    t0 = time.perf_counter()
    out = open(args.save, "a", encoding="utf-8") if args.save else None
    try:
        for rec in run_tasks(_pool_task, tasks, args.jobs, progress(t0)):
            records.append(rec)
            if out:
                out.write(json.dumps(rec) + "\n")
                out.flush()
    finally:
        if out:
            out.close()
    rep = report(records)
    if args.json:
        print(json.dumps(rep, indent=1))
    else:
        print(f"pool: {len(seeds)} game seeds x 4 rotations per cell, rules {args.rules}, mode {args.mode}, "
              f"seed {args.seed}, {time.perf_counter() - t0:.0f}s", file=sys.stdout)
        print(format_report(rep))
    return 0
