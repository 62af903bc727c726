"""Why are a search bot's 0-bids pushed over?  A diagnostic, not shipped (tools/ only).

Plays games with a line-up of arena entries (as ``tools/probe_bids.py``: the arena's game seeds and
rotations) and, for every 0-bid of a probed seat that took a trick, looks at the first trick it took:

* ``led``: it led that trick and nobody beat it;
* ``duckable``: it followed, and a legal card it held would have lost that trick against the cards the
  others really played in it (a choice of the moment — the search's, right or wrong);
* ``forced``: every legal card it held would have won that trick; then ``shed`` if the card that won
  could have been thrown earlier in the deal without winning that earlier trick (it was legal there,
  and would have lost against the cards really played), else ``stuck`` (by this test the deal left
  no way out: every chance to lose that card would have taken the trick).

The others' cards after ours are held as they were played, so this is a proxy (they might have played
otherwise), cheap enough to split a loss into "the deal" and "the play" without solving the deal.

    nice -n 15 python3 tools/probe_zero.py --bots insane@160w,hard@40w,hard@40w,hard@40w \\
        --games 4 --seed 911
"""
from __future__ import annotations

import argparse
import dataclasses
import os
import sys
from collections import Counter
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from joker.arena import game_seeds, parse_entry, seat_bots  # noqa: E402
from joker.cards import LOW, X1, parse_play  # noqa: E402
from joker.game import Game  # noqa: E402
from joker.rules import PRESETS, legal_mask, winner_index  # noqa: E402


def wins_with(card: int, before: list[int], after: list[int], trump: int, hlt: bool) -> bool:
    """Would ``card`` (a joker: played low) win the trick with ``before`` played ahead of it and
    ``after`` behind it?"""
    play = card | LOW << 6 if card >= X1 else card   # a joker in response, played low ("under")
    plays = before + [play] + after
    return winner_index(plays, trump, hlt) == len(before)


def classify(our_plays: list[dict[str, Any]], trump: int, hlt: bool) -> str:
    """The first trick a 0-bidder took, read from its plays in the deal (see the module's doc).

    ``our_plays``: per trick, ``hand`` (before our play), ``before`` and ``after`` (the plays of the
    trick around ours), ``card`` (ours), ``won``."""
    k = next(i for i, p in enumerate(our_plays) if p["won"])
    p = our_plays[k]
    if not p["before"]:
        return "led"
    legal = legal_mask(p["hand"], p["before"][0], trump)
    for c in range(64):
        if legal >> c & 1 and not wins_with(c, p["before"], p["after"], trump, hlt):
            return "duckable"
    card = p["card"]
    for q in our_plays[:k]:
        if q["before"] and legal_mask(q["hand"], q["before"][0], trump) >> card & 1 \
                and not wins_with(card, q["before"], q["after"], trump, hlt):
            return "forced, shed"
    return "forced, stuck"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bots", default="insane@160w,hard@40w,hard@40w,hard@40w")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=911)
    ap.add_argument("--mode", default="nines")
    ap.add_argument("--premium", default="bonus")
    ap.add_argument("--rotations", type=int, default=4)
    ap.add_argument("--probe", default="0", help="line-up indices to probe (comma-separated)")
    args = ap.parse_args()
    rules = dataclasses.replace(PRESETS["standard"], premium=args.premium)
    hlt = rules.high_lead_trumpable
    lineup = [parse_entry(x) for x in args.bots.split(",")]
    probe = {int(x) for x in args.probe.split(",")}
    zeros = Counter[str]()
    for k, gseed in enumerate(game_seeds(args.seed, args.games)):
        for rot in range(args.rotations):
            g = Game(rules, args.mode, seed=gseed)
            entry_at, bots = seat_bots(lineup, rot, k * 4 + rot)
            plays: dict[int, list[dict[str, Any]]] = {}
            while g.phase != "over":
                s = g.to_act
                assert s is not None
                v = g.view(s)
                a = bots[s].act(v)
                if v["phase"] == "play" and entry_at[s] in probe and g.bids[s] == 0:
                    plays.setdefault(s, []).append({"hand": g.hands[s], "before": [p for _, p in g.trick],
                                                    "card": parse_play(a, lead=not g.trick) & 63})
                deal, trump, n_tricks = g.deal_index, g.trump, len(g.tricks)
                g.apply(a)
                if n_tricks < len(g.tricks) or g.deal_index != deal:
                    t = g.tricks[n_tricks] if n_tricks < len(g.tricks) else g.last_trick
                    assert t is not None
                    for seat, ps in plays.items():
                        if len(ps) and "won" not in ps[-1]:
                            i = next(j for j, q in enumerate(t["plays"]) if q["seat"] == seat)
                            rest = [parse_play(q["play"], lead=False) for q in t["plays"][i + 1:]]
                            ps[-1]["after"] = rest
                            ps[-1]["won"] = t["winner"] == seat
                if g.deal_index != deal:
                    d = g.deals[-1]
                    for seat, ps in plays.items():
                        if d["taken"][seat] == 0:
                            zeros["exact"] += 1
                        else:
                            zeros[classify(ps, trump, hlt)] += 1
                    plays = {}
        m = sum(zeros.values())
        print(f"game seed {k + 1}/{args.games}: {m} 0-bids: " + ", ".join(
            f"{name} {zeros[name]} ({zeros[name] / m:.0%})" for name in
            ("exact", "led", "duckable", "forced, shed", "forced, stuck")), flush=True)


if __name__ == "__main__":
    main()
