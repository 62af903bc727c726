"""How right are the search bots' beliefs about the others' hands?  A diagnostic, not shipped (tools/ only).

Plays games with a line-up of arena entries (the arena's game seeds and seating) and, at the
decisions of the first search seat of the line-up (its bids and card plays), draws ``--worlds``
deals from that bot's own world source (its sampler and its reading of the bids, weights included)
and scores them against the true hands: per other seat and unseen card, the predicted chance that
the seat holds it against whether it does (log-loss, in bits, summed over the cells of one decision),
and the same for the jokers alone.  Lower is better; the prior (the sampler alone: counts, voids, the
shown trump card) is always scored beside the bot's own source, and ``--variant NAME:KEY=VALUE,...``
adds readings to compare, paired by decision:

- ``proposals`` (0: weighting, as Insane; 1: no reading; k: resampling), ``hl_inference`` (0/1);
- ``sig0``, ``sig1``: the likelihood's width ``sig0 + sig1 * n`` (shipped 0.55, 0.12);
- ``flat``: the likelihood is flat within ``flat`` tricks of the estimate, normal beyond (a table
  that rounds its estimate bids anywhere in that window);
- ``exact=1``: every other seat is read as bidding exactly as Medium's table rule does (the bid of
  the joker-early, spoiler and most sloppy players): a sampled hand that would have bid otherwise
  keeps ``e**-exact_miss`` (default 8) of its weight.  At a table of those styles this is the most
  the bids can tell: the ceiling of any reading of them.

    nice -n 10 python3 tools/probe_beliefs.py --bots insane@100w,jokerearly,jokerearly,jokerearly \\
        --mode full --games 4 --seed 901 --variant sharp:sig0=0.3,sig1=0.06 --variant flat:flat=0.5

The report groups decisions by deal size (1–3, 4–6, 7–8, 9 cards) and phase.

``--play-info`` measures what the others' card plays could add, at a table whose players we know:
at every play of another seat that is not a search bot, the deals the probed seat's own source gives
at that moment (as it would have read them just before the play) are kept where the playing seat holds
the card it played, and that seat's very bot is replayed on each of them, from its own view with the
sampled hand in place of the true one (a bot's decision randomness comes from the position alone, so
the replay is exact).  If a share ``q`` of them plays the same, the play rules out the rest: ``-log2 q``
bits about the hands beyond the card itself, which the sampler already places.  Its sum over a deal is
the most that reading those plays could tell — to set beside the bits the bids tell.
"""
from __future__ import annotations

import argparse
import copy
import math
import os
import random
import sys
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from joker.arena import game_seeds, parse_entry, rules_from_args, seat_bots  # noqa: E402
from joker.bots import Bot, SearchBot, sampling  # noqa: E402
from joker.bots import search as search_mod  # noqa: E402
from joker.bots.estimate import est_tricks  # noqa: E402
from joker.bots.heuristic import HeuristicPlayer  # noqa: E402
from joker.bots.info import Info  # noqa: E402
from joker.cards import JOKER_MASK, cards_of, hand_text, parse_play  # noqa: E402
from joker.game import Game  # noqa: E402
from joker.rules import Rules, forbidden_bid, legal_plays  # noqa: E402
from tools.probe_bids import parse_variant  # noqa: E402

_CLIP = 1e-3
_SHIPPED = sampling.bid_loglik
_READER = search_mod.bid_reader


def make_loglik(sig0: float = 0.55, sig1: float = 0.12, flat: float = 0.0
                ) -> Callable[..., float]:
    """``bid_loglik`` with the width ``sig0 + sig1 * n`` and a flat window of ``flat`` tricks.

    >>> make_loglik()(2, 0b111, 0, 3) == _SHIPPED(2, 0b111, 0, 3)
    True
    >>> make_loglik(flat=0.5)(1, 1 << 36, 0, 1)   # a joker alone, bid 1: inside the window
    -0.0
    """
    def loglik(bid: int, hand: int, trump: int, n: int, bias: float = 0.0, spread: float = 1.0) -> float:
        e = est_tricks(hand, trump, n) + bias
        sigma = (sig0 + sig1 * n) * spread
        d = max(0.0, abs(bid - e) - flat)
        return -d * d / (2 * sigma * sigma)
    return loglik


def rule_bid(hand: int, info: Info, seat: int) -> int:
    """The bid Medium's table rule (``HeuristicPlayer.bid``, called here) makes with ``hand`` in
    ``seat``, having heard the bids before it in this deal (the dealer may not make the total ``n``)."""
    n = info.n
    order = [(info.dealer + 1 + i) % 4 for i in range(4)]
    made = [info.bids[t] or 0 for t in order[:order.index(seat)]]
    banned = forbidden_bid(made, n) if seat == info.dealer else None
    legal = [str(b) for b in range(n + 1) if b != banned]
    heard = copy.copy(info)
    heard.hand = hand
    heard.bids = [info.bids[t] if t in order[:order.index(seat)] else None for t in range(4)]
    return int(HeuristicPlayer(random.Random(0)).bid({"legal": legal}, heard))


