"""tools/probe_reading.py: Insane reads the table through the players' own rules; nothing else changes."""
from __future__ import annotations

import math

from tool_loader import load_tool

import joker.arena as arena_mod
from joker.bots.info import Info
from joker.bots.search import Searcher
from joker.game import Game


def test_the_perfect_reading_weighs_the_true_deal_fully_and_is_undone_after():
    mod = load_tool("probe_reading")
    view, apply, source, seat_bots = Game.view, Game.apply, Searcher._world_source, arena_mod.seat_bots
    checked = checked_sir = 0
    with mod.perfect_reading(bids=True, plays=True) as table:
        lineup = ("insane@4w", "jokerearly", "jokerearly", "jokerearly")
        for g, v, bots, me in mod.our_turns(lineup, 0, 5, 8, 2):
            assert table.bots is bots
            if v["phase"] == "play" and table.played:
                # every play recorded is this deal's, with the view its seat played from
                assert all(pv["deal_no"] == v["deal_no"] and pv["seat"] == ps for ps, pv, _ in table.played)
                info = Info.from_view(v, hl_inference=True)
                true = list(g.hands)
                # the players' own rules keep the true deal whole, and rule out others

                def truth(hands: list[int] = true) -> tuple[list[int], float]:
                    return list(hands), 1.0
                assert mod.play_reader(truth, info, table, 1.5)() == (true, 1.0)
                assert mod.play_reader(truth, info, table, 1.5, proposals=3)() == (true, 1.0)
                checked_sir += resampling_prefers_the_true_deal(mod, info, table, true, me)
                srch = bots[me]._searcher(v)
                weights = {round(w, 6) for _, w in (srch._world_source(info)() for _ in range(40))}
                assert weights <= {round(math.exp(-1.5 * k) * b, 6) for k in range(40)
                                   for b in (1.0, math.exp(-3), math.exp(-6), math.exp(-9))}
                checked += 1
    assert checked >= 5 and checked_sir >= 1
    restored = (Game.view, Game.apply, Searcher._world_source, arena_mod.seat_bots)
    assert restored == (view, apply, source, seat_bots)


def resampling_prefers_the_true_deal(mod, info, table, true, me):
    """Offered the true deal beside one whose other seats swapped hands, ``--play-proposals`` keeps
    each in proportion to its weight by the plays (the true deal weighs 1): 1 if such a swap was
    checked (the two seats hold as many cards and the plays tell them apart), else 0."""
    a, b = [s for s in range(4) if s != me][:2]
    if true[a].bit_count() != true[b].bit_count():
        return 0
    swapped = list(true)
    swapped[a], swapped[b] = true[b], true[a]
    w = mod.play_reader(lambda: (list(swapped), 1.0), info, table, 1.5)()[1]
    if w > 0.5:
        return 0
    offers = iter([swapped, true] * 200)
    reader = mod.play_reader(lambda: (list(next(offers)), 1.0), info, table, 1.5, proposals=2)
    kept = [reader() for _ in range(200)]
    assert all(weight == 1.0 for _, weight in kept)
    share = sum(hands == true for hands, _ in kept) / 200
    assert abs(share - 1 / (1 + w)) < 0.12
    return 1


def test_the_rule_model_reads_every_seat_and_keeps_the_deal_of_a_table_that_plays_by_it():
    """``--play-model rule``: the plays of a table that plays by the rule (underbidders play as Medium
    without its look ahead) leave the true deal its whole weight; search bots' plays are read too."""
    from joker.bots.styles import StyleBot
    mod = load_tool("probe_reading")
    rule = StyleBot(seed=0)
    for others, keeps_truth in (("underbid", True), ("hard@4w", False)):
        checked = missed = 0
        with mod.perfect_reading(bids=False, plays=True, play_model=rule) as table:
            for g, v, _, _ in mod.our_turns(("insane@4w", others, others, others), 0, 3, 5, 1):
                if v["phase"] == "play" and len(table.played) >= 3:
                    info = Info.from_view(v, hl_inference=True)
                    true = list(g.hands)

                    def truth(hands: list[int] = true) -> tuple[list[int], float]:
                        return list(hands), 1.0
                    if not keeps_truth:       # without the model, search bots' plays are not read
                        assert mod.play_reader(truth, info, table, 1.5) is truth
                    w = mod.play_reader(truth, info, table, 1.5, model=rule)()[1]
                    k = round(-math.log(w) / 1.5)
                    assert math.isclose(w, math.exp(-1.5 * k)) and 0 <= k <= len(table.played)
                    if keeps_truth:
                        assert k == 0
                    checked += 1
                    missed += k > 0
        assert checked >= 3 and (missed == 0) == keeps_truth   # Hards do not play by the rule


def test_effective_deals_counts_between_one_deal_and_all_of_them():
    mod = load_tool("probe_reading")
    out = mod.effective_deals(1, worlds=20)
    values = [x for xs in out.values() for x in xs]
    assert values and all(1 - 1e-9 <= x <= 20 + 1e-9 for x in values)
    assert set(out) <= set(range(1, 10))
    bids = mod.effective_deals(1, worlds=20, miss=3.0, others="overbid", bids=True)
    assert 9 in bids and all(1 - 1e-9 <= x <= 20 + 1e-9 for xs in bids.values() for x in xs)


def test_bids_read_through_each_seats_own_bot_keep_the_true_deal():
    """``--bids own`` at the overbidding table (its bids count the honours held): the true deal keeps
    its whole weight, and deals whose seats hold other honours lose theirs."""
    mod = load_tool("probe_reading")
    checked = lighter = 0
    with mod.perfect_reading(bids="own", plays=False) as table:
        for g, v, bots, me in mod.our_turns(("insane@4w", "overbid", "overbid", "overbid"), 0, 2, 11, 2):
            if v["phase"] in ("bid", "play") and table.bid:
                info = Info.from_view(v, hl_inference=True)
                true = list(g.hands)
                reader = mod.own_bid_reader(table, 3.0)
                assert reader(info, Truth(true))() == (true, 1.0)
                srch = bots[me]._searcher(v)
                weights = [srch._world_source(info)()[1] for _ in range(30)]
                assert all(any(math.isclose(w, math.exp(-3.0 * k)) for k in range(4)) for w in weights)
                lighter += min(weights) < 1
                checked += 1
    assert checked >= 5 and lighter >= 1


class Truth:
    """A sampler that always deals the true hands."""

    def __init__(self, hands: list[int]) -> None:
        self.hands = hands

    def sample(self) -> list[int]:
        return list(self.hands)


def test_resampling_keeps_only_deals_with_weight_and_weighs_them_one():
    import random
    mod = load_tool("probe_reading")
    offers = iter([([1, 2, 3, 4], 0.0), ([5, 6, 7, 8], 0.25)] * 50)

    def src():
        return next(offers)
    assert mod.resampled(src, 1, random.Random(0)) is src
    draw = mod.resampled(src, 2, random.Random(0))
    assert [draw() for _ in range(50)] == [([5, 6, 7, 8], 1.0)] * 50
