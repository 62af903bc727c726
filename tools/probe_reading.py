"""Insane reading the table perfectly: what would a perfect reading of the bids, or of the card plays,
be worth in points?  A diagnostic, not shipped (tools/ only).

Runs ``python -m joker arena`` (any of its arguments) with the reading of every searcher that has the
high-joker inference (Insane's) replaced; Hard and the other levels are untouched:

- ``--bids exact``: every other seat's bid is read as Medium's table rule (``probe_beliefs.rule_bid``),
  a sampled hand that would have bid otherwise keeping ``e**-bid_miss`` (3) of its weight per seat: at a table
  that bids by that rule (joker-early, spoiler, most of the sloppy players' bids) the most any reading
  of the bids can do.
- ``--bids own``: every other seat's bid (not a search bot's) read through that seat's own bot,
  replayed with the sampled hand: at the overbidding table, whose bids count the honours held, the
  most a reading of the bids can do there.  ``--bid-proposals K`` reads the bids (``exact`` or
  ``own``) by importance resampling, as ``--play-proposals`` the plays.
- ``--plays replay``: in card play, each sampled deal also keeps ``e**-play_miss`` (1.5) of its weight
  for each card another seat (not a search bot) played in this deal that the seat's own bot, replayed from the
  view it played from with the sampled hand, would not have played (``probe_beliefs --play-info``):
  at a table whose players we know, the most a reading of their plays by weights can do.
  ``--play-proposals K`` (> 1) reads them by importance resampling instead: K sampled deals a kept
  one, drawn by those weights, each kept deal weighing 1 — the most such a reading can do when the
  few deals that fit the plays carry the weight (weights alone leave few effective deals).
  ``--play-model rule`` replays every other seat's plays (search bots' too) through the table rule
  (``StyleBot``: Medium's play without its look ahead) instead of its own bot: a reading the view
  supports, at a table that does not play by that rule.
- ``--ess GAMES`` (no command): how many of Insane's sampled deals the plays' weights (with ``--bids
  own``, the bids') leave in effect, against three ``--ess-against`` players.

    nice -n 10 python3 tools/probe_reading.py --bids exact arena --pool --mode full --rules standard \\
        --premium bonus --jobs 1 --games 24 --seed 901 --levels insane@400w --styles jokerearly
    nice -n 10 python3 tools/probe_reading.py --plays replay arena --pool --mode nines ... \\
        --levels insane@100w --styles jokerearly

Run the arena with ``--jobs 1``: the plays are recorded in this process.
"""
from __future__ import annotations

import argparse
import math
import os
import random
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import joker.arena as arena_mod  # noqa: E402
from joker.bots import Bot, SearchBot  # noqa: E402
from joker.bots import search as search_mod  # noqa: E402
from joker.bots.info import Info  # noqa: E402
from joker.bots.sampling import World, drawn  # noqa: E402
from joker.bots.search import Searcher  # noqa: E402
from joker.bots.styles import StyleBot  # noqa: E402
from joker.cards import hand_text  # noqa: E402
from joker.game import Game  # noqa: E402
from tools.probe_beliefs import exact_reader, plays_alike  # noqa: E402

Source = Callable[[], tuple[World, float]]


class Table:
    """What the arena's current game showed: its bots, and this deal's plays with the views they
    were made from (the arena takes the acting seat's view just before it asks the bot)."""

    def __init__(self) -> None:
        self.game: Game | None = None
        self.deal = -1
        self.views: dict[int, dict[str, Any]] = {}
        self.played: list[tuple[int, dict[str, Any], str]] = []
        self.bid: list[tuple[int, dict[str, Any], str]] = []
        self.bots: list[Bot] | None = None

    def seen(self, game: Game, seat: int, view: dict[str, Any]) -> None:
        if self.game is not game or game.deal_index != self.deal:
            self.game, self.deal, self.views, self.played, self.bid = game, game.deal_index, {}, [], []
        self.views[seat] = view

    def acted(self, game: Game, action: str) -> None:
        s = game.to_act
        if game.phase in ("bid", "play") and self.game is game and game.deal_index == self.deal \
                and s is not None and s in self.views:
            (self.played if game.phase == "play" else self.bid).append((s, self.views[s], action))


