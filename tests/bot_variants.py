"""The check every kernel option of Insane's rollouts needs (today ``over``): switched on, the
bot stays a pure function of the view and the option really reaches its choices.

Shared by the options' tests so the check is one piece of code. The other seats search a fixed
number of deals (``worlds``), never a time budget: the game played, and so whether the option
changes a choice, must not depend on how loaded the machine is.
"""
from __future__ import annotations

import json

from joker.bots import InsaneBot, make_bot
from joker.game import Game
from joker.rules import PRESETS


def assert_pure_and_not_insane(variant: type[InsaneBot], deals: int = 3) -> None:
    """Seat 0 plays ``variant`` at a mixed table (overbidder, sloppy, Hard) for ``deals`` nines deals:
    every action is legal, a fresh bot given the view (through JSON) acts as the one that watched,
    and at least one choice differs from the shipped Insane's on the same view."""
    g = Game(PRESETS["standard"], "nines", seed=12)
    watcher = variant(seed=7, worlds=6)
    others = [make_bot(st, seed=i, worlds=6) for i, st in enumerate(["overbid", "sloppy", "hard"])]
    checked = differ = 0
    while g.phase != "over" and len(g.deals) < deals:
        seat = g.to_act
        assert seat is not None
        v = g.view(seat)
        if seat == 0:
            a = watcher.act(v)
            assert a in v["legal"]
            assert variant(seed=7, worlds=6).act(json.loads(json.dumps(v))) == a
            differ += make_bot("insane", seed=7, worlds=6).act(v) != a
            checked += 1
        else:
            a = others[seat - 1].act(v)
        g.apply(a)
    assert checked > 20 and differ > 0
