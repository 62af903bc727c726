"""tools/probe_bids.py: the probe bids as the shipped bot does; a variant changes only what it names."""
from __future__ import annotations

from tool_loader import load_tool

from joker.bots import make_bot
from joker.game import Game


def _bid_view() -> dict:
    g = Game(mode="nines", seed=11)
    while g.phase != "bid":
        g.apply(g.view(g.to_act)["legal"][0])
    return g.view(g.to_act)


def test_probe_bid_search_is_the_bots_own():
    """With nothing replaced the probe's bid is the one the bot itself makes (its hedge and guess
    included), and a variant naming the bot's own values picks the same."""
    mod = load_tool("probe_bids")
    v = _bid_view()
    bot = make_bot("insane", seed=3, worlds=12)
    choice, pred = mod.bid_search(bot, v)
    assert str(choice) == bot.act(v)
    # every bid's value, not only the pick: a probe that left out the hedge or the guess picks the
    # same bid here but values it otherwise
    assert mod._LAST["value"] == {int(c["action"]): round(c["value"], 2) for c in bot.analyse(v)}
    assert sorted(pred) == sorted(int(a) for a in v["legal"])
    assert all(abs(pe + po + pu - 1.0) < 1e-9 for pe, _, po, pu in pred.values())
    same, _ = mod.bid_search(bot, v, harm=bot.harm, wild_floor=bot.wild_floor)
    assert same == choice
    assert bot.harm == 0.5                 # the variant worked on a copy


def test_probe_variant_specs_parse():
    mod = load_tool("probe_bids")
    assert mod.parse_variant("hardlike:worlds=100,harm=0,guess=plain") == \
        ("hardlike", {"worlds": 100, "harm": 0, "guess": "plain"})
    assert mod.parse_variant("x:wild_floor=0.25") == ("x", {"wild_floor": 0.25})
    assert mod.pulka_state(_bid_view())["claim"] is True   # nothing missed yet in the first deal
