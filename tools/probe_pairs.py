"""Is the bid search's *ranking* of neighbouring bids right?  A diagnostic, not shipped (tools/ only).

``tools/probe_bids.py`` compares the predicted outcome of the bid a search seat chose with what it then
took — but only the chosen bid is ever played, so it cannot say whether the neighbouring bids would have
done better or worse than the rollouts said.  This plays the same games and, at every bid of a probed
seat, also plays the deal out from the bid with the seat's bid *forced* to the chosen bid − 1 and + 1
(a copy of the game; the same bots, which choose from the view only, so the deal's cards and every
other decision's random stream are the same).  Each probed bid keeps, per candidate of that window, the
rollouts' predicted distribution of our tricks and value, and the real tricks and deal points of every
seat — both bids' outcomes on the same hands.

    nice -n 15 python3 tools/probe_pairs.py --bots insane@160w,hard@40w,hard@40w,hard@40w \\
        --games 6 --seed 911 --out pairs.jsonl
    python3 tools/probe_pairs.py --report pairs.jsonl [more.jsonl ...]

``--report`` prints, per candidate relative to the chosen bid, predicted against real exact rate,
mean tricks, own points and value (own deal points − ``harm`` × the others' mean, the premium left
out), and the paired differences between neighbours; then how often a one-off outcome of the rollouts
turns into an exact bid in real play (fitted on every candidate played), and, with ``--replay
ALPHA,LAMBDA ...``, what re-choosing among the positive candidates of the window by corrected values
would have given on these deals (see :func:`replay`).
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from joker.arena import game_seeds, parse_entry, seat_bots  # noqa: E402
from joker.bots import SearchBot  # noqa: E402
from joker.game import Game  # noqa: E402
from joker.rules import PRESETS  # noqa: E402
from joker.scoring import _score  # noqa: E402
from tools.probe_bids import _LAST, bid_search  # noqa: E402


def play_deal(g: Game, bots: Sequence[Any]) -> dict[str, Any]:
    """Play ``g`` to the end of its current deal with ``bots``; the deal's record."""
    d0 = g.deal_index
    while g.phase != "over" and g.deal_index == d0:
        s = g.to_act
        assert s is not None
        g.apply(bots[s].act(g.view(s)))
    return dict(g.deals[-1])


def outcome(rec: dict[str, Any], seat: int, harm: float) -> dict[str, Any]:
    """What a deal record says for ``seat``: its tricks, points, the others' mean points, the value."""
    pts = rec["points"]
    opp = sum(pts[s] for s in range(4) if s != seat) / 3
    return {"taken": rec["taken"][seat], "points": pts[seat], "opp": round(opp, 2),
            "real_value": round(pts[seat] - harm * opp, 2), "bids": list(rec["bids"])}


def probe_game(rules: Any, mode: str, gseed: int, rot: int, lineup: Sequence[Any], probe: set[int],
               bot_seed: int, deals: int, table: str) -> list[dict[str, Any]]:
    """One game (one rotation of the line-up, its bots seeded as the arena's game ``bot_seed``):
    per probed bid, the window of candidates played out."""
    g = Game(rules, mode, seed=gseed)
    entry_at, bots = seat_bots(lineup, rot, bot_seed)
    rows: list[dict[str, Any]] = []
    pending: list[dict[str, Any]] = []
    k = rules.khishti
    while g.phase != "over" and g.deal_index < deals:
        s = g.to_act
        assert s is not None
        v = g.view(s)
        bot = bots[s]
        if v["phase"] == "bid" and entry_at[s] in probe and isinstance(bot, SearchBot) \
                and len(v["legal"]) > 1:
            choice, _ = bid_search(bot, v)
            n = v["cards"]
            harm = bot.harm
            cands: dict[str, dict[str, Any]] = {}
            for c in (choice - 1, choice, choice + 1):
                if str(c) not in v["legal"]:
                    continue
                dist = _LAST["dist"][c]
                cands[str(c - choice)] = {
                    "bid": c, "dist": dist, "value": _LAST["value"][c],
                    "pred_points": round(sum(p * _score(c, t, n, k) for t, p in enumerate(dist)), 2)}
                if c != choice:
                    g2 = g.copy()
                    g2.apply(str(c))
                    cands[str(c - choice)].update(outcome(play_deal(g2, bots), s, harm))
            pending.append({"seat": s, "level": lineup[entry_at[s]].label, "n": n, "bid": choice,
                            "harm": harm, "game_seed": gseed, "rot": rot, "deal_no": v["deal_no"],
                            "table": table, "cands": cands, "legal": [int(a) for a in v["legal"]]})
            g.apply(str(choice))
        else:
            d0 = g.deal_index
            g.apply(bot.act(v))
            if g.deal_index != d0 and pending:
                for r in pending:
                    r["cands"]["0"].update(outcome(g.deals[-1], r["seat"], r["harm"]))
                    rows.append(r)
                pending = []
    return rows


