"""Where do the search bots' bids lose exactness?  A diagnostic, not shipped (tools/ only).

Plays nines (or full) games with a line-up of arena entries and, at every bid of a search seat,
records what its own bid search (the bot's own searcher: its opponent model, hedge and bid guess as
shipped) predicted — the chance of taking exactly the chosen bid, the mean tricks it expected to
take — and what it really took when the deal was over, and where the deal stands in its pulka.
Optionally re-runs the same bid decision with ``--big`` sampled deals (is the sample count the
limit?) and with named variants of the bot, ``--variant NAME:KEY=VALUE,...`` (``harm``, ``worlds``,
``wild_floor``, ``proposals``, ``hl_inference``, ``guess=plain``, ``premium=0``: which of Insane's
extras moves its bids?).  A variant's bid is a counterfactual: the seat then played to its own
bid, so "the variant's bid equalled the tricks taken" is a rough count that favours the bid
played.  Also compares the
table heuristic that guesses the bids still to come (``est_tricks`` + habit) with what those seats
then bid.

    nice -n 15 python3 tools/probe_bids.py --bots insane@160w,hard@40w,hard@40w,hard@40w \\
        --games 20 --seed 801 --big 1600

``--out FILE`` keeps every probed bid (each candidate's predicted distribution of our tricks, its value,
what was taken) as JSON lines; ``--report FILE...`` reads such files back and prints how the real
tricks fall around the chosen bid against the predicted distribution, per group of bids.
"""
from __future__ import annotations

import argparse
import copy
import dataclasses
import json
import os
import sys
from collections import defaultdict
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from joker.arena import game_seeds, parse_entry, seat_bots  # noqa: E402
from joker.bots import SearchBot  # noqa: E402
from joker.bots import bidsearch as bid_mod  # noqa: E402
from joker.bots import search as search_mod  # noqa: E402
from joker.bots.estimate import PLAIN_GUESS, SEARCH_GUESS, est_tricks  # noqa: E402
from joker.bots.info import Info  # noqa: E402
from joker.bots.utility import Utility  # noqa: E402
from joker.game import Game  # noqa: E402
from joker.rules import PRESETS  # noqa: E402

_REC: list[list[int]] = []       # per sampled deal: our seat's tricks per bid candidate
_W: list[float] = []
_ME = [0]
_LAST: dict[str, Any] = {}       # the last bid search: per candidate the distribution of our tricks, value
_orig_rollout = bid_mod.rollout
_orig_loop = search_mod.Searcher._loop


def _rollout(*a: Any) -> list[int]:
    t = _orig_rollout(*a)
    if _REC:
        _REC[-1].append(t[_ME[0]])
    return t


def _loop(self: Any, n: int, world: Any, evaluate: Any) -> Any:
    def w2() -> Any:
        h, w = world()
        _W.append(w)
        _REC.append([])
        return h, w
    return _orig_loop(self, n, w2, evaluate)


bid_mod.rollout = _rollout               # type: ignore[assignment]
search_mod.Searcher._loop = _loop        # type: ignore[method-assign]


_NO_PREMIUM = [False]


class _Utility(bid_mod.Utility):
    """The bid search's utility, optionally blind to the premium (variant ``premium=0``)."""

    def __init__(self, *a: Any) -> None:
        super().__init__(*a)
        if _NO_PREMIUM[0]:
            self.last = False
            self.claim = [False] * 4


bid_mod.Utility = _Utility               # type: ignore[misc,assignment]