def exact_reader(miss: float, bid_of: Callable[[int, Info, int], int | None] = rule_bid
                 ) -> Callable[..., Callable[[], tuple[sampling.World, float]]]:
    """A ``bid_reader`` that reads every other seat's bid as ``bid_of(hand, info, seat)`` says that
    seat bids with ``hand`` (default: Medium's table rule, ``rule_bid``; None: that seat's bid is not
    read), a sampled deal keeping ``e**-miss`` of its weight for each bid read otherwise."""
    def reader(info: Info, sampler: sampling.Sampler, *_: Any, **__: Any
               ) -> Callable[[], tuple[sampling.World, float]]:
        bidders = [s for s in range(4) if s != info.seat and info.bids[s] is not None]

        def weighted() -> tuple[sampling.World, float]:
            hands = sampler.sample()
            k = 0
            for s in bidders:
                b = bid_of(hands[s] | info.played_by[s], info, s)
                k += b is not None and b != info.bids[s]
            return hands, math.exp(-miss * k)
        return weighted
    return reader


@contextmanager
def reading(over: dict[str, Any]) -> Iterator[None]:
    keys = {k: over[k] for k in ("sig0", "sig1", "flat") if k in over}
    sampling.bid_loglik = make_loglik(**keys) if keys else _SHIPPED  # type: ignore[assignment]
    if over.get("exact"):
        search_mod.bid_reader = exact_reader(float(over.get("exact_miss", 8)))  # type: ignore[assignment]
    try:
        yield
    finally:
        sampling.bid_loglik = _SHIPPED  # type: ignore[assignment]
        search_mod.bid_reader = _READER  # type: ignore[assignment]


def beliefs(bot: SearchBot, view: dict[str, Any], worlds: int, over: dict[str, Any]
            ) -> tuple[Info, list[list[float]]]:
    """Per seat and card, the weighted share of ``worlds`` sampled deals that give the card to the
    seat, from ``bot``'s own world source with its attributes ``over`` (see the module doc)."""
    b = copy.copy(bot)
    for k in ("proposals", "hl_inference"):
        if k in over:
            setattr(b, k, over[k])
    with reading(over):
        s = b._searcher(view)
        info = Info.from_view(view, hl_inference=s.hl_inference)
        src = (lambda: (sampling.Sampler(info, s.rng).sample(), 1.0)) if over.get("prior") \
            else s._world_source(info)
        p = [[0.0] * 38 for _ in range(4)]
        tot = 0.0
        for _ in range(worlds):
            hands, w = src()
            tot += w
            for seat in range(4):
                row = p[seat]
                for c in cards_of(hands[seat]):
                    row[c] += w
    tot = tot or 1.0
    return info, [[x / tot for x in row] for row in p]


def score(info: Info, p: list[list[float]], hands: list[int]) -> tuple[float, float]:
    """Log-loss in bits over (other seat, unseen card) cells, and over the jokers' cells alone."""
    cells = info.pool
    total = jok = 0.0
    for s in range(4):
        if s == info.seat:
            continue
        for c in cards_of(cells):
            q = min(1 - _CLIP, max(_CLIP, p[s][c]))
            x = -math.log2(q if hands[s] >> c & 1 else 1 - q)
            total += x
            if 1 << c & JOKER_MASK:
                jok += x
    return total, jok


def plays_alike(player: Bot, view: dict[str, Any], hand: int, action: str, rules: Rules) -> bool:
    """Would ``player``, from ``view`` (its own, the trick as it was) but holding ``hand``, play
    ``action``?  Its decision randomness comes from the position alone, so the answer is exact."""
    held = hand_text(hand)
    legal = legal_plays(held, [p["play"] for p in view["trick"]], view["trump"], rules)
    return action in legal and player.act({**view, "hand": held, "legal": legal}) == action


def play_info(bot: SearchBot, probe_view: dict[str, Any], seat: int, view: dict[str, Any], action: str,
              player: Bot, worlds: int) -> float | None:
    """Bits that ``seat``'s play ``action`` (from ``view``, by ``player``) tells ``bot`` (whose view
    is ``probe_view``, just before the play) about the hands beyond the card itself (see the module
    doc); None when too few sampled deals give the seat that card."""
    s = bot._searcher(probe_view)
    src = s._world_source(Info.from_view(probe_view, hl_inference=s.hl_inference))
    card = 1 << (parse_play(action, lead=not view["trick"]) & 63)
    rules = Info.from_view(view).rules
    kept = same = 0.0
    for _ in range(worlds):
        hands, w = src()
        if not hands[seat] & card:
            continue
        kept += w
        if plays_alike(player, view, hands[seat], action, rules):
            same += w
    if kept <= 0 or same <= 0:
        return None
    return -math.log2(same / kept)