def own_bid_reader(table: Table, miss: float) -> Callable[..., Source]:
    """A ``bid_reader`` that reads every other seat's bid (not a search bot's) through that seat's
    own bot, replayed with the sampled hand: a deal keeps ``e**-miss`` of its weight for each bid the
    bot would have made otherwise — at any table whose players we know, the most any reading of the
    bids can do (``--bids exact`` reads them all as Medium's rule)."""
    def own_bid(hand: int, info: Info, seat: int) -> int | None:
        bots = table.bots
        for s, v, _ in table.bid:
            if s == seat and bots is not None and not isinstance(bots[s], SearchBot):
                return int(bots[s].act({**v, "hand": hand_text(hand)}))
        return None
    return exact_reader(miss, own_bid)


def play_reader(src: Source, info: Info, table: Table, miss: float, proposals: int = 1,
                model: Bot | None = None) -> Source:
    """``src`` with each deal's weight times ``e**-miss`` per play of this deal by another seat (not
    a search bot) that its bot would have made otherwise with the sampled hand; ``proposals`` > 1:
    one of that many deals of ``src``, drawn by those weights, weighing 1.  ``model``: every other
    seat's plays (search bots' too) replayed through this bot instead of the seat's own."""
    bots = table.bots
    if bots is None or info.phase != "play":
        return src
    replays = []
    for seat, v, action in table.played:
        if seat == info.seat or (model is None and isinstance(bots[seat], SearchBot)):
            continue
        before = Info.from_view(v).played_by[seat]      # what the seat had played by then
        replays.append((model or bots[seat], seat, v, action, before))
    if not replays:
        return src
    rules = info.rules

    def weighted() -> tuple[World, float]:
        hands, w = src()
        k = 0
        for bot, seat, v, action, before in replays:
            if not plays_alike(bot, v, (hands[seat] | info.played_by[seat]) & ~before, action, rules):
                k += 1
        return hands, w * math.exp(-miss * k)
    return resampled(weighted, proposals, random.Random(info.hand ^ len(table.played)))


def resampled(src: Source, proposals: int, rng: random.Random) -> Source:
    """``src`` itself (``proposals`` <= 1), or one of ``proposals`` of its deals drawn by their
    weights, weighing 1 (importance resampling: the search then averages over deals that fit)."""
    if proposals <= 1:
        return src

    def draw() -> tuple[World, float]:
        cands = [src() for _ in range(proposals)]
        return cands[drawn([w for _, w in cands], rng)][0], 1.0
    return draw


@contextmanager
def perfect_reading(bids: bool | str, plays: bool, bid_miss: float = 3.0, play_miss: float = 1.5,
                    play_proposals: int = 1, play_model: Bot | None = None, bid_proposals: int = 1
                    ) -> Iterator[Table]:
    """While active, Insane's searchers read the bids (``bids``: true or ``"exact"``, as Medium's rule;
    ``"own"``, through each seat's own bot) and the plays (``plays``) as the module doc says; the
    table it reads from is yielded (for tests)."""
    table = Table()
    view, apply, source, seat_bots = Game.view, Game.apply, Searcher._world_source, arena_mod.seat_bots
    reader = search_mod.bid_reader  # type: ignore[attr-defined]
    exact = own_bid_reader(table, bid_miss) if bids == "own" else exact_reader(bid_miss)

    def recording_view(self: Game, seat: int) -> dict[str, Any]:
        v = view(self, seat)
        table.seen(self, seat, v)
        return v

    def recording_apply(self: Game, action: str, *a: Any, **kw: Any) -> Any:
        table.acted(self, action)
        return apply(self, action, *a, **kw)

    def recording_seat_bots(*a: Any, **kw: Any) -> tuple[list[int], list[Bot]]:
        entry_at, bots = seat_bots(*a, **kw)
        table.bots = bots
        return entry_at, bots

    def bid_reader(info: Info, sampler: Any, rng: Any, bias: Any, spread: Any, proposals: int = 6) -> Source:
        if proposals == 1:                  # no reading (Hard): as shipped
            return reader(info, sampler, rng, bias, spread, proposals)
        return resampled(exact(info, sampler), bid_proposals, rng)

    def world_source(self: Searcher, info: Info) -> Source:
        if not self.hl_inference:
            return source(self, info)
        if bids:
            search_mod.bid_reader = bid_reader  # type: ignore[attr-defined]
        try:
            src = source(self, info)
        finally:
            search_mod.bid_reader = reader  # type: ignore[attr-defined]
        return play_reader(src, info, table, play_miss, play_proposals, play_model) if plays else src

    Game.view = recording_view  # type: ignore[method-assign]
    Game.apply = recording_apply  # type: ignore[method-assign]
    Searcher._world_source = world_source  # type: ignore[method-assign]
    arena_mod.seat_bots = recording_seat_bots
    try:
        yield table
    finally:
        Game.view, Game.apply = view, apply  # type: ignore[method-assign]
        Searcher._world_source = source  # type: ignore[method-assign]
        arena_mod.seat_bots = seat_bots