def bid_search(bot: SearchBot, view: dict[str, Any], **over: Any
               ) -> tuple[int, dict[int, tuple[float, float, float, float]]]:
    """The bid ``bot`` picks (its own searcher: model, hedge, bid guess as shipped) with the bot's
    attributes ``over`` replaced (``worlds=1600``: that many sampled deals); per bid its predicted
    P(exact), mean taken, P(over), P(under).  ``premium=0`` leaves the premium out of the utility."""
    _REC.clear()
    _W.clear()
    _ME[0] = view["seat"]
    b = copy.copy(bot)
    _NO_PREMIUM[0] = not over.pop("premium", 1)
    if "guess" in over:
        b.bid_guess = {"plain": PLAIN_GUESS, "search": SEARCH_GUESS}[over.pop("guess")]
    for k, v in over.items():
        setattr(b, k, v)
    s = b._searcher(view)
    try:
        ranked = s.analyse_bid(view)
    finally:
        _NO_PREMIUM[0] = False
    cands = [int(a) for a in view["legal"]]
    tot = sum(_W) or 1.0
    pred = {}
    dist: dict[int, list[float]] = {}
    for i, bid in enumerate(cands):
        pe = sum(w for w, r in zip(_W, _REC, strict=True) if r[i] == bid) / tot
        mt = sum(w * r[i] for w, r in zip(_W, _REC, strict=True)) / tot
        po = sum(w for w, r in zip(_W, _REC, strict=True) if r[i] > bid) / tot
        pred[bid] = (pe, mt, po, 1.0 - pe - po)
        h = [0.0] * (view["cards"] + 1)
        for w, r in zip(_W, _REC, strict=True):
            h[r[i]] += w / tot
        dist[bid] = [round(x, 4) for x in h]
    _REC.clear()
    _LAST["dist"] = dist
    _LAST["value"] = {int(c["action"]): round(c["value"], 2) for c in ranked}
    return int(ranked[0]["action"]), pred


def parse_variant(spec: str) -> tuple[str, dict[str, Any]]:
    """``"name:key=value,key=value"`` -> (name, {key: value}); values are numbers where they parse."""
    name, _, rest = spec.partition(":")
    over: dict[str, Any] = {}
    for kv in filter(None, rest.split(",")):
        k, _, v = kv.partition("=")
        try:
            over[k] = int(v)
        except ValueError:
            try:
                over[k] = float(v)
            except ValueError:
                over[k] = v
    return name, over