def size_group(n: int) -> str:
    return "1-3" if n <= 3 else "4-6" if n <= 6 else "7-8" if n <= 8 else "9"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--bots", default="insane@100w,jokerearly,jokerearly,jokerearly")
    ap.add_argument("--mode", default="full")
    ap.add_argument("--rules", default="standard")
    ap.add_argument("--premium", default="bonus")
    ap.add_argument("--khishti", default="preset")
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--seed", type=int, default=901)
    ap.add_argument("--rotations", type=int, default=1)
    ap.add_argument("--worlds", type=int, default=300, help="sampled deals per probed decision")
    ap.add_argument("--phases", default="bid,play")
    ap.add_argument("--every", type=int, default=2, help="probe every k-th card play of the seat")
    ap.add_argument("--variant", action="append", default=[], metavar="NAME:KEY=VALUE,...")
    ap.add_argument("--play-info", action="store_true",
                    help="measure instead the bits the others' plays tell (see the module doc)")
    args = ap.parse_args(argv)
    variants = [("prior", {"prior": 1}), ("shipped", {})] + [parse_variant(v) for v in args.variant]
    lineup = [parse_entry(x) for x in args.bots.split(",")]
    probe = next(i for i, e in enumerate(lineup) if e.name in ("hard", "insane"))
    rules = rules_from_args(args)
    phases = set(args.phases.split(","))
    # (group, phase) -> variant -> list of (total, joker) per decision
    res: dict[tuple[str, str], dict[str, list[tuple[float, float]]]] = defaultdict(lambda: defaultdict(list))
    # group -> ((game, rotation, deal), seat, bits)
    info_rows: dict[str, list[tuple[tuple[int, int, int], int, float]]] = defaultdict(list)
    for k, gseed in enumerate(game_seeds(args.seed, args.games)):
        for rot in range(args.rotations):
            g = Game(rules, args.mode, seed=gseed)
            entry_at, bots = seat_bots(lineup, rot, k * 4 + rot)
            plays = 0
            while g.phase != "over":
                s = g.to_act
                assert s is not None
                v = g.view(s)
                bot = bots[s]
                me = entry_at.index(probe)
                if args.play_info:
                    if v["phase"] == "play" and s != me and not isinstance(bot, SearchBot) \
                            and len(v["legal"]) > 1:
                        a = bot.act(v)
                        bits = play_info(bots[me], g.view(me), s, v, a, bot, args.worlds)  # type: ignore[arg-type]
                        info_rows[size_group(v["cards"])].append(
                            ((k, rot, g.deal_index), s, -1.0 if bits is None else bits))
                elif entry_at[s] == probe and v["phase"] in phases and isinstance(bot, SearchBot):
                    plays += v["phase"] == "play"
                    if v["phase"] != "play" or plays % args.every == 0:
                        key = (size_group(v["cards"]), v["phase"])
                        for name, over in variants:
                            info, p = beliefs(bot, v, args.worlds, over)
                            res[key][name].append(score(info, p, list(g.hands)))
                g.apply(bot.act(v))
            print(f"game {k + 1}/{args.games} rotation {rot} done", file=sys.stderr)
    if args.play_info:
        report_play_info(info_rows)
    else:
        report(res, [n for n, _ in variants])
    return 0


def report_play_info(rows: dict[str, list[tuple[tuple[int, int, int], int, float]]]) -> None:
    """Per deal-size group: plays read (with a choice), their mean bits, the share of plays that tell
    over one bit, the plays no sampled deal could read, and the bits a deal (all the other seats'
    plays of one deal, each read on its own and summed: an upper bound, since later plays repeat part
    of what earlier ones told)."""
    print("group   plays  bits/play  >1 bit  unread  bits/deal")
    for g in sorted(rows):
        xs = [b for _, _, b in rows[g] if b >= 0]
        deals = len({d for d, _, _ in rows[g]}) or 1
        unread = sum(1 for _, _, b in rows[g] if b < 0)
        mean = sum(xs) / max(1, len(xs))
        print(f"{g:>5} {len(rows[g]):7d} {mean:10.2f} {sum(x > 1 for x in xs) / max(1, len(xs)):7.0%}"
              f" {unread:7d} {sum(xs) / deals:10.1f}")


def report(res: dict[tuple[str, str], dict[str, list[tuple[float, float]]]], names: list[str]) -> None:
    """Mean log-loss per decision (bits), and each variant's paired difference from ``shipped``."""
    print("group  phase  decisions | " + " | ".join(f"{n:>22}" for n in names))
    print("                        | " + " | ".join(f"{'all (vs shipped)':>22}" for _ in names))
    for key in sorted(res):
        rows = res[key]
        base = rows["shipped"]
        m = len(base)
        cells = []
        for n in names:
            xs = rows[n]
            mean = sum(x for x, _ in xs) / m
            jm = sum(j for _, j in xs) / m
            d = [x - y for (x, _), (y, _) in zip(xs, base, strict=True)]
            dm = sum(d) / m
            sd = math.sqrt(sum((x - dm) ** 2 for x in d) / max(1, m - 1))
            cells.append(f"{mean:6.2f} j{jm:5.2f} {dm:+5.2f}±{1.96 * sd / math.sqrt(m):4.2f}")
        print(f"{key[0]:>5}  {key[1]:>5}  {m:9d} | " + " | ".join(f"{c:>22}" for c in cells))


if __name__ == "__main__":
    sys.exit(main())
