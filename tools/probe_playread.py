"""Do the others' card plays say what they did not hold?  A diagnostic, not shipped (tools/ only).

A void is certain (``joker.bots.info``); most of what a careful player reads from a trick is not.
This probe tests three such readings of a finished trick with no joker in it (leads are not read:
a lead is chosen for reasons the trick does not show):

- ``ducked``: a seat short of its bid, last to play, followed suit and lost to a card of that suit;
  it probably held no card of the suit above the winning one (the last seat sees the whole trick),
  but the highest such card still unseen, which it may keep for later (``ducked_top``, read apart).
- ``overtook``: a seat exact on its bid (a clean 0-bid too) followed suit and won the trick; it
  probably held no card of the suit below the best one already on the table (any would have lost).

A card the seat played later proves a reading wrong, and it is dropped.  (Our reading of RULES.md: a
seat that cannot follow must trump if it can, so a trump on a plain lead says nothing and is not read.)

The games are played with a line-up of arena entries (the arena's game seeds; ``--rotations``); at
every card decision of a probed seat, each reading its view holds about another seat (once per deal
and reading) is checked on the true hands: did the seat hold one of the cards?  Beside it, how often
a deal sampled from that view alone (voids and counts, ``joker.bots.sampling.Sampler``) gives it one
— the prior.  The factor printed is the one that, applied to those priors, makes the predicted share
equal the true one: the weight the table supports for a reading in the search's sampled deals (1: it
says nothing).

    nice -n 5 python3 tools/probe_playread.py --bots hard@20w,hard@20w,hard@20w,hard@20w --games 6
    nice -n 5 python3 tools/probe_playread.py --bots hard@20w,montecarlo,montecarlo,montecarlo --games 6

Seat 3, exact on its 0-bid, took the trick with the king over the ten: it probably held no 8S (the
9S and 7S are on the table).  Seat 0, short of its bid, let the king take it: it probably had no AS.

>>> view = {"seat": 0, "trump": "H", "bids": [1, 2, 1, 0], "trick": [], "tricks": [
...     {"leader": 1, "winner": 3, "plays": [{"seat": 1, "play": "9S"}, {"seat": 2, "play": "TS"},
...      {"seat": 3, "play": "KS"}, {"seat": 0, "play": "7S"}]}]}
>>> [(r.seat, r.kind, card_texts(r.mask)) for r in read_plays(view)]
[(3, 'overtook', ['8S']), (0, 'ducked_top', ['AS'])]
"""
from __future__ import annotations

import argparse
import dataclasses
import os
import random
import sys
from collections import defaultdict
from typing import Any, NamedTuple

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from joker.arena import game_seeds, parse_entry, seat_bots  # noqa: E402
from joker.bots.info import Info  # noqa: E402
from joker.bots.sampling import Sampler  # noqa: E402
from joker.cards import FULL_DECK_MASK, SUIT_MASKS, X1, card_text, cards_of, parse_play  # noqa: E402
from joker.game import Game  # noqa: E402
from joker.rules import PRESETS  # noqa: E402


class Reading(NamedTuple):
    """``seat`` probably held none of ``mask`` (cards still unseen) when it played."""
    seat: int
    mask: int
    kind: str


def card_texts(mask: int) -> list[str]:
    """The cards of a bitset as text."""
    return [card_text(c) for c in cards_of(mask)]