def pulka_state(view: dict[str, Any]) -> dict[str, Any]:
    """Where this deal stands in its pulka for the bidding seat: its premium still open, the pulka's
    last deal, deals of the pulka after this one."""
    u = Utility(view, Info.from_view(view), [0, 0, 0, 0], 0.5)
    me = view["seat"]
    return {"claim": u.claim[me], "last": u.last, "remaining": u.remaining}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bots", default="insane@160w,hard@40w,hard@40w,hard@40w")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=801)
    ap.add_argument("--mode", default="nines")
    ap.add_argument("--premium", default="bonus")
    ap.add_argument("--big", type=int, default=0, help="also search each bid with this many deals")
    ap.add_argument("--harm0", action="store_true", help="also search each of Insane's bids with harm 0 "
                    "(the same as --variant h0:harm=0)")
    ap.add_argument("--variant", action="append", default=[], metavar="NAME:KEY=VALUE,...",
                    help="also search each probed bid with the bot's attributes replaced (worlds, harm, "
                    "proposals, hl_inference, wild_floor, guess=plain|search, premium=0), e.g. "
                    "w100:worlds=100 or nopremium:premium=0; repeatable")
    ap.add_argument("--probe", default="0", help="line-up indices to probe (comma-separated)")
    ap.add_argument("--out", help="append one JSON line per probed bid: every candidate's predicted "
                    "distribution of our tricks and its value, the bid, what was taken")
    ap.add_argument("--report", nargs="+", metavar="FILE", help="no games: read --out files and print, "
                    "per chosen bid, the predicted distribution of tricks around it against the real one")
    args = ap.parse_args()
    if args.harm0:
        args.variant.append("h0:harm=0")
    variants = [parse_variant(x) for x in args.variant]
    if args.report:
        shape(args.report)
        return
    rules = dataclasses.replace(PRESETS["standard"], premium=args.premium)
    lineup = [parse_entry(x) for x in args.bots.split(",")]
    probe = {int(x) for x in args.probe.split(",")}
    rows: list[dict[str, Any]] = []
    est_err: list[float] = []
    for k, gseed in enumerate(game_seeds(args.seed, args.games)):
        for rot in range(4):
            g = Game(rules, args.mode, seed=gseed)
            entry_at, bots = seat_bots(lineup, rot, k * 4 + rot)
            pending: list[dict[str, Any]] = []
            deal_no = -1
            while g.phase != "over":
                s = g.to_act
                assert s is not None
                v = g.view(s)
                if g.deal_index != deal_no:
                    for r in pending:
                        d = g.deals[-1]
                        r["taken"] = d["taken"][r["seat"]]
                        rows.append(r)
                        dump(r, args.out)
                    pending = []
                    deal_no = g.deal_index
                bot = bots[s]
                if v["phase"] == "bid" and entry_at[s] in probe and isinstance(bot, SearchBot) \
                        and len(v["legal"]) > 1:
                    choice, pred = bid_search(bot, v)
                    r = {"seat": s, "level": lineup[entry_at[s]].label, "n": v["cards"], "bid": choice,
                         "pe": pred[choice][0], "mt": pred[choice][1], "po": pred[choice][2],
                         "pu": pred[choice][3], "game_seed": gseed, "rot": rot, "deal_no": v["deal_no"],
                         "table": args.bots, "dist": _LAST["dist"], "value": _LAST["value"]}
                    if args.big:
                        cb, pb = bid_search(bot, v, worlds=args.big)
                        r.update(big=cb, pe_big=pb[choice][0], pe_bigc=pb[cb][0])
                    r.update(pulka_state(v))
                    for name, over in variants:
                        r[name], _ = bid_search(bot, v, **over)
                    # the table heuristic's guess of the bids still to come vs what they bid
                    r["after"] = [(t, est_tricks(g.hands[t], g.trump, v["cards"])) for t in range(4)
                                  if g.bids[t] is None and t != s]
                    pending.append(r)
                    a = str(choice)
                else:
                    a = bot.act(v)
                g.apply(a)
                if v["phase"] == "bid":
                    for r in pending:
                        for t, e in r.get("after", []):
                            if t == s:
                                est_err.append(int(a) - e)
            for r in pending:
                r["taken"] = g.deals[-1]["taken"][r["seat"]]
                rows.append(r)
                dump(r, args.out)
        print(f"game seed {k + 1}/{args.games}: {len(rows)} bids", file=sys.stderr, flush=True)
        report(rows, est_err, args, [name for name, _ in variants])
        print(flush=True)


