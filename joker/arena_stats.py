"""The arena's statistics: per entry its rates and times, per pair of levels the paired difference.

A game seed is played four times, rotated (:mod:`joker.arena`); the unit of every confidence interval
here is the game seed (the mean of its four games), so the luck of the deal cancels inside it and the
seeds are independent.  :mod:`joker.arena_pool` and ``tools/ab_pool.py`` use the same pieces.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .arena import Entry


def exact_by_bid(rows: Sequence[dict[str, Any]]) -> dict[str, tuple[int, float]]:
    """Deals and exact rate per group of bids ("0", "1-2", "3-4", "5+") over the games of one entry;
    saves made before ``by_bid`` was kept give an empty table."""
    groups = {"0": (0, 0), "1-2": (1, 2), "3-4": (3, 4), "5+": (5, 99)}
    out: dict[str, tuple[int, float]] = {}
    for name, (lo, hi) in groups.items():
        n = made = 0
        for r in rows:
            for b, (k, e) in enumerate(r.get("by_bid", ())):
                if lo <= b <= hi:
                    n, made = n + k, made + e
        if n:
            out[name] = (n, made / n)
    return out


def mean_ci(xs: Sequence[float]) -> tuple[float, float]:
    n = len(xs)
    if n == 0:
        return 0.0, 0.0
    m = sum(xs) / n
    if n < 2:
        return m, float("inf")
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, 1.96 * math.sqrt(var / n)


def entry_stats(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Rates over the games of one entry: first place, exact bids, bid − taken, khishti, times."""
    times = sorted(t for r in rows for t in r.get("times", ()))
    deals = sum(r["deals"] for r in rows) or 1
    ro = sum(r["rollouts"] for r in rows)
    ss = sum(r["search_s"] for r in rows)
    return {
        "first_rate": sum(r["first"] for r in rows) / max(1, len(rows)),
        "exact_rate": sum(r["exact"] for r in rows) / deals,
        "bid_minus_taken": (sum(r["bid"] for r in rows) - sum(r["taken"] for r in rows)) / deals,
        "mean_bid": sum(r["bid"] for r in rows) / deals,
        "khishti_per_game": sum(r["khishti"] for r in rows) / max(1, len(rows)),
        "khishti_rate": sum(r["khishti"] for r in rows) / deals,
        "decisions": len(times),
        "mean_ms": 1000 * sum(times) / max(1, len(times)),
        "p95_ms": 1000 * times[min(len(times) - 1, int(0.95 * len(times)))] if times else 0.0,
        "rollouts_per_s": ro / ss if ss else None,
        "exact_by_bid": exact_by_bid(rows),
    }


def summarize(lineup: Sequence[Entry], results: list[list[dict[str, Any]]]) -> dict[str, Any]:
    """``results``: per game seed, its four rotated games."""
    per_seed = [[sum(g["entries"][i]["total"] for g in games) / len(games) for games in results]
                for i in range(4)]
    entries = []
    for i, e in enumerate(lineup):
        m, ci = mean_ci(per_seed[i])
        entries.append({"entry": i, "bot": e.name, "label": e.label, "budget_ms": e.budget_ms,
                        "worlds": e.worlds,
                        "mean_total": m, "ci95": ci,
                        **entry_stats([g["entries"][i] for games in results for g in games])})
    names = list(dict.fromkeys(e.name for e in lineup))
    diffs = []
    for j, a in enumerate(names):
        for b in names[j + 1:]:
            ia = [i for i, e in enumerate(lineup) if e.name == a]
            ib = [i for i, e in enumerate(lineup) if e.name == b]
            d = [sum(per_seed[i][k] for i in ia) / len(ia) - sum(per_seed[i][k] for i in ib) / len(ib)
                 for k in range(len(results))]
            m, ci = mean_ci(d)
            diffs.append({"a": a, "b": b, "diff": m, "ci95": ci, "significant": m - ci > 0 or m + ci < 0})
    return {"games": len(results), "entries": entries, "diffs": diffs}


def format_summary(s: dict[str, Any]) -> str:
    lines = [f"{s['games']} game seeds x 4 rotations, rules {s['rules']}, mode {s['mode']}, "
             f"seed {s['seed']}, {s['seconds']:.0f}s"]
    lines.append(f"{'#':>2} {'bot':<12} {'mean total':>18} {'1st':>6} {'exact':>6} {'bid-tk':>6} "
                 f"{'khishti':>7} "
                 f"{'mean ms':>8} {'p95 ms':>8} {'rollouts/s':>10}")
    for e in s["entries"]:
        rps = f"{e['rollouts_per_s']:,.0f}" if e["rollouts_per_s"] else "-"
        lines.append(f"{e['entry']:>2} {e['label']:<12} {e['mean_total']:>9.0f} ± {e['ci95']:<6.0f} "
                     f"{100 * e['first_rate']:>5.1f}% {100 * e['exact_rate']:>5.1f}% "
                     f"{e['bid_minus_taken']:>+6.2f} "
                     f"{100 * e['khishti_rate']:>6.1f}% {e['mean_ms']:>8.2f} {e['p95_ms']:>8.1f} {rps:>10}")
    for d in s["diffs"]:
        lines.append(f"{d['a']} - {d['b']}: {d['diff']:+.0f} ± {d['ci95']:.0f} per game"
                     f"{'  (significant at 95%)' if d['significant'] else ''}")
    return "\n".join(lines)