def our_turns(lineup: tuple[str, ...], rotation: int, bot_seed: int, game_seed: int, deals: int
              ) -> Iterator[tuple[Game, dict[str, Any], list[Bot], int]]:
    """A nines game's first ``deals`` deals played by the arena's bots for ``lineup`` (entry 0 ours,
    seated by ``rotation``), yielding (game, view, bots, our seat) at each of our turns before we act."""
    entry_at, bots = arena_mod.seat_bots([arena_mod.parse_entry(x) for x in lineup], rotation, bot_seed)
    me = entry_at.index(0)
    g = Game(mode="nines", seed=game_seed)
    while g.phase != "over" and g.deal_index < deals:
        s = g.to_act
        assert s is not None
        v = g.view(s)
        if s == me:
            yield g, v, bots, me
        g.apply(bots[s].act(v))


def effective_deals(games: int, worlds: int = 600, miss: float = 1.5, others: str = "jokerearly",
                    bids: bool = False) -> dict[int, list[float]]:
    """How many of ``worlds`` sampled deals the plays' weights (``--plays replay``; ``bids``: the
    bids' weights of ``--bids own`` instead) leave in effect, (sum w)^2 / sum w^2, at each of
    ``insane@100w``'s card-play (and with ``bids``, bidding) choices in the first two deals of
    ``games`` nines games against three ``others``, by the cards in its hand."""
    phases = ("bid", "play") if bids else ("play",)
    out: dict[int, list[float]] = {}
    with perfect_reading(bids="own" if bids else False, plays=not bids, bid_miss=miss, play_miss=miss):
        for game in range(games):
            for _, v, bots, me in our_turns(("insane@100w", others, others, others), game % 4, game,
                                            100 + game, 2):
                if v["phase"] in phases and len(v["legal"]) > 1:
                    srch = bots[me]._searcher(v)
                    info = Info.from_view(v, hl_inference=True)
                    src = srch._world_source(info)
                    ws = [src()[1] for _ in range(worlds)]
                    out.setdefault(info.hand.bit_count(), []).append(sum(ws) ** 2 / sum(w * w for w in ws))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--bids", choices=["shipped", "exact", "own"], default="shipped")
    ap.add_argument("--plays", choices=["none", "replay"], default="none")
    ap.add_argument("--bid-miss", type=float, default=3.0, help="log-weight a bid read otherwise costs")
    ap.add_argument("--play-miss", type=float, default=1.5, help="log-weight a play replayed otherwise costs")
    ap.add_argument("--bid-proposals", type=int, default=1,
                    help="sampled deals a kept one when reading the bids (1: weights)")
    ap.add_argument("--play-proposals", type=int, default=1,
                    help="sampled deals a kept one when reading the plays (1: weights)")
    ap.add_argument("--play-model", choices=["own", "rule"], default="own",
                    help="replay the plays through each seat's own bot, or all through the table rule "
                         "(Medium's play without its look ahead: a model the view supports)")
    ap.add_argument("--ess", type=int, default=0, metavar="GAMES",
                    help="instead of a command: the effective share of sampled deals the plays' weights "
                         "leave (with --bids own: the bids' weights), by cards in hand, over GAMES games "
                         "(600 deals a choice)")
    ap.add_argument("--ess-against", default="jokerearly", help="the style of the three others for --ess")
    ap.add_argument("command", nargs=argparse.REMAINDER, help="python -m joker's arguments, e.g. arena ...")
    args = ap.parse_args(argv)
    if args.ess:
        own = args.bids == "own"
        print("cards in hand | choices | effective deals of 600: median, lowest tenth")
        found = effective_deals(args.ess, miss=args.bid_miss if own else args.play_miss,
                                others=args.ess_against, bids=own)
        for k, xs in sorted(found.items(), reverse=True):
            xs.sort()
            print(f"{k:13} | {len(xs):7} | {xs[len(xs) // 2]:.0f}, {xs[len(xs) // 10]:.0f}")
        return 0
    from joker.__main__ import main as joker_main
    with perfect_reading(args.bids if args.bids != "shipped" else False, args.plays == "replay",
                         args.bid_miss, args.play_miss,
                         args.play_proposals, StyleBot(seed=0) if args.play_model == "rule" else None,
                         args.bid_proposals):
        return joker_main(args.command)


if __name__ == "__main__":
    sys.exit(main())
