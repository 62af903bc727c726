#!/usr/bin/env python3
"""How well do Hard and Insane guess the bids still to come?  A diagnostic, not shipped (tools/ only).

When a search seat bids, the seats after it have not bid yet; in every sampled deal the search gives
each of them the bid :func:`joker.bots.estimate.estimated_bids` reads off its sampled hand (the table
estimate ``est_tricks``, rounded, the habit of the opponent model added, the dealer's rule) and rolls
the deal out with those bids as their targets.  This plays seeded games (nines, or ``--mode full``) at a
table of one level and, at every bid, puts the guess for the bidding seat's *true* hand (habit 0, as on
a first deal; ``--guess plain``: Hard's, ``search``: Insane's, which hears the bids before it;
``shaped``: a guess tried and not shipped)
beside the bid the seat really made and the tricks it then took: how often they agree, the mean
absolute and signed difference, the guess's error by the real bid, and each player's exact-bid rate
by its place in the order of bidding (the first bidder guesses three bids to come, the dealer none),
and how far a player's bid answers the bids before it, its hand's estimate held fixed (a least
squares line: the measure behind ``BID_REACT`` of :mod:`joker.bots.estimate`).

    nice -n 19 python3 tools/probe_bidguess.py --bots hard@40w --games 16 --seed 900
    nice -n 19 python3 tools/probe_bidguess.py --bots hard@40w --games 24 --seed 960 --mode full \
        --guess search
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
from collections import defaultdict
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from joker.arena import parse_entry  # noqa: E402
from joker.bots import make_bot  # noqa: E402
from joker.bots.estimate import BID_REACT, PLAIN_GUESS, SEARCH_GUESS, BidGuess, est_tricks, estimated_bids  # noqa: E402
from joker.bots.info import Info  # noqa: E402
from joker.game import Game  # noqa: E402
from joker.rules import PRESETS  # noqa: E402

#: The guesses a search may make (``--guess``): Hard's plain rounded estimate, Insane's, and the shape
#: of a searching player's bids tried in docs/BOTS.md's *Twenty-fifth pass* (not shipped).
GUESSES = {"plain": PLAIN_GUESS, "search": SEARCH_GUESS,
           "shaped": BidGuess(react=BID_REACT, zero_below=1.6, scale=1.2, offset=-0.5, rounding=0.5)}


def collect(bots: str, games: int, seed: int, rules: str = "standard", guess: BidGuess = PLAIN_GUESS,
            mode: str = "nines") -> list[dict[str, Any]]:
    """One row per bid of every seat in ``games`` games of ``mode`` (game seeds ``seed``, ``seed + 1``,
    …): ``guess``'s bid for its true hand (having heard the bids before it), the table estimate, the
    real bid and the tricks taken."""
    entries = [parse_entry(b) for b in bots.split(",")]
    entries = entries * (4 // len(entries)) if 4 % len(entries) == 0 else entries
    if len(entries) != 4:
        raise ValueError("--bots: one entry for every seat, or one for all four")
    rows: list[dict[str, Any]] = []
    for gs in range(games):
        g = Game(rules=PRESETS[rules], mode=mode, seed=seed + gs)
        players = [make_bot(e.name, seed=4 * gs + s, budget_ms=e.budget_ms, worlds=e.worlds)
                   for s, e in enumerate(entries)]
        guesses: dict[tuple[int, int], tuple[int, float, int]] = {}
        while g.phase != "over":
            s = g.to_act
            v = g.view(s)
            if v["phase"] == "bid":
                info = Info.from_view(v)
                known = [b if b is not None else 0 for b in info.bids]
                heard = sum(known)                  # the bids made before this one
                hands = [info.hand if i == s else 0 for i in range(4)]
                to_come = [(s + k) & 3 for k in range((info.dealer - s) % 4 + 1)]   # s up to the dealer
                x = estimated_bids(hands, info.trump, info.n, known, to_come, info.dealer, guess=guess)[s]
                guesses[(v["deal_no"], s)] = (x, est_tricks(info.hand, info.trump, info.n), heard)
            g.apply(players[s].act(v))
        for d in g.view(0)["deals"]:
            for s in range(4):
                x, e, heard = guesses[(d["no"], s)]
                rows.append({"cards": d["cards"], "guess": x, "estimate": e, "bid": d["bids"][s],
                             "taken": d["taken"][s], "bot": entries[s].label,
                             "position": (s - d["dealer"] - 1) % 4, "before": heard})
    return rows


def _solve(a: list[list[float]], b: list[float]) -> tuple[list[float], list[list[float]]]:
    """``a``'s inverse applied to ``b``, and the inverse (Gauss-Jordan; ``a`` small and well posed)."""
    m = len(a)
    aug = [list(row) + [1.0 if i == j else 0.0 for j in range(m)] for i, row in enumerate(a)]
    for c in range(m):
        p = max(range(c, m), key=lambda r: abs(aug[r][c]))
        aug[c], aug[p] = aug[p], aug[c]
        piv = aug[c][c]
        aug[c] = [x / piv for x in aug[c]]
        for r in range(m):
            if r != c and aug[r][c]:
                f = aug[r][c]
                aug[r] = [x - f * y for x, y in zip(aug[r], aug[c], strict=True)]
    inv = [row[m:] for row in aug]
    return [sum(inv[i][j] * b[j] for j in range(m)) for i in range(m)], inv