def read_plays(view: dict[str, Any]) -> list[Reading]:
    """Every reading of the finished tricks of this deal, in the order played (see the module's doc)."""
    bids = view.get("bids") or [None] * 4
    if any(b is None for b in bids):
        return []
    t = view.get("trump")
    trump = -1 if t is None else "SCDH".index(t)
    taken = [0, 0, 0, 0]
    found: list[tuple[int, int, int, str]] = []   # (play index, seat, mask, kind)
    later: list[list[tuple[int, int]]] = [[], [], [], []]   # per seat: (play index, card)
    k = 0
    played_all = 0
    for tr in view.get("tricks") or []:
        plays = [(p["seat"], parse_play(p["play"], lead=i == 0) & 63) for i, p in enumerate(tr["plays"])]
        for s, c in plays:
            later[s].append((k, c))
            k += 1
        winner = tr["winner"]
        played_before = played_all
        for _, c in plays:
            played_all |= 1 << c
        if len(plays) == 4 and all(c < X1 for _, c in plays):
            led = plays[0][1] // 9
            smask = SUIT_MASKS[led]
            for i in range(1, 4):
                s, c = plays[i]
                if c // 9 != led:
                    continue
                earlier = [q for _, q in plays[:i]]
                if trump >= 0 and led != trump and any(q // 9 == trump for q in earlier):
                    continue   # trumped before it: following suit could not win
                best = max(q for q in earlier if q // 9 == led)
                need = (bids[s] or 0) - taken[s]
                at = k - 4 + i
                if i == 3 and need > 0 and winner != s:
                    above = smask & ~((2 << best) - 1) & ~played_before
                    top = 1 << above.bit_length() - 1 if above else 0
                    found.append((at, s, above & ~top, "ducked"))
                    found.append((at, s, top, "ducked_top"))
                elif need == 0 and winner == s:
                    found.append((at, s, smask & ((1 << best) - 1), "overtook"))
        if winner is not None:
            taken[winner] += 1
    gone = FULL_DECK_MASK & ~played_all
    out = []
    for at, s, mask, kind in found:
        if any(j > at and mask >> c & 1 for j, c in later[s]):
            continue   # it held one after all
        mask &= gone   # cards still unseen: the others are on the table
        if mask:
            out.append(Reading(s, mask, kind))
    return out


def fitted_factor(priors: list[float], truth: float) -> float:
    """The factor ``f`` with mean of ``p f / (p f + 1 - p)`` over ``priors`` equal to ``truth``."""
    lo, hi = 1e-4, 1e4
    for _ in range(60):
        f = (lo * hi) ** 0.5
        m = sum(p * f / (p * f + 1 - p) for p in priors) / len(priors)
        lo, hi = (f, hi) if m < truth else (lo, f)
    return float((lo * hi) ** 0.5)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bots", default="hard@40w,hard@40w,hard@40w,hard@40w")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=801)
    ap.add_argument("--mode", default="nines")
    ap.add_argument("--premium", default="bonus")
    ap.add_argument("--rotations", type=int, default=1)
    ap.add_argument("--probe", default="0", help="line-up indices whose views are read (comma-separated)")
    ap.add_argument("--samples", type=int, default=200)
    args = ap.parse_args()
    rules = dataclasses.replace(PRESETS["standard"], premium=args.premium)
    lineup = [parse_entry(x) for x in args.bots.split(",")]
    probe = {int(x) for x in args.probe.split(",")}
    rng = random.Random(1)
    held: dict[str, list[int]] = defaultdict(list)
    prior: dict[str, list[float]] = defaultdict(list)
    by_table: dict[str, list[str]] = defaultdict(list)
    for k, gseed in enumerate(game_seeds(args.seed, args.games)):
        for rot in range(args.rotations):
            g = Game(rules, args.mode, seed=gseed)
            entry_at, bots = seat_bots(lineup, rot, k * 4 + rot)
            seen: set[tuple[int, int, int, int, str]] = set()
            while g.phase != "over":
                s = g.to_act
                assert s is not None
                v = g.view(s)
                if v["phase"] == "play" and entry_at[s] in probe:
                    events = [e for e in read_plays(v) if e.seat != s]
                    if events:
                        info = Info.from_view(v)
                        sampler = Sampler(info, rng)
                        worlds = [sampler.sample() for _ in range(args.samples)]
                        for e in events:
                            key = (g.deal_index, s, e.seat, e.mask, e.kind)
                            if key in seen:
                                continue
                            seen.add(key)
                            held[e.kind].append(1 if g.hands[e.seat] & e.mask else 0)
                            prior[e.kind].append(sum(1 for w in worlds if w[e.seat] & e.mask) / len(worlds))
                            by_table[e.kind].append(lineup[entry_at[e.seat]].name)
                g.apply(bots[s].act(v))
        for kind in sorted(held):
            h, p = held[kind], prior[kind]
            q = sum(h) / len(h)
            pm = sum(p) / len(p)
            print(f"game seed {k + 1}/{args.games} {kind}: {len(h)} readings, held {q:.1%}, "
                  f"prior {pm:.1%}, fitted factor {fitted_factor(p, q):.2f}", flush=True)


if __name__ == "__main__":
    main()