def main(argv: Sequence[str] | None = None) -> list[dict[str, Any]]:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bots", default="insane@160w,hard@40w,hard@40w,hard@40w")
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--seed", type=int, default=911)
    ap.add_argument("--skip", type=int, default=0, help="skip this many game seeds (split a run)")
    ap.add_argument("--mode", default="nines")
    ap.add_argument("--premium", default="bonus")
    ap.add_argument("--deals", type=int, default=99, help="stop each game after this many deals")
    ap.add_argument("--probe", default="0", help="line-up indices to probe (comma-separated)")
    ap.add_argument("--out", help="append one JSON line per probed bid")
    ap.add_argument("--report", nargs="+", metavar="FILE", help="no games: read --out files and print")
    ap.add_argument("--replay", nargs="*", default=[], metavar="ALPHA,LAMBDA",
                    help="with --report: re-choose the positive bids with these corrections (see replay)")
    args = ap.parse_args(argv)
    if args.report:
        rows = [json.loads(line) for p in args.report for line in open(p, encoding="utf-8") if line.strip()]
        report(rows)
        fit_steer(rows)
        for x in args.replay:
            al, lam = (float(y) for y in x.split(","))
            for table in sorted({r["table"] for r in rows}) + [""]:
                print(f"replay alpha {al:.2f} lambda {lam:5.1f} {table or 'all':40} "
                      f"{replay([r for r in rows if table in r['table']], al, lam)}")
        return rows
    rules = dataclasses.replace(PRESETS["standard"], premium=args.premium)
    lineup = [parse_entry(x) for x in args.bots.split(",")]
    probe = {int(x) for x in args.probe.split(",")}
    out: list[dict[str, Any]] = []
    for k, gseed in enumerate(game_seeds(args.seed, args.games)):
        if k < args.skip:
            continue
        for rot in range(4):
            rows = probe_game(rules, args.mode, gseed, rot, lineup, probe, k * 4 + rot, args.deals,
                              args.bots)
            out.extend(rows)
            if args.out:
                with open(args.out, "a", encoding="utf-8") as f:
                    for r in rows:
                        f.write(json.dumps(r) + "\n")
        print(f"game seed {k + 1}/{args.games}: {len(out)} probed bids", file=sys.stderr, flush=True)
    return out


def group(b: int) -> str:
    return "0" if b == 0 else "1-2" if b <= 2 else "3-4" if b <= 4 else "5+"


