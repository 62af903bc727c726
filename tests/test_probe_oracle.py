"""tools/probe_oracle.py: Insane searches the true deal, the other levels are untouched."""
from __future__ import annotations

import types

from tool_loader import load_tool

from joker.bots import InsaneBot, make_bot
from joker.bots.search import Searcher
from joker.game import Game


def _tool() -> types.ModuleType:
    return load_tool("probe_oracle")


def test_the_oracle_gives_insane_the_true_deal_and_hard_its_samples() -> None:
    mod = _tool()
    g = Game(mode="nines", seed=11)
    bots = [make_bot("insane", seed=1, worlds=3)] + [make_bot("hard", seed=s, worlds=3) for s in (2, 3, 4)]
    seen: list[list[int]] = []
    truth: list[list[int]] = []
    source, harm = Searcher._world_source, InsaneBot.harm
    with mod.oracle(harm=0.0, seen=seen):
        assert InsaneBot.harm == 0.0
        while g.phase != "over" and len(g.deals) < 2:
            s = g.to_act
            assert s is not None
            v = g.view(s)
            before = len(seen)
            a = bots[s].act(v)
            if len(seen) > before:
                assert s == 0          # only Insane's searches are told the deal
                truth.extend([list(g.hands)] * (len(seen) - before))
            g.apply(a, events=False)
    assert seen and seen == truth
    assert Searcher._world_source is source and InsaneBot.harm == harm   # all put back


def test_the_oracle_can_be_limited_to_the_card_play() -> None:
    mod = _tool()
    g = Game(mode="nines", seed=12)
    bot = make_bot("insane", seed=1, worlds=3)
    seen: list[list[int]] = []
    with mod.oracle(seen=seen, phases=("play",)):
        while g.phase != "play":
            v = g.view(g.to_act)
            g.apply(bot.act(v), events=False)
        assert not seen                       # bids (and trump) sampled as shipped
        v = g.view(g.to_act)
        hands = list(g.hands)
        bot.act(v)
    assert seen and all(w == hands for w in seen)
