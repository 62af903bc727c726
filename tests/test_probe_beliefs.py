"""tools/probe_beliefs.py: the beliefs it scores are shares of the unseen cards; its scoring and its
reading of the table rule are right."""
from __future__ import annotations

import math

from tool_loader import load_tool

from joker.arena import parse_entry, seat_bots
from joker.bots import make_bot
from joker.bots.info import Info
from joker.game import Game


def _view(mode: str, phase: str, seed: int) -> tuple[Game, dict]:
    g = Game(mode=mode, seed=seed)
    bots = [make_bot("medium", seed=s) for s in range(4)]
    while g.phase != phase:
        g.apply(bots[g.to_act].act(g.view(g.to_act)))
    return g, g.view(g.to_act)


def test_beliefs_are_shares_of_the_unseen_cards():
    """Every seat's shares add up to the cards it holds that we cannot see; the prior ignores the bids."""
    mod = load_tool("probe_beliefs")
    g, v = _view("nines", "play", 4)
    bot = make_bot("insane", seed=1, worlds=20)
    for over in ({}, {"prior": 1}, {"sig0": 0.3, "sig1": 0.06}, {"exact": 1}):
        info, p = mod.beliefs(bot, v, 40, over)
        for s in range(4):
            if s != info.seat:
                assert math.isclose(sum(p[s]), info.counts[s], rel_tol=1e-9)
    assert bot.proposals == 0 and mod.sampling.bid_loglik is mod._SHIPPED   # nothing left patched
    assert mod.search_mod.bid_reader is mod._READER


def test_score_is_zero_for_the_truth_and_grows_with_doubt():
    mod = load_tool("probe_beliefs")
    g, v = _view("nines", "play", 4)
    info = Info.from_view(v)
    truth = [[float(g.hands[s] >> c & 1) for c in range(38)] for s in range(4)]
    sure, _ = mod.score(info, truth, list(g.hands))
    cells = 3 * info.pool.bit_count()
    assert sure < cells * 0.0015                       # only the clipping's 1e-3 per cell
    half = [[0.5] * 38 for _ in range(4)]
    assert mod.score(info, half, list(g.hands))[0] == cells   # one bit a cell


def test_rule_bid_is_the_table_rule_of_the_joker_early_players():
    """The exact reading's rule reproduces every bid a joker-early player makes."""
    mod = load_tool("probe_beliefs")
    lineup = [parse_entry(x) for x in ("hard@10w", "jokerearly", "jokerearly", "jokerearly")]
    entry_at, bots = seat_bots(lineup, 0, 7)
    g = Game(mode="full", seed=12)
    checked = 0
    while g.phase != "over" and g.deal_index < 8:
        s = g.to_act
        assert s is not None
        v = g.view(s)
        a = bots[s].act(v)
        if v["phase"] == "bid" and entry_at[s]:
            assert mod.rule_bid(Info.from_view(v).hand, Info.from_view(v), s) == int(a)
            checked += 1
        g.apply(a)
    assert checked >= 20


def test_play_info_replays_the_players_own_choice():
    """Replayed from its own view with its true hand, a player makes the play it made (so the replay
    is exact), and the bits a play tells are a share's -log2: 0 or more."""
    mod = load_tool("probe_beliefs")
    lineup = [parse_entry(x) for x in ("hard@10w", "medium", "medium", "medium")]
    entry_at, bots = seat_bots(lineup, 0, 3)
    g = Game(mode="nines", seed=21)
    me = entry_at.index(0)
    measured = []
    while g.phase != "over" and len(measured) < 6:
        s = g.to_act
        assert s is not None
        v = g.view(s)
        a = bots[s].act(v)
        if v["phase"] == "play" and s != me and len(v["legal"]) > 1:
            held = v["hand"]
            trick = [p["play"] for p in v["trick"]]
            legal = mod.legal_plays(held, trick, v["trump"], Info.from_view(v).rules)
            assert legal == v["legal"] and bots[s].act({**v, "hand": held, "legal": legal}) == a
            bits = mod.play_info(bots[me], g.view(me), s, v, a, bots[s], 60)
            assert bits is None or bits >= 0
            measured.append(bits)
        g.apply(a)
    assert len(measured) == 6 and any(b is not None for b in measured)