def report(rows: Sequence[dict[str, Any]]) -> None:
    """Per chosen-bid group and candidate offset (-1, 0, +1): predicted vs real; then paired
    neighbour differences (upper − lower) of value, predicted vs real."""
    acc: dict[tuple[str, str], dict[str, float]] = defaultdict(lambda: defaultdict(float))
    pair: dict[tuple[str, str], dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for r in rows:
        cs = r["cands"]
        for off, c in cs.items():
            if "taken" not in c:
                continue
            a = acc[(group(r["bid"]), off)]
            d = c["dist"]
            a["m"] += 1
            a["pe"] += d[c["bid"]]
            a["re"] += c["taken"] == c["bid"]
            a["pt"] += sum(i * x for i, x in enumerate(d))
            a["rt"] += c["taken"]
            a["pp"] += c["pred_points"]
            a["rp"] += c["points"]
            a["pv"] += c["value"]
            a["rv"] += c["real_value"]
        for lo, hi in (("-1", "0"), ("0", "1")):
            if lo in cs and hi in cs and "taken" in cs[lo] and "taken" in cs[hi]:
                p = pair[(group(r["bid"]), lo + "/" + hi)]
                p["m"] += 1
                dv = cs[hi]["value"] - cs[lo]["value"]
                dr = cs[hi]["real_value"] - cs[lo]["real_value"]
                p["pv"] += dv
                p["rv"] += dr
                p["e"] += dr - dv
                p["e2"] += (dr - dv) ** 2
                dp = cs[hi]["points"] - cs[lo]["points"] - cs[hi]["pred_points"] + cs[lo]["pred_points"]
                p["ep"] += dp
                p["ep2"] += dp * dp
                p["better"] += (dr > 0) if lo == "-1" else (dr < 0)   # the chosen bid did better
                p["worse"] += (dr < 0) if lo == "-1" else (dr > 0)
    print("chosen  cand  deals  P(exact) pred->real   tricks pred->real   points pred->real"
          "   value pred->real")
    for (g, off), a in sorted(acc.items()):
        m = a["m"]
        print(f"{g:>6} {int(off):+5d} {int(m):6}   {a['pe'] / m:5.1%} -> {a['re'] / m:5.1%}"
              f"      {a['pt'] / m:4.2f} -> {a['rt'] / m:4.2f}     {a['pp'] / m:6.1f} -> {a['rp'] / m:6.1f}"
              f"    {a['pv'] / m:6.1f} -> {a['rv'] / m:6.1f}")
    print("\nneighbours (upper - lower value), same hands: predicted, real, real - predicted (± 95% CI);"
          " the same of own points; chosen bid better / worse in real play")
    for (g, key), p in sorted(pair.items()):
        m = p["m"]
        e = p["e"] / m
        var = max(0.0, p["e2"] / m - e * e)
        ci = 1.96 * (var / max(1.0, m - 1)) ** 0.5
        ep = p["ep"] / m
        cp = 1.96 * (max(0.0, p["ep2"] / m - ep * ep) / max(1.0, m - 1)) ** 0.5
        print(f"{g:>6} {key:>5} {int(m):6}   {p['pv'] / m:+7.1f}  {p['rv'] / m:+7.1f}  {e:+7.1f} ± {ci:5.1f}"
              f"   {ep:+7.1f} ± {cp:5.1f}   {int(p['better'])} / {int(p['worse'])}")


def steered(c: int, dist: Sequence[float], n: int, khishti: Any, al: float, lam: float) -> float:
    """What a candidate bid ``c`` gains if a share ``al`` of the rollouts that missed it by one trick
    land on it (own deal points), plus ``lam`` per unit of that corrected chance of landing on it."""
    m = len(dist)
    exact = _score(c, c, n, khishti)
    g = lam * dist[c]
    for t in (c - 1, c + 1):
        if 0 <= t < m:
            g += al * dist[t] * (exact - _score(c, t, n, khishti) + lam)
    return g


def replay(rows: Sequence[dict[str, Any]], al: float, lam: float,
           khishti: Any = PRESETS["standard"].khishti) -> str:
    """Re-choose, on the probed deals, among the positive candidates of the window (chosen bid ± 1,
    every one played out) by ``value + steered(...)``; 0-bids and a chosen 0 are left alone.  Per
    deal, the real value (own points − harm × others' mean), own − others' mean, and the exact rate of
    the re-chosen bid against the chosen one, and the mean change of bid."""
    m = gv = gm = ex = ex0 = sh = 0.0
    for r in rows:
        cs = r["cands"]
        if not all("taken" in c for c in cs.values()):
            continue
        o = "0"
        if r["bid"] > 0:
            o = max((off for off, c in cs.items() if c["bid"] > 0),
                    key=lambda off: (cs[off]["value"] + steered(cs[off]["bid"], cs[off]["dist"], r["n"],
                                                               khishti, al, lam), -int(off)))
        c, c0 = cs[o], cs["0"]
        m += 1
        gv += c["real_value"] - c0["real_value"]
        gm += (c["points"] - c["opp"]) - (c0["points"] - c0["opp"])
        ex += c["taken"] == c["bid"]
        ex0 += c0["taken"] == c0["bid"]
        sh += int(o)
    m = m or 1.0
    return (f"{int(m)} deals: value {gv / m:+5.1f}, own - others {gm / m:+5.1f} a deal, "
            f"exact {ex0 / m:.1%} -> {ex / m:.1%}, bid {sh / m:+.2f}")


def fit_steer(rows: Sequence[dict[str, Any]]) -> None:
    """Least squares over every positive candidate played: real exact − predicted P(exact) against
    the predicted shares one trick under and one over (how much of each lands on the bid in real play)."""
    a11 = a12 = a22 = b1 = b2 = 0.0
    k = 0
    for r in rows:
        for c in r["cands"].values():
            b, d = c["bid"], c["dist"]
            if "taken" not in c or b == 0:
                continue
            u, o = d[b - 1], d[b + 1] if b + 1 < len(d) else 0.0
            y = (c["taken"] == b) - d[b]
            a11 += u * u
            a12 += u * o
            a22 += o * o
            b1 += u * y
            b2 += o * y
            k += 1
    det = a11 * a22 - a12 * a12
    if k and det > 1e-9:
        print(f"\none-off outcomes that land on the bid in real play ({k} candidates): one under "
              f"{(b1 * a22 - b2 * a12) / det:.2f}, one over {(a11 * b2 - a12 * b1) / det:.2f}")


if __name__ == "__main__":
    main()