def shape(paths: list[str]) -> None:
    """Per group of chosen bids (of each level and deal size): how the tricks really taken fall around
    the bid (bid - 2 .. bid + 2) against the bid search's predicted distribution for that bid, the
    mean tricks, and the exact rate's shift ``(real - predicted) / (bids + 30)`` (shrunk toward 0)."""
    groups = ((0, 0), (1, 2), (3, 4), (5, 9))
    acc: dict[tuple[str, int, int], dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                if not line.strip():
                    continue
                r = json.loads(line)
                b, t = r["bid"], r["taken"]
                g = next(i for i, (lo, hi) in enumerate(groups) if lo <= b <= hi)
                d = r["dist"][str(b)]
                a = acc[(r["level"], r["n"], g)]
                a["bids"] += 1
                for k in range(-2, 3):
                    a[f"p{k}"] += d[b + k] if 0 <= b + k < len(d) else 0.0
                    a[f"r{k}"] += t - b == k
                a["pm"] += sum(i * x for i, x in enumerate(d))
                a["rm"] += t
    print("level        cards bids  share of deals taking bid-2 / -1 / exact / +1 / +2, predicted -> real"
          "        mean tricks    exact shift")
    for (lvl, n, g), a in sorted(acc.items()):
        m = a["bids"]
        cols = "  ".join(f"{a[f'p{k}'] / m:4.0%}->{a[f'r{k}'] / m:4.0%}" for k in range(-2, 3))
        lo, hi = groups[g]
        name = str(lo) if lo == hi else f"{lo}-{hi}"
        print(f"{lvl:12} {n:5} {name:>4} {int(m):4}  {cols}  {a['pm'] / m:5.2f}->{a['rm'] / m:5.2f}"
              f"  {(a['r0'] - a['p0']) / (m + 30):+.3f}")


def dump(row: dict[str, Any], path: str | None) -> None:
    """Append ``row`` (without the table-guess details) to the JSON-lines file ``path``, if given."""
    if path:
        with open(path, "a", encoding="utf-8") as f:
            f.write(json.dumps({k: v for k, v in row.items() if k != "after"}) + "\n")


def report(rows: list[dict[str, Any]], est_err: list[float], args: argparse.Namespace,
           variants: list[str]) -> None:
    by: dict[tuple[str, int, int], list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        by[(r["level"], r["n"] == 9, r["bid"])].append(r)
    print("level        9c bid    n  pred P(exact)  real exact  pred taken  real taken  "
          "over (pred)  under (pred)")
    for key in sorted(by):
        rs = by[key]
        m = len(rs)
        pe = sum(r["pe"] for r in rs) / m
        re_ = sum(r["taken"] == r["bid"] for r in rs) / m
        mt = sum(r["mt"] for r in rs) / m
        rt = sum(r["taken"] for r in rs) / m
        ov = sum(r["taken"] > r["bid"] for r in rs) / m
        un = sum(r["taken"] < r["bid"] for r in rs) / m
        po = sum(r["po"] for r in rs) / m
        pu = sum(r["pu"] for r in rs) / m
        print(f"{key[0]:12} {'y' if key[1] else 'n':2} {key[2]:3} {m:4}  {pe:12.1%}  {re_:10.1%}  {mt:10.2f}"
              f"  {rt:10.2f}  {ov:4.0%} ({po:3.0%})  {un:5.0%} ({pu:3.0%})")
    for lvl in sorted({r["level"] for r in rows}):
        rs = [r for r in rows if r["level"] == lvl]
        m = len(rs)
        print(f"{lvl}: {m} bids, predicted exact {sum(r['pe'] for r in rs) / m:.1%}, "
              f"real {sum(r['taken'] == r['bid'] for r in rs) / m:.1%}, "
              f"over {sum(r['taken'] > r['bid'] for r in rs) / m:.1%}, "
              f"under {sum(r['taken'] < r['bid'] for r in rs) / m:.1%}")
        if args.big:
            diff = [r for r in rs if r["big"] != r["bid"]]
            print(f"  with {args.big} deals the bid differs in {len(diff)} of {m}; "
                  f"on those, real exact of ours {sum(r['taken'] == r['bid'] for r in diff)}, "
                  f"of the big search's {sum(r['taken'] == r['big'] for r in diff)}; mean predicted "
                  f"P(exact) of ours (big search) {sum(r['pe_big'] for r in rs) / m:.1%}")
        for name in variants:
            for part, sel in (("all", rs), ("5+", [r for r in rs if r["bid"] >= 5]),
                              ("premium open", [r for r in rs if r.get("claim")])):
                diff = [r for r in sel if name in r and r[name] != r["bid"]]
                lower = sum(r[name] < r["bid"] for r in diff)
                print(f"  {name} ({part}, {len(sel)} bids): differs in {len(diff)} ({lower} lower); "
                      f"real exact of ours {sum(r['taken'] == r['bid'] for r in diff)}, of {name}'s "
                      f"{sum(r['taken'] == r[name] for r in diff)}")
    if est_err:
        m = len(est_err)
        print(f"bids still to come: real bid - est_tricks: mean {sum(est_err) / m:+.2f}, "
              f"mean |.| {sum(abs(x) for x in est_err) / m:.2f} over {m}")


if __name__ == "__main__":
    main()
