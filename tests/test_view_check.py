"""joker.view_check: every view the engine gives a seat on its turn passes; damaged ones do not."""

import random

import pytest

from joker.game import Game
from joker.rules import PRESETS
from joker.view_check import check_view


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.parametrize("mode", ["full", "nines"])
def test_every_view_on_its_turn_passes_and_no_other(preset, mode):
    g = Game(PRESETS[preset], mode, seed=len(preset) + len(mode))
    rng = random.Random(1)
    while g.phase != "over":
        assert check_view(g.view(g.to_act)) == g.view(g.to_act)
        with pytest.raises(ValueError, match="turn"):
            check_view(g.view((g.to_act + 1) % 4))
        g.apply(rng.choice(g.legal_actions()))
    with pytest.raises(ValueError, match="turn"):
        check_view(g.view(0))


def damaged(view, change):
    v = {**view}
    change(v)
    return v


@pytest.mark.parametrize(
    "change",
    [
        lambda v: v.update(hand=v["hand"] + [v["trick"][0]["card"]]),  # a card twice
        lambda v: v.update(hand=v["hand"][1:]),  # a card missing
        lambda v: v.update(legal=v["legal"][1:]),  # legal is not the rules'
        lambda v: v.update(taken=[9, 0, 0, 0]),  # more tricks taken than played
        lambda v: v.update(bids=[None, 1, 1, 1]),  # playing before the bids are in
        lambda v: v.update(trick=v["trick"][::-1]),  # plays out of turn
        lambda v: v.update(cards=v["cards"] - 1),  # not this deal's size
        lambda v: v.update(deals=[{"cards": 3}]),  # a finished deal without its figures
        lambda v: v.update(trump="Z"),
        lambda v: v.pop("rules"),
    ],
)
def test_damaged_views_are_refused(change):
    g = Game(PRESETS["standard"], "nines", seed=3, first_dealer=0)
    rng = random.Random(3)
    while not (g.phase == "play" and len(g.trick) == 2 and g.deals):
        g.apply(rng.choice(g.legal_actions()))
    view = g.view(g.to_act)
    check_view(view)
    with pytest.raises(ValueError, match="^view: |not a|^unknown|^rules"):
        check_view(damaged(view, change))