def reaction(rows: list[dict[str, Any]]) -> tuple[list[float], list[float], int] | None:
    """Least squares ``bid = a + b * estimate - c * over`` over the 2nd and 3rd bidders, where ``over`` is
    by how much the bids before the seat exceed an even share of the cards (``n / 4`` a seat): how
    far a player's bid answers the bids it has heard, its hand's estimate held fixed (the dealer left
    out: its rule moves its bid).  Returns ``([a, b, c], their standard errors, bids)``."""
    sel = [r for r in rows if r.get("position") in (1, 2) and "before" in r]
    if len(sel) < 8:
        return None
    xs = [[1.0, r["estimate"], -(r["before"] - r["position"] * r["cards"] / 4)] for r in sel]
    ys = [float(r["bid"]) for r in sel]
    xtx = [[sum(x[i] * x[j] for x in xs) for j in range(3)] for i in range(3)]
    coef, inv = _solve(xtx, [sum(x[i] * y for x, y in zip(xs, ys, strict=True)) for i in range(3)])
    res = [y - sum(c * v for c, v in zip(coef, x, strict=True)) for x, y in zip(xs, ys, strict=True)]
    s2 = sum(e * e for e in res) / (len(sel) - 3)
    return coef, [(s2 * inv[i][i]) ** 0.5 for i in range(3)], len(sel)


def summary(rows: list[dict[str, Any]]) -> str:
    """The agreement of the guess with the real bids and tricks, as text."""
    n = len(rows)
    share = lambda k1, k2: sum(1 for r in rows if r[k1] == r[k2]) / n  # noqa: E731
    mad = lambda k1, k2: statistics.mean(abs(r[k1] - r[k2]) for r in rows)  # noqa: E731
    lines = [f"{n} bids",
             f"guess = real bid {share('guess', 'bid'):.1%}, |guess - bid| {mad('guess', 'bid'):.2f}, "
             f"guess - bid {statistics.mean(r['guess'] - r['bid'] for r in rows):+.2f}",
             f"guess = tricks taken {share('guess', 'taken'):.1%}, "
             f"|guess - taken| {mad('guess', 'taken'):.2f}; "
             f"real bid = taken {share('bid', 'taken'):.1%}, |bid - taken| {mad('bid', 'taken'):.2f}"]
    by: dict[int, list[int]] = defaultdict(list)
    for r in rows:
        by[r["bid"]].append(r["guess"] - r["bid"])
    for b in sorted(by):
        d = by[b]
        lines.append(f"  real bid {b}: {len(d):4d} bids, guess - bid {statistics.mean(d):+.2f}, "
                     f"the same {sum(1 for x in d if x == 0) / len(d):.0%}")
    # What a player bids by its hand's estimate (half-trick bands): where it bids 0, where it stretches.
    band: dict[float, list[int]] = defaultdict(list)
    for r in rows:
        band[round(r["estimate"] * 2) / 2].append(r["bid"])
    for e in sorted(band):
        bs = band[e]
        lines.append(f"  estimate {e:.1f}: {len(bs):4d} bids, 0-bids {bs.count(0) / len(bs):.0%}, "
                     f"most often {max(sorted(set(bs)), key=bs.count)}, mean {statistics.mean(bs):.2f}")
    # Exact bids by the order of bidding: the first bidder's search guesses three bids to come, the
    # dealer's none (but the dealer's rule may forbid its best bid).
    made: dict[tuple[str, int], list[bool]] = defaultdict(list)
    for r in rows:
        if "position" in r:
            made[(r["bot"], r["position"])].append(r["bid"] == r["taken"])
    for bot in sorted({k[0] for k in made}):
        cells = [made.get((bot, p), []) for p in range(4)]
        lines.append(f"  {bot} exact by bidding order (1st, 2nd, 3rd, dealer): " + ", ".join(
            f"{sum(c) / len(c):.1%} of {len(c)}" if c else "-" for c in cells))
    fit = reaction(rows)
    if fit:
        coef, se, k = fit
        lines.append(f"  reaction (2nd and 3rd bidders, {k} bids): bid = {coef[0]:+.2f} + {coef[1]:.2f} "
                     f"* estimate - {coef[2]:.2f} ± {1.96 * se[2]:.2f} * (bids before over an even share)")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bots", default="hard@40w", help="one arena entry for all seats, or four")
    ap.add_argument("--games", type=int, default=16)
    ap.add_argument("--seed", type=int, default=900)
    ap.add_argument("--rules", default="standard", choices=sorted(PRESETS))
    ap.add_argument("--guess", default="plain", choices=sorted(GUESSES),
                    help="plain: Hard's guess (the rounded estimate); search: Insane's; shaped: tried")
    ap.add_argument("--mode", default="nines", choices=("nines", "full"))
    args = ap.parse_args(argv)
    print(summary(collect(args.bots, args.games, args.seed, args.rules, GUESSES[args.guess], args.mode)))


if __name__ == "__main__":
    main()
